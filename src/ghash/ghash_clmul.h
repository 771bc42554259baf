/*
 * PCLMULQDQ helpers shared (static inline) by the pclmul and vpclmul512
 * GHASH tiers and the fused GCM tier; include only from files built with
 * -mpclmul -mssse3 -msse4.1 or more.
 *
 * Products are accumulated unreduced as three 128-bit parts (lo, mid, hi
 * of the schoolbook product); one reduction serves a whole run of blocks.
 */
#ifndef HUSH_GHASH_CLMUL_H
#define HUSH_GHASH_CLMUL_H

#include <immintrin.h>

#include "ghash/ghash_impl.h"

/* GCM bytes <-> V form in a register */
static inline __m128i ghash_bswap_mask(void) {
    return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

typedef struct ghash_acc {
    __m128i lo, mid, hi;
} ghash_acc;

static inline void ghash_acc_mul(ghash_acc *a, __m128i x, __m128i h) {
    a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
    a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(x, h, 0x01));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(x, h, 0x10));
}

/* 128-bit right shift of r by k (0 < k < 64) */
static inline __m128i ghash_srl128(__m128i r, int k) {
    return _mm_or_si128(_mm_srli_epi64(r, k),
                        _mm_srli_si128(_mm_slli_epi64(r, 64 - k), 8));
}

/* The 255-bit reversed product of the schoolbook parts (lo, mid, hi) as
 * [hi:lo], shifted left by one bit: the reflected product is one bit
 * short. The first step of both reductions below. */
static inline __attribute__((always_inline)) void
ghash_product_shl1(__m128i *lo, __m128i mid, __m128i *hi) {
    __m128i l = _mm_xor_si128(*lo, _mm_slli_si128(mid, 8));
    __m128i h = _mm_xor_si128(*hi, _mm_srli_si128(mid, 8));
    __m128i cl = _mm_srli_epi64(l, 63), ch = _mm_srli_epi64(h, 63);
    *hi =
        _mm_or_si128(_mm_slli_epi64(h, 1), _mm_or_si128(_mm_slli_si128(ch, 8),
                                                        _mm_srli_si128(cl, 8)));
    *lo = _mm_or_si128(_mm_slli_epi64(l, 1), _mm_slli_si128(cl, 8));
}

/* Reduces the 255-bit reversed product in (lo, mid, hi) to V form. */
static inline __m128i ghash_reduce(__m128i lo, __m128i mid, __m128i hi) {
    ghash_product_shl1(&lo, mid, &hi);
    /* fold the bits the right shifts would lose into the high word */
    __m128i t = _mm_xor_si128(
        _mm_slli_epi64(lo, 63),
        _mm_xor_si128(_mm_slli_epi64(lo, 62), _mm_slli_epi64(lo, 57)));
    lo = _mm_xor_si128(lo, _mm_slli_si128(t, 8));
    __m128i h = _mm_xor_si128(lo, ghash_srl128(lo, 1));
    h = _mm_xor_si128(h, ghash_srl128(lo, 2));
    h = _mm_xor_si128(h, ghash_srl128(lo, 7));
    return _mm_xor_si128(hi, h);
}

/*
 * The same value as ghash_reduce, with the fold of the low half done by
 * two PCLMULs by the reflected polynomial (0xc2 << 56: x^7 + x^2 + x + 1
 * with the 1-bit offset of the reflected product) instead of ~14 shifts
 * and XORs: for the fused tiers, whose loops have PCLMUL to spare.
 */
static inline __attribute__((always_inline)) __m128i
ghash_reduce_clmul(__m128i lo, __m128i mid, __m128i hi) {
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 0);
    ghash_product_shl1(&lo, mid, &hi);
    /* fold the low half into the high one, 64 bits at a time */
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e),
                       _mm_clmulepi64_si128(lo, poly, 0x10));
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e),
                       _mm_clmulepi64_si128(lo, poly, 0x10));
    return _mm_xor_si128(hi, lo);
}

static inline __m128i ghash_mul1(__m128i a, __m128i b) {
    ghash_acc acc = {_mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128()};
    ghash_acc_mul(&acc, a, b);
    return ghash_reduce(acc.lo, acc.mid, acc.hi);
}

/* pow[j] = H^(HUSH_GHASH_POWERS - j), computed with PCLMUL by doubling:
 * H^(n+1..2n) = H^(1..n) * H^n, so each level's products are independent
 * and the whole table costs five multiplication latencies, not 31 (it
 * matters for one-shot calls, which expand the key every time). */
static inline void ghash_clmul_init(hush_ghash_key *k, const uint8_t h[16]) {
    __m128i *pw = (__m128i *)(void *)k->pow; /* pw[P - e] = H^e */
    const int P = HUSH_GHASH_POWERS;
    memset(k, 0, sizeof *k);
    pw[P - 1] = _mm_shuffle_epi8(
        _mm_loadu_si128((const __m128i *)(const void *)h), ghash_bswap_mask());
    for (int n = 1; n < P; n *= 2) {
        __m128i hn = pw[P - n];
        for (int e = 1; e <= n; e++)
            pw[P - n - e] = ghash_mul1(pw[P - e], hn);
    }
}

static inline __m128i ghash_load_y(const uint64_t y[2]) {
    return _mm_loadu_si128((const __m128i *)(const void *)y);
}
static inline void ghash_store_y(uint64_t y[2], __m128i v) {
    _mm_storeu_si128((__m128i *)(void *)y, v);
}

/* n (1..16) blocks, y folded into the first, one reduction */
static inline __m128i ghash_clmul_run(const hush_ghash_key *k, __m128i y,
                                      const uint8_t *in, size_t n) {
    const __m128i bswap = ghash_bswap_mask();
    ghash_acc acc = {_mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128()};
    const uint64_t(*pow)[2] = k->pow + (HUSH_GHASH_POWERS - n);
    /* blocks 1 .. n - 1, then block 0 (the one y is folded into), so that
     * the running hash waits for one block's products, not n */
    for (size_t j = 1; j <= n; j++) {
        const size_t i = j % n;
        /* the sums and the powers' pointer through an empty asm: each
         * block's products are formed after the previous ones are added
         * in, and no power is loaded before its block. Left free, gcc
         * hoisted the powers' loads out of the caller's loop and formed
         * all the products first, and with 16 xmm registers spilled
         * powers (H^8, H^7) and partial products (which give the power
         * away for a known block) to stack slots no wipe reaches */
        __asm__("" : "+x"(acc.lo), "+x"(acc.mid), "+x"(acc.hi), "+r"(pow));
        __m128i x = _mm_shuffle_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)),
            bswap);
        if (i == 0) x = _mm_xor_si128(x, y);
        ghash_acc_mul(&acc, x,
                      _mm_load_si128((const __m128i *)(const void *)pow[i]));
    }
    return ghash_reduce(acc.lo, acc.mid, acc.hi);
}

#endif
