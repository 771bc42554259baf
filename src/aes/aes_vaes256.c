/*
 * AES with VAES on 256-bit registers (AVX2 without AVX-512: AMD Zen 3,
 * Intel Alder Lake and later client cores): two blocks per register, eight
 * registers (16 blocks) in flight. On Zen 3 a 256-bit vaesenc has a latency
 * of 4 cycles and two issue per cycle (docs/perf/gcm.md, "Zen 3"), so
 * eight independent registers keep both AES pipes full. The key schedule
 * and its layout are the AES-NI tier's (aes_ni.h); round keys are broadcast
 * from it where they are used (aes_vaes256.h). Constant time: the rounds
 * run in the AES units; branches depend on lengths and the public counter.
 */
#include "aes/aes_vaes256.h"

static void vaes256_setup(hush_aes_key *k, const uint8_t *key, size_t keylen) {
    vaes256_expand(k, key, keylen);
}

/* ECB over 2n blocks (n <= 8 registers, public); rk is ek2 (encrypt) or
 * the AES-NI dk (decrypt). Always eight registers of rounds (see
 * aes_vaes256.h); the ones past n are zero and not stored. */
VAES256_ALWAYS_INLINE void ecb_regs(const void *rk, const unsigned R,
                                    const int decrypt, uint8_t *out,
                                    const uint8_t *in, size_t n) {
    __m256i x[8];
#pragma GCC unroll 8
    for (size_t i = 0; i < 8; i++)
        x[i] = i < n ? _mm256_loadu_si256(
                           (const __m256i *)(const void *)(in + 32 * i))
                     : _mm256_setzero_si256();
    vaes256_rounds(x, 8, rk, R, decrypt);
#pragma GCC unroll 8
    for (size_t i = 0; i < 8; i++)
        if (i < n) _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i), x[i]);
}

VAES256_ALWAYS_INLINE void ecb_run(const hush_aes_key *k, const unsigned R,
                                   const int decrypt, uint8_t *out,
                                   const uint8_t *in, size_t nblocks) {
    const aesni_key *ak = aesni_key_of(k);
    const void *rk =
        decrypt ? (const void *)ak->dk : (const void *)vaes256_ek2(k);
    for (; nblocks >= 16; nblocks -= 16, in += 256, out += 256) {
        HUSH_OPAQUE(rk); /* no round key hoisted out of the loop */
        ecb_regs(rk, R, decrypt, out, in, 8);
    }
    size_t pairs = nblocks / 2; /* public */
    HUSH_OPAQUE(rk);
    if (pairs) ecb_regs(rk, R, decrypt, out, in, pairs);
    in += 32 * pairs, out += 32 * pairs;
    if (nblocks & 1) aesni_ecb_short(ak, R, decrypt, out, in, 1);
}

/* one instance per round count, so every round loop unrolls */
static void ecb(const hush_aes_key *k, int decrypt, uint8_t *out,
                const uint8_t *in, size_t nblocks) {
    if (nblocks < 2) { /* one block: the AES-NI path, nothing broadcast */
        aesni_ecb_short(aesni_key_of(k), k->rounds, decrypt, out, in, nblocks);
        return;
    }
    if (k->rounds == 10) {
        if (decrypt)
            ecb_run(k, 10, 1, out, in, nblocks);
        else
            ecb_run(k, 10, 0, out, in, nblocks);
    } else if (k->rounds == 12) {
        if (decrypt)
            ecb_run(k, 12, 1, out, in, nblocks);
        else
            ecb_run(k, 12, 0, out, in, nblocks);
    } else {
        if (decrypt)
            ecb_run(k, 14, 1, out, in, nblocks);
        else
            ecb_run(k, 14, 0, out, in, nblocks);
    }
}

static void vaes256_encrypt(const hush_aes_key *k, uint8_t *out,
                            const uint8_t *in, size_t nblocks) {
    ecb(k, 0, out, in, nblocks);
}

static void vaes256_decrypt(const hush_aes_key *k, uint8_t *out,
                            const uint8_t *in, size_t nblocks) {
    ecb(k, 1, out, in, nblocks);
}

/* CTR for the last len (1..255) bytes: always eight registers (see
 * aes_vaes256.h), only len bytes stored */
VAES256_ALWAYS_INLINE void ctr_tail(const __m256i *ek, const unsigned R,
                                    uint8_t *out, const uint8_t *in, size_t len,
                                    uint64_t hi, uint64_t lo) {
    __m256i x[8];
    uint8_t pad[32];
    vaes256_counters(x, 8, hi, lo);
    vaes256_encrypt_regs(x, 8, ek, R);
    vaes256_xor_out(out, in, len, x, 8, pad);
    if (len & 31) vaes256_wipe32(pad);
}

VAES256_ALWAYS_INLINE void ctr_run(const hush_aes_key *k, const unsigned R,
                                   uint8_t *out, const uint8_t *in, size_t len,
                                   uint8_t ctr[16]) {
    const __m256i *ek = vaes256_ek2(k);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    for (; len >= 256; len -= 256, in += 256, out += 256) {
        __m256i x[8];
        HUSH_OPAQUE(ek); /* no round key hoisted out of the loop */
        vaes256_counters(x, 8, hi, lo);
        hush_aes_ctr_add(&hi, &lo, 16);
        vaes256_encrypt_regs(x, 8, ek, R);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            __m256i d = _mm256_loadu_si256(
                (const __m256i *)(const void *)(in + 32 * i));
            _mm256_storeu_si256((__m256i *)(void *)(out + 32 * i),
                                _mm256_xor_si256(d, x[i]));
        }
    }
    if (len) {
        HUSH_OPAQUE(ek);
        ctr_tail(ek, R, out, in, len, hi, lo);
        hush_aes_ctr_add(&hi, &lo, (len + 15) / 16);
    }
    hush_aes_ctr_store(ctr, hi, lo);
}

static void vaes256_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                        size_t len, uint8_t ctr[16]) {
    if (len < 32) {
        /* under one register: the AES-NI path (one chain per block, its
         * tail buffer); the 256-bit path's masked-by-hand tail cost 160
         * cycles for 16 bytes against the AES-NI tier's 93 */
        uint64_t hi, lo;
        hush_aes_ctr_load(ctr, &hi, &lo);
        aesni_ctr_tail(aesni_key_of(k), k->rounds, out, in, len, &hi, &lo);
        hush_aes_ctr_store(ctr, hi, lo);
        return;
    }
    if (k->rounds == 10)
        ctr_run(k, 10, out, in, len, ctr);
    else if (k->rounds == 12)
        ctr_run(k, 12, out, in, len, ctr);
    else
        ctr_run(k, 14, out, in, len, ctr);
}

const hush_aes_ops hush_aes_vaes256 = {vaes256_setup, vaes256_encrypt,
                                       vaes256_decrypt, vaes256_ctr};
