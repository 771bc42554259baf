/*
 * Decryption of arbitrary bytes, every AEAD, every tier.
 *
 * Input: alg | tiers | flags | key[32] | nonce[24] | adlen (2) | ad | c...
 * (flags: bit 0 hardened key, bits 1-6 misalignment of the buffers).
 *
 * The tiers the input picks open c four ways (combined one-shot, detached
 * one-shot, keyed object, in place); the portable tiers open it once more.
 * All five must agree: the same verdict and the same bytes. A short c is
 * HUSH_ERR_INVALID with the output untouched; a failed tag is
 * HUSH_ERR_AUTH with the output zeroed; a success re-encrypts to c.
 */
#include "fuzz.h"

typedef struct opened {
    int r;
    uint8_t *m; /* clen bytes: mlen of plaintext and 16 of canary */
} opened;

static void check_verdict(const opened *o, size_t clen) {
    if (clen < 16) {
        FZ_CHECK(o->r == HUSH_ERR_INVALID);
        return;
    }
    FZ_CHECK(o->r == HUSH_OK || o->r == HUSH_ERR_AUTH);
    if (o->r == HUSH_ERR_AUTH) FZ_CHECK(fz_all_zero(o->m, clen - 16));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fuzz_aead_head h;
    fz_aead_head(&in, &h);
    size_t clen;
    const uint8_t *craw = fz_rest(&in, &clen);

    hush_aead_alg alg = h.alg;
    unsigned mis = h.mis;
    const uint8_t *k = h.k, *n = h.n, *ad = h.ad;
    size_t adlen = h.adlen, mlen = clen >= 16 ? clen - 16 : 0;
    uint8_t *c = fz_alloc(craw, clen, mis + 3);

    /* every output starts as 0xa5 so "untouched" and "zeroed" show */
    opened o[5];
    for (int i = 0; i < 5; i++) {
        o[i].m = fz_alloc(NULL, clen, mis + 4 + (unsigned)i);
        memset(o[i].m, 0xa5, clen);
    }

    o[0].r = hush_aead_decrypt(alg, o[0].m, c, clen, ad, adlen, n, k);
    o[1].r = clen < 16
                 ? hush_aead_decrypt(alg, o[1].m, c, clen, ad, adlen, n, k)
                 : hush_aead_decrypt_detached(alg, o[1].m, c, mlen, c + mlen,
                                              ad, adlen, n, k);
    hush_aead_ctx *obj = fz_aead_object(&h);
    o[2].r = hush_aead_open(obj, o[2].m, c, clen, ad, adlen, n);
    /* in place: the ciphertext copied into the output buffer first */
    if (clen) memcpy(o[3].m, c, clen);
    o[3].r = hush_aead_open(obj, o[3].m, o[3].m, clen, ad, adlen, n);
    if (clen < 16) {
        /* refused: the buffer still holds c; 0xa5 again for the checks */
        FZ_CHECK(clen == 0 || memcmp(o[3].m, c, clen) == 0);
        if (clen) memset(o[3].m, 0xa5, clen);
    }
    hush_aead_free(obj);

    fuzz_tiers_portable();
    o[4].r = hush_aead_decrypt(alg, o[4].m, c, clen, ad, adlen, n, k);

    for (int i = 0; i < 5; i++) {
        check_verdict(&o[i], clen);
        FZ_CHECK(o[i].r == o[0].r);
        /* the plaintext (or the zeros) agree; past it, nothing was written
         * (the in-place buffer still holds the tag there) */
        FZ_CHECK(memcmp(o[i].m, o[0].m, mlen) == 0);
        if (i != 3 && clen >= 16) {
            for (size_t j = mlen; j < clen; j++)
                FZ_CHECK(o[i].m[j] == 0xa5);
        }
    }
    if (clen < 16)
        for (size_t j = 0; j < clen; j++)
            FZ_CHECK(o[0].m[j] == 0xa5);

    if (o[0].r == HUSH_OK) {
        /* an authentic message: sealing its plaintext gives c back */
        uint8_t *again = fz_alloc(NULL, clen, mis);
        FZ_CHECK(hush_aead_encrypt(alg, again, o[0].m, mlen, ad, adlen, n, k) ==
                 HUSH_OK);
        FZ_CHECK(memcmp(again, c, clen) == 0);
        fz_free(again, mis);
    }

    for (int i = 0; i < 5; i++)
        fz_free(o[i].m, mis + 4 + (unsigned)i);
    fz_free(c, mis + 3);
    fz_aead_head_free(&h);
    return 0;
}

/* Authentic messages of lengths around the block and step sizes of every
 * tier, for every algorithm and every tier index. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0,  1,  15,  16,  17,  63,  64,   65,
                                  95, 96, 127, 128, 255, 256, 1000, 4000};
    static fuzz_out o;
    static uint8_t m[4000], c[4016], ad[300];
    unsigned seed = 0;
    for (unsigned a = 0; a < fuzz_aead_count(); a++) {
        hush_aead_alg alg = fuzz_aead_pick(a);
        for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                uint8_t key[32], nonce[24];
                size_t adlen = (seed * 37) % sizeof ad;
                fuzz_pattern(key, sizeof key, seed);
                fuzz_pattern(nonce, sizeof nonce, seed + 1);
                fuzz_pattern(ad, adlen, seed + 2);
                fuzz_pattern(m, lens[i], seed + 3);
                seed += 4;
                FZ_CHECK(hush_aead_encrypt(alg, c, m, lens[i], ad, adlen, nonce,
                                           key) == HUSH_OK);
                fo_aead_head(&o, a, t, seed & 0x7f, key, nonce, ad, adlen);
                fo_bytes(&o, c, lens[i] + 16);
                fo_emit(&o);
            }
        }
    }
}
