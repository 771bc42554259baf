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

/* The big-endian counter blocks (hi:lo) and (hi:lo) + 1 in the low and high
 * lanes of one register. Counters are public. */
VAES256_ALWAYS_INLINE __m256i ctr_pair(uint64_t hi, uint64_t lo) {
    uint64_t hi1 = hi, lo1 = lo;
    hush_aes_ctr_add(&hi1, &lo1, 1);
    return vaes256_bswap(_mm256_set_epi64x((long long)hi1, (long long)lo1,
                                           (long long)hi, (long long)lo));
}

/*
 * The bulk loop: 16 blocks per step. The first two counter blocks of the
 * step stay in a register in big-endian form (pair) from step to step;
 * while the low byte of the counter cannot carry within a step, register i
 * is pair + 2i in byte 15 of each lane (a byte add) and the next step's
 * pair is pair + 16 (one byte add). Built from the scalar counter instead,
 * each step's first AES round waited on a general-register-to-vector chain
 * (vmovq, vpinsrq, vinserti128, vpaddq, vpshufb: about ten cycles) that
 * eight chains of latency-4 rounds at two a cycle have no slack to hide
 * (docs/perf/aes.md, "VAES-256 CTR on Zen 3"). The last round takes the
 * data XORed into its key (vaesenclast x, k ^ in).
 */
VAES256_ALWAYS_INLINE void ctr_run(const hush_aes_key *k, const unsigned R,
                                   uint8_t *out, const uint8_t *in, size_t len,
                                   uint8_t ctr[16]) {
    const __m256i *ek = vaes256_ek2(k);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    /* 16 in byte 15 of each lane */
    const __m256i sixteen = _mm256_set_epi64x(1ll << 60, 0, 1ll << 60, 0);
    /* (the fused GCM tier's tails come here with len < 256) */
    __m256i pair = len >= 256 ? ctr_pair(hi, lo) : _mm256_setzero_si256();
    for (; len >= 256; len -= 256, in += 256, out += 256) {
        __m256i x[8];
        HUSH_OPAQUE(ek); /* no round key hoisted out of the loop */
        const unsigned low = (unsigned)(lo & 0xff);
        if (HUSH_LIKELY(low <= 256 - 16)) {
            /* pair + 2i: lane 1's byte reaches low + 15 at most */
            vaes256_counters_from_pair(x, 8, pair);
        } else {
            vaes256_counters(x, 8, hi, lo); /* a carry out of the byte */
        }
        hush_aes_ctr_add(&hi, &lo, 16);
        /* the next pair: lane 1's byte goes from low + 1 to low + 17; past
         * 238 rebuilt (a next low byte in 239..255 takes the other branch
         * above anyway) */
        if (HUSH_LIKELY(low <= 255 - 17))
            pair = _mm256_add_epi8(pair, sixteen);
        else
            pair = ctr_pair(hi, lo);
        __m256i rk = vaes256_key(ek, 0);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            x[i] = _mm256_xor_si256(x[i], rk);
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++) {
            rk = vaes256_key(ek, r);
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                x[i] = _mm256_aesenc_epi128(x[i], rk);
        }
        rk = vaes256_key(ek, R);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            __m256i d = _mm256_loadu_si256(
                (const __m256i *)(const void *)(in + 32 * i));
            _mm256_storeu_si256(
                (__m256i *)(void *)(out + 32 * i),
                _mm256_aesenclast_epi128(x[i], _mm256_xor_si256(rk, d)));
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
