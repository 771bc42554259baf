/*
 * The framework's own types: options, the registry of operations, results.
 * Area files (bench_sha256.c, ...) include only bench.h.
 */
#ifndef HUSH_BENCH_INTERNAL_H
#define HUSH_BENCH_INTERNAL_H

#include <stdio.h>

#include "bench.h"

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

/* One hush tier configuration: the tier of each primitive a row uses. */
typedef struct bench_config {
    int n;
    const char *prim[BENCH_MAX_PRIMS];
    const char *tier[BENCH_MAX_PRIMS];
    int is_default;
} bench_config;

/* A contender at one point: a case, for hush with its tier configuration. */
typedef struct bench_contender {
    const bench_case *c;
    bench_config cfg;
    char name[80];
    bench_state st;
    const char *why; /* set when setup refused */
    int ok;
    int mismatch; /* its output disagreed with the first contender's */
    uint64_t iters;
    double *ticks_per_op; /* one per sample */
    int64_t allocs;
    uint64_t total_iters;
} bench_contender;

/* Expands op's cases into contenders (after filters); returns how many. */
size_t bench_contenders(const bench_op *op, bench_contender *out, size_t max);
void bench_apply_config(const bench_config *cfg);
void bench_restore_defaults(void);
/* Shared input/output buffers of a point, and each contender's setup. */
void bench_point_buffers(size_t size, uint8_t **in, uint8_t **out);
int bench_contender_setup(bench_contender *k, size_t size, uint8_t *in,
                          uint8_t *out);
void bench_contender_teardown(bench_contender *k);
#define BENCH_MAX_CONTENDERS 24

/* registry (bench_run.c) */
size_t bench_op_count(void);
const bench_op *bench_op_at(size_t i);
int bench_op_selected(const bench_op *op);
size_t bench_sizes_for(const bench_op *op, size_t *sizes, size_t max);
void bench_record_defaults(void);

/* measurement */
void bench_run_all(void);
void bench_run_callgrind_child(void);
void bench_run_post_hooks(void);

/* results */
size_t bench_result_count(void);
bench_result *bench_result_at(size_t i);
bench_result *bench_result_new(void);
size_t bench_derived_count(void);
const bench_derived *bench_derived_at(size_t i);

/* output (bench_output.c) */
void bench_print_header(FILE *f);
void bench_print_point(FILE *f, size_t first, size_t count);
void bench_print_derived(FILE *f);
int bench_write_csv(const char *path);
int bench_write_json(const char *path);
int bench_write_plots(const char *dir);
int bench_write_markdown(const char *path);
const char *bench_cpu_model(void);
double bench_mb_per_s(const bench_result *r);

/* instruction counting (bench_callgrind.c) */
int bench_count_instructions(int argc, char **argv);

#endif
