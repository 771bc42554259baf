/*
 * The runner: the expansion of hush rows into one contender per tier
 * configuration, and the measurement of a point
 * (operation x size): warm-up, calibration of the iterations per sample,
 * then samples taken alternately over all contenders, the order rotated
 * every round (A B C, B C A, C A B, ...), each sample right after one
 * untimed call of its own contender.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench_alloc.h"
#include "bench_run.h"

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
        if (hush_impl_force(default_prim[i], default_tier[i]) != HUSH_OK)
            fprintf(stderr, "hush-bench: cannot restore %s=%s\n",
                    default_prim[i], default_tier[i]);
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

/* ---- measurement ---- */

static bench_point_done point_done; /* bench_run_all's caller's */

/* TSC ticks of `iters` operations; with --thread-time the thread's CPU
 * time in TSC ticks, which leaves out the time it spent preempted (calls
 * of milliseconds on a shared machine are preempted in most samples). */
static uint64_t timed_run(bench_contender *k, uint64_t iters) {
    if (k->c->kind == BENCH_HUSH) bench_apply_config(&k->cfg);
    if (bench_opt.thread_time) {
        double c0 = bench_thread_seconds();
        k->c->run(&k->st, iters);
        return (uint64_t)((bench_thread_seconds() - c0) * bench_clk.tsc_hz);
    }
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
        /* a ceiling does the work's cost, not the work: no output */
        if (!k->ok || k->c->kind == BENCH_CEILING) continue;
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
    p->samples =
        bench_is_bulk(size) && bench_opt.samples > 5 ? 5 : bench_opt.samples;
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

/*
 * Sample s (the round) of every contender of the point. The order rotates:
 * round s starts at contender s mod n (A B C, B C A, C A B, ...), so no
 * contender is always the first after the other points of the operation
 * (or the machine's other work) disturbed the caches, nor always the one
 * after the same neighbour; and each sample comes right after one untimed
 * call of its own contender, so it starts with that contender's buffers
 * and state in cache, as a steady-state loop would. In a fixed order the
 * first contender refetched the shared buffers at the start of its sample
 * every round: 1 MiB in + 1 MiB out exceed a 512 KiB L2, and that first
 * call took ~2.7x (Zen 3), a tenth of a 16-call sample. The untimed call
 * is skipped when a sample is a single call (calls of a millisecond or
 * more, where a refetch is a small part; it would double their cost).
 */
static void point_sample(bench_point *p, int s) {
    if (s >= p->samples) return;
    for (size_t j = 0; j < p->n; j++) {
        bench_contender *k = &p->ks[(j + (size_t)s) % p->n];
        if (!k->ok) continue;
        if (k->iters > 1) timed_run(k, 1);
        int64_t a0 = bench_alloc_count();
        uint64_t t = timed_run(k, k->iters);
        int64_t a1 = bench_alloc_count();
        k->allocs += a1 - a0;
        k->total_iters += k->iters;
        k->ticks_per_op[s] = (double)t / (double)k->iters;
    }
}

/*
 * Contender ref's time over contender k's (> 1: k is faster): the ratio
 * of their medians, or with --paired the median of the ratios of their
 * samples of the same round, which were taken in one pass over the
 * contenders: under a shared machine's changing load a ratio of neighbours
 * is steadier than a ratio of medians.
 */
static double ratio_to(const bench_point *p, size_t first, size_t ref,
                       size_t k) {
    if (!bench_opt.paired)
        return bench_result_at(first + ref)->ns /
               bench_result_at(first + k)->ns;
    double *q = malloc((size_t)p->samples * sizeof *q);
    if (q == NULL) exit(2);
    for (int s = 0; s < p->samples; s++)
        q[s] = p->ks[ref].ticks_per_op[s] / p->ks[k].ticks_per_op[s];
    qsort(q, (size_t)p->samples, sizeof *q, cmp_double);
    double m = quantile(q, p->samples, 0.5);
    free(q);
    return m;
}

/* Statistics into the results, then release and print. */
static void point_end(const bench_op *op, bench_point *p) {
    const int samples = p->samples;
    size_t first = bench_result_count();
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
        /* statistics on a sorted copy: the samples stay in round order for
         * --paired */
        double *v = malloc((size_t)samples * sizeof *v);
        if (v == NULL) exit(2);
        memcpy(v, k->ticks_per_op, (size_t)samples * sizeof *v);
        qsort(v, (size_t)samples, sizeof *v, cmp_double);
        double to_ns = 1e9 / bench_clk.tsc_hz;
        r->ticks = quantile(v, samples, 0.5);
        r->ns = r->ticks * to_ns;
        r->ns_p25 = quantile(v, samples, 0.25) * to_ns;
        r->ns_p75 = quantile(v, samples, 0.75) * to_ns;
        r->ns_min = v[0] * to_ns;
        free(v);
        /* -1: the core clock was refused (bench_timer.c) */
        r->cycles = bench_clk.cycles_per_tick > 0
                        ? r->ticks * bench_clk.cycles_per_tick
                        : -1;
        r->allocs = bench_alloc_count() < 0
                        ? -1
                        : (double)k->allocs / (double)k->total_iters;
        r->samples = samples;
        r->iters = k->iters;
        r->mismatch = k->mismatch;
    }
    /* the best peer (a peer whose output disagreed is no reference) and
     * the --vs contender (its exact name, else the first it begins) */
    size_t best = p->n, ref = p->n;
    for (size_t i = 0; i < p->n; i++) {
        const bench_result *r = bench_result_at(first + i);
        if (r->skipped) continue;
        if (r->kind == BENCH_PEER && !r->mismatch &&
            (best == p->n || r->ns < bench_result_at(first + best)->ns))
            best = i;
    }
    for (int exact = 1; bench_opt.vs && ref == p->n && exact >= 0; exact--)
        for (size_t i = 0; i < p->n && ref == p->n; i++) {
            const char *name = bench_result_at(first + i)->impl;
            if (bench_result_at(first + i)->skipped) continue;
            if (exact ? strcmp(name, bench_opt.vs) == 0
                      : strncmp(name, bench_opt.vs, strlen(bench_opt.vs)) == 0)
                ref = i;
        }
    for (size_t i = 0; i < p->n; i++) {
        bench_result *r = bench_result_at(first + i);
        if (r->skipped) continue;
        if (best < p->n) r->vs_best_peer = ratio_to(p, first, best, i);
        if (ref < p->n) r->vs_ref = ratio_to(p, first, ref, i);
    }
    for (size_t i = 0; i < p->n; i++)
        bench_contender_teardown(&p->ks[i]);
    free(p->in);
    free(p->out);
    if (point_done) point_done(first, bench_result_count() - first);
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

void bench_run_all(bench_point_done on_point) {
    point_done = on_point;
    for (size_t i = 0; i < bench_op_count(); i++) {
        const bench_op *op = bench_op_at(i);
        if (!bench_op_selected(op)) continue;
        size_t sizes[64], group[64], n_group = 0;
        size_t ns = bench_sizes_for(op, sizes, 64);
        for (size_t s = 0; s < ns; s++)
            if (!bench_is_bulk(sizes[s])) group[n_group++] = sizes[s];
        if (n_group) measure_group(op, group, n_group);
        for (size_t s = 0; s < ns; s++)
            if (bench_is_bulk(sizes[s])) measure_group(op, &sizes[s], 1);
    }
}
