/* The sampler and Welch's t-tests of hush-ct; see ct_measure.h. */
#include "ct_measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hush.h"

int ct_aa_test;

/* ---- time stamps ---- */
#if defined(__x86_64__)
/* lfence keeps earlier instructions from drifting past the first read;
 * rdtscp waits for the measured calls to finish, and the lfence after it
 * keeps later instructions from starting before the second read. The TSC
 * counts at a constant reference rate, not core clock cycles. */
static inline uint64_t ticks_begin(void) {
    uint32_t lo, hi;
    __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
static inline uint64_t ticks_end(void) {
    uint32_t lo, hi, aux;
    __asm__ volatile("rdtscp\n\tlfence"
                     : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
    return ((uint64_t)hi << 32) | lo;
}
#else
/* elsewhere nanoseconds from the monotonic clock: coarser, still unbiased */
static inline uint64_t ticks_begin(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static inline uint64_t ticks_end(void) { return ticks_begin(); }
#endif

/* The class contents were just written: let every store reach the cache
 * before the clock starts, so no call meets a half-drained store buffer
 * (lfence orders instructions, not stores). */
static inline void drain_stores(void) {
#if defined(__x86_64__)
    __asm__ volatile("mfence" ::: "memory");
#else
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

/* ---- xoshiro256** ---- */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t ct_rng_u64(ct_rng *r) {
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

void ct_rng_seed(ct_rng *r) {
    if (hush_random(r->s, sizeof r->s) != HUSH_OK) {
        /* not security relevant: any seed gives valid measurements */
        uint64_t t = ticks_begin();
        for (int i = 0; i < 4; i++)
            r->s[i] = t ^ (0x9e3779b97f4a7c15u * (uint64_t)(i + 1));
    }
    r->s[0] |= 1; /* never the all-zero state */
}

void ct_rng_bytes(ct_rng *r, void *p, size_t len) {
    uint8_t *b = p;
    while (len >= 8) {
        uint64_t v = ct_rng_u64(r);
        memcpy(b, &v, 8);
        b += 8;
        len -= 8;
    }
    if (len) {
        uint64_t v = ct_rng_u64(r);
        memcpy(b, &v, len);
    }
}

/* ---- Welch's t-test with Welford's running moments ---- */
typedef struct moments {
    double n[2], mean[2], m2[2];
} moments;

static void moments_add(moments *m, double x, int cls) {
    m->n[cls] += 1;
    double d = x - m->mean[cls];
    m->mean[cls] += d / m->n[cls];
    m->m2[cls] += d * (x - m->mean[cls]);
}

/* |t|, or 0 when a class has too few samples to say anything */
static double moments_t(const moments *m) {
    if (m->n[0] < 100 || m->n[1] < 100) return 0;
    double v0 = m->m2[0] / (m->n[0] - 1), v1 = m->m2[1] / (m->n[1] - 1);
    double se = sqrt(v0 / m->n[0] + v1 / m->n[1]);
    if (se == 0) return m->mean[0] == m->mean[1] ? 0 : INFINITY;
    return fabs(m->mean[0] - m->mean[1]) / se;
}

typedef struct sample {
    uint64_t ticks;
    uint8_t cls;
} sample;

static int by_ticks(const void *a, const void *b) {
    uint64_t x = ((const sample *)a)->ticks, y = ((const sample *)b)->ticks;
    return (x > y) - (x < y);
}

#define CROPS 100

static void record(ct_result *out, double t, double n, const char *how) {
    if (t > out->t_max) {
        out->t_max = t;
        out->n_max = (size_t)n;
        out->t_max_how = how;
    }
}

static void analyse(sample *s, size_t count, size_t calls, ct_result *out) {
    moments all = {0}, second = {0};
    for (size_t i = 0; i < count; i++)
        moments_add(&all, (double)s[i].ticks, s[i].cls);
    /* second order: centred squares, dudect's test for a difference in
     * spread rather than in mean */
    for (size_t i = 0; i < count; i++) {
        double c = (double)s[i].ticks - all.mean[s[i].cls];
        moments_add(&second, c * c, s[i].cls);
    }
    out->samples = count;
    out->mean_all[0] = all.mean[0] / (double)calls;
    out->mean_all[1] = all.mean[1] / (double)calls;
    out->t_all = moments_t(&all);
    out->t_max = 0;
    out->n_max = count;
    out->t_max_how = "all";
    record(out, out->t_all, all.n[0] + all.n[1], "all");
    record(out, moments_t(&second), (double)count, "2nd order");

    /* crops: keep the samples below the p-th percentile, with dudect's
     * percentiles 1 - 0.5^(10 (i+1) / 100), which crowd towards the
     * fastest samples. Sorting once makes every crop a prefix. */
    qsort(s, count, sizeof *s, by_ticks);
    moments crop = {0};
    size_t next = 0;
    for (int i = 0; i < CROPS; i++) {
        double p = 1 - pow(0.5, 10.0 * (double)(i + 1) / CROPS);
        uint64_t limit = s[(size_t)(p * (double)(count - 1))].ticks;
        while (next < count && s[next].ticks < limit) {
            moments_add(&crop, (double)s[next].ticks, s[next].cls);
            next++;
        }
        record(out, moments_t(&crop), crop.n[0] + crop.n[1], "crop");
        if (p >= 0.95 && out->mean[0] == 0 && out->mean[1] == 0) {
            out->mean[0] = crop.mean[0] / (double)calls;
            out->mean[1] = crop.mean[1] / (double)calls;
        }
    }
}

static int by_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

size_t ct_pick_calls(const ct_target *t, size_t max_calls, uint64_t target,
                     ct_rng *rng) {
    uint64_t cost[64];
    for (int i = 0; i < 64 + 16; i++) {
        t->fill(t->state, 0, rng);
        drain_stores();
        uint64_t t0 = ticks_begin();
        for (int k = 0; k < 8; k++)
            t->run(t->state);
        uint64_t t1 = ticks_end();
        if (i >= 16) cost[i - 16] = t1 - t0; /* after 16 to warm up */
    }
    qsort(cost, 64, sizeof cost[0], by_u64);
    /* eight calls per probe keep the timer's overhead out of the cost */
    uint64_t one = cost[32] / 8 ? cost[32] / 8 : 1;
    uint64_t calls = target / one;
    if (calls < 1) calls = 1;
    if (calls > max_calls) calls = max_calls;
    return (size_t)calls;
}

int ct_measure(const ct_target *t, size_t samples, size_t calls, ct_rng *rng,
               ct_result *out) {
    memset(out, 0, sizeof *out);
    if (samples < 2 || calls < 1) return -1;
    /* calloc: samples comes from the command line and calloc refuses a
     * size that wraps; zeroed, no sample can be read unwritten (the static
     * analyzer cannot tell that the loop below writes every one) */
    sample *s = calloc(samples, sizeof *s);
    if (s == NULL) return -1;
    /* warm-up: caches, branch predictors and the clock settle first */
    size_t warm = samples / 20 < 1000 ? samples / 20 : 1000;
    for (size_t i = 0; i < warm + samples; i++) {
        int cls = (int)(ct_rng_u64(rng) >> 63);
        t->fill(t->state, ct_aa_test ? 0 : cls, rng);
        drain_stores();
        uint64_t t0 = ticks_begin();
        for (size_t k = 0; k < calls; k++)
            t->run(t->state);
        uint64_t t1 = ticks_end();
        if (i >= warm) {
            s[i - warm].ticks = t1 - t0;
            s[i - warm].cls = (uint8_t)cls;
        }
    }
    analyse(s, samples, calls, out);
    free(s);
    return 0;
}
