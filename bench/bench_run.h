/*
 * The runner (bench_run.c): the expansion of hush rows into one contender
 * per tier configuration, the buffers and setup of a point, and the
 * measurement, which fills the results of bench_registry.h.
 */
#ifndef HUSH_BENCH_RUN_H
#define HUSH_BENCH_RUN_H

#include <stddef.h>
#include <stdint.h>

#include "bench_registry.h"

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

/* The tiers hush picks by itself (after HUSH_IMPL), recorded once before
 * any forcing; every measured point restores them afterwards. */
void bench_record_defaults(void);
void bench_restore_defaults(void);
void bench_apply_config(const bench_config *cfg);
/* Expands op's cases into contenders (after filters); returns how many. */
size_t bench_contenders(const bench_op *op, bench_contender *out, size_t max);
/* Shared input/output buffers of a point, and each contender's setup. */
void bench_point_buffers(size_t size, uint8_t **in, uint8_t **out);
int bench_contender_setup(bench_contender *k, size_t size, uint8_t *in,
                          uint8_t *out);
void bench_contender_teardown(bench_contender *k);

/* Measures every selected operation; after each operation's points,
 * on_point(first, count) is told which results they added (main prints
 * them), so the runner knows nothing of the output. */
typedef void (*bench_point_done)(size_t first, size_t count);
void bench_run_all(bench_point_done on_point);

#endif
