/*
 * Fused AES-GCM tier for AES-NI + PCLMULQDQ (128-bit registers): eight
 * blocks per step, their AES rounds and the carry-less products of the
 * previous ciphertext interleaved by the out-of-order core, one reduction
 * per eight blocks (H^8..H^1). Round keys are used straight from the
 * schedule as memory operands, so no key material is copied to the stack.
 * Used when the state's tiers are exactly aes=aesni and ghash=pclmul.
 *
 * With a 96-bit nonce the low 64 bits of the counter never carry (see
 * gcm_vaes512.c), so counters advance with 64-bit vector adds. Constant
 * time: fixed-latency instructions; branches depend on lengths and on the
 * public verdict of the tag check only.
 */
#include "aes/aes_ni.h"
#include "core/ct.h"
#include "gcm/gcm_impl.h"
#include "ghash/ghash_clmul.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define LOADU(p)      _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v)  _mm_storeu_si128((__m128i *)(void *)(p), (v))

static inline __m128i pow_of(const hush_ghash_key *k, size_t e) {
    return _mm_load_si128(
        (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - e]);
}

/* GHASH of len bytes (the last block zero-padded) into acc */
static inline __m128i ghash_bytes(__m128i acc, const hush_ghash_key *k,
                                  const uint8_t *p, size_t len) {
    for (; len >= 128; len -= 128, p += 128)
        acc = ghash_clmul_run(k, acc, p, 8);
    if (len >= 16) {
        acc = ghash_clmul_run(k, acc, p, len / 16);
        p += len & ~(size_t)15;
        len &= 15;
    }
    if (len) {
        uint8_t block[16] = {0};
        memcpy(block, p, len);
        acc = ghash_clmul_run(k, acc, block, 1);
        hush_wipe(block, sizeof block);
    }
    return acc;
}

ALWAYS_INLINE void fused_run(const gcm_state *s, uint8_t *out,
                             const uint8_t *in, size_t len, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             uint8_t tag[16], const unsigned R, const int enc) {
    const aesni_key *ak = aesni_key_of(&s->aes);
    const hush_ghash_key *k = &s->ghash;
    const __m128i bswap = ghash_bswap_mask();
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    __m128i ctr = _mm_set_epi64x((long long)hi, (long long)lo);
    const __m128i one = _mm_set_epi64x(0, 1);
    __m128i ek0 = aesni_encrypt1(ak, R, _mm_shuffle_epi8(ctr, bswap));
    __m128i acc = _mm_setzero_si128();
    if (adlen) acc = ghash_bytes(acc, k, ad, adlen);
    ctr = _mm_add_epi64(ctr, one);
    size_t left = len;
    /* sealing hashes each step's ciphertext during the next step's AES
     * rounds, read back from `out` (L1): the eight AES registers are dead
     * by then, which keeps this SSE-only loop (16 xmm registers) from
     * spilling, and the two streams are independent work */
    const uint8_t *pending = NULL;
    for (; left >= 128; left -= 128, in += 128, out += 128) {
        __m128i x[8];
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            x[i] = _mm_xor_si128(_mm_shuffle_epi8(ctr, bswap), ak->ek[0]);
            ctr = _mm_add_epi64(ctr, one);
        }
        if (!enc)
            acc = ghash_clmul_run(k, acc, in, 8);
        else if (pending)
            acc = ghash_clmul_run(k, acc, pending, 8);
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++)
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                x[i] = _mm_aesenc_si128(x[i], ak->ek[r]);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            x[i] = _mm_aesenclast_si128(x[i], ak->ek[R]);
            STOREU(out + 16 * i, _mm_xor_si128(x[i], LOADU(in + 16 * i)));
        }
        pending = out;
    }
    if (enc && pending) acc = ghash_clmul_run(k, acc, pending, 8);
    if (left) {
        /* at most 7 whole blocks and a partial one */
        uint64_t chi = (uint64_t)_mm_extract_epi64(ctr, 1);
        uint64_t clo = (uint64_t)_mm_cvtsi128_si64(ctr);
        if (!enc) acc = ghash_bytes(acc, k, in, left);
        aesni_ctr_tail(ak, R, out, in, left, &chi, &clo);
        if (enc) acc = ghash_bytes(acc, k, out, left);
    }
    __m128i lens = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                  (long long)((uint64_t)len * 8));
    acc = ghash_mul1(_mm_xor_si128(acc, lens), pow_of(k, 1));
    STOREU(tag, _mm_xor_si128(_mm_shuffle_epi8(acc, bswap), ek0));
}

static void fused_seal(const gcm_state *s, uint8_t *c, uint8_t *tag,
                       const uint8_t *m, size_t mlen, const uint8_t *ad,
                       size_t adlen, const uint8_t *nonce) {
    if (s->aes.rounds == 10)
        fused_run(s, c, m, mlen, ad, adlen, nonce, tag, 10, 1);
    else
        fused_run(s, c, m, mlen, ad, adlen, nonce, tag, 14, 1);
}

static int fused_open(const gcm_state *s, uint8_t *m, const uint8_t *c,
                      size_t clen, const uint8_t *tag, const uint8_t *ad,
                      size_t adlen, const uint8_t *nonce) {
    uint8_t want[16];
    if (s->aes.rounds == 10)
        fused_run(s, m, c, clen, ad, adlen, nonce, want, 10, 0);
    else
        fused_run(s, m, c, clen, ad, adlen, nonce, want, 14, 0);
    uint32_t ok = hush_ct_bytes_equal(want, tag, 16);
    hush_wipe(want, sizeof want);
    if (!ok) { /* the public verdict */
        if (clen) hush_wipe(m, clen);
        return HUSH_ERR_AUTH;
    }
    return HUSH_OK;
}

const gcm_fused_ops hush_gcm_fused_aesni = {fused_seal, fused_open,
                                            NULL /* every power */};
