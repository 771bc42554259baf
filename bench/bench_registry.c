/*
 * The state of one run, shared by the runner (which fills it) and the
 * writers (which read it): the options, the clock, the registry of
 * operations, the results, derived rows and notes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_registry.h"

bench_options bench_opt;
bench_clock bench_clk;

/* ---- registry ---- */

#define MAX_OPS 160
static bench_op ops[MAX_OPS];
static size_t n_ops;

void bench_add(const bench_op *op) {
    if (n_ops == MAX_OPS) {
        fprintf(stderr, "hush-bench: too many operations (MAX_OPS)\n");
        exit(2);
    }
    ops[n_ops++] = *op;
}

size_t bench_op_count(void) { return n_ops; }
const bench_op *bench_op_at(size_t i) { return &ops[i]; }

#define MAX_HOOKS 8
static bench_post_hook hooks[MAX_HOOKS];
static size_t n_hooks;
void bench_add_post_hook(bench_post_hook hook) {
    if (n_hooks < MAX_HOOKS) hooks[n_hooks++] = hook;
}
void bench_run_post_hooks(void) {
    for (size_t i = 0; i < n_hooks; i++)
        hooks[i]();
}

int bench_op_selected(const bench_op *op) {
    if (bench_opt.n_only == 0) return 1;
    for (size_t i = 0; i < bench_opt.n_only; i++) {
        const char *w = bench_opt.only[i];
        if (strcmp(w, op->area) == 0) return 1;
        /* a part of the name: "gcm" selects both GCMs' rows */
        if (strstr(op->name, w) != NULL) return 1;
    }
    return 0;
}

static const size_t matrix_sizes[] = {0,   8,    16,   32,    64,
                                      256, 1024, 4096, 16384, 1048576};
static const size_t quick_sizes[] = {16, 1024, 16384};
static const size_t bulk_sizes[] = {1000000,  10000000, 30000000,
                                    50000000, 75000000, 100000000};

int bench_is_bulk(size_t size) {
    if (!bench_opt.bulk) return 0;
    for (size_t i = 0; i < sizeof bulk_sizes / sizeof bulk_sizes[0]; i++)
        if (bulk_sizes[i] == size) return 1;
    return 0;
}

size_t bench_sizes_for(const bench_op *op, size_t *sizes, size_t max) {
    size_t n = 0;
    if (op->fixed_sizes != NULL) {
        for (size_t i = 0; op->fixed_sizes[i] != 0 && n < max; i++)
            sizes[n++] = op->fixed_sizes[i];
        return n;
    }
    const size_t *list = matrix_sizes;
    size_t count = sizeof matrix_sizes / sizeof matrix_sizes[0];
    if (bench_opt.n_sizes) {
        list = bench_opt.sizes;
        count = bench_opt.n_sizes;
    } else if (bench_opt.quick) {
        list = quick_sizes;
        count = sizeof quick_sizes / sizeof quick_sizes[0];
    }
    for (size_t i = 0; i < count && n < max; i++) {
        size_t s = list[i];
        if (op->max_size && (s < op->min_size || s > op->max_size)) continue;
        sizes[n++] = s;
    }
    if (bench_opt.bulk && op->throughput) {
        for (size_t i = 0; i < sizeof bulk_sizes / sizeof bulk_sizes[0]; i++) {
            size_t s = bulk_sizes[i];
            if (op->max_size && s > op->max_size) continue;
            if (n < max) sizes[n++] = s;
        }
    }
    return n;
}

/* ---- results ---- */

static bench_result *results;
static size_t n_results, cap_results;

bench_result *bench_result_new(void) {
    if (n_results == cap_results) {
        cap_results = cap_results ? 2 * cap_results : 1024;
        results = realloc(results, cap_results * sizeof *results);
        if (results == NULL) exit(2);
    }
    bench_result *r = &results[n_results++];
    memset(r, 0, sizeof *r);
    r->instructions = -1;
    return r;
}
size_t bench_result_count(void) { return n_results; }
bench_result *bench_result_at(size_t i) { return &results[i]; }

double bench_lookup_ns(const char *op, const char *impl, size_t size) {
    int any_hush = strcmp(impl, "hush") == 0;
    for (size_t i = 0; i < n_results; i++) {
        const bench_result *r = &results[i];
        if (r->skipped || r->size != size || strcmp(r->op->name, op) != 0)
            continue;
        if (any_hush ? r->kind == BENCH_HUSH : strcmp(r->impl, impl) == 0)
            return r->ns;
    }
    return -1;
}

const char *const *bench_measured_impls(const char *op) {
    static const char *names[BENCH_MAX_CONTENDERS + 1];
    size_t n = 0;
    for (size_t i = 0; i < n_results && n < BENCH_MAX_CONTENDERS; i++) {
        const bench_result *r = &results[i];
        if (r->kind != BENCH_HUSH || strcmp(r->op->name, op) != 0) continue;
        int seen = 0;
        for (size_t j = 0; j < n; j++)
            seen |= strcmp(names[j], r->impl) == 0;
        if (!seen) names[n++] = r->impl;
    }
    names[n] = NULL;
    return names;
}

size_t bench_measured_sizes(const char *op, size_t *sizes, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < n_results && n < max; i++) {
        const bench_result *r = &results[i];
        if (r->skipped || strcmp(r->op->name, op) != 0) continue;
        int seen = 0;
        for (size_t j = 0; j < n; j++)
            seen |= sizes[j] == r->size;
        if (!seen) sizes[n++] = r->size;
    }
    return n;
}

static bench_derived derived[512];
static size_t n_derived;
void bench_add_derived(const char *table, const char *op, const char *impl,
                       size_t size, double measured_ns, double predicted_ns,
                       const char *basis) {
    if (n_derived == sizeof derived / sizeof derived[0]) return;
    bench_derived *d = &derived[n_derived++];
    d->table = table;
    d->op = op;
    snprintf(d->impl, sizeof d->impl, "%s", impl);
    d->size = size;
    d->measured_ns = measured_ns;
    d->predicted_ns = predicted_ns;
    d->basis = basis;
}
size_t bench_derived_count(void) { return n_derived; }

static bench_note notes[64];
static size_t n_notes;
static void add_note(const char *section, const char *line, int md_only) {
    if (n_notes == sizeof notes / sizeof notes[0]) return;
    notes[n_notes].section = section;
    notes[n_notes].line = strdup(line);
    notes[n_notes].md_only = md_only;
    n_notes++;
}
void bench_add_note(const char *section, const char *line) {
    add_note(section, line, 0);
}
void bench_add_md_note(const char *section, const char *line) {
    add_note(section, line, 1);
}
size_t bench_note_count(void) { return n_notes; }
const bench_note *bench_note_at(size_t i) { return &notes[i]; }

double bench_ns_to_cycles(double ns) {
    return bench_clk.core_hz > 0 ? ns * 1e-9 * bench_clk.core_hz : -1;
}
const bench_derived *bench_derived_at(size_t i) { return &derived[i]; }
