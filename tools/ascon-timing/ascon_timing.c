/*
 * hush-ascon-timing: a small, self-contained timing program for the Ascon
 * family, used for docs/ASCON.md and docs/perf/ascon.md (the official
 * matrix is `make bench`). Public API only.
 *
 * For every implementation of `ascon` it times, interleaved sample by
 * sample (A B A B ... in one process, so drift and neighbours hit all
 * tiers alike):
 * - the permutation: p[12] and p[8] per hush_ascon_permute call (which
 *   includes the call: dispatch, and the state going through memory from
 *   one call to the next), and a round in a loop, from Ascon-XOF128
 *   squeezing 2048 bytes of an empty message (256 p[12] back to back, the
 *   output stores being off the dependency chain);
 * - the four constructions at the sizes, each beside the time
 *   predicted from the in-loop round cost and the standard's parameters:
 *   AEAD128 = 2 x 12 + 8 floor(n/16) rounds; Hash256/XOF128 (32 bytes out)
 *   = 12 (floor(n/8) + 1 + 3) rounds, CXOF128 with an empty customization
 *   string 24 rounds more (the initial states are precomputed, as in the
 *   reference code). measured / predicted - 1 is the cost outside the
 *   permutation. The round cost for the prediction is measured again next
 *   to every sample (128 p[12] in a loop), so a machine that changes speed
 *   during the run does not skew the ratio: median time / (rounds x median
 *   round cost of the same samples).
 *
 * Calls of 64 KiB and more take milliseconds, long enough for the
 * scheduler of a shared machine to preempt nearly every sample; their
 * time is the thread's CPU time (CLOCK_THREAD_CPUTIME_ID) converted to
 * ticks, which leaves out the time spent preempted. Shorter calls use
 * rdtsc directly.
 *
 * Units: "ticks" are rdtsc ticks (constant rate, 2.1 GHz here); "cycles"
 * are core clock cycles, from a chain of dependent adds (one per cycle)
 * timed with rdtsc. Run it under `flock /tmp/hush-bench.lock`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <hush.h>

#if !defined(__x86_64__)
int main(void) {
    fprintf(stderr, "hush-ascon-timing: rdtsc is x86-64 only\n");
    return 0;
}
#else

static inline uint64_t ticks(void) {
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence"
                         : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double thread_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double tsc_hz, cycles_per_tick;

/* TSC rate from the monotonic clock; core cycles per tick from short
 * chains of dependent adds (short, so preemption rarely hits one; the
 * median of many is kept). */
static void calibrate(void) {
    double t0 = seconds();
    uint64_t k0 = ticks();
    while (seconds() - t0 < 0.05) {
    }
    tsc_hz = (double)(ticks() - k0) / (seconds() - t0);
    enum { RUNS = 101, ITERS = 20000 };
    double r[RUNS];
    for (int i = 0; i < RUNS; i++) {
        uint64_t x = 0, a = ticks();
        for (int j = 0; j < ITERS; j++)
            __asm__ volatile("add $1, %0\n\tadd $1, %0\n\t"
                             "add $1, %0\n\tadd $1, %0"
                             : "+r"(x));
        r[i] = 4.0 * ITERS / (double)(ticks() - a);
    }
    qsort(r, RUNS, sizeof r[0], by_value);
    cycles_per_tick = r[RUNS / 2];
}

static uint8_t *in, *out, key[16], nonce[16], tag[16];

typedef void (*op_fn)(size_t n);
static void run_p12(size_t n) {
    uint64_t s[5] = {1, 2, 3, 4, 5};
    for (size_t i = 0; i < n; i++)
        hush_ascon_permute(s, 12);
    memcpy(out, s, sizeof s);
}
static void run_p8(size_t n) {
    uint64_t s[5] = {1, 2, 3, 4, 5};
    for (size_t i = 0; i < n; i++)
        hush_ascon_permute(s, 8);
    memcpy(out, s, sizeof s);
}
static void run_squeeze(size_t n) { hush_ascon_xof128(out, 8 * n, NULL, 0); }
static void run_seal(size_t n) {
    nonce[0]++;
    hush_aead_encrypt_detached(HUSH_ASCON_AEAD128, out, tag, in, n, NULL, 0,
                               nonce, key);
}
static void run_open(size_t n) {
    /* a wrong tag: the whole message is decrypted and checked anyway */
    hush_aead_decrypt_detached(HUSH_ASCON_AEAD128, out, in, n, tag, NULL, 0,
                               nonce, key);
}
static void run_hash(size_t n) { hush_ascon_hash256(out, in, n); }
static void run_xof(size_t n) { hush_ascon_xof128(out, 32, in, n); }
static void run_cxof(size_t n) { hush_ascon_cxof128(out, 32, NULL, 0, in, n); }

#define MAX_IMPLS 8

/* Median and 10th percentile of `samples` timings (ticks per call) of
 * f(n) for each implementation, interleaved. */
/* Ticks per round of the permutation in a loop, right now: 128 p[12]
 * back to back (Ascon-XOF128 squeezing 1 KiB). Timed next to every
 * sample, so the prediction sees the same machine state as the sample. */
static double round_now(void) {
    uint64_t a = ticks();
    run_squeeze(128);
    return (double)(ticks() - a) / (128 * 12);
}

/* Median and 10th percentile of `samples` timings (ticks per call) of
 * f(n) for each implementation, interleaved; and the median time over
 * rounds x the median of the round costs measured beside the samples. */
static void measure(op_fn f, size_t n, double rounds, int samples,
                    const char **impls, size_t nimpl, double *median,
                    double *p10, double *ratio) {
    int inner = n >= 16384 ? 1 : n >= 1024 ? 4 : 32;
    double *t = malloc(sizeof(double) * (size_t)samples * nimpl);
    double *q = malloc(sizeof(double) * (size_t)samples * nimpl);
    if (t == NULL || q == NULL) abort();
    for (int r = -2; r < samples; r++) { /* two warm-up rounds */
        for (size_t k = 0; k < nimpl; k++) {
            hush_impl_force("ascon", impls[k]);
            double cpu0 = thread_seconds();
            uint64_t a = ticks();
            for (int i = 0; i < inner; i++)
                f(n);
            uint64_t b = ticks();
            double cpu = (thread_seconds() - cpu0) * tsc_hz;
            double took = (n >= 65536 ? cpu : (double)(b - a)) / inner;
            double per_round = round_now();
            if (r >= 0) {
                t[k * (size_t)samples + (size_t)r] = took;
                q[k * (size_t)samples + (size_t)r] = per_round;
            }
        }
    }
    for (size_t k = 0; k < nimpl; k++) {
        double *v = t + k * (size_t)samples, *w = q + k * (size_t)samples;
        qsort(v, (size_t)samples, sizeof *v, by_value);
        qsort(w, (size_t)samples, sizeof *w, by_value);
        median[k] = v[samples / 2];
        p10[k] = v[samples / 10];
        ratio[k] = rounds > 0 ? median[k] / (rounds * w[samples / 2]) : 0;
    }
    free(t);
    free(q);
}

int main(int argc, char **argv) {
    int samples = 31, quick = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            samples = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--quick] [--samples N]\n", argv[0]);
            return 2;
        }
    }
    if (samples < 5) samples = 5;
    in = calloc(1, (1u << 20) + 64);
    out = calloc(1, (1u << 20) + 64);
    if (in == NULL || out == NULL) return 1;
    for (size_t i = 0; i < (1u << 20); i++)
        in[i] = (uint8_t)(i * 131);
    calibrate();
    const char *impls[MAX_IMPLS];
    size_t nimpl = hush_impl_list("ascon", impls, MAX_IMPLS);
    if (nimpl > MAX_IMPLS) nimpl = MAX_IMPLS;
    printf("TSC %.3f GHz; core %.2f GHz (%.3f cycles per tick); %d samples, "
           "median (p10)\n",
           tsc_hz / 1e9, tsc_hz * cycles_per_tick / 1e9, cycles_per_tick,
           samples);

    double med[MAX_IMPLS], p10[MAX_IMPLS], p12[MAX_IMPLS], p8[MAX_IMPLS];
    double round[MAX_IMPLS]; /* ticks per round, in a loop */
    double ratio[MAX_IMPLS];
    measure(run_p12, 256, 0, samples, impls, nimpl, med, p10, ratio);
    for (size_t k = 0; k < nimpl; k++)
        p12[k] = med[k] / 256;
    measure(run_p8, 256, 0, samples, impls, nimpl, med, p10, ratio);
    for (size_t k = 0; k < nimpl; k++)
        p8[k] = med[k] / 256;
    measure(run_squeeze, 256, 0, samples, impls, nimpl, med, p10, ratio);
    for (size_t k = 0; k < nimpl; k++)
        round[k] = med[k] / 256 / 12;
    printf("\n%-10s %18s %18s %30s\n", "tier", "p[12] per call",
           "p[8] per call", "a round, in a loop");
    for (size_t k = 0; k < nimpl; k++)
        printf("%-10s %7.1f ns %4.0f cyc %7.1f ns %4.0f cyc %7.2f ns %5.2f "
               "cyc %5.2f ticks\n",
               impls[k], p12[k] / tsc_hz * 1e9, p12[k] * cycles_per_tick,
               p8[k] / tsc_hz * 1e9, p8[k] * cycles_per_tick,
               round[k] / tsc_hz * 1e9, round[k] * cycles_per_tick, round[k]);

    static const size_t all_sizes[] = {0,   8,    16,   32,    64,
                                       256, 1024, 4096, 16384, 1048576};
    static const size_t quick_sizes[] = {16, 1024, 16384};
    const size_t *sizes = quick ? quick_sizes : all_sizes;
    size_t nsizes = quick ? 3 : 10;
    const struct {
        const char *name;
        op_fn f;
        int kind; /* 0 AEAD, 1 sponge, 2 CXOF */
    } ops[] = {{"aead128-enc", run_seal, 0},
               {"aead128-dec", run_open, 0},
               {"hash256", run_hash, 1},
               {"xof128/32", run_xof, 1},
               {"cxof128/32", run_cxof, 2}};
    printf("\n%-12s %8s %-9s %11s %11s %8s %8s %8s %11s %6s\n", "op", "bytes",
           "tier", "ns", "(p10 ns)", "ticks/B", "cyc/B", "MB/s", "pred. ns",
           "meas/pred");
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        for (size_t z = 0; z < nsizes; z++) {
            size_t n = sizes[z];
            double rounds =
                ops[o].kind == 0
                    ? 24 + 8 * (double)(n / 16)
                    : 12 * ((double)(n / 8) + 4 + (ops[o].kind == 2 ? 2 : 0));
            measure(ops[o].f, n, rounds, samples, impls, nimpl, med, p10,
                    ratio);
            for (size_t k = 0; k < nimpl; k++) {
                /* the prediction at the round cost measured beside the
                 * samples, consistent with the ratio printed */
                double pred = med[k] / ratio[k];
                double ns = med[k] / tsc_hz * 1e9;
                if (n)
                    printf("%-12s %8zu %-9s %11.1f %11.1f %8.2f %8.2f %8.1f "
                           "%11.1f %6.2f\n",
                           ops[o].name, n, impls[k], ns, p10[k] / tsc_hz * 1e9,
                           med[k] / (double)n,
                           med[k] * cycles_per_tick / (double)n,
                           (double)n / (ns * 1e-9) / 1e6, pred / tsc_hz * 1e9,
                           ratio[k]);
                else
                    printf("%-12s %8zu %-9s %11.1f %11.1f %8s %8s %8s %11.1f "
                           "%6.2f\n",
                           ops[o].name, n, impls[k], ns, p10[k] / tsc_hz * 1e9,
                           "-", "-", "-", pred / tsc_hz * 1e9, ratio[k]);
            }
        }
    }
    free(in);
    free(out);
    return 0;
}
#endif
