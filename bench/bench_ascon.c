/*
 * Ascon (NIST SP 800-232): AEAD128, Hash256, XOF128 and CXOF128, the
 * permutation itself, and beside each construction the time predicted
 * from the permutation's cost and the standard's parameters, so the cost
 * outside the permutation (loads, padding, dispatch, copies) is visible.
 *
 * None of the peers implements Ascon, so these rows are hush's tiers only.
 *
 * The permutation is timed through hush_ascon_permute; the cost of a round
 * is the slope over p[1], p[8] and p[12] (see round_cost). When those rows
 * were not measured (--only ascon-hash256) it is derived from Hash256 at
 * the largest size measured, and the predictions say so.
 */
#include <stdio.h>
#include <string.h>

#include <hush.h>

#include "bench.h"

static const hush_aead_alg alg_ascon = HUSH_ASCON_AEAD128;

#define XOF_OUT 32 /* bytes squeezed by the XOF rows */

BENCH_LOOP(hash_run, hush_ascon_hash256(st->out, st->in, st->size))
BENCH_LOOP(xof_run, hush_ascon_xof128(st->out, XOF_OUT, st->in, st->size))
/* An empty customization string: the CXOF's own cost over the XOF is then
 * its length block and one padded (empty) string block. */
BENCH_LOOP(cxof_run, status |= hush_ascon_cxof128(st->out, XOF_OUT, NULL, 0,
                                                  st->in, st->size))

static const size_t state_size[] = {40, 0};
static const unsigned rounds1 = 1, rounds8 = 8, rounds12 = 12;
/* The state lives in st->out (64-byte aligned), taken from the input. */
static int permute_setup(bench_state *st, const char **why) {
    (void)why;
    memcpy(st->out, st->in, 40);
    st->obj = st->out;
    return 0;
}
/* Back-to-back permutations of one state: each needs the previous result,
 * as in a sponge, so this is the latency a construction pays. */
BENCH_LOOP(permute_run,
           status |= hush_ascon_permute(st->obj, *(const unsigned *)st->arg))

/* Rounds each construction needs for an n-byte message (no AD, 32-byte
 * XOF output), counting only permutations that cannot be precomputed: the
 * initial states of Hash256/XOF128/CXOF128 depend on nothing secret or
 * variable, so implementations (the reference included) start from them. */
static double rounds_needed(const char *op, size_t n) {
    if (strncmp(op, "ascon-aead128", 13) == 0) {
        /* init p[12]; p[8] after every full 16-byte block except the last
         * padded one; finalisation p[12] */
        size_t full_blocks = n / 16;
        return 2 * 12 + 8 * (double)full_blocks;
    }
    /* one p[12] per absorbed 8-byte block (floor(n/8) + the padded last);
     * 3 p[12] between the four 8-byte output blocks */
    size_t absorbed = n / 8 + 1;
    double p12 = (double)absorbed + 3;
    if (strncmp(op, "ascon-cxof128", 13) == 0)
        p12 += 2; /* the length block Z0 and the padded (empty) cs */
    return 12 * p12;
}

static const char *const constructions[] = {
    "ascon-aead128 seal", "ascon-aead128 open", "ascon-hash256",
    "ascon-xof128",       "ascon-cxof128",      NULL};

/*
 * The cost of one round. Through hush_ascon_permute every call also pays
 * the call, the dispatch and a trip of the state through memory, which a
 * construction's inner loop does not. p[1], p[8] and p[12] are measured
 * alternately in one point; the least-squares line through (rounds, ns)
 * gives the cost of a round (slope) apart from the per-call cost
 * (intercept). When the permutation rows were not measured, Hash256 on
 * the largest message measured (where the permutation is nearly all the
 * work) gives it.
 */
static double round_cost(const char *impl, const char **basis) {
    static char why[160];
    const char *tier = strchr(impl, ':') ? strchr(impl, ':') + 1 : impl;
    static const int rounds[3] = {1, 8, 12};
    double t[3];
    int ok = 1;
    for (int i = 0; i < 3; i++) {
        char name[64];
        snprintf(name, sizeof name, "hush p[%d]:%s", rounds[i], tier);
        t[i] = bench_lookup_ns("ascon permutation", name, 40);
        ok &= t[i] > 0;
    }
    if (ok) {
        double mx = (1 + 8 + 12) / 3.0, my = (t[0] + t[1] + t[2]) / 3;
        double sxy = 0, sxx = 0;
        for (int i = 0; i < 3; i++) {
            sxy += (rounds[i] - mx) * (t[i] - my);
            sxx += (rounds[i] - mx) * (rounds[i] - mx);
        }
        double r = sxy / sxx, call = my - r * mx;
        if (r > 0) {
            snprintf(why, sizeof why,
                     "%.2f ns/round: slope of p[1], p[8], p[12] via "
                     "hush_ascon_permute",
                     r);
            *basis = why;
            char line[320], cyc[48] = "";
            if (bench_ns_to_cycles(r) > 0)
                snprintf(cyc, sizeof cyc, " = %.1f core cycles",
                         bench_ns_to_cycles(r));
            snprintf(line, sizeof line,
                     "%s: a round costs %.2f ns%s (slope over p[1], p[8], "
                     "p[12]); each call adds %.1f ns (call, dispatch, state "
                     "through memory). Per call: p[12] %.1f ns = %.1f "
                     "ns/round, p[8] %.1f ns = %.1f ns/round.",
                     impl, r, cyc, call, t[2], t[2] / 12, t[1], t[1] / 8);
            bench_add_note("Ascon permutation", line);
            return r;
        }
    }
    size_t hs[64], biggest = 0;
    size_t nh = bench_measured_sizes("ascon-hash256", hs, 64);
    for (size_t i = 0; i < nh; i++)
        if (hs[i] > biggest) biggest = hs[i];
    double h =
        biggest >= 1024 ? bench_lookup_ns("ascon-hash256", impl, biggest) : -1;
    if (h <= 0) return -1;
    double r = h / rounds_needed("ascon-hash256", biggest);
    snprintf(why, sizeof why,
             "%.2f ns/round from Hash256 at %zu B (permutation not measured)",
             r, biggest);
    *basis = why;
    return r;
}

static void predictions(void) {
    const char *const *impls = bench_measured_impls("ascon-hash256");
    for (size_t t = 0; impls[t] != NULL; t++) {
        const char *impl = impls[t];
        const char *basis = NULL;
        double r = round_cost(impl, &basis);
        if (r <= 0) continue;
        /* the basis string is per tier: keep a copy for the derived rows */
        static char bases[8][160];
        char *b = bases[t % 8];
        snprintf(b, 160, "%s", basis);
        for (size_t c = 0; constructions[c] != NULL; c++) {
            size_t sizes[64];
            size_t n = bench_measured_sizes(constructions[c], sizes, 64);
            for (size_t s = 0; s < n; s++) {
                double ns = bench_lookup_ns(constructions[c], impl, sizes[s]);
                if (ns < 0) continue;
                bench_add_derived("Ascon: measured vs predicted from the cost "
                                  "of a round",
                                  constructions[c], impl, sizes[s], ns,
                                  rounds_needed(constructions[c], sizes[s]) * r,
                                  b);
            }
        }
    }
}

void bench_register_ascon(void) {
    bench_op perm = {.area = "ascon",
                     .name = "ascon permutation",
                     .note = "The 320-bit permutation through "
                             "hush_ascon_permute, applied back to back to "
                             "one state: p[12], p[8] (SP 800-232) and p[1], "
                             "measured alternately so the cost of a round "
                             "and of a call can be told apart (ns per call).",
                     .fixed_sizes = state_size,
                     .throughput = 0};
    perm.cases[0] =
        (bench_case){"hush p[12]", BENCH_HUSH, {"ascon", NULL}, permute_setup,
                     permute_run,  NULL,       &rounds12};
    perm.cases[1] = perm.cases[0];
    perm.cases[1].label = "hush p[8]";
    perm.cases[1].arg = &rounds8;
    perm.cases[2] = perm.cases[0];
    perm.cases[2].label = "hush p[1]";
    perm.cases[2].arg = &rounds1;
    bench_add(&perm);
    bench_aead_rows aead = {
        .name = "ascon-aead128", .alg = &alg_ascon, .prims = {"ascon"}};
    bench_add_aead(&aead);
    const struct {
        const char *name, *note;
        void (*run)(bench_state *, uint64_t);
    } sponges[] = {
        {"ascon-hash256", "Ascon-Hash256, one-shot (32-byte digest).",
         hash_run},
        {"ascon-xof128", "Ascon-XOF128, one-shot, 32 bytes squeezed.", xof_run},
        {"ascon-cxof128",
         "Ascon-CXOF128, one-shot, empty customization string, 32 bytes "
         "squeezed.",
         cxof_run},
    };
    for (size_t i = 0; i < sizeof sponges / sizeof sponges[0]; i++) {
        bench_op op = {.area = "ascon",
                       .name = sponges[i].name,
                       .verify_fixed = 32,
                       .note = sponges[i].note,
                       .throughput = 1};
        op.cases[0] = (bench_case){"hush", BENCH_HUSH,     {"ascon", NULL},
                                   NULL,   sponges[i].run, NULL,
                                   NULL};
        bench_add(&op);
    }
    bench_add_post_hook(predictions);
}
