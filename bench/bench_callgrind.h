/*
 * --count-instructions (bench_callgrind.c): hush-bench re-runs itself
 * under callgrind and reads the per-point dumps.
 */
#ifndef HUSH_BENCH_CALLGRIND_H
#define HUSH_BENCH_CALLGRIND_H

/* The parent: runs the child under valgrind, prints and writes the counts. */
int bench_count_instructions(int argc, char **argv);
/* The child (--callgrind-child DIR): walks the points, dumps per point. */
void bench_run_callgrind_child(void);

#endif
