/*
 * Clocks: the TSC's rate, the core's clock as core cycles per TSC tick,
 * and CPU pinning.
 *
 * The TSC is invariant on these machines: it ticks at a fixed rate (2.1
 * GHz on the Xeon here) while the core runs at its own clock. "Ticks" are
 * what rdtsc counts; "cycles" are ticks times the ratio measured here.
 *
 * The ratio comes from dependency chains: N instructions that each need
 * the previous one's result take N x latency core cycles. A chain of
 * `add $1, reg` is not one: Golden Cove-class cores (Sapphire, Emerald and
 * Granite Rapids) fold immediate adds at rename, so that chain ran at ~5
 * adds per cycle and hush-bench printed "core ~22 GHz". Two chains no
 * renamer folds, through different units:
 *   - `imul r64, r64` on one register, 3 cycles each: Intel since Nehalem
 *     and AMD Zen 1-5 (llvm-mca: 3 on sapphirerapids, znver3, znver4);
 *   - register-register adds alternating between two registers, each
 *     needing the other's last value: 1 cycle each.
 * Each runs in short pieces (~20 us), interleaved with the other, and the
 * median piece is kept: preemption and interrupts only slow a piece down,
 * and few short pieces are hit. The two must agree within 5%: if one of
 * them is not running at its latency (folded, fused, emulated), they
 * cannot both be right, and the estimate is refused.
 *
 * Cross-checks: the TSC rate measured against CLOCK_MONOTONIC must match
 * what the machine says the TSC runs at (CPUID leaf 0x15, the hypervisor's
 * leaf 0x40000010, a guest's /proc/cpuinfo "cpu MHz" when the kernel knew
 * the TSC's frequency, or an Intel model name's "@ x.xxGHz") within 2%;
 * the core clock must lie in 0.5-6 GHz and under CPUID leaf 0x16's maximum
 * (+10%) where that is given. A failed check refuses the cycle figures
 * (bench_clock.refused says why) rather than printing impossible ones.
 */
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

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

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The value of `key` in the first /proc/cpuinfo line that starts with it,
 * or "" (out is n bytes). */
static void cpuinfo(const char *key, char *out, size_t n) {
    out[0] = 0;
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) return;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, strlen(key)) != 0) continue;
        const char *v = strchr(line, ':');
        if (v == NULL) break;
        v++;
        while (*v == ' ' || *v == '\t')
            v++;
        snprintf(out, n, "%.*s", (int)strcspn(v, "\n"), v);
        break;
    }
    fclose(f);
}

static int has_flag(const char *flags, const char *flag) {
    size_t n = strlen(flag);
    for (const char *p = flags; (p = strstr(p, flag)) != NULL; p += n)
        if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

/* What the machine says the TSC runs at, best source first. */
static void tsc_reference(bench_clock *c) {
    c->tsc_ref_hz = 0;
    snprintf(c->tsc_ref_from, sizeof c->tsc_ref_from, "nothing");
#if defined(__x86_64__)
    unsigned a, b, d, e;
    unsigned max = __get_cpuid_max(0, NULL);
    if (max >= 0x15) {
        __cpuid_count(0x15, 0, a, b, d, e);
        if (a && b && d) { /* crystal Hz x TSC/crystal ratio */
            c->tsc_ref_hz = (double)d * b / a;
            snprintf(c->tsc_ref_from, sizeof c->tsc_ref_from,
                     "CPUID leaf 0x15");
            return;
        }
    }
    __cpuid(0x1, a, b, d, e);
    if (d & (1u << 31)) { /* a hypervisor: its own leaves */
        __cpuid(0x40000000, a, b, d, e);
        if (a >= 0x40000010) {
            __cpuid(0x40000010, a, b, d, e);
            if (a) {
                c->tsc_ref_hz = a * 1e3;
                snprintf(c->tsc_ref_from, sizeof c->tsc_ref_from,
                         "hypervisor CPUID leaf 0x40000010");
                return;
            }
        }
    }
#endif
    /* A kernel that knew the TSC's frequency (tsc_known_freq) and has no
     * APERF/MPERF and no cpufreq driver (a typical guest) prints its
     * tsc_khz as "cpu MHz". */
    char flags[4096], mhz[64], model[128];
    cpuinfo("flags", flags, sizeof flags);
    cpuinfo("cpu MHz", mhz, sizeof mhz);
    /* strtod, not atof: a field that is no number reads as 0 either way,
     * which the checks below refuse */
    const double cpu_mhz = strtod(mhz, NULL);
    if (has_flag(flags, "tsc_known_freq") && !has_flag(flags, "aperfmperf") &&
        access("/sys/devices/system/cpu/cpu0/cpufreq", F_OK) != 0 &&
        cpu_mhz > 0) {
        c->tsc_ref_hz = cpu_mhz * 1e6;
        snprintf(c->tsc_ref_from, sizeof c->tsc_ref_from,
                 "/proc/cpuinfo \"cpu MHz\" (tsc_known_freq, no cpufreq)");
        return;
    }
    /* Intel model names end in the nominal clock, the TSC's rate. */
    cpuinfo("model name", model, sizeof model);
    const char *at = strstr(model, "@ ");
    const double nominal_ghz = at ? strtod(at + 2, NULL) : 0;
    if (strncmp(model, "Intel", 5) == 0 && nominal_ghz > 0 &&
        strstr(at, "GHz")) {
        c->tsc_ref_hz = nominal_ghz * 1e9;
        snprintf(c->tsc_ref_from, sizeof c->tsc_ref_from,
                 "the model name's nominal clock");
    }
}

/* The fastest core clock CPUID leaf 0x16 admits (0: not given). */
static double cpuid_max_hz(void) {
#if defined(__x86_64__)
    unsigned a, b, d, e;
    if (__get_cpuid_max(0, NULL) < 0x16) return 0;
    __cpuid_count(0x16, 0, a, b, d, e);
    return b * 1e6;
#else
    return 0;
#endif
}

#define PIECE_OPS 20000 /* instructions per piece of a chain */
#define PIECES    301

#if defined(__x86_64__)
/* PIECE_OPS dependent imuls: 3 x PIECE_OPS core cycles. */
static uint64_t imul_piece(uint64_t x, uint64_t m) {
    for (int i = 0; i < PIECE_OPS / 100; i++)
        __asm__ __volatile__(".rept 100\n\timulq %1, %0\n\t.endr"
                             : "+r"(x)
                             : "r"(m));
    return x;
}
/* PIECE_OPS dependent register adds: PIECE_OPS core cycles. */
static uint64_t add_piece(uint64_t x, uint64_t y) {
    for (int i = 0; i < PIECE_OPS / 100; i++)
        __asm__ __volatile__(".rept 50\n\taddq %1, %0\n\taddq %0, %1\n\t.endr"
                             : "+r"(x), "+r"(y));
    return x + y;
}
#endif

void bench_clock_calibrate(bench_clock *c) {
    memset(c, 0, sizeof *c);
    cpuinfo("model name", c->model, sizeof c->model);
    double rates[5];
    for (int i = 0; i < 5; i++)
        rates[i] = tsc_rate();
    qsort(rates, 5, sizeof rates[0], cmp_double);
    c->tsc_hz = rates[2];
    tsc_reference(c);
#if defined(__x86_64__)
    static double imul_r[PIECES], add_r[PIECES];
    uint64_t x = 1, y = 3;
    const uint64_t m = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 40; i++) /* ~2.5 M cycles: the core reaches its clock */
        x = imul_piece(x, m);
    for (int i = 0; i < PIECES; i++) {
        uint64_t t0 = bench_ticks();
        x = imul_piece(x, m);
        uint64_t t1 = bench_ticks();
        y = add_piece(y, x);
        uint64_t t2 = bench_ticks();
        imul_r[i] = 3.0 * PIECE_OPS / (double)(t1 - t0);
        add_r[i] = (double)PIECE_OPS / (double)(t2 - t1);
    }
    __asm__ __volatile__("" : : "r"(x), "r"(y)); /* the chains are kept */
    qsort(imul_r, PIECES, sizeof imul_r[0], cmp_double);
    qsort(add_r, PIECES, sizeof add_r[0], cmp_double);
    double per_tick = imul_r[PIECES / 2];
    c->imul_hz = per_tick * c->tsc_hz;
    c->add_hz = add_r[PIECES / 2] * c->tsc_hz;
    c->spread_lo_hz = imul_r[PIECES / 10] * c->tsc_hz;
    c->spread_hi_hz = imul_r[PIECES * 9 / 10] * c->tsc_hz;
    double max_hz = cpuid_max_hz();
    if (c->tsc_ref_hz > 0 && fabs(c->tsc_hz / c->tsc_ref_hz - 1) > 0.02)
        snprintf(c->refused, sizeof c->refused,
                 "the TSC measured %.3f GHz against CLOCK_MONOTONIC, but %s "
                 "says %.3f GHz",
                 c->tsc_hz / 1e9, c->tsc_ref_from, c->tsc_ref_hz / 1e9);
    else if (fabs(c->add_hz / c->imul_hz - 1) > 0.05)
        snprintf(c->refused, sizeof c->refused,
                 "the imul chain says %.2f GHz and the add chain %.2f GHz: "
                 "one of them is not running at its latency",
                 c->imul_hz / 1e9, c->add_hz / 1e9);
    else if (c->imul_hz < 0.5e9 || c->imul_hz > 6e9)
        snprintf(c->refused, sizeof c->refused,
                 "%.2f GHz is outside the plausible 0.5-6 GHz",
                 c->imul_hz / 1e9);
    else if (max_hz > 0 && c->imul_hz > 1.1 * max_hz)
        snprintf(c->refused, sizeof c->refused,
                 "%.2f GHz is above CPUID leaf 0x16's maximum %.2f GHz",
                 c->imul_hz / 1e9, max_hz / 1e9);
    if (c->refused[0] == 0) {
        c->cycles_per_tick = per_tick;
        c->core_hz = c->imul_hz;
    }
#else
    snprintf(c->refused, sizeof c->refused,
             "not x86-64: no dependency chains written for this CPU");
#endif
}

void bench_clock_describe(const bench_clock *c, char *out, size_t n) {
    int len = snprintf(out, n,
                       "clock: TSC %.3f GHz, measured against "
                       "CLOCK_MONOTONIC; ",
                       c->tsc_hz / 1e9);
    if (c->tsc_ref_hz > 0)
        len += snprintf(out + len, n - (size_t)len,
                        "%s says %.3f GHz (%.1f%% apart)\n", c->tsc_ref_from,
                        c->tsc_ref_hz / 1e9,
                        fabs(c->tsc_hz / c->tsc_ref_hz - 1) * 100);
    else
        len += snprintf(out + len, n - (size_t)len,
                        "nothing on this machine says what it should be\n");
    if (len < 0 || (size_t)len >= n) return;
    if (c->imul_hz > 0)
        len += snprintf(out + len, n - (size_t)len,
                        "       core: a chain of dependent imul (3 cycles "
                        "each) gives %.2f GHz (median of %d pieces, 10-90%%: "
                        "%.2f-%.2f), one of dependent register adds (1 cycle "
                        "each) %.2f GHz (%.1f%% apart)\n",
                        c->imul_hz / 1e9, PIECES, c->spread_lo_hz / 1e9,
                        c->spread_hi_hz / 1e9, c->add_hz / 1e9,
                        fabs(c->add_hz / c->imul_hz - 1) * 100);
    if (len < 0 || (size_t)len >= n) return;
    if (c->refused[0])
        snprintf(out + len, n - (size_t)len,
                 "       core clock REFUSED: %s; no cycle figures are "
                 "given (ticks and ns are)",
                 c->refused);
    else
        snprintf(out + len, n - (size_t)len,
                 "       core %.2f GHz = %.3f core cycles per TSC tick "
                 "(within 0.5-6 GHz%s)",
                 c->core_hz / 1e9, c->cycles_per_tick,
                 cpuid_max_hz() > 0 ? " and CPUID 0x16's maximum" : "");
}

int bench_pin_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}
