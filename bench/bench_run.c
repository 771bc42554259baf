/*
 * The runner: the registry of operations, the expansion of hush rows into
 * one contender per tier configuration, and the measurement of a point
 * (operation x size): warm-up, calibration of the iterations per sample,
 * then samples taken alternately over all contenders (A B C A B C ...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench_internal.h"

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

/* One of the --bulk sizes (added only with --bulk). */
static int is_bulk(size_t size) {
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

/* ---- tier configurations ---- */

#define MAX_PRIMS 16
static const char *default_prim[MAX_PRIMS];
static const char *default_tier[MAX_PRIMS];
static size_t n_defaults;

/* The tiers hush picks by itself (after HUSH_IMPL), before any forcing. */
void bench_record_defaults(void) {
    hush_init();
    n_defaults = 0;
    for (size_t i = 0; i < hush_primitive_count() && n_defaults < MAX_PRIMS;
         i++) {
        const char *p = hush_primitive_name(i);
        default_prim[n_defaults] = p;
        default_tier[n_defaults] = hush_impl(p);
        n_defaults++;
    }
}

static const char *default_of(const char *prim) {
    for (size_t i = 0; i < n_defaults; i++)
        if (strcmp(default_prim[i], prim) == 0) return default_tier[i];
    return NULL;
}

void bench_restore_defaults(void) {
    for (size_t i = 0; i < n_defaults; i++)
        hush_impl_force(default_prim[i], default_tier[i]);
}

void bench_apply_config(const bench_config *cfg) {
    for (int i = 0; i < cfg->n; i++)
        if (hush_impl_force(cfg->prim[i], cfg->tier[i]) != HUSH_OK)
            fprintf(stderr, "hush-bench: cannot force %s=%s\n", cfg->prim[i],
                    cfg->tier[i]);
}

/* --impl: "default", "prim=tier" (rows using prim run only that tier), or
 * a bare tier name (configurations whose every primitive uses it). */
static int config_wanted(const bench_config *cfg) {
    for (size_t f = 0; f < bench_opt.n_impl; f++) {
        const char *w = bench_opt.impl[f];
        const char *eq = strchr(w, '=');
        if (strcmp(w, "default") == 0) {
            if (!cfg->is_default) return 0;
        } else if (eq != NULL) {
            size_t plen = (size_t)(eq - w);
            for (int i = 0; i < cfg->n; i++)
                if (strlen(cfg->prim[i]) == plen &&
                    strncmp(cfg->prim[i], w, plen) == 0 &&
                    strcmp(cfg->tier[i], eq + 1) != 0)
                    return 0;
        } else {
            for (int i = 0; i < cfg->n; i++)
                if (strcmp(cfg->tier[i], w) != 0) return 0;
        }
    }
    return 1;
}

/* The registry's own name for the tier `len` bytes at `name` of `prim` (a
 * string that lives as long as the process), or NULL when this CPU does
 * not run that tier. */
static const char *intern_tier(const char *prim, const char *name, size_t len) {
    const char *names[16];
    size_t count = hush_impl_list(prim, names, 16);
    if (count > 16) count = 16;
    for (size_t k = 0; k < count; k++)
        if (strlen(names[k]) == len && strncmp(names[k], name, len) == 0)
            return names[k];
    return NULL;
}

static int same_config(const bench_config *a, const bench_config *b) {
    if (a->n != b->n) return 0;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->tier[i], b->tier[i]) != 0) return 0;
    return 1;
}

/*
 * The configurations of a hush row: the default first; then, for each
 * primitive, each other tier it has here with the others at their default
 * (so a row of two primitives shows what each tier contributes without the
 * product of all combinations); then everything portable.
 */
static size_t expand_configs(const bench_case *c, const char *extra_config,
                             bench_config *out, size_t max) {
    bench_config def = {0};
    for (int i = 0; c->prims[i] != NULL && i < BENCH_MAX_PRIMS; i++) {
        const char *t = default_of(c->prims[i]);
        if (t == NULL) { /* a name the registry does not know: a typo */
            fprintf(stderr, "hush-bench: unknown primitive %s\n", c->prims[i]);
            exit(2);
        }
        def.prim[def.n] = c->prims[i];
        def.tier[def.n] = t;
        def.n++;
    }
    def.is_default = 1;
    size_t n = 0;
    out[n++] = def;
    for (int i = 0; i < def.n; i++) {
        const char *names[16];
        size_t count = hush_impl_list(def.prim[i], names, 16);
        if (count > 16) count = 16;
        for (size_t k = 0; k < count && n < max; k++) {
            bench_config cfg = def;
            cfg.is_default = 0;
            cfg.tier[i] = names[k];
            int dup = 0;
            for (size_t j = 0; j < n; j++)
                dup |= same_config(&out[j], &cfg);
            if (!dup) out[n++] = cfg;
        }
    }
    if (extra_config != NULL && n < max) {
        /* "prim=tier,prim=tier": left out when this CPU lacks one of the
         * tiers; primitives outside the row are ignored */
        bench_config extra = def;
        extra.is_default = 0;
        int runnable = 1;
        const char *p = extra_config;
        while (*p) {
            const char *eq = strchr(p, '='), *end = strchr(p, ',');
            if (end == NULL) end = p + strlen(p);
            if (eq == NULL || eq > end) break;
            for (int i = 0; i < extra.n; i++)
                if (strlen(extra.prim[i]) == (size_t)(eq - p) &&
                    strncmp(extra.prim[i], p, (size_t)(eq - p)) == 0)
                    runnable &=
                        (extra.tier[i] = intern_tier(extra.prim[i], eq + 1,
                                                     (size_t)(end - eq - 1))) !=
                        NULL;
            p = *end ? end + 1 : end;
        }
        int seen = !runnable;
        for (size_t j = 0; j < n; j++)
            seen |= same_config(&out[j], &extra);
        if (!seen) out[n++] = extra;
    }
    bench_config port = def;
    port.is_default = 0;
    for (int i = 0; i < port.n; i++)
        port.tier[i] = "portable";
    int dup = 0;
    for (size_t j = 0; j < n; j++)
        dup |= same_config(&out[j], &port);
    if (!dup && n < max) out[n++] = port;
    return n;
}

size_t bench_contenders(const bench_op *op, bench_contender *out, size_t max) {
    size_t n = 0;
    for (size_t i = 0; i < BENCH_MAX_CASES && op->cases[i].run != NULL; i++) {
        const bench_case *c = &op->cases[i];
        if (c->kind == BENCH_HUSH) {
            bench_config cfgs[16];
            size_t m = expand_configs(c, op->extra_config, cfgs, 16);
            for (size_t k = 0; k < m && n < max; k++) {
                if (!config_wanted(&cfgs[k])) continue;
                bench_contender *t = &out[n++];
                memset(t, 0, sizeof *t);
                t->c = c;
                t->cfg = cfgs[k];
                int len = snprintf(t->name, sizeof t->name, "%s%s", c->label,
                                   cfgs[k].n ? ":" : "");
                for (int j = 0; j < cfgs[k].n; j++)
                    len += snprintf(t->name + len, sizeof t->name - (size_t)len,
                                    "%s%s", j ? "+" : "", cfgs[k].tier[j]);
            }
        } else {
            if (c->kind == BENCH_PEER && bench_opt.no_peers) continue;
            if (n == max) break;
            bench_contender *t = &out[n++];
            memset(t, 0, sizeof *t);
            t->c = c;
            snprintf(t->name, sizeof t->name, "%s", c->label);
        }
    }
    return n;
}

/* ---- buffers and setup ---- */

static uint64_t fill_state = 0x9e3779b97f4a7c15ull;
static void fill_random(uint8_t *p, size_t n) {
    /* xorshift64*: fast enough for 100 MB inputs; the content is irrelevant
     * to the timing of constant-time code, it only has to be not all zero */
    uint64_t x = fill_state;
    for (size_t i = 0; i < n; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        p[i] = (uint8_t)((x * 0x2545f4914f6cdd1dull) >> 56);
    }
    fill_state = x;
}

static uint8_t point_key[64], point_nonce[32], point_scratch[256];

void bench_point_buffers(size_t size, uint8_t **in, uint8_t **out) {
    fill_random(point_key, sizeof point_key);
    fill_random(point_nonce, sizeof point_nonce);
    fill_random(point_scratch, sizeof point_scratch);
    size_t bytes = (size + 64 + 63) & ~(size_t)63;
    *in = aligned_alloc(64, bytes);
    *out = aligned_alloc(64, bytes);
    if (*in == NULL || *out == NULL) {
        fprintf(stderr, "hush-bench: out of memory for %zu-byte buffers\n",
                size);
        exit(2);
    }
    fill_random(*in, bytes);
    memset(*out, 0, bytes);
}

int bench_contender_setup(bench_contender *k, size_t size, uint8_t *in,
                          uint8_t *out) {
    memset(&k->st, 0, sizeof k->st);
    k->st.in = in;
    k->st.out = out;
    k->st.size = size;
    /* the same key material for every contender of a point, so their
     * outputs can be compared (see verify_point) */
    memcpy(k->st.key, point_key, sizeof k->st.key);
    memcpy(k->st.nonce, point_nonce, sizeof k->st.nonce);
    memcpy(k->st.scratch, point_scratch, sizeof k->st.scratch);
    k->st.arg = k->c->arg;
    if (k->c->kind == BENCH_HUSH) bench_apply_config(&k->cfg);
    k->why = NULL;
    k->ok = k->c->setup ? k->c->setup(&k->st, &k->why) == 0 : 1;
    if (!k->ok && k->why == NULL) k->why = "setup failed";
    return k->ok;
}

void bench_contender_teardown(bench_contender *k) {
    if (k->ok && k->c->teardown) k->c->teardown(&k->st);
    free(k->ticks_per_op);
    k->ticks_per_op = NULL;
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

double bench_ns_to_cycles(double ns) { return ns * 1e-9 * bench_clk.core_hz; }
const bench_derived *bench_derived_at(size_t i) { return &derived[i]; }

/* ---- measurement ---- */

static uint64_t timed_run(bench_contender *k, uint64_t iters) {
    if (k->c->kind == BENCH_HUSH) bench_apply_config(&k->cfg);
    uint64_t t0 = bench_ticks();
    k->c->run(&k->st, iters);
    uint64_t t1 = bench_ticks();
    return t1 - t0;
}

/* Finds iterations per sample so that one sample lasts about the target;
 * the doubling also serves as the first part of the warm-up. */
static uint64_t calibrate(bench_contender *k, uint64_t target) {
    uint64_t it = 1;
    timed_run(k, 1);
    for (;;) {
        uint64_t t = timed_run(k, it);
        if (t >= target * 9 / 10 || it >= (1ull << 34)) break;
        uint64_t next =
            t ? (uint64_t)((double)it * (double)target / (double)t * 1.05)
              : it * 16;
        if (next > it * 16) next = it * 16;
        if (next <= it) next = it + 1;
        it = next;
    }
    return it;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/*
 * One operation per contender from identical key, nonce and input; their
 * outputs must agree. A peer set up wrongly (an IV laid out differently,
 * a key not applied) would otherwise be timed doing something else, and a
 * hush tier that disagrees is a bug: both are reported and the contender
 * is marked, never silently compared.
 */
static void verify_point(const bench_op *op, bench_contender *ks, size_t n,
                         size_t size) {
    size_t len = op->verify_fixed + (op->verify_plus_size ? size : 0);
    if (len == 0) return;
    uint8_t *ref = NULL, *got = malloc(len);
    const char *ref_name = NULL;
    for (size_t i = 0; i < n && got; i++) {
        bench_contender *k = &ks[i];
        if (!k->ok) continue;
        uint8_t key[64], nonce[32];
        memcpy(key, k->st.key, sizeof key);
        memcpy(nonce, k->st.nonce, sizeof nonce);
        memset(k->st.out, 0, len);
        timed_run(k, 1);
        memcpy(got, k->st.out, len);
        /* back to the shared starting point for the next contender */
        memcpy(k->st.key, key, sizeof key);
        memcpy(k->st.nonce, nonce, sizeof nonce);
        if (ref == NULL) {
            ref = got;
            ref_name = k->name;
            got = malloc(len);
        } else if (memcmp(ref, got, len) != 0) {
            fprintf(stderr,
                    "hush-bench: MISMATCH: %s, %zu bytes: %s output differs "
                    "from %s\n",
                    op->name, size, k->name, ref_name);
            k->mismatch = 1;
        }
    }
    free(ref);
    free(got);
}

static double quantile(const double *sorted, int n, double q) {
    double pos = q * (n - 1);
    int i = (int)pos;
    if (i + 1 >= n) return sorted[n - 1];
    return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
}

/* One message size of an operation, with its contenders. */
typedef struct bench_point {
    size_t size;
    uint8_t *in, *out;
    bench_contender ks[BENCH_MAX_CONTENDERS];
    size_t n;
    int samples;
} bench_point;

static void point_begin(const bench_op *op, bench_point *p, size_t size) {
    p->size = size;
    p->n = bench_contenders(op, p->ks, BENCH_MAX_CONTENDERS);
    bench_point_buffers(size, &p->in, &p->out);
    for (size_t i = 0; i < p->n; i++)
        bench_contender_setup(&p->ks[i], size, p->in, p->out);
    verify_point(op, p->ks, p->n, size);
    /* bulk inputs (--bulk) take up to seconds per call on the portable
     * tiers: fewer samples keep --bulk finite */
    p->samples = is_bulk(size) && bench_opt.samples > 5 ? 5 : bench_opt.samples;
    const uint64_t target =
        (uint64_t)(bench_opt.sample_seconds * bench_clk.tsc_hz);
    const uint64_t warm =
        (uint64_t)(bench_opt.warmup_seconds * bench_clk.tsc_hz);
    for (size_t i = 0; i < p->n; i++) {
        bench_contender *k = &p->ks[i];
        if (!k->ok) continue;
        k->iters = calibrate(k, target);
        uint64_t spent = 0;
        while (spent < warm)
            spent += timed_run(k, k->iters);
        k->ticks_per_op = calloc((size_t)p->samples, sizeof(double));
    }
}

/* Sample s of every contender of the point: A B C. */
static void point_sample(bench_point *p, int s) {
    if (s >= p->samples) return;
    for (size_t i = 0; i < p->n; i++) {
        bench_contender *k = &p->ks[i];
        if (!k->ok) continue;
        int64_t a0 = bench_alloc_count();
        uint64_t t = timed_run(k, k->iters);
        int64_t a1 = bench_alloc_count();
        k->allocs += a1 - a0;
        k->total_iters += k->iters;
        k->ticks_per_op[s] = (double)t / (double)k->iters;
    }
}

/* Statistics into the results, then release and print. */
static void point_end(const bench_op *op, bench_point *p) {
    const int samples = p->samples;
    size_t first = bench_result_count();
    double best_peer = 0;
    for (size_t i = 0; i < p->n; i++) {
        bench_contender *k = &p->ks[i];
        bench_result *r = bench_result_new();
        r->op = op;
        snprintf(r->impl, sizeof r->impl, "%s", k->name);
        r->kind = k->c->kind;
        r->is_default = k->c->kind == BENCH_HUSH && k->cfg.is_default;
        r->size = p->size;
        if (!k->ok) {
            r->skipped = k->why;
            continue;
        }
        if (k->st.status != 0) { /* an error path is not what was asked */
            fprintf(stderr,
                    "hush-bench: FAILED: %s, %zu bytes: %s returned an "
                    "error (status %d)\n",
                    op->name, p->size, k->name, k->st.status);
            r->skipped = "FAILED: an operation returned an error";
            r->failed = 1;
            continue;
        }
        double *v = k->ticks_per_op;
        qsort(v, (size_t)samples, sizeof *v, cmp_double);
        double to_ns = 1e9 / bench_clk.tsc_hz;
        r->ticks = quantile(v, samples, 0.5);
        r->ns = r->ticks * to_ns;
        r->ns_p25 = quantile(v, samples, 0.25) * to_ns;
        r->ns_p75 = quantile(v, samples, 0.75) * to_ns;
        r->ns_min = v[0] * to_ns;
        r->cycles = r->ticks * bench_clk.cycles_per_tick;
        r->allocs = bench_alloc_count() < 0
                        ? -1
                        : (double)k->allocs / (double)k->total_iters;
        r->samples = samples;
        r->iters = k->iters;
        r->mismatch = k->mismatch;
        /* a peer whose output disagreed is no reference */
        if (r->kind == BENCH_PEER && !r->mismatch &&
            (best_peer == 0 || r->ns < best_peer))
            best_peer = r->ns;
    }
    for (size_t i = first; i < bench_result_count(); i++) {
        bench_result *r = bench_result_at(i);
        if (!r->skipped && best_peer > 0) r->vs_best_peer = best_peer / r->ns;
    }
    for (size_t i = 0; i < p->n; i++)
        bench_contender_teardown(&p->ks[i]);
    free(p->in);
    free(p->out);
    if (!bench_opt.quiet)
        bench_print_point(stdout, first, bench_result_count() - first);
}

/*
 * All sizes of an operation are measured together: after every point is
 * set up, verified, calibrated and warmed up, sample s is taken for every
 * point in turn, so the samples of one point are spread over the whole
 * operation's run (a second or so) instead of one burst of a tenth of
 * that: a neighbour's burst of load then spoils a minority of each
 * point's samples, which the median ignores. The --bulk sizes are
 * measured one at a time to bound the memory held.
 */
static void measure_group(const bench_op *op, const size_t *sizes, size_t n) {
    bench_point *points = calloc(n, sizeof *points);
    if (points == NULL) exit(2);
    int most = 0;
    for (size_t i = 0; i < n; i++) {
        point_begin(op, &points[i], sizes[i]);
        if (points[i].samples > most) most = points[i].samples;
    }
    for (int s = 0; s < most; s++)
        for (size_t i = 0; i < n; i++)
            point_sample(&points[i], s);
    for (size_t i = 0; i < n; i++)
        point_end(op, &points[i]);
    bench_restore_defaults();
    free(points);
}

void bench_run_all(void) {
    if (!bench_opt.quiet) bench_print_header(stdout);
    for (size_t i = 0; i < n_ops; i++) {
        const bench_op *op = &ops[i];
        if (!bench_op_selected(op)) continue;
        size_t sizes[64], group[64], n_group = 0;
        size_t ns = bench_sizes_for(op, sizes, 64);
        for (size_t s = 0; s < ns; s++)
            if (!is_bulk(sizes[s])) group[n_group++] = sizes[s];
        if (n_group) measure_group(op, group, n_group);
        for (size_t s = 0; s < ns; s++)
            if (is_bulk(sizes[s])) measure_group(op, &sizes[s], 1);
    }
}
