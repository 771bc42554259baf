/*
 * Helpers shared by the AES-NI tiers (aes_aesni.c, aes_vaes512.c and the
 * fused GCM file): the key schedule and the one-block paths. static inline,
 * compiled into each tier with that tier's flags; include only from files
 * built with at least -maes -mssse3 -msse4.1.
 *
 * Key layout in hush_aes_key.data: ek[0..rounds] then dk[0..rounds], where
 * dk is the equivalent-inverse-cipher schedule (reversed, InvMixColumns'd).
 */
#ifndef HUSH_AES_NI_H
#define HUSH_AES_NI_H

#include <immintrin.h>

#include "aes/aes_impl.h"

typedef struct aesni_key {
    __m128i ek[15], dk[15];
} aesni_key;

_Static_assert(sizeof(aesni_key) <= HUSH_AES_KEY_DATA, "AES-NI key fits");

static inline const aesni_key *aesni_key_of(const hush_aes_key *k) {
    return (const aesni_key *)(const void *)k->data;
}

/* SubWord(w) through AESKEYGENASSIST (dword 0 of the result, with w in
 * every lane), the form hush_aes_expand_words takes. Constant time: the AES
 * unit does the S-box. */
static inline uint32_t aesni_sub_word(uint32_t w) {
    return (uint32_t)_mm_cvtsi128_si32(
        _mm_aeskeygenassist_si128(_mm_set1_epi32((int)w), 0));
}

/* next AES-128 round key (and the even AES-256 ones): w[i] = w[i-1] ^
 * w[i-4] is a prefix XOR across the four words, then the SubWord term
 * (broadcast from the AESKEYGENASSIST result word `sel`) */
static inline __m128i aesni_next_key(__m128i prev, __m128i assist) {
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 8));
    return _mm_xor_si128(prev, assist);
}
#define AESNI_K128(ek, i, rcon)                                                \
    ek[i] = aesni_next_key(                                                    \
        ek[i - 1],                                                             \
        _mm_shuffle_epi32(_mm_aeskeygenassist_si128(ek[i - 1], rcon), 0xff))
#define AESNI_K256(ek, i, rcon)                                                \
    do {                                                                       \
        ek[i] = aesni_next_key(                                                \
            ek[i - 2], _mm_shuffle_epi32(                                      \
                           _mm_aeskeygenassist_si128(ek[i - 1], rcon), 0xff)); \
        if (i + 1 <= 14)                                                       \
            ek[i + 1] = aesni_next_key(                                        \
                ek[i - 1],                                                     \
                _mm_shuffle_epi32(_mm_aeskeygenassist_si128(ek[i], 0), 0xaa)); \
    } while (0)

static inline void aesni_expand(hush_aes_key *k, const uint8_t *key,
                                size_t keylen) {
    aesni_key *ak = (aesni_key *)(void *)k->data;
    if (keylen == 16 || keylen == 32) {
        /* the usual register-only schedules (round constants must be
         * immediates, hence the unrolled macros) */
        __m128i *ek = ak->ek;
        ek[0] = _mm_loadu_si128((const __m128i *)(const void *)key);
        if (keylen == 16) {
            AESNI_K128(ek, 1, 0x01);
            AESNI_K128(ek, 2, 0x02);
            AESNI_K128(ek, 3, 0x04);
            AESNI_K128(ek, 4, 0x08);
            AESNI_K128(ek, 5, 0x10);
            AESNI_K128(ek, 6, 0x20);
            AESNI_K128(ek, 7, 0x40);
            AESNI_K128(ek, 8, 0x80);
            AESNI_K128(ek, 9, 0x1b);
            AESNI_K128(ek, 10, 0x36);
        } else {
            ek[1] = _mm_loadu_si128((const __m128i *)(const void *)(key + 16));
            AESNI_K256(ek, 2, 0x01);
            AESNI_K256(ek, 4, 0x02);
            AESNI_K256(ek, 6, 0x04);
            AESNI_K256(ek, 8, 0x08);
            AESNI_K256(ek, 10, 0x10);
            AESNI_K256(ek, 12, 0x20);
            AESNI_K256(ek, 14, 0x40);
        }
        ak->dk[0] = ak->ek[k->rounds];
        for (unsigned r = 1; r < k->rounds; r++)
            ak->dk[r] = _mm_aesimc_si128(ak->ek[k->rounds - r]);
        ak->dk[k->rounds] = ak->ek[0];
        return;
    }
    /* AES-192: the generic word-by-word expansion */
    uint32_t w[60];
    hush_aes_expand_words(w, key, keylen, k->rounds, aesni_sub_word);
    for (unsigned r = 0; r <= k->rounds; r++)
        ak->ek[r] = _mm_loadu_si128((const __m128i *)(const void *)(w + 4 * r));
    ak->dk[0] = ak->ek[k->rounds];
    for (unsigned r = 1; r < k->rounds; r++)
        ak->dk[r] = _mm_aesimc_si128(ak->ek[k->rounds - r]);
    ak->dk[k->rounds] = ak->ek[0];
    hush_wipe(w, sizeof w);
}

static inline __m128i aesni_encrypt1(const aesni_key *ak, unsigned rounds,
                                     __m128i x) {
    x = _mm_xor_si128(x, ak->ek[0]);
    for (unsigned r = 1; r < rounds; r++)
        x = _mm_aesenc_si128(x, ak->ek[r]);
    return _mm_aesenclast_si128(x, ak->ek[rounds]);
}

static inline __m128i aesni_decrypt1(const aesni_key *ak, unsigned rounds,
                                     __m128i x) {
    x = _mm_xor_si128(x, ak->dk[0]);
    for (unsigned r = 1; r < rounds; r++)
        x = _mm_aesdec_si128(x, ak->dk[r]);
    return _mm_aesdeclast_si128(x, ak->dk[rounds]);
}

/* A few whole blocks (ECB) one after another; the blocks are independent,
 * so the core overlaps their rounds. The short-call path of every tier. */
static inline void aesni_ecb_short(const aesni_key *ak, unsigned rounds,
                                   int decrypt, uint8_t *out, const uint8_t *in,
                                   size_t nblocks) {
    for (; nblocks > 0; nblocks--, in += 16, out += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)in);
        x = decrypt ? aesni_decrypt1(ak, rounds, x)
                    : aesni_encrypt1(ak, rounds, x);
        _mm_storeu_si128((__m128i *)(void *)out, x);
    }
}

/* The counter block (hi:lo) as the big-endian bytes AES encrypts. */
static inline __m128i aesni_counter_block(uint64_t hi, uint64_t lo) {
    return _mm_set_epi64x((long long)__builtin_bswap64(lo),
                          (long long)__builtin_bswap64(hi));
}

/* CTR one block at a time for the tail (< 16 bytes allowed). */
static inline void aesni_ctr_tail(const aesni_key *ak, unsigned rounds,
                                  uint8_t *out, const uint8_t *in, size_t len,
                                  uint64_t *hi, uint64_t *lo) {
    while (len > 0) {
        __m128i ks = aesni_encrypt1(ak, rounds, aesni_counter_block(*hi, *lo));
        hush_aes_ctr_add(hi, lo, 1);
        if (len >= 16) {
            __m128i m = _mm_loadu_si128((const __m128i *)(const void *)in);
            _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(m, ks));
            in += 16, out += 16, len -= 16;
        } else {
            uint8_t buf[16];
            _mm_storeu_si128((__m128i *)(void *)buf, ks);
            for (size_t i = 0; i < len; i++)
                out[i] = in[i] ^ buf[i];
            hush_wipe(buf, sizeof buf);
            len = 0;
        }
    }
}

#endif
