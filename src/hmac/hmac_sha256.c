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
#include "core/misuse.h"
#include "core/registers.h"
#include "sha256/sha256_impl.h"

#define BLOCK 64

/* Both halves set up by init and not yet wiped by final. */
static int live(const hush_hmac_sha256_ctx *c) {
    return hush_ops_valid(&hush_prim_sha256, c->inner.impl) &&
           hush_ops_valid(&hush_prim_sha256, c->outer.impl);
}

void hush_hmac_sha256_init(hush_hmac_sha256_ctx *c, const void *key,
                           size_t keylen) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(!hush_missing(key, keylen), "NULL key with a nonzero length");
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
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(live(c), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    hush_sha256_update(&c->inner, in, len);
}

void hush_hmac_sha256_final(hush_hmac_sha256_ctx *c, uint8_t out[32]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(live(c), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(out != NULL, HUSH_MISUSE_NULL_OUT);
    uint8_t inner_digest[32]; /* derived from the key: wiped */
    hush_sha256_final(&c->inner, inner_digest);
    hush_sha256_update(&c->outer, inner_digest, sizeof inner_digest);
    hush_sha256_final(&c->outer, out);
    HUSH_SHA256_WIPE_OBJ(&inner_digest);
    HUSH_SHA256_WIPE_OBJ(c);
    hush_clear_vector_registers(); /* key-derived states passed through */
}

void hush_hmac_sha256(uint8_t out[32], const void *key, size_t keylen,
                      const void *msg, size_t len) {
    HUSH_REQUIRE(out != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(!hush_missing(key, keylen), "NULL key with a nonzero length");
    HUSH_REQUIRE(!hush_missing(msg, len), HUSH_MISUSE_NULL_DATA);
    hush_hmac_sha256_ctx c;
    hush_hmac_sha256_init(&c, key, keylen);
    hush_hmac_sha256_update(&c, msg, len);
    hush_hmac_sha256_final(&c, out); /* wipes c */
}
