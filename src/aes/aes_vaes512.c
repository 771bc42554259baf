/*
 * AES with VAES on 512-bit registers: four blocks per register and four
 * registers (16 blocks) in flight, round keys broadcast once per call and
 * kept in registers. Tails use byte-masked loads and stores, so there is no
 * scalar tail loop. Constant time: the rounds run in the AES units, masks
 * depend only on lengths.
 */
#include "aes/aes_vaes512.h"
#include "core/tail_avx512.h"

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
            x[n] = hush_tail_load512(in + done, len - done);
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
            hush_tail_store512(out + done, x[i], len - done);
        in += done, out += done;
        len = len > done ? len - done : 0;
    }
    HUSH_WIPE_OBJ(&keys);
}

/* Fewer blocks than one register holds: broadcasting 15 round keys to zmm
 * registers and wiping their 960-byte stack copy costs several times the
 * rounds themselves, so short calls take the AES-NI path (aes_ni.h) on the
 * schedule as it lies in the context (memory operands, nothing copied). */
#define VAES_SHORT_BLOCKS 4

static void vaes_encrypt(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                         size_t nblocks) {
    if (nblocks < VAES_SHORT_BLOCKS) {
        aesni_ecb_short(aesni_key_of(k), k->rounds, 0, out, in, nblocks);
        return;
    }
    vaes_ecb(aesni_key_of(k)->ek, k->rounds, 0, out, in, nblocks);
}
static void vaes_decrypt(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                         size_t nblocks) {
    if (nblocks < VAES_SHORT_BLOCKS) {
        aesni_ecb_short(aesni_key_of(k), k->rounds, 1, out, in, nblocks);
        return;
    }
    vaes_ecb(aesni_key_of(k)->dk, k->rounds, 1, out, in, nblocks);
}

/* CTR under 64 bytes (see VAES_SHORT_BLOCKS): one AES-NI chain per block
 * (independent, so they overlap), the partial block through a byte-masked
 * xmm load and store, so no keystream lands in a stack buffer. */
static void vaes_ctr_short(const aesni_key *ak, unsigned rounds, uint8_t *out,
                           const uint8_t *in, size_t len, uint8_t ctr[16]) {
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    for (size_t at = 0; at < len; at += 16) {
        __m128i ks = aesni_encrypt1(ak, rounds, aesni_counter_block(hi, lo));
        hush_aes_ctr_add(&hi, &lo, 1);
        size_t left = len - at;
        __m128i d = hush_tail_load128(in + at, left);
        hush_tail_store128(out + at, _mm_xor_si128(d, ks), left);
    }
    hush_aes_ctr_store(ctr, hi, lo);
}

/* One byte-masked step of up to 16 blocks (len < 256) with the round keys
 * broadcast straight from the schedule: a lone step does not repay a stack
 * copy of the broadcast keys (and its wipe). Always four registers, so the
 * loops unroll and x[] stays in registers; unused lanes cost no latency. */
static void vaes_ctr_one_step(const __m128i *ek, unsigned rounds, uint8_t *out,
                              const uint8_t *in, size_t len, uint64_t hi,
                              uint64_t lo) {
    __m512i x[4];
    vaes_counters(x, 4, hi, lo);
    __m512i k = _mm512_broadcast_i32x4(ek[0]);
    for (int i = 0; i < 4; i++)
        x[i] = _mm512_xor_si512(x[i], k);
    for (unsigned r = 1; r < rounds; r++) {
        k = _mm512_broadcast_i32x4(ek[r]);
        for (int i = 0; i < 4; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
    }
    k = _mm512_broadcast_i32x4(ek[rounds]);
#pragma GCC unroll 4 /* x[i] stays in registers */
    for (int i = 0; i < 4; i++) {
        size_t at = 64 * (size_t)i;
        x[i] = _mm512_aesenclast_epi128(x[i], k);
        if (at < len) /* public */
            hush_tail_store512(
                out + at,
                _mm512_xor_si512(x[i], hush_tail_load512(in + at, len - at)),
                len - at);
    }
}

static void vaes_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                     size_t len, uint8_t ctr[16]) {
    unsigned rounds = k->rounds;
    const __m128i *ek = aesni_key_of(k)->ek;
    if (len < 16 * VAES_SHORT_BLOCKS) {
        vaes_ctr_short(aesni_key_of(k), rounds, out, in, len, ctr);
        return;
    }
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    if (len >= 256) {
        vaes_keys keys;
        vaes_load_keys(&keys, ek, rounds);
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
        HUSH_WIPE_OBJ(&keys);
    }
    if (len > 0) {
        vaes_ctr_one_step(ek, rounds, out, in, len, hi, lo);
        hush_aes_ctr_add(&hi, &lo, (len + 15) / 16);
    }
    hush_aes_ctr_store(ctr, hi, lo);
}

const hush_aes_ops hush_aes_vaes512 = {vaes_setup, vaes_encrypt, vaes_decrypt,
                                       vaes_ctr};
