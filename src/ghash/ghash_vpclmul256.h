/*
 * VPCLMULQDQ (256-bit, AVX2) GHASH helpers, static inline for the
 * vpclmul256 tier and the fused GCM tier (gcm_vaes256.c). Include only from
 * files built with -mavx2 -mvpclmulqdq -mpclmul. The table is the pclmul
 * tier's: H^32 .. H^1 in V form (ghash_impl.h), so two adjacent entries are
 * the powers of two adjacent blocks, one 256-bit load.
 */
#ifndef HUSH_GHASH_VPCLMUL256_H
#define HUSH_GHASH_VPCLMUL256_H

#include "ghash/ghash_clmul.h"

#define GHASH256_ALWAYS_INLINE static inline __attribute__((always_inline))

typedef struct ghash_acc256 {
    __m256i lo, mid, hi;
} ghash_acc256;

GHASH256_ALWAYS_INLINE __m256i ghash_bswap256(__m256i x) {
    return _mm256_shuffle_epi8(x,
                               _mm256_broadcastsi128_si256(ghash_bswap_mask()));
}

GHASH256_ALWAYS_INLINE void ghash_acc256_zero(ghash_acc256 *a) {
    a->lo = a->mid = a->hi = _mm256_setzero_si256();
}

/* schoolbook: four multiplies per register, two blocks */
GHASH256_ALWAYS_INLINE void ghash_acc256_mul(ghash_acc256 *a, __m256i x,
                                             __m256i h) {
    a->lo = _mm256_xor_si256(a->lo, _mm256_clmulepi64_epi128(x, h, 0x00));
    a->hi = _mm256_xor_si256(a->hi, _mm256_clmulepi64_epi128(x, h, 0x11));
    a->mid = _mm256_xor_si256(a->mid, _mm256_clmulepi64_epi128(x, h, 0x01));
    a->mid = _mm256_xor_si256(a->mid, _mm256_clmulepi64_epi128(x, h, 0x10));
    /* accumulate now: left alone, the compiler reassociates the XORs of a
     * run into a tree that keeps all the products live, and spills them */
    __asm__("" : "+x"(a->lo), "+x"(a->mid), "+x"(a->hi));
}

/* the two lanes added */
GHASH256_ALWAYS_INLINE __m128i ghash_fold256(__m256i v) {
    return _mm_xor_si128(_mm256_castsi256_si128(v),
                         _mm256_extracti128_si256(v, 1));
}

GHASH256_ALWAYS_INLINE __m128i ghash_acc256_reduce(const ghash_acc256 *a) {
    return ghash_reduce_clmul(ghash_fold256(a->lo), ghash_fold256(a->mid),
                              ghash_fold256(a->hi));
}

/* H^e .. H^(e-1) (e >= 2) of the table: the powers of two adjacent blocks */
GHASH256_ALWAYS_INLINE __m256i ghash_pow2(const hush_ghash_key *k, unsigned e) {
    return _mm256_loadu_si256(
        (const __m256i *)(const void *)k->pow[HUSH_GHASH_POWERS - e]);
}

/* n (1..16, public) blocks of GCM bytes at in, y folded into the first,
 * each times its own power of H, one reduction */
GHASH256_ALWAYS_INLINE __m128i ghash_vpclmul256_run(const hush_ghash_key *k,
                                                    __m128i y,
                                                    const uint8_t *in,
                                                    size_t n) {
    ghash_acc256 a;
    ghash_acc256_zero(&a);
    /* no power hoisted out of the caller's loop (and spilled) */
    __asm__("" : "+r"(k));
    __m256i y256 = _mm256_zextsi128_si256(y);
    size_t i = 0;
    for (; i + 2 <= n; i += 2) {
        __m256i x = ghash_bswap256(
            _mm256_loadu_si256((const __m256i *)(const void *)(in + 16 * i)));
        x = _mm256_xor_si256(x, y256);
        y256 = _mm256_setzero_si256();
        ghash_acc256_mul(&a, x, ghash_pow2(k, (unsigned)(n - i)));
    }
    if (i < n) { /* the last block, times H */
        __m128i x = _mm_shuffle_epi8(
            _mm_loadu_si128((const __m128i *)(const void *)(in + 16 * i)),
            ghash_bswap_mask());
        x = _mm_xor_si128(x, _mm256_castsi256_si128(y256));
        __m128i h = _mm_load_si128(
            (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - 1]);
        a.lo = _mm256_xor_si256(
            a.lo, _mm256_zextsi128_si256(_mm_clmulepi64_si128(x, h, 0x00)));
        a.hi = _mm256_xor_si256(
            a.hi, _mm256_zextsi128_si256(_mm_clmulepi64_si128(x, h, 0x11)));
        a.mid = _mm256_xor_si256(a.mid, _mm256_zextsi128_si256(_mm_xor_si128(
                                            _mm_clmulepi64_si128(x, h, 0x01),
                                            _mm_clmulepi64_si128(x, h, 0x10))));
    }
    return ghash_acc256_reduce(&a);
}

#endif
