/* The generic one-shot AEAD checks (aead_generic.h). */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include "aead_generic.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

enum { TAG = HUSH_AEAD_TAGBYTES, SMALL = 1100 };

/* A flipped bit of the ciphertext, the tag or the AD (where: 0, 1, 2) must
 * be refused by every opening form, with the plaintext output zeroed. */
static void tampered(const aead_case *c, int where, uint8_t *ct, uint8_t *ad,
                     size_t mlen, size_t adlen, const uint8_t *nonce,
                     const uint8_t *key, uint8_t *p) {
    hush_aead_alg a = c->alg;
    uint8_t *target = where == 0   ? ct + ht_rand_u64() % mlen
                      : where == 1 ? ct + mlen + ht_rand_u64() % TAG
                                   : ad + ht_rand_u64() % adlen;
    uint8_t bit = (uint8_t)(1u << (ht_rand_u64() % 8));
    *target ^= bit;
    memset(p, 0xa5, mlen + TAG);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, ct, mlen + TAG, ad, adlen, nonce, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, mlen));
    /* in place, detached: the ciphertext buffer itself is zeroed */
    memcpy(p, ct, mlen);
    CHECK_EQ_INT(hush_aead_decrypt_detached(a, p, p, mlen, ct + mlen, ad, adlen,
                                            nonce, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, mlen));
    /* in place, combined */
    memcpy(p, ct, mlen + TAG);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, p, mlen + TAG, ad, adlen, nonce, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, mlen));
    *target ^= bit;
}

/* One message, every way through the one-shot API, against the reference. */
static void message(const aead_case *c, size_t mlen, size_t adlen) {
    hush_aead_alg a = c->alg;
    uint8_t key[32], nonce[32], wtag[TAG], tag[TAG];
    ht_buf bm = ht_buf_new(mlen), bad = ht_buf_new(adlen),
           bwant = ht_buf_new(mlen + TAG), bc = ht_buf_new(mlen + TAG),
           bp = ht_buf_new(mlen + TAG);
    uint8_t *m = bm.p, *ad = bad.p, *want = bwant.p, *ct = bc.p, *p = bp.p;
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    c->oracle(want, wtag, m, mlen, ad, adlen, nonce, key);
    memcpy(want + mlen, wtag, TAG);
    /* combined */
    CHECK_EQ_INT(hush_aead_encrypt(a, ct, m, mlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(ct, want, mlen + TAG);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, ct, mlen + TAG, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* detached */
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, p, tag, m, mlen, ad, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(p, want, mlen);
    CHECK_MEM(tag, wtag, TAG);
    memset(p, 0, mlen);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, p, ct, mlen, tag, ad, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* in place, combined */
    memcpy(p, m, mlen);
    CHECK_EQ_INT(hush_aead_encrypt(a, p, p, mlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(p, want, mlen + TAG);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, p, mlen + TAG, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* in place, detached */
    memcpy(p, m, mlen);
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, p, tag, p, mlen, ad, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(p, want, mlen);
    CHECK_MEM(tag, wtag, TAG);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, p, p, mlen, tag, ad, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* the tag output may lie on the AD, the nonce or the key (only the
     * message buffers are excluded): all are read before it is written */
    if (adlen >= TAG) {
        uint8_t *adt = malloc(adlen);
        CHECK(adt != NULL);
        memcpy(adt, ad, adlen);
        CHECK_EQ_INT(hush_aead_encrypt_detached(a, p, adt, m, mlen, adt, adlen,
                                                nonce, key),
                     HUSH_OK);
        CHECK_MEM(p, want, mlen);
        CHECK_MEM(adt, wtag, TAG);
        free(adt);
    }
    {
        uint8_t nt[32], kt[32];
        memcpy(nt, nonce, sizeof nt);
        memcpy(kt, key, sizeof kt);
        CHECK_EQ_INT(
            hush_aead_encrypt_detached(a, p, nt, m, mlen, ad, adlen, nt, key),
            HUSH_OK);
        CHECK_MEM(p, want, mlen);
        CHECK_MEM(nt, wtag, TAG);
        CHECK_EQ_INT(
            hush_aead_encrypt_detached(a, p, kt, m, mlen, ad, adlen, nonce, kt),
            HUSH_OK);
        CHECK_MEM(p, want, mlen);
        CHECK_MEM(kt, wtag, TAG);
    }
    /* tampering: the ciphertext, the tag, the AD */
    if (mlen) tampered(c, 0, ct, ad, mlen, adlen, nonce, key, p);
    tampered(c, 1, ct, ad, mlen, adlen, nonce, key, p);
    if (adlen) tampered(c, 2, ct, ad, mlen, adlen, nonce, key, p);
    free(bm.base), free(bad.base), free(bwant.base), free(bc.base);
    free(bp.base);
}

static void test_messages(const aead_case *c) {
    for (size_t len = 0; len <= SMALL; len++) {
        size_t adlen = len % 5 == 0        ? 0
                       : ht_rand_u64() % 4 ? (size_t)(ht_rand_u64() % 80)
                                           : (size_t)(ht_rand_u64() % 1101);
        if (len % 97 == 3) adlen = 600 + len; /* long AD through the runs */
        message(c, len, adlen);
    }
    /* every pairing of a message and AD of at most one block (GCM's fused
     * tier has a straight-line path for them) */
    for (size_t len = 0; len <= 16; len++)
        for (size_t adlen = 0; adlen <= 16; adlen++)
            message(c, len, adlen);
    for (size_t i = 0; i < c->nmore; i++)
        message(c, c->more[i].mlen, c->more[i].adlen);
}

/*
 * Message, AD, ciphertext, tag and plaintext whose last byte sits against
 * a guard page: a vector tier then cannot use a masked access that runs
 * past the buffer (src/core/tail_avx512.h), and a byte too many read or
 * written faults. Against the reference on ordinary buffers.
 */
static void page_edge_one(const aead_case *c, const hush_aead_ctx *k,
                          const uint8_t *key, size_t len, size_t adlen) {
    static uint8_t m[4096], want[4096 + TAG], ad[80];
    hush_aead_alg a = c->alg;
    uint8_t nonce[32], wtag[TAG];
    ht_rand_bytes(m, len);
    ht_rand_bytes(ad, adlen);
    ht_rand_bytes(nonce, sizeof nonce);
    c->oracle(want, wtag, m, len, ad, adlen, nonce, key);
    uint8_t *em = ht_guarded_end(0, len), *eo = ht_guarded_end(1, len);
    uint8_t *ead = ht_guarded_end(2, adlen), *etag = ht_guarded_end(3, TAG);
    uint8_t *ecomb = ht_guarded_end(4, len + TAG);
    uint8_t *ep = ht_guarded_end(5, len);
    const uint8_t *adp = adlen ? ead : NULL;
    memcpy(em, m, len);
    memcpy(ead, ad, adlen);
    /* one-shot, detached and combined, each output at a page end */
    CHECK_EQ_INT(hush_aead_encrypt_detached(a, eo, etag, em, len, adp, adlen,
                                            nonce, key),
                 HUSH_OK);
    CHECK_MEM(eo, want, len);
    CHECK_MEM(etag, wtag, TAG);
    CHECK_EQ_INT(hush_aead_encrypt(a, ecomb, em, len, adp, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(ecomb, want, len);
    CHECK_MEM(ecomb + len, wtag, TAG);
    CHECK_EQ_INT(hush_aead_decrypt_detached(a, ep, eo, len, etag, adp, adlen,
                                            nonce, key),
                 HUSH_OK);
    CHECK_MEM(ep, m, len);
    memset(ep, 0, len);
    CHECK_EQ_INT(
        hush_aead_decrypt(a, ep, ecomb, len + TAG, adp, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(ep, m, len);
    /* keyed, detached: ciphertext and tag each at a page end */
    memset(eo, 0, len);
    CHECK_EQ_INT(
        hush_aead_seal_detached(k, eo, etag, em, len, adp, adlen, nonce),
        HUSH_OK);
    CHECK_MEM(eo, want, len);
    CHECK_MEM(etag, wtag, TAG);
    CHECK_EQ_INT(
        hush_aead_open_detached(k, em, eo, len, etag, adp, adlen, nonce),
        HUSH_OK);
    CHECK_MEM(em, m, len);
    /* keyed, combined, in place at the page end */
    memcpy(ecomb, m, len);
    CHECK_EQ_INT(hush_aead_seal(k, ecomb, ecomb, len, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(ecomb, want, len);
    CHECK_MEM(ecomb + len, wtag, TAG);
    CHECK_EQ_INT(hush_aead_open(k, ecomb, ecomb, len + TAG, adp, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(ecomb, m, len);
    /* one-shot, detached, in place at the page end, both ways */
    memcpy(em, m, len);
    CHECK_EQ_INT(hush_aead_encrypt_detached(a, em, etag, em, len, adp, adlen,
                                            nonce, key),
                 HUSH_OK);
    CHECK_MEM(em, want, len);
    CHECK_MEM(etag, wtag, TAG);
    CHECK_EQ_INT(hush_aead_decrypt_detached(a, em, em, len, etag, adp, adlen,
                                            nonce, key),
                 HUSH_OK);
    CHECK_MEM(em, m, len);
}

static void test_page_edges(const aead_case *c) {
    static const size_t adlens[] = {0, 1, 13, 15, 16, 17, 40, 63, 64, 65, 80};
    enum { NAD = sizeof adlens / sizeof adlens[0] };
    /* beyond one vector batch: the 16- and 32-block batches' last blocks */
    static const size_t longer[] = {511,  512,  513,  575,  1000, 1023,
                                    1025, 1087, 1100, 1500, 2047, 2049,
                                    2111, 3000, 3071, 4080};
    uint8_t key[32];
    ht_rand_bytes(key, sizeof key);
    hush_aead_ctx *k = ht_aead_keyed(c->alg, key);
    for (size_t len = 0; len <= 300; len++)
        for (size_t i = 0; i < NAD; i++)
            page_edge_one(c, k, key, len, adlens[i]);
    for (size_t i = 0; i < sizeof longer / sizeof longer[0]; i++)
        page_edge_one(c, k, key, longer[i], adlens[i % NAD]);
    hush_aead_free(k);
}

/* Keyed objects give the same bytes as the one-shot calls, and open and
 * refuse alike. A one-shot call may prepare only what its message needs
 * (desc->setup_for: GCM builds fewer powers of H for short messages) where
 * a keyed object prepares everything; both must agree, and open must
 * accept, at every boundary of such a choice: message lengths 0..130 and
 * around 512, AD lengths around 16 and beyond a 16-block run. */
static void test_keyed_matches_oneshot(const aead_case *c) {
    static const size_t adlens[] = {0, 1, 15, 16, 17, 32, 33, 255, 256, 257};
    enum { MMAX = 530 };
    hush_aead_alg a = c->alg;
    uint8_t key[32], nonce[32], m[MMAX], ad[257], c1[MMAX + TAG],
        c2[MMAX + TAG], p[MMAX];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(m, sizeof m);
    ht_rand_bytes(ad, sizeof ad);
    hush_aead_ctx *k = ht_aead_keyed(c->alg, key);
    for (size_t len = 0; len <= MMAX; len++) {
        if (len > 130 && (len < 490 || len > 520) && len != MMAX &&
            len % 37 != 0)
            continue;
        for (size_t i = 0; i < sizeof adlens / sizeof adlens[0]; i++) {
            size_t al = adlens[i];
            CHECK_EQ_INT(hush_aead_encrypt(a, c1, m, len, ad, al, nonce, key),
                         HUSH_OK);
            CHECK_EQ_INT(hush_aead_seal(k, c2, m, len, ad, al, nonce), HUSH_OK);
            CHECK_MEM(c1, c2, len + TAG);
            CHECK_EQ_INT(
                hush_aead_decrypt(a, p, c2, len + TAG, ad, al, nonce, key),
                HUSH_OK);
            CHECK_MEM(p, m, len);
            CHECK_EQ_INT(hush_aead_open(k, p, c2, len + TAG, ad, al, nonce),
                         HUSH_OK);
            CHECK_MEM(p, m, len);
            /* a flipped bit in any byte of the tag is refused: the
             * combined forms compare the tag at c + len in a register
             * (gcm_short.h, gcm_vaes512.c), and a comparison of its first
             * half alone would still refuse a wrong first byte */
            for (size_t j = 0; j < TAG; j++) {
                c2[len + j] ^= (uint8_t)(1u << (j % 8));
                memset(p, 0xa5, len);
                CHECK_EQ_INT(hush_aead_open(k, p, c2, len + TAG, ad, al, nonce),
                             HUSH_ERR_AUTH);
                CHECK(ht_all_zero(p, len));
                c2[len + j] ^= (uint8_t)(1u << (j % 8));
            }
        }
    }
    hush_aead_free(k);
}

/* The errors include/hush/aead.h documents, each refused before anything
 * is read or written. */
static void test_errors(const aead_case *c) {
    hush_aead_alg a = c->alg;
    CHECK_EQ_INT(hush_aead_keybytes(a), c->keybytes);
    CHECK_EQ_INT(hush_aead_noncebytes(a), c->noncebytes);
    CHECK_EQ_INT(hush_aead_tagbytes(a), TAG);
    CHECK(hush_aead_name(a) != NULL && strcmp(hush_aead_name(a), c->name) == 0);
    /* key: room for the key one byte too long below */
    uint8_t key[33] = {1}, nonce[32] = {2}, buf[64] = {0}, out[64], tag[TAG];
    /* an unknown algorithm: no sizes, no name, refused */
    static const int unknown[] = {0, HUSH_ASCON_AEAD128 + 1, 99};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        hush_aead_alg u = (hush_aead_alg)unknown[i];
        CHECK_EQ_INT(hush_aead_keybytes(u), 0);
        CHECK_EQ_INT(hush_aead_noncebytes(u), 0);
        CHECK_EQ_INT(hush_aead_tagbytes(u), 0);
        CHECK(hush_aead_name(u) == NULL);
        memset(out, 0x77, sizeof out);
        CHECK_EQ_INT(hush_aead_encrypt(u, out, buf, 10, NULL, 0, nonce, key),
                     HUSH_ERR_INVALID);
        CHECK(out[0] == 0x77);
    }
    /* NULL key, nonce, output, or a NULL message or AD with a length */
    memset(out, 0x77, sizeof out);
    CHECK_EQ_INT(hush_aead_encrypt(a, out, buf, 10, NULL, 0, nonce, NULL),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt(a, out, buf, 10, NULL, 0, NULL, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt(a, out, NULL, 10, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt(a, out, buf, 10, NULL, 5, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt(a, NULL, buf, 10, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK(out[0] == 0x77);
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, out, NULL, buf, 10, NULL, 0, nonce, key),
        HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_decrypt(a, out, NULL, 16, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK(out[0] == 0x77);
    /* NULL message and output are fine with length 0: a tag over the AD */
    CHECK_EQ_INT(hush_aead_encrypt(a, buf, NULL, 0, NULL, 0, nonce, key),
                 HUSH_OK);
    /* fewer bytes than the tag: refused, output untouched */
    memset(out, 0x77, sizeof out);
    CHECK_EQ_INT(hush_aead_decrypt(a, out, buf, TAG - 1, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK(out[0] == 0x77);
    CHECK_EQ_INT(hush_aead_decrypt(a, out, buf, TAG, NULL, 0, nonce, key),
                 HUSH_OK);
    CHECK_EQ_INT(hush_aead_decrypt(a, NULL, buf, TAG, NULL, 0, nonce, key),
                 HUSH_OK);
    /* partial overlap of input and output is refused */
    CHECK_EQ_INT(hush_aead_encrypt(a, buf + 1, buf, 20, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt_detached(a, buf, buf + 4, buf, 20, NULL, 0,
                                            nonce, key),
                 HUSH_ERR_INVALID);
    /* no other input inside the message output (tests/aead/
     * test_aead_layouts.c moves each across every offset) */
    {
        uint8_t big[128] = {0};
        uint8_t *o = big + 32;
        CHECK_EQ_INT(hush_aead_encrypt(a, o, big, 20, o + 2, 5, nonce, key),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_aead_encrypt(a, o, big, 20, NULL, 0, o + 2, key),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_aead_encrypt(a, o, big, 20, NULL, 0, nonce, o + 2),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_aead_decrypt_detached(a, o, big, 20, o + 4, NULL, 0,
                                                nonce, key),
                     HUSH_ERR_INVALID);
        CHECK(ht_all_zero(o, 64));
    }
    /* keyed objects: a key of the wrong length, NULL arguments */
    hush_secret *s = NULL;
    hush_aead_ctx *k = (hush_aead_ctx *)buf;
    CHECK_EQ_INT(hush_secret_from(&s, key, c->keybytes - 1, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, a, s), HUSH_ERR_INVALID);
    CHECK(k == NULL);
    hush_secret_destroy(s);
    CHECK_EQ_INT(hush_secret_from(&s, key, c->keybytes + 1, 0), HUSH_OK);
    k = (hush_aead_ctx *)buf;
    CHECK_EQ_INT(hush_aead_new(&k, a, s), HUSH_ERR_INVALID);
    CHECK(k == NULL);
    hush_secret_destroy(s);
    CHECK_EQ_INT(hush_secret_from(&s, key, c->keybytes, 0), HUSH_OK);
    k = (hush_aead_ctx *)buf;
    CHECK_EQ_INT(hush_aead_new(&k, (hush_aead_alg)99, s), HUSH_ERR_INVALID);
    CHECK(k == NULL);
    CHECK_EQ_INT(hush_aead_new(NULL, a, s), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_new(&k, a, NULL), HUSH_ERR_INVALID);
    CHECK(k == NULL);
    hush_secret_destroy(s);
    memset(out, 0x77, sizeof out);
    CHECK_EQ_INT(hush_aead_seal(NULL, out, buf, 10, NULL, 0, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_open(NULL, out, buf, 26, NULL, 0, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_seal_detached(NULL, out, tag, buf, 10, NULL, 0, nonce),
        HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_open_detached(NULL, out, buf, 10, tag, NULL, 0, nonce),
        HUSH_ERR_INVALID);
    CHECK(out[0] == 0x77);
    /* an empty message still has a tag: a NULL combined output (or a NULL
     * tag) is refused at length 0 too, one-shot and keyed, by the quick
     * accept of the generic layer as by its full rules */
    CHECK_EQ_INT(hush_aead_encrypt(a, NULL, NULL, 0, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, NULL, NULL, NULL, 0, NULL, 0, nonce, key),
        HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_decrypt(a, NULL, NULL, TAG, NULL, 0, nonce, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, NULL, NULL, 0, NULL, NULL, 0, nonce, key),
        HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_secret_from(&s, key, c->keybytes, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, a, s), HUSH_OK);
    hush_secret_destroy(s);
    CHECK_EQ_INT(hush_aead_seal(k, NULL, NULL, 0, NULL, 0, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_seal_detached(k, NULL, NULL, NULL, 0, NULL, 0, nonce),
        HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_open(k, NULL, NULL, TAG, NULL, 0, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_open_detached(k, NULL, NULL, 0, NULL, NULL, 0, nonce),
        HUSH_ERR_INVALID);
    /* and with somewhere to put it, the empty message is sealed */
    CHECK_EQ_INT(hush_aead_seal(k, out, NULL, 0, NULL, 0, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_open(k, NULL, out, TAG, NULL, 0, nonce), HUSH_OK);
    hush_aead_free(k);
    hush_aead_ctx *copy = (hush_aead_ctx *)buf;
    CHECK_EQ_INT(hush_aead_dup(&copy, NULL), HUSH_ERR_INVALID);
    CHECK(copy == NULL);
    /* the algorithm's limits + 1, refused on the length alone (in place,
     * so nothing else decides; nothing is read) */
    if (c->max_mlen) {
        size_t too_long = (size_t)c->max_mlen + 1;
        CHECK_EQ_INT(hush_aead_encrypt_detached(a, buf, tag, buf, too_long,
                                                NULL, 0, nonce, key),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_aead_decrypt_detached(a, buf, buf, too_long, tag,
                                                NULL, 0, nonce, key),
                     HUSH_ERR_INVALID);
    }
    if (c->max_adlen) {
        size_t too_long = (size_t)c->max_adlen + 1;
        CHECK_EQ_INT(hush_aead_encrypt_detached(a, buf, tag, buf, 16, buf,
                                                too_long, nonce, key),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_aead_decrypt_detached(a, buf, buf, 16, tag, buf,
                                                too_long, nonce, key),
                     HUSH_ERR_INVALID);
    }
}

void aead_generic_diff(const aead_case *c) {
    ht_context = c->name;
    test_messages(c);
    test_page_edges(c);
    test_keyed_matches_oneshot(c);
    ht_context = NULL;
}

void aead_generic_api(const aead_case *c) {
    ht_context = c->name;
    test_errors(c);
    ht_context = NULL;
}
