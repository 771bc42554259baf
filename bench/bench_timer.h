/*
 * Clocks (bench_timer.c): the time stamp counter, its rate, the core's
 * clock as a multiple of it, and CPU pinning.
 */
#ifndef HUSH_BENCH_TIMER_H
#define HUSH_BENCH_TIMER_H

#include <stdint.h>

/* TSC ticks. lfence before the read: earlier instructions have finished;
 * lfence after: later ones have not started. Both ends of a sample use
 * the same sequence. */
static inline uint64_t bench_ticks(void) {
#if defined(__x86_64__)
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence"
                         : "=a"(lo), "=d"(hi)::"memory");
    return ((uint64_t)hi << 32) | lo;
#else
    extern uint64_t bench_ticks_fallback(void);
    return bench_ticks_fallback();
#endif
}

typedef struct bench_clock {
    double tsc_hz;          /* TSC ticks per second */
    double cycles_per_tick; /* core cycles per TSC tick, from dependent adds */
    double core_hz;         /* tsc_hz * cycles_per_tick */
} bench_clock;
void bench_clock_calibrate(bench_clock *c);
int bench_pin_cpu(int cpu);
double bench_now_seconds(void);
/* CPU time of the calling thread: it leaves out time spent preempted. */
double bench_thread_seconds(void);

#endif
