/*
 * Scalar Poly1305 steps in asm with mulx (BMI2): the block step and the
 * join of two chains, shared by the stitched ChaCha20-Poly1305
 * (chachapoly_avx2.c) and the AVX2 Poly1305 tier's short inputs
 * (poly1305_avx2.c). In asm because gcc 12 moved the 128-bit sums of the
 * same code written in C (with unsigned __int128, and with the mulx/adc
 * intrinsics) through stack slots on every block (docs/perf/chachapoly.md
 * #12, #13). The caller's CPU must have BMI2. Constant time:
 * multiplications, additions and fixed shifts.
 */
#ifndef HUSH_POLY1305_MULX_H
#define HUSH_POLY1305_MULX_H

#include "poly1305/poly1305_impl.h"

typedef unsigned long long hush_u64x; /* the type of the mulx intrinsics */

/* h = (h + m + 2^128) * r for one 16-byte block m, partially reduced, r
 * clamped and s1 = r1 + r1 / 4 (the stitched loop's step, chachapoly.md
 * #13, ~15 cycles of latency on Zen 3): X0 = h0 r0 + h1 s1 and X1 = h0 r1 +
 * h1 r0 (both below 2^127), then (H2:H1) = X1 + h2 s1 + 2^64 h2 r0 (h2 <= 6
 * after the message), the fold of bits 130 and up as (H2 >> 2) * 5 into
 * X0's low word, and X0's high word into H1 in the same carry chain, so it
 * does not wait for the fold: h[2] <= 4 after. Input: h[2] <= 4 (what
 * every step and the join leave). */
static inline void hush_poly1305_mulx_step(hush_u64x h[3], const uint8_t *m,
                                           hush_u64x r0, hush_u64x r1,
                                           hush_u64x s1) {
    hush_u64x a = h[0], b = h[1], c = h[2], t0, t1, t2, t3;
    __asm__("addq 0(%[m]), %[a]\n\t"
            "adcq 8(%[m]), %[b]\n\t"
            "adcq $1, %[c]\n\t"
            "movq %[a], %%rdx\n\t"
            "mulxq %[r0], %[a], %[t0]\n\t"  /* t0:a = h0 r0 */
            "mulxq %[r1], %[t1], %[t2]\n\t" /* t2:t1 = h0 r1 */
            "movq %[b], %%rdx\n\t"
            "mulxq %[r0], %[b], %[t3]\n\t" /* t3:b = h1 r0 */
            "addq %[b], %[t1]\n\t"
            "adcq %[t3], %[t2]\n\t"        /* t2:t1 = X1 */
            "mulxq %[s1], %[b], %[t3]\n\t" /* t3:b = h1 s1 */
            "addq %[b], %[a]\n\t"
            "adcq %[t3], %[t0]\n\t" /* t0:a = X0 */
            "movq %[c], %[b]\n\t"
            "imulq %[s1], %[b]\n\t" /* h2 s1 */
            "imulq %[r0], %[c]\n\t" /* h2 r0 */
            "addq %[t1], %[b]\n\t"
            "adcq %[t2], %[c]\n\t" /* c:b = X1 + h2 s1 + 2^64 h2 r0 */
            "movq %[c], %[t1]\n\t"
            "andq $3, %[c]\n\t"
            "shrq $2, %[t1]\n\t"
            "leaq (%[t1], %[t1], 4), %[t1]\n\t"
            "addq %[t1], %[a]\n\t"
            "adcq %[t0], %[b]\n\t"
            "adcq $0, %[c]"
            : [a] "+&r"(a), [b] "+&r"(b), [c] "+&r"(c), [t0] "=&r"(t0),
              [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
            : [m] "r"(m), "m"(*(const uint8_t(*)[16])m), [r0] "rm"(r0),
              [r1] "rm"(r1), [s1] "rm"(s1)
            : "rdx", "cc");
    h[0] = a, h[1] = b, h[2] = c;
}

/* h = a * g + b mod 2^130 - 5, partially reduced (h[2] <= 4 after), for
 * g = r^16 (below 2^131), a[2] <= 4, b[2] <= 4: the join of the two
 * chains once per unit, in asm for the same reason as the block step (gcc's
 * 128-bit sums went through stack slots: ~55 cycles a unit). The product
 * in five columns c0..c4 (below 2^262), then 5 * (bits 130 and up) added
 * to the low 130 bits twice. */
static inline void hush_poly1305_mulx_join(hush_u64x a[3], const hush_u64x g[3],
                                           const hush_u64x b[3]) {
    hush_u64x a0 = a[0], a1 = a[1], a2 = a[2], c1, c2, c3, c4, lo, hi;
    __asm__("movq %[a0], %%rdx\n\t"
            "mulxq %[g0], %[a0], %[c1]\n\t" /* a0 g0: c0 = a0, c1 */
            "mulxq %[g1], %[lo], %[c2]\n\t" /* a0 g1 */
            "addq %[lo], %[c1]\n\t"
            "adcq $0, %[c2]\n\t"
            "mulxq %[g2], %[lo], %[c3]\n\t" /* a0 g2 */
            "addq %[lo], %[c2]\n\t"
            "adcq $0, %[c3]\n\t"
            "movq %[a1], %%rdx\n\t"
            "mulxq %[g0], %[lo], %[hi]\n\t" /* a1 g0 */
            "addq %[lo], %[c1]\n\t"
            "adcq %[hi], %[c2]\n\t"
            "adcq $0, %[c3]\n\t"
            "movl $0, %k[c4]\n\t"
            "mulxq %[g1], %[lo], %[hi]\n\t" /* a1 g1 */
            "addq %[lo], %[c2]\n\t"
            "adcq %[hi], %[c3]\n\t"
            "adcq $0, %[c4]\n\t"
            "mulxq %[g2], %[lo], %[hi]\n\t" /* a1 g2 */
            "addq %[lo], %[c3]\n\t"
            "adcq %[hi], %[c4]\n\t"
            "movq %[a2], %%rdx\n\t"
            "mulxq %[g0], %[lo], %[hi]\n\t" /* a2 g0 */
            "addq %[lo], %[c2]\n\t"
            "adcq %[hi], %[c3]\n\t"
            "adcq $0, %[c4]\n\t"
            "mulxq %[g1], %[lo], %[hi]\n\t" /* a2 g1 */
            "addq %[lo], %[c3]\n\t"
            "adcq %[hi], %[c4]\n\t"
            "imulq %[g2], %%rdx\n\t" /* a2 g2 */
            "addq %%rdx, %[c4]\n\t"
            /* + b */
            "addq %[b0], %[a0]\n\t"
            "adcq %[b1], %[c1]\n\t"
            "adcq %[b2], %[c2]\n\t"
            "adcq $0, %[c3]\n\t"
            "adcq $0, %[c4]\n\t"
            /* x = bits 130 and up (lo, hi, a2); 5x = x + 4x, 4x = (c2 &
             * ~3, c3, c4); low part (a0, c1, c2 & 3) */
            "movq %[c2], %[lo]\n\t"
            "shrdq $2, %[c3], %[lo]\n\t"
            "movq %[c3], %[hi]\n\t"
            "shrdq $2, %[c4], %[hi]\n\t"
            "movq %[c4], %[a2]\n\t"
            "shrq $2, %[a2]\n\t"
            "movq %[c2], %%rdx\n\t"
            "andq $-4, %%rdx\n\t"
            "andq $3, %[c2]\n\t"
            "addq %%rdx, %[lo]\n\t"
            "adcq %[c3], %[hi]\n\t"
            "adcq %[c4], %[a2]\n\t"
            "addq %[lo], %[a0]\n\t"
            "adcq %[hi], %[c1]\n\t"
            "adcq %[a2], %[c2]\n\t"
            /* once more: (c2 >> 2) * 5 into (a0, c1), c2 &= 3 */
            "movq %[c2], %[lo]\n\t"
            "shrq $2, %[lo]\n\t"
            "leaq (%[lo], %[lo], 4), %[lo]\n\t"
            "andq $3, %[c2]\n\t"
            "addq %[lo], %[a0]\n\t"
            "adcq $0, %[c1]\n\t"
            "adcq $0, %[c2]"
            : [a0] "+&r"(a0), [a1] "+&r"(a1), [a2] "+&r"(a2), [c1] "=&r"(c1),
              [c2] "=&r"(c2), [c3] "=&r"(c3), [c4] "=&r"(c4), [lo] "=&r"(lo),
              [hi] "=&r"(hi)
            : [g0] "m"(g[0]), [g1] "m"(g[1]), [g2] "m"(g[2]), [b0] "rm"(b[0]),
              [b1] "rm"(b[1]), [b2] "rm"(b[2])
            : "rdx", "cc");
    a[0] = a0, a[1] = c1, a[2] = c2;
}

/* Whole blocks (len a multiple of 16) with 2^128 added, one chain of
 * hush_poly1305_mulx_step on the scalar state: h and r stay in registers
 * (the shared C step keeps its 128-bit sums in memory: ~21 core cycles a
 * block on Zen 3 against ~13). The tiers' inputs below their vector
 * paths. */
static inline void hush_poly1305_mulx_blocks(hush_poly1305_scalar *sc,
                                             const uint8_t *in, size_t len) {
    const hush_u64x r0 = sc->r[0], r1 = sc->r[1], s1 = r1 + (r1 >> 2);
    hush_u64x a[3] = {sc->h[0], sc->h[1], sc->h[2]};
    for (; len >= 16; len -= 16, in += 16)
        hush_poly1305_mulx_step(a, in, r0, r1, s1);
    sc->h[0] = a[0], sc->h[1] = a[1], sc->h[2] = a[2];
}

#endif
