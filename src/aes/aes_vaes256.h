/*
 * VAES on 256-bit registers (AVX2, no AVX-512): two blocks per register.
 * Shared (static inline) by aes_vaes256.c and the fused GCM tier
 * (gcm_vaes256.c); include only from files built with -mavx2 -mvaes on top
 * of AES-NI.
 *
 * Round keys stay in the AES-NI layout (aes_ni.h) and are broadcast from it
 * where they are used (one vbroadcasti128 from memory per round, a load-port
 * operation): 15 broadcast keys and eight AES states do not fit the 16 ymm
 * registers, and whatever the compiler spilled would land in stack slots C
 * cannot wipe. Callers pass the schedule's pointer through an empty asm at
 * the top of each step (HUSH_OPAQUE), so no broadcast is hoisted out of a
 * loop and kept.
 */
#ifndef HUSH_AES_VAES256_H
#define HUSH_AES_VAES256_H

#include "aes/aes_ni.h"

#define VAES256_ALWAYS_INLINE static inline __attribute__((always_inline))

/* round key r of the AES-NI schedule ek in both lanes */
VAES256_ALWAYS_INLINE __m256i vaes256_key(const __m128i *ek, unsigned r) {
    return _mm256_broadcastsi128_si256(_mm_load_si128(ek + r));
}

/* lane-wise 16-byte reversal: native (lo, hi) counter <-> big-endian block */
VAES256_ALWAYS_INLINE __m256i vaes256_bswap(__m256i x) {
    return _mm256_shuffle_epi8(
        x, _mm256_broadcastsi128_si256(_mm_set_epi8(
               0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* The counter blocks (hi:lo) + 0 .. 2n - 1 into n registers (block 2i in
 * the low lane of x[i]); the caller advances (hi, lo). Counters are public:
 * the branch on a carry out of lo is constant time. */
VAES256_ALWAYS_INLINE void vaes256_counters(__m256i *x, const int n,
                                            uint64_t hi, uint64_t lo) {
    if (HUSH_LIKELY(lo <= UINT64_MAX - 2 * (uint64_t)n)) {
        __m256i base =
            _mm256_add_epi64(_mm256_broadcastsi128_si256(
                                 _mm_set_epi64x((long long)hi, (long long)lo)),
                             _mm256_set_epi64x(0, 1, 0, 0));
        const __m256i two = _mm256_set_epi64x(0, 2, 0, 2);
#pragma GCC unroll 8
        for (int i = 0; i < n; i++) {
            x[i] = vaes256_bswap(base);
            base = _mm256_add_epi64(base, two);
        }
    } else {
        /* the low 64 bits wrap somewhere in here: carry one by one */
        HUSH_ALIGNED(32) uint8_t buf[8 * 32];
        for (int i = 0; i < 2 * n; i++) {
            hush_aes_ctr_store(buf + 16 * i, hi, lo);
            hush_aes_ctr_add(&hi, &lo, 1);
        }
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            x[i] = _mm256_load_si256(
                (const __m256i *)(const void *)(buf + 32 * i));
    }
}

/* The AES rounds of n registers (a constant) with the schedule ek. */
VAES256_ALWAYS_INLINE void vaes256_encrypt_regs(__m256i *x, const int n,
                                                const __m128i *ek,
                                                const unsigned R) {
    __m256i k = vaes256_key(ek, 0);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = _mm256_xor_si256(x[i], k);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        k = vaes256_key(ek, r);
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            x[i] = _mm256_aesenc_epi128(x[i], k);
    }
    k = vaes256_key(ek, R);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = _mm256_aesenclast_epi128(x[i], k);
}

VAES256_ALWAYS_INLINE void vaes256_decrypt_regs(__m256i *x, const int n,
                                                const __m128i *dk,
                                                const unsigned R) {
    __m256i k = vaes256_key(dk, 0);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = _mm256_xor_si256(x[i], k);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        k = vaes256_key(dk, r);
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            x[i] = _mm256_aesdec_epi128(x[i], k);
    }
    k = vaes256_key(dk, R);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = _mm256_aesdeclast_epi128(x[i], k);
}

/*
 * out = in XOR the keystream registers ks[0..n) over len bytes
 * (len <= 32 n). Whole registers are stored directly; a partial last one
 * goes through pad (32 bytes), which only ever holds input and output
 * bytes (never the keystream itself: it stays in its register) and which
 * the caller wipes.
 */
VAES256_ALWAYS_INLINE void vaes256_xor_out(uint8_t *out, const uint8_t *in,
                                           size_t len, const __m256i *ks,
                                           const int n, uint8_t pad[32]) {
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        size_t at = 32 * (size_t)i;
        if (at >= len) break; /* public */
        size_t left = len - at;
        if (left >= 32) {
            __m256i d =
                _mm256_loadu_si256((const __m256i *)(const void *)(in + at));
            _mm256_storeu_si256((__m256i *)(void *)(out + at),
                                _mm256_xor_si256(d, ks[i]));
            continue;
        }
        _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_setzero_si256());
        for (size_t j = 0; j < left; j++) {
            HUSH_OPAQUE(j); /* a byte loop, not a memcpy call */
            pad[j] = in[at + j];
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)pad);
        _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_xor_si256(d, ks[i]));
        for (size_t j = 0; j < left; j++) {
            HUSH_OPAQUE(j);
            out[at + j] = pad[j];
        }
        break;
    }
}

#endif
