/*
 * The writers (bench_output.c): the aligned table on stdout, CSV, JSON,
 * gnuplot plots and the Markdown of docs/BENCHMARKS.md. They read the
 * results of bench_registry.h and never measure.
 */
#ifndef HUSH_BENCH_OUTPUT_H
#define HUSH_BENCH_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include "bench_registry.h"

void bench_print_header(FILE *f);
void bench_print_point(FILE *f, size_t first, size_t count);
void bench_print_derived(FILE *f);
int bench_write_csv(const char *path);
int bench_write_json(const char *path);
int bench_write_plots(const char *dir);
int bench_write_markdown(const char *path);
const char *bench_cpu_model(void);
double bench_mb_per_s(const bench_result *r);

#endif
