/*
 * GF(2^255-19) eight elements at a time for the AVX-512 IFMA tier: five
 * limbs in radix 2^51, limb i of the eight elements in the eight 64-bit
 * lanes of one 512-bit vector. Included by the ifma tier's files only
 * (x25519_ifma.c, x25519_ifma_base.c), which are compiled with -mavx512f
 * -mavx512vl -mavx512ifma.
 *
 * IFMA multiplies the low 52 bits of each lane, so every multiplication
 * input must be "carried": limbs below 2^52. Products come out uncarried
 * (limbs below 2^61.6, see fe8_mul); callers add or subtract, then carry
 * once, since a sum of two carried limbs can pass 2^52 anyway.
 */
#ifndef HUSH_X25519_FE8_H
#define HUSH_X25519_FE8_H

#include <immintrin.h>

#include "x25519/x25519_impl.h"

typedef __m512i fe8[5];

#define FE8_M51 0x7ffffffffffffull

static inline __m512i fe8_splat(uint64_t x) {
    return _mm512_set1_epi64((long long)x);
}

/*
 * Limb `limb` of 2^10 p in the lanes of `lanes`, 0 elsewhere. Products add
 * it to the lanes that are minuends of the subtraction that follows, so no
 * difference of two product limbs (each below 2^60.1) goes negative; a
 * multiple of p, so no value changes mod p.
 */
static inline __m512i fe8_bias(int limb, __mmask8 lanes) {
    uint64_t p = limb == 0 ? FE8_M51 - 18 : FE8_M51;
    return _mm512_maskz_mov_epi64(lanes, fe8_splat(p << 10));
}

/*
 * One carry pass, all limbs at once: limbs below 2^63 in, below 2^52 out
 * (each carry below 2^12; the top one re-enters limb 0 times 19).
 */
static inline void fe8_carry(fe8 h) {
    const __m512i mask = fe8_splat(FE8_M51);
    __m512i c0 = _mm512_srli_epi64(h[0], 51), c1 = _mm512_srli_epi64(h[1], 51);
    __m512i c2 = _mm512_srli_epi64(h[2], 51), c3 = _mm512_srli_epi64(h[3], 51);
    __m512i c4 = _mm512_srli_epi64(h[4], 51);
    h[1] = _mm512_add_epi64(_mm512_and_si512(h[1], mask), c0);
    h[2] = _mm512_add_epi64(_mm512_and_si512(h[2], mask), c1);
    h[3] = _mm512_add_epi64(_mm512_and_si512(h[3], mask), c2);
    h[4] = _mm512_add_epi64(_mm512_and_si512(h[4], mask), c3);
    h[0] =
        _mm512_madd52lo_epu64(_mm512_and_si512(h[0], mask), c4, fe8_splat(19));
}

/*
 * h = f * g lane by lane, for carried f and g, plus the bias (fe8_bias) in
 * the lanes of `biased`. The product of two limbs is lo + hi 2^52 =
 * lo + (2 hi) 2^51: the low halves are summed into column i + j, the high
 * halves apart into column i + j + 1 and doubled once per column. Columns
 * 5..9 fold onto 0..4 times 19 (2^255 = 19 mod p) with shifts and adds.
 *
 * Bounds: column k sums at most (n_k + 2 n_(k-1)) 2^52 with n the number of
 * terms (1, 2, 3, 4, 5, 4, 3, 2, 1), so limb m is below
 * (c_m + 19 c_(m+5)) 2^52 <= 267 2^52 < 2^60.1, plus the bias (2^61):
 * below 2^61.6 in biased lanes, 2^60.1 in the others.
 */
static inline void fe8_mul(fe8 h, const fe8 f, const fe8 g, __mmask8 biased) {
    __m512i lo[9], hi[10], z[10];
    for (int k = 0; k < 5; k++)
        lo[k] = fe8_bias(k, biased);
    for (int k = 5; k < 9; k++)
        lo[k] = _mm512_setzero_si512();
    for (int k = 0; k < 10; k++)
        hi[k] = _mm512_setzero_si512();
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 5; j++) {
            lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], f[i], g[j]);
            hi[i + j + 1] = _mm512_madd52hi_epu64(hi[i + j + 1], f[i], g[j]);
        }
    }
    z[0] = lo[0];
    for (int k = 1; k < 9; k++)
        z[k] = _mm512_add_epi64(lo[k], _mm512_add_epi64(hi[k], hi[k]));
    z[9] = _mm512_add_epi64(hi[9], hi[9]);
    for (int m = 0; m < 5; m++) {
        __m512i t = z[m + 5];
        __m512i t19 = _mm512_add_epi64(
            _mm512_add_epi64(t, _mm512_add_epi64(t, t)), /* 3t */
            _mm512_slli_epi64(t, 4));                    /* + 16t */
        h[m] = _mm512_add_epi64(z[m], t19);
    }
}

/* h = lanes of f picked by idx; with permute2, g's where idx has bit 3 */
static inline void fe8_permute(fe8 h, const fe8 f, __m512i idx) {
    for (int i = 0; i < 5; i++)
        h[i] = _mm512_permutexvar_epi64(idx, f[i]);
}
static inline void fe8_permute2(fe8 h, const fe8 f, __m512i idx, const fe8 g) {
    for (int i = 0; i < 5; i++)
        h[i] = _mm512_permutex2var_epi64(f[i], idx, g[i]);
}

/* w = sum l_i 2^(51 i), as four words, for carried limbs (below 2^256);
 * not reduced mod p. */
static inline void fe8_limbs_to_words(uint64_t w[4], const uint64_t l[5]) {
    typedef unsigned __int128 u128;
    u128 acc = (u128)l[0] + ((u128)l[1] << 51); /* bits 0.. */
    w[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[2] << 38); /* l2 starts at bit 102 */
    w[1] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[3] << 25); /* l3 at 153 */
    w[2] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[4] << 12); /* l4 at 204 */
    w[3] = (uint64_t)acc;
}

/* The eight elements of a carried f as words, w[lane] (not reduced) */
static inline void fe8_to_words(uint64_t w[8][4], const fe8 f) {
    uint64_t lanes[5][8], l[5];
    /* lanes is plain words with no vector alignment: the store goes
     * through __m512i_u, the alignment-1 type of the unaligned intrinsic */
    for (int i = 0; i < 5; i++)
        _mm512_storeu_si512((__m512i_u *)lanes[i], f[i]);
    for (int lane = 0; lane < 8; lane++) {
        for (int i = 0; i < 5; i++)
            l[i] = lanes[i][lane];
        fe8_limbs_to_words(w[lane], l);
    }
    hush_wipe(lanes, sizeof lanes);
    hush_wipe(l, sizeof l);
}

#endif
