/*
 * AES with VAES on 512-bit registers: four blocks per register and four
 * registers (16 blocks) in flight, round keys broadcast once per call and
 * kept in registers. Tails use byte-masked loads and stores, so there is no
 * scalar tail loop. Constant time: the rounds run in the AES units, masks
 * depend only on lengths.
 */
#include "aes/aes_vaes512.h"

static void vaes_setup(hush_aes_key *k, const uint8_t *key, size_t keylen) {
    aesni_expand(k, key, keylen);
}

static void vaes_ecb(const __m128i *rk, unsigned rounds, int decrypt,
                     uint8_t *out, const uint8_t *in, size_t nblocks) {
    vaes_keys keys;
    vaes_load_keys(&keys, rk, rounds);
    size_t len = 16 * nblocks;
    while (len > 0) {
        __m512i x[4];
        int n = 0;
        size_t done = 0;
        for (; n < 4 && done < len; n++, done += 64)
            x[n] =
                _mm512_maskz_loadu_epi8(vaes_byte_mask(len - done), in + done);
        for (int i = 0; i < n; i++)
            x[i] = _mm512_xor_si512(x[i], keys.k[0]);
        if (decrypt) {
            for (unsigned r = 1; r < rounds; r++)
                for (int i = 0; i < n; i++)
                    x[i] = _mm512_aesdec_epi128(x[i], keys.k[r]);
            for (int i = 0; i < n; i++)
                x[i] = _mm512_aesdeclast_epi128(x[i], keys.k[rounds]);
        } else {
            for (unsigned r = 1; r < rounds; r++)
                for (int i = 0; i < n; i++)
                    x[i] = _mm512_aesenc_epi128(x[i], keys.k[r]);
            for (int i = 0; i < n; i++)
                x[i] = _mm512_aesenclast_epi128(x[i], keys.k[rounds]);
        }
        done = 0;
        for (int i = 0; i < n; i++, done += 64)
            _mm512_mask_storeu_epi8(out + done, vaes_byte_mask(len - done),
                                    x[i]);
        in += done, out += done;
        len = len > done ? len - done : 0;
    }
    HUSH_WIPE_OBJ(&keys);
}

static void vaes_encrypt(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                         size_t nblocks) {
    vaes_ecb(aesni_key_of(k)->ek, k->rounds, 0, out, in, nblocks);
}
static void vaes_decrypt(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                         size_t nblocks) {
    vaes_ecb(aesni_key_of(k)->dk, k->rounds, 1, out, in, nblocks);
}

static void vaes_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                     size_t len, uint8_t ctr[16]) {
    vaes_keys keys;
    unsigned rounds = k->rounds;
    vaes_load_keys(&keys, aesni_key_of(k)->ek, rounds);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    for (; len >= 256; len -= 256, in += 256, out += 256) {
        __m512i x[4];
        vaes_counters(x, 4, hi, lo);
        hush_aes_ctr_add(&hi, &lo, 16);
        VAES_ENC4(x, &keys, rounds, 4);
        for (int i = 0; i < 4; i++)
            _mm512_storeu_si512(
                out + 64 * i,
                _mm512_xor_si512(x[i], _mm512_loadu_si512(in + 64 * i)));
    }
    if (len > 0) {
        __m512i x[4];
        int n = (int)((len + 63) / 64);
        vaes_counters(x, n, hi, lo);
        hush_aes_ctr_add(&hi, &lo, (len + 15) / 16);
        VAES_ENC4(x, &keys, rounds, n);
        for (int i = 0; i < n; i++) {
            __mmask64 m = vaes_byte_mask(len - 64 * (size_t)i);
            __m512i d = _mm512_maskz_loadu_epi8(m, in + 64 * i);
            _mm512_mask_storeu_epi8(out + 64 * i, m, _mm512_xor_si512(x[i], d));
        }
    }
    hush_aes_ctr_store(ctr, hi, lo);
    HUSH_WIPE_OBJ(&keys);
}

const hush_aes_ops hush_aes_vaes512 = {vaes_setup, vaes_encrypt, vaes_decrypt,
                                       vaes_ctr};
