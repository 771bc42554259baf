/*
 * The measurement core of hush-ct: a dudect-style leakage test (Reparaz,
 * Balasch, Verbauwhede, "Dude, is my code constant time?", 2017).
 *
 * Each sample picks a class (0 or 1) at random, writes that class's input
 * into the same working buffers, then times `calls` back-to-back calls of
 * the operation with the time stamp counter (lfence; rdtsc ... rdtscp;
 * lfence). Welch's t-test compares the two classes on all samples, on the
 * samples below each of 100 crop thresholds (the slowest percentiles are
 * where interrupts and migrations land), and on the centred squares (a
 * second-order test); the largest |t| decides.
 */
#ifndef HUSH_CT_MEASURE_H
#define HUSH_CT_MEASURE_H

#include <stddef.h>
#include <stdint.h>

/* dudect's threshold: beyond 4.5 the classes differ with overwhelming
 * probability (for a t-distribution with many degrees of freedom,
 * P(|t| > 4.5) < 1e-5). */
#define CT_T_THRESHOLD 4.5

/* A fast generator for class choices and "random" class contents. Not for
 * keys: it only has to be unpredictable to the code being measured. */
typedef struct ct_rng {
    uint64_t s[4];
} ct_rng;
void ct_rng_seed(ct_rng *r);
uint64_t ct_rng_u64(ct_rng *r);
void ct_rng_bytes(ct_rng *r, void *p, size_t len);

/* The operation being measured, as the sampler sees it. */
typedef struct ct_target {
    /* writes the input of class `cls` into the working buffers */
    void (*fill)(void *state, int cls, ct_rng *rng);
    /* one call of the operation on the working buffers */
    void (*run)(void *state);
    void *state;
} ct_target;

typedef struct ct_result {
    size_t samples; /* kept, after the warm-up */
    size_t calls;   /* calls per sample */
    /* TSC ticks per call of each class: the mean of the samples below the
     * 95th percentile of both classes together (the slowest 5% are
     * interrupts and the other tenants of the machine, and would swamp a
     * plain mean); mean_all keeps the plain means */
    double mean[2], mean_all[2];
    double t_max;          /* largest |t| over every test below */
    double t_all;          /* |t| on all samples */
    size_t n_max;          /* samples used by the test that gave t_max */
    const char *t_max_how; /* "all", "crop", "2nd order" */
} ct_result;

/* A/A mode: both labels get class 0's input, so any |t| beyond the
 * threshold is the harness's own bias (a sanity check of the method). */
extern int ct_aa_test;

/* Calls per sample so that one sample lasts about `target` ticks: the
 * median of 64 runs of 8 calls sets the cost, the result is in 1..max_calls.
 * Longer samples drown the timer's own jitter (rdtsc, lfence, the class
 * staging) in the operation's time. */
size_t ct_pick_calls(const ct_target *t, size_t max_calls, uint64_t target,
                     ct_rng *rng);

/* Takes `samples` samples of `calls` calls each and runs the tests. */
int ct_measure(const ct_target *t, size_t samples, size_t calls, ct_rng *rng,
               ct_result *out);

#endif
