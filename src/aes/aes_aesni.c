/*
 * AES with AES-NI and SSE. CTR and ECB keep eight blocks in flight so the
 * AES unit's latency is covered by independent work. Constant time: the
 * rounds run in the AES unit, and nothing branches on data.
 */
#include "aes/aes_ni.h"

static void aesni_setup(hush_aes_key *k, const uint8_t *key, size_t keylen) {
    aesni_expand(k, key, keylen);
}

#define LOADU(p)     _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* ECB, eight blocks in flight; `decrypt` is a constant at each call site,
 * so each inlined copy keeps only its own instructions. */
static inline __attribute__((always_inline)) void
aesni_ecb(const hush_aes_key *k, int decrypt, uint8_t *out, const uint8_t *in,
          size_t nblocks) {
    const aesni_key *ak = aesni_key_of(k);
    const __m128i *rk = decrypt ? ak->dk : ak->ek;
    unsigned rounds = k->rounds;
    for (; nblocks >= 8; nblocks -= 8, in += 128, out += 128) {
        __m128i x[8];
        for (int i = 0; i < 8; i++)
            x[i] = _mm_xor_si128(LOADU(in + 16 * i), rk[0]);
        for (unsigned r = 1; r < rounds; r++)
            for (int i = 0; i < 8; i++)
                x[i] = decrypt ? _mm_aesdec_si128(x[i], rk[r])
                               : _mm_aesenc_si128(x[i], rk[r]);
        for (int i = 0; i < 8; i++)
            STOREU(out + 16 * i, decrypt
                                     ? _mm_aesdeclast_si128(x[i], rk[rounds])
                                     : _mm_aesenclast_si128(x[i], rk[rounds]));
    }
    aesni_ecb_short(ak, rounds, decrypt, out, in, nblocks);
}

static void aesni_encrypt(const hush_aes_key *k, uint8_t *out,
                          const uint8_t *in, size_t nblocks) {
    aesni_ecb(k, 0, out, in, nblocks);
}

static void aesni_decrypt(const hush_aes_key *k, uint8_t *out,
                          const uint8_t *in, size_t nblocks) {
    aesni_ecb(k, 1, out, in, nblocks);
}

static void aesni_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                      size_t len, uint8_t ctr[16]) {
    const aesni_key *ak = aesni_key_of(k);
    unsigned rounds = k->rounds;
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    /* byte reversal of a whole lane: little-endian (lo, hi) -> big-endian */
    const __m128i bswap128 =
        _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (; len >= 128; len -= 128, in += 128, out += 128) {
        __m128i x[8];
        if (HUSH_LIKELY(lo <= UINT64_MAX - 8)) {
            /* no carry into hi within these 8: add in the native order */
            __m128i base = _mm_set_epi64x((long long)hi, (long long)lo);
            for (int i = 0; i < 8; i++)
                x[i] = _mm_shuffle_epi8(
                    _mm_add_epi64(base, _mm_set_epi64x(0, i)), bswap128);
            lo += 8;
        } else {
            for (int i = 0; i < 8; i++) {
                x[i] = aesni_counter_block(hi, lo);
                hush_aes_ctr_add(&hi, &lo, 1);
            }
        }
        for (int i = 0; i < 8; i++)
            x[i] = _mm_xor_si128(x[i], ak->ek[0]);
        for (unsigned r = 1; r < rounds; r++)
            for (int i = 0; i < 8; i++)
                x[i] = _mm_aesenc_si128(x[i], ak->ek[r]);
        for (int i = 0; i < 8; i++) {
            __m128i ks = _mm_aesenclast_si128(x[i], ak->ek[rounds]);
            STOREU(out + 16 * i, _mm_xor_si128(LOADU(in + 16 * i), ks));
        }
    }
    aesni_ctr_tail(ak, rounds, out, in, len, &hi, &lo);
    hush_aes_ctr_store(ctr, hi, lo);
}

const hush_aes_ops hush_aes_aesni = {aesni_setup, aesni_encrypt, aesni_decrypt,
                                     aesni_ctr};
