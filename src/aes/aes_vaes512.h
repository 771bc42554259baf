/*
 * VAES on 512-bit registers: four blocks per register. Shared (static
 * inline) by aes_vaes512.c and the fused GCM tier; include only from files
 * built with -mvaes -mavx512f -mavx512vl -mavx512bw on top of AES-NI.
 */
#ifndef HUSH_AES_VAES512_H
#define HUSH_AES_VAES512_H

#include "aes/aes_ni.h"

typedef struct vaes_keys {
    __m512i k[15];
} vaes_keys;

static inline void vaes_load_keys(vaes_keys *v, const __m128i *rk,
                                  unsigned rounds) {
    for (unsigned r = 0; r <= rounds; r++)
        v->k[r] = _mm512_broadcast_i32x4(rk[r]);
}

#define VAES_ENC4(x, keys, rounds, n)                                          \
    do {                                                                       \
        for (int i_ = 0; i_ < (n); i_++)                                       \
            (x)[i_] = _mm512_xor_si512((x)[i_], (keys)->k[0]);                 \
        for (unsigned r_ = 1; r_ < (rounds); r_++)                             \
            for (int i_ = 0; i_ < (n); i_++)                                   \
                (x)[i_] = _mm512_aesenc_epi128((x)[i_], (keys)->k[r_]);        \
        for (int i_ = 0; i_ < (n); i_++)                                       \
            (x)[i_] = _mm512_aesenclast_epi128((x)[i_], (keys)->k[rounds]);    \
    } while (0)

/* Lane-wise 16-byte reversal: native (lo, hi) counter -> big-endian block. */
static inline __m512i vaes_bswap128(__m512i x) {
    const __m512i m = _mm512_broadcast_i32x4(
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_shuffle_epi8(x, m);
}

/* Counter blocks ctr+first .. ctr+first+4n-1 into n registers, advancing
 * nothing; the caller adds 4n to (hi, lo). Counters are public. */
static inline void vaes_counters(__m512i *x, int n, uint64_t hi, uint64_t lo) {
    if (HUSH_LIKELY(lo <= UINT64_MAX - 64)) {
        __m512i base =
            _mm512_add_epi64(_mm512_broadcast_i32x4(
                                 _mm_set_epi64x((long long)hi, (long long)lo)),
                             _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
        const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
        for (int i = 0; i < n; i++) {
            x[i] = vaes_bswap128(base);
            base = _mm512_add_epi64(base, four);
        }
    } else {
        /* the low 64 bits wrap somewhere in here: carry one by one */
        HUSH_ALIGNED(64) uint8_t buf[4 * 64];
        for (int i = 0; i < 4 * n; i++) {
            hush_aes_ctr_store(buf + 16 * i, hi, lo);
            hush_aes_ctr_add(&hi, &lo, 1);
        }
        for (int i = 0; i < n; i++)
            x[i] = _mm512_load_si512((const void *)(buf + 64 * i));
    }
}

/* Mask of the first `bytes` bytes of a 64-byte register (bytes <= 64). */
static inline __mmask64 vaes_byte_mask(size_t bytes) {
    return bytes >= 64 ? ~(__mmask64)0 : (((__mmask64)1 << bytes) - 1);
}

#endif
