/*
 * The VAES issue bound of AES-GCM on this core, measured every run.
 *
 * A 64-byte unit of AES-R-GCM on 512-bit registers needs R `vaesenc zmm`
 * (rounds 1..R, the last one `vaesenclast`, same cost) and four
 * `vpclmulqdq zmm` (GHASH's products of one register). Nothing else is
 * fundamental: counters, round 0, the data XOR and the reduction are
 * ALU work a schedule can hide or not. This file times that work alone,
 * in independent chains, with nothing loaded or stored:
 *
 * - the "vaes-bound" ceiling row of every aes128gcm / aes256gcm seal and
 *   open: the AES rounds and multiplies of the row's message size, run in
 *   eight chains per 512 bytes as a 32-block step runs them (a message
 *   under 512 bytes gets fewer chains, as the real tail does);
 * - a note (post hook): core cycles per `vaesenc zmm`, per
 *   `vpclmulqdq zmm`, and per R rounds + 4 multiplies, each in 12
 *   independent chains, and from the last the AES-128 / AES-256 GCM bound
 *   in core cycles per byte.
 *
 * Only this file uses VAES-512: the kernels are compiled for it by target
 * attribute and run only when the CPU (and the OS's register state) has
 * AVX-512F, VAES and VPCLMULQDQ (CPUID, vb_supported); elsewhere the rows are
 * skipped and the note says why.
 */
#include <cpuid.h>
#include <immintrin.h>
#include <stdio.h>
#include <time.h>

#include "bench.h"
#include "bench_vaes_bound.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VB_HAVE   1
#define VB_TARGET __attribute__((target("avx512f,vaes,vpclmulqdq")))

/* CPUID and XCR0 directly: clang 14's __builtin_cpu_supports knows no
 * "vpclmulqdq". AVX-512F (leaf 7 EBX bit 16), VAES and VPCLMULQDQ (ECX
 * bits 9, 10), and the OS saving the SSE, AVX, opmask and both upper
 * zmm register states (XCR0 bits 1, 2, 5, 6, 7). */
static int vb_supported(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & (1u << 16)) || !(c & (1u << 9)) || !(c & (1u << 10))) return 0;
    unsigned lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & 0xe6u) == 0xe6u;
}

/* a value the compiler must compute but need not store */
#define VB_KEEP(v) __asm__ __volatile__("" : : "v"(v))
/* a value the compiler cannot see through (no folding of the chains) */
#define VB_OPAQUE(v) __asm__ __volatile__("" : "+v"(v))

/* the products of one register's GHASH: four multiplies, independent */
#define VB_MUL4(a, h)                                                          \
    do {                                                                       \
        VB_KEEP(_mm512_clmulepi64_epi128(a, h, 0x00));                         \
        VB_KEEP(_mm512_clmulepi64_epi128(a, h, 0x01));                         \
        VB_KEEP(_mm512_clmulepi64_epi128(a, h, 0x10));                         \
        VB_KEEP(_mm512_clmulepi64_epi128(a, h, 0x11));                         \
    } while (0)

/*
 * The rounds and multiplies of `units` 64-byte units: whole 8-register
 * steps (rounds 1..R on eight chains, the 32 multiplies after rounds
 * 1..8, four each), then the remaining units on as many chains.
 */
VB_TARGET static inline void vb_units(size_t units, const unsigned R) {
    __m512i x[8], k = _mm512_set1_epi32(0x3c6ef372);
    __m512i h = _mm512_set1_epi32(0x1b873593);
    VB_OPAQUE(k);
    VB_OPAQUE(h);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        x[i] = _mm512_set1_epi32(i);
        VB_OPAQUE(x[i]);
    }
    for (; units >= 8; units -= 8) {
#pragma GCC unroll 14
        for (unsigned r = 0; r < R; r++) {
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                x[i] = _mm512_aesenc_epi128(x[i], k);
            if (r < 8) VB_MUL4(x[r], h);
        }
    }
    if (units > 0) {
        for (unsigned r = 0; r < R; r++)
            for (size_t i = 0; i < units; i++)
                x[i] = _mm512_aesenc_epi128(x[i], k);
        for (size_t i = 0; i < units; i++)
            VB_MUL4(x[i], h);
    }
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        VB_KEEP(x[i]);
}

VB_TARGET static void vb_units10(size_t units) { vb_units(units, 10); }
VB_TARGET static void vb_units14(size_t units) { vb_units(units, 14); }

/* ---- the ceiling rows ---- */

static int bound_setup(bench_state *st, const char **why) {
    (void)st;
    if (!vb_supported()) {
        *why = "no AVX-512F + VAES + VPCLMULQDQ here";
        return -1;
    }
    return 0;
}

static void bound_run(bench_state *st, uint64_t iters) {
    const size_t units = (st->size + 63) / 64;
    const int r14 = *(const unsigned *)st->arg == 14;
    for (uint64_t it = 0; it < iters; it++)
        (r14 ? vb_units14 : vb_units10)(units);
    bench_consume(st->out);
}

/* ---- the per-instruction figures ---- */

#define VB_CHAINS 12
#define VB_REPS   4200 /* x 12 instructions, ~50k cycles: a ~17 us piece */

/* what one piece runs: 0 AES rounds only, 1 multiplies only (the mix of
 * both is vb_units, as the rows run it) */
VB_TARGET static void vb_piece(int what) {
    __m512i x[VB_CHAINS], k = _mm512_set1_epi32(0x2545f491);
    VB_OPAQUE(k);
#pragma GCC unroll 12
    for (int i = 0; i < VB_CHAINS; i++) {
        x[i] = _mm512_set1_epi32(i + 1);
        VB_OPAQUE(x[i]);
    }
    if (what == 0) {
        for (int n = 0; n < VB_REPS; n++) {
#pragma GCC unroll 12
            for (int i = 0; i < VB_CHAINS; i++)
                x[i] = _mm512_aesenc_epi128(x[i], k);
        }
    } else {
        for (int n = 0; n < VB_REPS; n++) {
#pragma GCC unroll 12
            for (int i = 0; i < VB_CHAINS; i++)
                x[i] = _mm512_clmulepi64_epi128(x[i], k, 0x01);
        }
    }
#pragma GCC unroll 12
    for (int i = 0; i < VB_CHAINS; i++)
        VB_KEEP(x[i]);
}

static double vb_now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

#define VB_UNITS 2400 /* 300 steps of 8 units */

/* A chain of dependent imul (3 cycles each on every x86-64 core this
 * runs on, as bench_timer.c's clock uses): 4 x 3000 of them */
#define VB_IMULS 12000
static void vb_imul_piece(void) {
    uint64_t x = 3;
    for (int i = 0; i < VB_IMULS / 4; i++)
        __asm__ __volatile__("imul %0, %0\n\timul %0, %0\n\t"
                             "imul %0, %0\n\timul %0, %0"
                             : "+r"(x));
}

/*
 * Core cycles per instruction (what = 0, 1) or per 64-byte unit (10, 14:
 * R rounds and 4 multiplies, vb_units), against an imul chain timed in
 * the same pieces: the fastest of 101 of each, as a preempted piece only
 * runs slower. Calibrating here, not with the run's start clock, keeps a
 * change of the core's clock during the run (the VM here drifts by a few
 * per cent under load) out of the figure.
 */
static double vb_cycles(int what) {
    double best = -1, best_imul = -1;
    const double per =
        what < 2 ? (double)VB_REPS * VB_CHAINS : (double)VB_UNITS;
    for (int s = -1; s < 101; s++) { /* -1 warms the 512-bit units up */
        double t0 = vb_now_ns();
        if (what < 2)
            vb_piece(what);
        else
            (what == 10 ? vb_units10 : vb_units14)(VB_UNITS);
        double t1 = vb_now_ns();
        vb_imul_piece();
        double t2 = vb_now_ns();
        if (s < 0) continue;
        if (best < 0 || t1 - t0 < best) best = t1 - t0;
        if (best_imul < 0 || t2 - t1 < best_imul) best_imul = t2 - t1;
    }
    return best / (best_imul / (3.0 * VB_IMULS)) / per;
}

/* whether any GCM row of this run was measured (--only may leave them
 * out, and then the note would be noise) */
static int vb_gcm_measured(void) {
    static const char *const ops[] = {"aes128gcm seal", "aes128gcm open",
                                      "aes256gcm seal", "aes256gcm open"};
    size_t sizes[64];
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (bench_measured_sizes(ops[i], sizes, 64) > 0) return 1;
    return 0;
}

static void bound_note(void) {
    const char *sec = "VAES issue bound (AES-GCM)";
    if (!vb_gcm_measured()) return;
    if (!vb_supported()) {
        bench_add_note(sec, "not measured: this CPU (or the OS) has no "
                            "AVX-512F + VAES + VPCLMULQDQ");
        return;
    }
    double aes = vb_cycles(0), mul = vb_cycles(1), u10 = vb_cycles(10),
           u14 = vb_cycles(14);
    char line[400];
    snprintf(line, sizeof line,
             "core cycles per instruction, 12 independent chains: vaesenc "
             "zmm %.2f, vpclmulqdq zmm %.2f (fastest of 101 pieces of 50k "
             "instructions, against a dependent imul chain of 3 cycles a "
             "step timed beside them)",
             aes, mul);
    bench_add_note(sec, line);
    snprintf(line, sizeof line,
             "per 64-byte unit, R rounds + 4 multiplies (8 chains, 32 "
             "multiplies per 8 units, as in a 32-block step): AES-128 "
             "%.2f cycles = %.3f c/B bound, AES-256 %.2f cycles = %.3f c/B "
             "bound (the vaes-bound rows of the GCM tables run this work "
             "for their message size)",
             u10, u10 / 64, u14, u14 / 64);
    bench_add_note(sec, line);
}

#else
#define VB_HAVE 0
#endif

static const unsigned rounds10 = 10, rounds14 = 14;

int bench_vaes_bound_case(int aes256, bench_case *out) {
#if VB_HAVE
    *out = (bench_case){"vaes-bound",
                        BENCH_CEILING,
                        {NULL},
                        bound_setup,
                        bound_run,
                        NULL,
                        aes256 ? &rounds14 : &rounds10};
    return 0;
#else
    (void)aes256;
    (void)out;
    (void)rounds10;
    (void)rounds14;
    return -1;
#endif
}

void bench_register_vaes_bound(void) {
#if VB_HAVE
    bench_add_post_hook(bound_note);
#endif
}
