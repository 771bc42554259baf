/*
 * HMAC-SHA256 (RFC 2104, FIPS 198-1) on the SHA-256 context API.
 *
 * init absorbs the padded key into both halves once: the inner context is
 * left just past K ^ ipad and the outer one just past K ^ opad, so a
 * context can be copied and reused for many messages with no key setup
 * (see mac.h). The padded key block and a long key's digest live on the
 * stack only while init runs and are wiped before it returns.
 */
#include "core/internal.h"
#include "core/registers.h"
#include "sha256/sha256_impl.h"

#define BLOCK 64

void hush_hmac_sha256_init(hush_hmac_sha256_ctx *c, const void *key,
                           size_t keylen) {
    if (c == NULL) return;
    if (hush_missing(key, keylen)) {
        /* no key to use: leave a context that cannot be mistaken for one
         * keyed with the empty key (its final writes the MAC of nothing
         * under a zero state, which no real key produces) */
        HUSH_SHA256_WIPE_OBJ(c);
        return;
    }
    uint8_t pad[BLOCK]; /* K0 ^ ipad, then K0 ^ opad: key material, wiped */
    size_t i;

    /* K0: the key itself, or its digest when longer than a block. The
     * digest goes straight into pad, so no separate copy needs wiping. */
    memset(pad, 0, sizeof pad);
    if (keylen > BLOCK)
        hush_sha256(pad, key, keylen);
    else if (keylen != 0)
        memcpy(pad, key, keylen);

    for (i = 0; i < BLOCK; i++)
        pad[i] ^= 0x36;
    hush_sha256_init(&c->inner);
    hush_sha256_update(&c->inner, pad, BLOCK);
    for (i = 0; i < BLOCK; i++)
        pad[i] ^= 0x36 ^ 0x5c;
    hush_sha256_init(&c->outer);
    hush_sha256_update(&c->outer, pad, BLOCK);
    HUSH_SHA256_WIPE_OBJ(&pad);
    /* the key was copied through vector registers */
    hush_clear_vector_registers();
}

void hush_hmac_sha256_update(hush_hmac_sha256_ctx *c, const void *in,
                             size_t len) {
    if (c == NULL) return;
    hush_sha256_update(&c->inner, in, len);
}

void hush_hmac_sha256_final(hush_hmac_sha256_ctx *c, uint8_t out[32]) {
    if (c == NULL) return;
    if (out != NULL && c->inner.impl != NULL && c->outer.impl != NULL) {
        uint8_t inner_digest[32]; /* derived from the key: wiped */
        hush_sha256_final(&c->inner, inner_digest);
        hush_sha256_update(&c->outer, inner_digest, sizeof inner_digest);
        hush_sha256_final(&c->outer, out);
        HUSH_SHA256_WIPE_OBJ(&inner_digest);
    }
    HUSH_SHA256_WIPE_OBJ(c);
    hush_clear_vector_registers(); /* key-derived states passed through */
}

void hush_hmac_sha256(uint8_t out[32], const void *key, size_t keylen,
                      const void *msg, size_t len) {
    if (out == NULL || hush_missing(key, keylen) || hush_missing(msg, len))
        return;
    hush_hmac_sha256_ctx c;
    hush_hmac_sha256_init(&c, key, keylen);
    hush_hmac_sha256_update(&c, msg, len);
    hush_hmac_sha256_final(&c, out); /* wipes c */
}
