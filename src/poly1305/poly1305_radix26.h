/*
 * The radix-2^26 vector arithmetic of the AVX2 and AVX-512F Poly1305 tiers,
 * written once for any vector width (static inline). One block per 64-bit
 * lane, five limbs of 26 bits, products with vpmuludq (32x32 -> 64).
 *
 * The including tier file defines, for its width, before including this:
 *   R26_VEC            the vector type (__m256i, __m512i)
 *   R26_MUL(x, y)      lane-wise product of the low 32 bits (vpmuludq)
 *   R26_ADD(x, y)      lane-wise 64-bit addition
 *   R26_AND, R26_OR    bitwise and, or
 *   R26_SRLI(x, n), R26_SLLI(x, n)   lane-wise 64-bit shifts
 *   R26_SET1(c)        the 64-bit constant c in every lane
 * Each macro is one intrinsic, so a tier's code is exactly what it was when
 * written out per width. Constant time: multiplications, additions, shifts
 * and masks only.
 */
#ifndef HUSH_POLY1305_RADIX26_H
#define HUSH_POLY1305_RADIX26_H

#if !defined(R26_VEC) || !defined(R26_MUL) || !defined(R26_ADD) ||             \
    !defined(R26_AND) || !defined(R26_OR) || !defined(R26_SRLI) ||             \
    !defined(R26_SLLI) || !defined(R26_SET1)
#error "define the R26_* vector operations before including poly1305_radix26.h"
#endif

#include "poly1305/poly1305_impl.h"

/* The carry chain: limbs of up to about 2^59 (a product's sums) to limbs
 * of about 26 bits, two chains interleaved, the carry out of limb 4
 * re-entering limb 0 times 5 (2^130 = 5 mod p). */
static inline void hush_r26_carry(R26_VEC d[5]) {
    const R26_VEC m = R26_SET1(HUSH_POLY1305_MASK26);
    R26_VEC d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3], d4 = d[4], c;
    c = R26_SRLI(d0, 26), d0 = R26_AND(d0, m), d1 = R26_ADD(d1, c);
    c = R26_SRLI(d3, 26), d3 = R26_AND(d3, m), d4 = R26_ADD(d4, c);
    c = R26_SRLI(d1, 26), d1 = R26_AND(d1, m), d2 = R26_ADD(d2, c);
    c = R26_SRLI(d4, 26), d4 = R26_AND(d4, m);
    d0 = R26_ADD(d0, R26_ADD(c, R26_SLLI(c, 2)));
    c = R26_SRLI(d2, 26), d2 = R26_AND(d2, m), d3 = R26_ADD(d3, c);
    c = R26_SRLI(d0, 26), d0 = R26_AND(d0, m), d1 = R26_ADD(d1, c);
    c = R26_SRLI(d3, 26), d3 = R26_AND(d3, m), d4 = R26_ADD(d4, c);
    d[0] = d0, d[1] = d1, d[2] = d2, d[3] = d3, d[4] = d4;
}

/* d = a * r mod 2^130-5 in radix 2^26, carried to limbs of about 26 bits;
 * s = 5 * r (2^130 = 5 mod p). */
static inline void hush_r26_mul_carry(R26_VEC d[5], const R26_VEC a[5],
                                      const R26_VEC r[5], const R26_VEC s[5]) {
#define M(x, y) R26_MUL(x, y)
#define A(x, y) R26_ADD(x, y)
    R26_VEC d0 = A(A(M(a[0], r[0]), M(a[1], s[4])),
                   A(A(M(a[2], s[3]), M(a[3], s[2])), M(a[4], s[1])));
    R26_VEC d1 = A(A(M(a[0], r[1]), M(a[1], r[0])),
                   A(A(M(a[2], s[4]), M(a[3], s[3])), M(a[4], s[2])));
    R26_VEC d2 = A(A(M(a[0], r[2]), M(a[1], r[1])),
                   A(A(M(a[2], r[0]), M(a[3], s[4])), M(a[4], s[3])));
    R26_VEC d3 = A(A(M(a[0], r[3]), M(a[1], r[2])),
                   A(A(M(a[2], r[1]), M(a[3], r[0])), M(a[4], s[4])));
    R26_VEC d4 = A(A(M(a[0], r[4]), M(a[1], r[3])),
                   A(A(M(a[2], r[2]), M(a[3], r[1])), M(a[4], r[0])));
    d[0] = d0, d[1] = d1, d[2] = d2, d[3] = d3, d[4] = d4;
    hush_r26_carry(d);
#undef M
#undef A
}

/* Blocks split into radix-2^26 limbs, each with 2^128 added: lo and hi
 * hold the low and high 64 bits of block j in lane j (gathering them is
 * the one step that differs between widths). */
static inline void hush_r26_split_blocks(R26_VEC m[5], R26_VEC lo, R26_VEC hi) {
    const R26_VEC mask = R26_SET1(HUSH_POLY1305_MASK26);
    m[0] = R26_AND(lo, mask);
    m[1] = R26_AND(R26_SRLI(lo, 26), mask);
    m[2] = R26_AND(R26_OR(R26_SRLI(lo, 52), R26_SLLI(hi, 12)), mask);
    m[3] = R26_AND(R26_SRLI(hi, 14), mask);
    m[4] = R26_OR(R26_SRLI(hi, 40), R26_SET1((long long)1 << 24));
}

#endif
