/*
 * AES-GCM at the edges the generic AEAD body (tests/aead/aead_generic.c)
 * does not reach, against OpenSSL EVP, once per aes x ghash pairing:
 *
 *   - every buffer (message, ciphertext, AD, tag, combined output,
 *     plaintext) starting right after an inaccessible page as well as
 *     ending right before one (the generic body tests the end only): a
 *     tail read backwards from the end of a buffer, or a window that
 *     starts before it, faults; lengths 0..300, long ones to 64 KiB + 17,
 *     AD lengths around every step size (16 .. 2048 bytes, +-1);
 *   - the streaming form with every piece of AD, input and output copied
 *     against a guard page of its own (start or end) for its one call,
 *     in place now and then: each update's own tails are held to their
 *     bytes (tests/aead/test_stream_gcm.c uses malloc'd buffers);
 *   - message, ciphertext and AD at independent offsets 0..63 from a
 *     64-byte boundary (the generic body: 0..15), with message and AD
 *     lengths on a grid around 16 .. 4096 bytes.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "gcm_openssl.h"
#include "harness.h"

enum { PAGE = 4096, TAG = 16 };

/* RW_PAGES writable pages between two inaccessible ones, per slot */
#define RW_PAGES 18
typedef struct {
    uint8_t *rw;
} guard_slot;
static guard_slot slots[8];

static uint8_t *guarded(int slot, size_t len, int at_start) {
    if (slots[slot].rw == NULL) {
        uint8_t *p = mmap(NULL, (RW_PAGES + 2) * PAGE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) abort();
        if (mprotect(p, PAGE, PROT_NONE) ||
            mprotect(p + (RW_PAGES + 1) * PAGE, PAGE, PROT_NONE))
            abort();
        slots[slot].rw = p + PAGE;
    }
    if (len > RW_PAGES * PAGE) abort();
    return at_start ? slots[slot].rw : slots[slot].rw + RW_PAGES * PAGE - len;
}

static hush_aead_alg alg_for(size_t kl) {
    return kl == 16 ? HUSH_AES128GCM : HUSH_AES256GCM;
}

static uint8_t M[RW_PAGES * PAGE], WANT[RW_PAGES * PAGE], AD[RW_PAGES * PAGE];

static void stream_seal(const hush_aead_ctx *k, const uint8_t *nonce,
                        const uint8_t *m, size_t mlen, const uint8_t *ad,
                        size_t adlen, int side, uint8_t *c, uint8_t tag[16]) {
    hush_aead_stream s;
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    size_t at = 0;
    while (at < adlen) {
        size_t n = 1 + ht_rand_u64() % (adlen - at);
        if (ht_rand_u64() % 3 == 0) n = adlen - at;
        uint8_t *g = guarded(2, n, side);
        memcpy(g, ad + at, n);
        CHECK_EQ_INT(hush_aead_stream_ad(&s, g, n), HUSH_OK);
        at += n;
    }
    at = 0;
    while (at < mlen) {
        size_t n = 1 + ht_rand_u64() % (mlen - at);
        if (ht_rand_u64() % 3 == 0) n = mlen - at;
        uint8_t *gi = guarded(0, n, side), *go = guarded(1, n, !side);
        memcpy(gi, m + at, n);
        if (ht_rand_u64() % 2) go = gi;
        CHECK_EQ_INT(hush_aead_stream_update(&s, go, gi, n), HUSH_OK);
        memcpy(c + at, go, n);
        at += n;
    }
    uint8_t *gt = guarded(3, 16, side);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, gt), HUSH_OK);
    memcpy(tag, gt, 16);
}

static int stream_open(const hush_aead_ctx *k, const uint8_t *nonce,
                       const uint8_t *c, size_t mlen, const uint8_t *ad,
                       size_t adlen, int side, uint8_t *m,
                       const uint8_t tag[16]) {
    hush_aead_stream s;
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce), HUSH_OK);
    size_t at = 0;
    while (at < adlen) {
        size_t n = 1 + ht_rand_u64() % (adlen - at);
        uint8_t *g = guarded(2, n, side);
        memcpy(g, ad + at, n);
        CHECK_EQ_INT(hush_aead_stream_ad(&s, g, n), HUSH_OK);
        at += n;
    }
    at = 0;
    while (at < mlen) {
        size_t n = 1 + ht_rand_u64() % (mlen - at);
        uint8_t *gi = guarded(0, n, side), *go = guarded(1, n, !side);
        memcpy(gi, c + at, n);
        if (ht_rand_u64() % 2) go = gi;
        CHECK_EQ_INT(hush_aead_stream_update(&s, go, gi, n), HUSH_OK);
        memcpy(m + at, go, n);
        at += n;
    }
    uint8_t *gt = guarded(3, 16, side);
    memcpy(gt, tag, 16);
    return hush_aead_stream_open_final(&s, gt);
}

static void one(size_t kl, const uint8_t *key, const hush_aead_ctx *k,
                size_t len, size_t adlen, int side) {
    hush_aead_alg a = alg_for(kl);
    uint8_t nonce[12], wtag[16], tag[16];
    ht_rand_bytes(nonce, 12);
    ht_rand_bytes(M, len);
    ht_rand_bytes(AD, adlen);
    openssl_gcm(key, kl, nonce, WANT, wtag, M, len, AD, adlen);
    uint8_t *m = guarded(0, len, side), *c = guarded(1, len, side),
            *ad = guarded(2, adlen, side), *t = guarded(3, TAG, side),
            *cc = guarded(4, len + TAG, side), *p = guarded(5, len, side);
    const uint8_t *adp = adlen ? ad : NULL;
    memcpy(m, M, len);
    memcpy(ad, AD, adlen);
    /* one-shot detached */
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, c, t, m, len, adp, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(c, WANT, len);
    CHECK_MEM(t, wtag, TAG);
    CHECK_EQ_INT(hush_aead_encrypt(a, cc, m, len, adp, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(cc, WANT, len);
    CHECK_MEM(cc + len, wtag, TAG);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, p, c, len, t, adp, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(p, M, len);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, cc, len + TAG, adp, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(p, M, len);
    /* keyed */
    CHECK_EQ_INT(hush_aead_seal_detached(k, c, t, m, len, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(c, WANT, len);
    CHECK_MEM(t, wtag, TAG);
    CHECK_EQ_INT(hush_aead_seal(k, cc, m, len, adp, adlen, nonce), HUSH_OK);
    CHECK_MEM(cc, WANT, len);
    CHECK_MEM(cc + len, wtag, TAG);
    CHECK_EQ_INT(hush_aead_open_detached(k, p, c, len, t, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(p, M, len);
    CHECK_EQ_INT(hush_aead_open(k, p, cc, len + TAG, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(p, M, len);
    /* in place, keyed combined and one-shot combined */
    memcpy(cc, M, len);
    CHECK_EQ_INT(hush_aead_seal(k, cc, cc, len, adp, adlen, nonce), HUSH_OK);
    CHECK_MEM(cc, WANT, len);
    CHECK_MEM(cc + len, wtag, TAG);
    CHECK_EQ_INT(hush_aead_open(k, cc, cc, len + TAG, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(cc, M, len);
    memcpy(cc, M, len);
    CHECK_EQ_INT(hush_aead_encrypt(a, cc, cc, len, adp, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(cc, WANT, len);
    CHECK_EQ_INT(
        hush_aead_decrypt(a, cc, cc, len + TAG, adp, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(cc, M, len);
    /* a wrong tag: refused, output zeroed */
    memcpy(cc, WANT, len);
    memcpy(cc + len, wtag, TAG);
    cc[len + ht_rand_u64() % TAG] ^= 1;
    memset(p, 0xa5, len);
    CHECK_EQ_INT(hush_aead_open(k, p, cc, len + TAG, adp, adlen, nonce),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, len));
    memset(p, 0xa5, len);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, cc, len + TAG, adp, adlen, nonce, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, len));
    /* streams, each piece against a guard page */
    static uint8_t sc[RW_PAGES * PAGE], sp[RW_PAGES * PAGE];
    stream_seal(k, nonce, M, len, AD, adlen, side, sc, tag);
    CHECK_MEM(sc, WANT, len);
    CHECK_MEM(tag, wtag, TAG);
    CHECK_EQ_INT(stream_open(k, nonce, WANT, len, AD, adlen, side, sp, wtag),
                 HUSH_OK);
    CHECK_MEM(sp, M, len);
}

static void misaligned(size_t kl, const uint8_t *key, const hush_aead_ctx *k) {
    static uint8_t bm[4200 + 64], bc[4200 + 64 + 16], bad[2100 + 64],
        bp[4200 + 64];
    static const size_t lens[] = {0,    1,    15,   16,   17,   63,   64,
                                  65,   127,  128,  129,  255,  256,  257,
                                  511,  512,  513,  1023, 1024, 1025, 2047,
                                  2048, 2049, 4095, 4096, 4097};
    static const size_t ads[] = {0,   1,    15,   16,   17,   63,   64,  65,
                                 127, 128,  129,  255,  256,  257,  511, 512,
                                 513, 1023, 1024, 1025, 2047, 2048, 2049};
    hush_aead_alg a = alg_for(kl);
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        for (size_t ai = 0; ai < sizeof ads / sizeof ads[0]; ai++) {
            size_t len = lens[li], adlen = ads[ai];
            unsigned o = (unsigned)(ht_rand_u64() % 64);
            unsigned o2 = (unsigned)(ht_rand_u64() % 64);
            unsigned o3 = (unsigned)(ht_rand_u64() % 64);
            uint8_t *m = bm + o, *c = bc + o2, *ad = bad + o3, *p = bp + o;
            uint8_t nonce[12], wtag[16];
            ht_rand_bytes(nonce, 12);
            ht_rand_bytes(m, len);
            ht_rand_bytes(ad, adlen);
            openssl_gcm(key, kl, nonce, WANT, wtag, m, len, ad, adlen);
            CHECK_EQ_INT(hush_aead_seal(k, c, m, len, ad, adlen, nonce),
                         HUSH_OK);
            CHECK_MEM(c, WANT, len);
            CHECK_MEM(c + len, wtag, TAG);
            CHECK_EQ_INT(hush_aead_encrypt(a, c, m, len, ad, adlen, nonce, key),
                         HUSH_OK);
            CHECK_MEM(c, WANT, len);
            CHECK_MEM(c + len, wtag, TAG);
            CHECK_EQ_INT(hush_aead_open(k, p, c, len + TAG, ad, adlen, nonce),
                         HUSH_OK);
            CHECK_MEM(p, m, len);
            CHECK_EQ_INT(
                hush_aead_decrypt(a, p, c, len + TAG, ad, adlen, nonce, key),
                HUSH_OK);
            CHECK_MEM(p, m, len);
        }
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x65646765);
    static const size_t adlens[] = {
        0,   1,   15,  16,  17,  63,   64,   65,   127,  128,  129,  255,
        256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 2049, 4097};
    static const size_t longer[] = {511,  512,  513,  1023, 1024,
                                    1025, 2047, 2048, 2049, 4095,
                                    4096, 4097, 8191, 8193, 65536 + 17};
    HT_FOR_EACH_IMPL("aes", aes) {
        HT_FOR_EACH_IMPL("ghash", ghash) {
            for (size_t kl = 16; kl <= 32; kl += 16) {
                uint8_t key[32];
                ht_rand_bytes(key, sizeof key);
                hush_aead_ctx *k = ht_aead_keyed(alg_for(kl), key);
                int slow = strcmp(aes, "portable") == 0;
                for (int side = 0; side <= 1; side++) {
                    for (size_t len = 0; len <= 300; len++) {
                        size_t ad = adlens[(len * 7 + side) %
                                           (sizeof adlens / sizeof adlens[0])];
                        one(kl, key, k, len, ad, side);
                        if (!slow && len <= 80)
                            one(kl, key, k, len, len % 17, side);
                    }
                    for (size_t i = 0; i < sizeof longer / sizeof longer[0];
                         i++)
                        if (!slow || longer[i] < 5000)
                            one(kl, key, k, longer[i],
                                adlens[i % (sizeof adlens / sizeof adlens[0])],
                                side);
                    for (size_t i = 0; i < sizeof adlens / sizeof adlens[0];
                         i++)
                        one(kl, key, k, i * 5, adlens[i], side);
                }
                misaligned(kl, key, k);
                hush_aead_free(k);
            }
        }
    }
    return ht_end();
}
