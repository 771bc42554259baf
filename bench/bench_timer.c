/*
 * Clocks: the TSC's rate (against CLOCK_MONOTONIC), the core's clock
 * estimated from a chain of dependent adds (one per core cycle), and CPU
 * pinning.
 *
 * On this kind of machine the TSC is invariant and ticks at a fixed rate
 * (2.1 GHz here) while the core runs at its own, higher, boost clock. TSC
 * ticks are what rdtsc counts and what the tables call "ticks"; core cycles
 * are ticks times the ratio measured here, and are an estimate.
 */
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "bench_timer.h"

double bench_now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_thread_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#if !defined(__x86_64__)
uint64_t bench_ticks_fallback(void);
uint64_t bench_ticks_fallback(void) {
    return (uint64_t)(bench_now_seconds() * 1e9);
}
#endif

static double tsc_rate(void) {
    double t0 = bench_now_seconds();
    uint64_t c0 = bench_ticks();
    double t1;
    do
        t1 = bench_now_seconds();
    while (t1 - t0 < 0.02);
    uint64_t c1 = bench_ticks();
    return (double)(c1 - c0) / (t1 - t0);
}

/* 1000 dependent adds per iteration: each needs the previous result, so on
 * any out-of-order core the chain runs at one add per cycle. */
#define ADDS_PER_ITER 1000
static uint64_t add_chain(uint64_t iters) {
    uint64_t x = 0;
    for (uint64_t i = 0; i < iters; i++) {
#if defined(__x86_64__)
        __asm__ __volatile__(".rept 1000\n\taddq $1, %0\n\t.endr" : "+r"(x));
#else
        for (int k = 0; k < ADDS_PER_ITER; k++)
            __asm__ __volatile__("" : "+r"(x));
#endif
    }
    return x;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_clock_calibrate(bench_clock *c) {
    double rates[5], ratios[9];
    for (int i = 0; i < 5; i++)
        rates[i] = tsc_rate();
    qsort(rates, 5, sizeof rates[0], cmp_double);
    c->tsc_hz = rates[2];
    add_chain(20000); /* let the core reach its boost clock */
    for (int i = 0; i < 9; i++) {
        const uint64_t iters = 2000; /* 2 M cycles, ~0.6 ms */
        uint64_t t0 = bench_ticks();
        uint64_t sink = add_chain(iters);
        uint64_t t1 = bench_ticks();
        __asm__ __volatile__("" : : "r"(sink)); /* the chain is kept */
        ratios[i] = (double)(iters * ADDS_PER_ITER) / (double)(t1 - t0);
    }
    qsort(ratios, 9, sizeof ratios[0], cmp_double);
    /* the median: one interrupted run must not move the estimate */
    c->cycles_per_tick = ratios[4];
    c->core_hz = c->tsc_hz * c->cycles_per_tick;
}

int bench_pin_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}
