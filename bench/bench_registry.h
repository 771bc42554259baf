/*
 * The state of one run (bench_registry.c): options, the clock, the
 * registry of operations, results, derived rows and notes. The runner
 * (bench_run.h) fills it and the writers (bench_output.h) read it; it
 * depends on neither. Area files include only bench.h.
 */
#ifndef HUSH_BENCH_REGISTRY_H
#define HUSH_BENCH_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#include "bench.h"
#include "bench_timer.h"

#define BENCH_MAX_LIST 32

typedef struct bench_options {
    const char *out_dir;  /* results/: bench.csv, bench.json, plots */
    const char *markdown; /* docs/BENCHMARKS.md, or NULL */
    const char *only[BENCH_MAX_LIST]; /* areas or operation names */
    size_t n_only;
    const char *impl[BENCH_MAX_LIST]; /* "chacha20=avx2" or "default" */
    size_t n_impl;
    size_t sizes[BENCH_MAX_LIST]; /* explicit --sizes */
    size_t n_sizes;
    int quick, bulk, count_instructions, cpu, no_peers, list, quiet;
    const char *vs;  /* --vs: the contender the ratios compare against */
    int paired;      /* --paired: ratios as medians of per-round ratios */
    int thread_time; /* --thread-time: samples timed in thread CPU time */
    const char *openssl_newest; /* --openssl-newest: the status file */
    const char *openssl_caps[BENCH_MAX_LIST]; /* --openssl-newest-cap */
    size_t n_openssl_caps;
    int samples;                 /* per contender and point */
    double sample_seconds;       /* target duration of one sample */
    double warmup_seconds;       /* per contender and point, before sampling */
    const char *callgrind_child; /* internal: the re-executed counter run */
} bench_options;

typedef struct bench_result {
    const bench_op *op;
    char impl[80]; /* "hush:avx2+avx512", "openssl", "memcpy" */
    bench_kind kind;
    int is_default; /* hush: the tiers hush picks by itself */
    size_t size;
    const char *skipped;               /* reason, or NULL when measured */
    double ns, ns_p25, ns_p75, ns_min; /* per operation, median and spread */
    double ticks;                      /* TSC ticks per operation, median */
    double cycles;                     /* estimated core cycles per op */
    double allocs;                     /* heap allocations per operation */
    int samples;
    uint64_t iters;      /* operations per sample */
    double vs_best_peer; /* best peer's ns / this ns (> 1: faster); 0: none */
    double vs_ref;       /* --vs contender's ns / this ns; 0: none */
    double instructions; /* per operation (--count-instructions), else -1 */
    int mismatch;        /* output differed from the others' (verify) */
    int failed;          /* an operation reported an error (not timed) */
} bench_result;

typedef struct bench_derived {
    const char *table, *op;
    char impl[80];
    size_t size;
    double measured_ns, predicted_ns;
    const char *basis;
} bench_derived;

typedef struct bench_note {
    const char *section;
    char *line;
    int md_only;
} bench_note;
size_t bench_note_count(void);
const bench_note *bench_note_at(size_t i);

extern bench_options bench_opt;
extern bench_clock bench_clk;
#define BENCH_MAX_CONTENDERS 24

/* the registry */
size_t bench_op_count(void);
const bench_op *bench_op_at(size_t i);
int bench_op_selected(const bench_op *op);
/* The sizes measured for op under the options; returns how many. */
size_t bench_sizes_for(const bench_op *op, size_t *sizes, size_t max);
/* One of the --bulk sizes (only with --bulk). */
int bench_is_bulk(size_t size);
void bench_run_post_hooks(void);

/* results */
size_t bench_result_count(void);
bench_result *bench_result_at(size_t i);
bench_result *bench_result_new(void);
size_t bench_derived_count(void);
const bench_derived *bench_derived_at(size_t i);

#endif
