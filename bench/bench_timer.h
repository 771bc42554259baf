/*
 * Clocks (bench_timer.c): the time stamp counter, its rate, the core's
 * clock as a multiple of it, and CPU pinning.
 */
#ifndef HUSH_BENCH_TIMER_H
#define HUSH_BENCH_TIMER_H

#include <stddef.h>
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

/*
 * The clocks of a run. The TSC's rate is measured against CLOCK_MONOTONIC
 * and checked against what the machine says it is; the core's clock is
 * measured as core cycles per TSC tick with two dependency chains the
 * renamer cannot fold (see bench_timer.c), which must agree, and must land
 * in a plausible band. When a check fails, cycles_per_tick is 0, `refused`
 * says why, and no cycle figure is printed anywhere.
 */
typedef struct bench_clock {
    double tsc_hz;         /* TSC ticks per second, measured */
    double tsc_ref_hz;     /* what the machine says (0: nothing says) */
    char tsc_ref_from[96]; /* where tsc_ref_hz comes from */
    double imul_hz;        /* core clock from the dependent-imul chain */
    double add_hz;         /* core clock from the dependent-add chain */
    double spread_lo_hz, spread_hi_hz; /* imul chain's 10th/90th pct */
    double cycles_per_tick; /* core cycles per TSC tick; 0 when refused */
    double core_hz;         /* tsc_hz * cycles_per_tick; 0 when refused */
    char refused[200];      /* why cycles are not given, or "" */
    char model[128];        /* the CPU's model name */
} bench_clock;
void bench_clock_calibrate(bench_clock *c);
/* How the clocks were derived, in lines of text (no trailing newline). */
void bench_clock_describe(const bench_clock *c, char *out, size_t n);
int bench_pin_cpu(int cpu);
double bench_now_seconds(void);
/* CPU time of the calling thread: it leaves out time spent preempted. */
double bench_thread_seconds(void);

#endif
