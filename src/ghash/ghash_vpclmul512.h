/*
 * VPCLMULQDQ (512-bit) GHASH helpers, static inline for the vpclmul512 tier
 * and the fused GCM tier. Include only from files built with -mvpclmulqdq
 * -mavx512f -mavx512vl -mavx512bw on top of PCLMUL.
 */
#ifndef HUSH_GHASH_VPCLMUL512_H
#define HUSH_GHASH_VPCLMUL512_H

#include "core/tail_avx512.h"
#include "ghash/ghash_clmul.h"

typedef struct ghash_acc512 {
    __m512i lo, mid, hi;
} ghash_acc512;

static inline __m512i ghash_bswap512(__m512i x) {
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(ghash_bswap_mask()));
}

static inline void ghash_acc512_zero(ghash_acc512 *a) {
    a->lo = a->mid = a->hi = _mm512_setzero_si512();
}

static inline void ghash_acc512_mul(ghash_acc512 *a, __m512i x, __m512i h) {
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
    a->mid =
        _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                  _mm512_clmulepi64_epi128(x, h, 0x10), 0x96);
}

static inline __m128i ghash_fold_lanes(__m512i v) {
    __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v),
                                 _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t),
                         _mm256_extracti128_si256(t, 1));
}

static inline __m128i ghash_acc512_reduce(const ghash_acc512 *a) {
    return ghash_reduce(ghash_fold_lanes(a->lo), ghash_fold_lanes(a->mid),
                        ghash_fold_lanes(a->hi));
}

/* Lane-wise GF(2^128) product of V-form values, reduced (the shift
 * reduction of ghash_reduce, four lanes at a time). */
static inline __m512i ghash_mul512(__m512i a, __m512i b) {
    __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00);
    __m512i hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01),
                                   _mm512_clmulepi64_epi128(a, b, 0x10));
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    hi = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    __m512i clo = _mm512_srli_epi64(lo, 63), chi = _mm512_srli_epi64(hi, 63);
    hi = _mm512_ternarylogic_epi64(_mm512_slli_epi64(hi, 1),
                                   _mm512_bslli_epi128(chi, 8),
                                   _mm512_bsrli_epi128(clo, 8), 0xfe);
    lo = _mm512_or_si512(_mm512_slli_epi64(lo, 1), _mm512_bslli_epi128(clo, 8));
    __m512i t = _mm512_ternarylogic_epi64(_mm512_slli_epi64(lo, 63),
                                          _mm512_slli_epi64(lo, 62),
                                          _mm512_slli_epi64(lo, 57), 0x96);
    lo = _mm512_xor_si512(lo, _mm512_bslli_epi128(t, 8));
    /* lo ^ lo>>1 ^ lo>>2 ^ lo>>7 as 128-bit shifts within each lane */
    __m512i up = _mm512_bsrli_epi128(lo, 8);
    __m512i r1 =
        _mm512_or_si512(_mm512_srli_epi64(lo, 1), _mm512_slli_epi64(up, 63));
    __m512i r2 =
        _mm512_or_si512(_mm512_srli_epi64(lo, 2), _mm512_slli_epi64(up, 62));
    __m512i r7 =
        _mm512_or_si512(_mm512_srli_epi64(lo, 7), _mm512_slli_epi64(up, 57));
    __m512i h = _mm512_ternarylogic_epi64(lo, r1, r2, 0x96);
    return _mm512_ternarylogic_epi64(hi, h, r7, 0x96);
}

/* Zeroes the table with nine whole-register stores, written out: a loop
 * (or memset) of this size becomes `rep stos`, whose microcoded start-up
 * costs more than the stores. */
static inline void ghash_vpclmul_zero_key(hush_ghash_key *k) {
    _Static_assert(sizeof *k == 9 * 64, "nine registers");
    uint8_t *p = (uint8_t *)k->pow;
    const __m512i z = _mm512_setzero_si512();
    _mm512_store_si512((void *)(p + 0), z);
    _mm512_store_si512((void *)(p + 64), z);
    _mm512_store_si512((void *)(p + 128), z);
    _mm512_store_si512((void *)(p + 192), z);
    _mm512_store_si512((void *)(p + 256), z);
    _mm512_store_si512((void *)(p + 320), z);
    _mm512_store_si512((void *)(p + 384), z);
    _mm512_store_si512((void *)(p + 448), z);
    _mm512_store_si512((void *)(p + 512), z);
}

/* H^1 .. H^n (n = 4, 8, 16 or 32, a constant after inlining; pow[P - e] =
 * H^e, the rest zero) by doubling, four powers per multiplication from H^5
 * on: H^(n+1..2n) = H^(1..n) * H^n. Each level stays in registers (blk[j]
 * is the 64 bytes at pw[P - have + 4j]) and is stored once at the end:
 * reloading narrow stores as one wide load would stall store forwarding at
 * every level. A one-shot GCM call asks for only the powers its message
 * uses. */
static inline __attribute__((always_inline)) void
ghash_vpclmul_init_powers(hush_ghash_key *k, const uint8_t h[16], const int n) {
    __m128i *pw = (__m128i *)(void *)k->pow; /* pw[P - e] = H^e */
    const int P = HUSH_GHASH_POWERS;
    ghash_vpclmul_zero_key(k);
    __m128i h1 = _mm_shuffle_epi8(
        _mm_loadu_si128((const __m128i *)(const void *)h), ghash_bswap_mask());
    __m128i h2 = ghash_mul1(h1, h1);
    /* (H^3, H^4) = (H, H^2) * H^2 in one lane-wise product */
    __m512i h34 =
        ghash_mul512(_mm512_inserti32x4(_mm512_castsi128_si512(h1), h2, 1),
                     _mm512_broadcast_i32x4(h2));
    /* lanes from the lowest address: H^4, H^3, H^2, H */
    __m512i blk[8];
    blk[0] = _mm512_inserti32x4(
        _mm512_inserti32x4(
            _mm512_inserti32x4(
                _mm512_castsi128_si512(_mm512_extracti32x4_epi32(h34, 1)),
                _mm512_castsi512_si128(h34), 1),
            h2, 2),
        h1, 3);
    int have = 4;
#pragma GCC unroll 3
    for (int level = 0; level < 3 && have < n; level++) {
        __m512i hn = _mm512_broadcast_i32x4(_mm512_castsi512_si128(blk[0]));
        const int m = have / 4;
        /* the new, higher powers go below the current ones in memory */
#pragma GCC unroll 4
        for (int j = m - 1; j >= 0; j--)
            blk[m + j] = blk[j];
#pragma GCC unroll 4
        for (int j = 0; j < m; j++)
            blk[j] = ghash_mul512(blk[m + j], hn);
        have *= 2;
    }
#pragma GCC unroll 8
    for (int j = 0; j < have / 4; j++)
        _mm512_store_si512((void *)&pw[P - have + 4 * j], blk[j]);
}

static inline void ghash_vpclmul_init(hush_ghash_key *k, const uint8_t h[16]) {
    ghash_vpclmul_init_powers(k, h, HUSH_GHASH_POWERS);
}

/* Adds the products of n (1..16) V-form blocks in x[] (y already folded
 * into the first) with the matching powers of H. */
static inline void ghash_acc512_blocks(ghash_acc512 *a, const hush_ghash_key *k,
                                       const __m512i *x, size_t n) {
    const uint64_t(*pow)[2] = k->pow + (HUSH_GHASH_POWERS - n);
    /* a constant trip count, so the loop unrolls and x[] stays in
     * registers; n (public) ends it early */
#pragma GCC unroll 4
    for (size_t i = 0; i < 4; i++) {
        if (4 * i >= n) break;
        size_t left = n - 4 * i;
        __mmask8 m = left >= 4 ? 0xff : (__mmask8)((1u << (2 * left)) - 1);
        __m512i h = _mm512_maskz_loadu_epi64(m, pow[4 * i]);
        ghash_acc512_mul(a, x[i], h);
    }
}

/* n (1..16) blocks of GCM bytes, y folded into the first, one reduction */
static inline __m128i ghash_vpclmul_run(const hush_ghash_key *k, __m128i y,
                                        const uint8_t *in, size_t n) {
    __m512i x[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512(), _mm512_setzero_si512()};
    ghash_acc512 acc;
    ghash_acc512_zero(&acc);
    for (size_t i = 0; 4 * i < n; i++)
        x[i] = ghash_bswap512(hush_tail_load512(in + 64 * i, 16 * (n - 4 * i)));
    x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(y));
    ghash_acc512_blocks(&acc, k, x, n);
    return ghash_acc512_reduce(&acc);
}

#endif
