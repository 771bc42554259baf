/* Shared streaming AEAD checks; see stream_util.h. */
#include "stream_util.h"

#include <stdlib.h>
#include <string.h>

#include "harness.h"

static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

size_t su_split(size_t len, size_t *pieces, size_t max) {
    if (max == 0) return 0;
    if (len && len <= 48 && len <= max && ht_rand_u64() % 8 == 0) {
        for (size_t i = 0; i < len; i++)
            pieces[i] = 1; /* byte by byte */
        return len;
    }
    size_t ncuts = (size_t)(ht_rand_u64() % 7);
    if (ncuts + 1 > max) ncuts = max - 1;
    size_t cuts[8];
    for (size_t i = 0; i < ncuts; i++) {
        /* now and then right at a block boundary of 16 or 64 */
        size_t c = len ? (size_t)(ht_rand_u64() % (len + 1)) : 0;
        if (ht_rand_u64() % 4 == 0) c &= ~(size_t)(ht_rand_u64() % 2 ? 15 : 63);
        cuts[i] = c;
    }
    qsort(cuts, ncuts, sizeof cuts[0], cmp_size);
    size_t n = 0, at = 0;
    for (size_t i = 0; i < ncuts; i++) {
        pieces[n++] = cuts[i] - at;
        at = cuts[i];
    }
    pieces[n++] = len - at;
    return n;
}

/* AD pieces, then message pieces. Returns the first non-OK result. */
static int feed(hush_aead_stream *s, uint8_t *out, const uint8_t *in,
                size_t len, const uint8_t *ad, size_t adlen) {
    size_t pieces[64];
    size_t n = su_split(adlen, pieces, 64), at = 0;
    for (size_t i = 0; i < n; i++) {
        int r = hush_aead_stream_ad(s, pieces[i] ? ad + at : NULL, pieces[i]);
        if (r != HUSH_OK) return r;
        at += pieces[i];
    }
    n = su_split(len, pieces, 64), at = 0;
    for (size_t i = 0; i < n; i++) {
        int r = hush_aead_stream_update(s, pieces[i] ? out + at : NULL,
                                        pieces[i] ? in + at : NULL, pieces[i]);
        if (r != HUSH_OK) return r;
        at += pieces[i];
    }
    return HUSH_OK;
}

int su_stream_seal(const hush_aead_ctx *k, uint8_t *c, uint8_t tag[16],
                   const uint8_t *m, size_t mlen, const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce) {
    hush_aead_stream s;
    int r = hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce);
    if (r == HUSH_OK) r = feed(&s, c, m, mlen, ad, adlen);
    if (r == HUSH_OK) {
        r = hush_aead_stream_seal_final(&s, tag);
        CHECK(ht_all_zero(&s, sizeof s));
    }
    hush_aead_stream_abort(&s);
    return r;
}

int su_stream_open(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c,
                   size_t clen, const uint8_t tag[16], const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce) {
    hush_aead_stream s;
    int r = hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce);
    if (r == HUSH_OK) r = feed(&s, m, c, clen, ad, adlen);
    if (r == HUSH_OK) {
        r = hush_aead_stream_open_final(&s, tag);
        CHECK(ht_all_zero(&s, sizeof s));
    }
    hush_aead_stream_abort(&s);
    return r;
}

void su_check_message(const hush_aead_ctx *k, const uint8_t *nonce,
                      const uint8_t *m, size_t mlen, const uint8_t *ad,
                      size_t adlen, const uint8_t *want_c,
                      const uint8_t *want_tag) {
    uint8_t *buf = malloc(mlen + 1), *ad2 = malloc(adlen + 1), tag[16];
    /* out of place */
    memset(buf, 0xa5, mlen + 1);
    memset(tag, 0, 16);
    CHECK_EQ_INT(su_stream_seal(k, buf, tag, m, mlen, ad, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(buf, want_c, mlen);
    CHECK_MEM(tag, want_tag, 16);
    CHECK(buf[mlen] == 0xa5); /* nothing written past the message */
    /* in place */
    if (mlen) memcpy(buf, m, mlen);
    CHECK_EQ_INT(su_stream_seal(k, buf, tag, buf, mlen, ad, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(buf, want_c, mlen);
    CHECK_MEM(tag, want_tag, 16);
    /* opening, out of place and in place */
    memset(buf, 0xa5, mlen + 1);
    CHECK_EQ_INT(
        su_stream_open(k, buf, want_c, mlen, want_tag, ad, adlen, nonce),
        HUSH_OK);
    CHECK_MEM(buf, m, mlen);
    CHECK(buf[mlen] == 0xa5);
    if (mlen) memcpy(buf, want_c, mlen);
    CHECK_EQ_INT(su_stream_open(k, buf, buf, mlen, want_tag, ad, adlen, nonce),
                 HUSH_OK);
    CHECK_MEM(buf, m, mlen);
    /* tampering: tag, ciphertext, associated data */
    memcpy(tag, want_tag, 16);
    tag[ht_rand_u64() % 16] ^= (uint8_t)(1u << (ht_rand_u64() % 8));
    CHECK_EQ_INT(su_stream_open(k, buf, want_c, mlen, tag, ad, adlen, nonce),
                 HUSH_ERR_AUTH);
    if (mlen) {
        memcpy(buf, want_c, mlen);
        buf[ht_rand_u64() % mlen] ^= (uint8_t)(1u << (ht_rand_u64() % 8));
        CHECK_EQ_INT(
            su_stream_open(k, buf, buf, mlen, want_tag, ad, adlen, nonce),
            HUSH_ERR_AUTH);
    }
    if (adlen) {
        memcpy(ad2, ad, adlen);
        ad2[ht_rand_u64() % adlen] ^= (uint8_t)(1u << (ht_rand_u64() % 8));
        CHECK_EQ_INT(
            su_stream_open(k, buf, want_c, mlen, want_tag, ad2, adlen, nonce),
            HUSH_ERR_AUTH);
    }
    free(buf);
    free(ad2);
}

void su_check_against_oneshot(hush_aead_alg a, const uint8_t *key,
                              const hush_aead_ctx *k, const uint8_t *nonce,
                              const uint8_t *m, size_t mlen, const uint8_t *ad,
                              size_t adlen) {
    uint8_t *c = malloc(mlen + 1), tag[16];
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, c, tag, m, mlen, ad, adlen, nonce, key),
        HUSH_OK);
    su_check_message(k, nonce, m, mlen, ad, adlen, c, tag);
    free(c);
}

unsigned long su_wycheproof(const char *file, hush_aead_alg a,
                            hush_aead_alg (*key_for)(size_t keylen)) {
    json_t *root = ht_json_load(file);
    unsigned long run = 0;
    size_t gi, ti;
    json_t *g, *t;
    json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            size_t kl, il, al, ml, cl, tl;
            uint8_t *key = ht_json_hex(t, "key", &kl),
                    *iv = ht_json_hex(t, "iv", &il),
                    *aad = ht_json_hex(t, "aad", &al),
                    *msg = ht_json_hex(t, "msg", &ml),
                    *ct = ht_json_hex(t, "ct", &cl),
                    *tag = ht_json_hex(t, "tag", &tl);
            hush_aead_alg alg = key_for ? key_for(kl) : a;
            if (kl == hush_aead_keybytes(alg) &&
                il == hush_aead_noncebytes(alg) && tl == 16 && cl == ml) {
                char ctx[96];
                snprintf(
                    ctx, sizeof ctx, "%s tcId %lld", file,
                    (long long)json_integer_value(json_object_get(t, "tcId")));
                ht_context = ctx;
                hush_aead_ctx *k = ht_aead_keyed(alg, key);
                if (k && strcmp(ht_json_result(t), "invalid") != 0) {
                    su_check_message(k, iv, msg, ml, aad, al, ct, tag);
                } else if (k) {
                    uint8_t *out = malloc(cl + 1);
                    CHECK_EQ_INT(
                        su_stream_open(k, out, ct, cl, tag, aad, al, iv),
                        HUSH_ERR_AUTH);
                    free(out);
                }
                hush_aead_free(k);
                ht_context = NULL;
                run++;
            }
            free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
        }
    }
    json_decref(root);
    return run;
}
