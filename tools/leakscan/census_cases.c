/*
 * Census cases of the primitives used outside an AEAD (AES, the ChaCha20
 * family, HMAC-SHA256, X25519), and the needles derived from an AEAD key
 * (one-time Poly1305 keys, GHASH's H, AES key schedules).
 */
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "scanner.h"

void census_add_derived_needles(hush_aead_alg a, const uint8_t *key,
                                const uint8_t *nonce) {
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    (void)scratch_len;
    if (a == HUSH_CHACHA20POLY1305) {
        /* the one-time Poly1305 key of the last message: block 0 */
        memset(scratch, 0, 64);
        hush_chacha20_xor(scratch, scratch, 32, nonce, key, 0);
        scanner_add_needle(scratch, 16, NEEDLE_EXPANDED);      /* r */
        scanner_add_needle(scratch + 16, 16, NEEDLE_EXPANDED); /* s */
        static const uint8_t clamp[16] = {0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff,
                                          0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
                                          0xfc, 0xff, 0xff, 0x0f};
        for (int i = 0; i < 16; i++)
            scratch[32 + i] = scratch[i] & clamp[i];
        scanner_add_needle(scratch + 32, 16, NEEDLE_EXPANDED); /* clamped r */
        hush_wipe(scratch, 64);
    }
    if (a == HUSH_AES128GCM || a == HUSH_AES256GCM) {
        /* H = AES_K(0^128), as stored and byte-reversed (GHASH's order) */
        /* the scratch is 64-byte aligned (scanner.h), so 64 bytes in is */
        hush_aes_ctx *ctx = __builtin_assume_aligned(scratch + 64, 64);
        memset(scratch, 0, 16);
        if (hush_aes_init(ctx, key, a == HUSH_AES128GCM ? 16 : 32) != HUSH_OK)
            exit(2);
        hush_aes_encrypt_block(ctx, scratch, scratch);
        /* the AES key schedule as hush_aes_init lays it out for this tier */
        scanner_add_expanded((const uint8_t *)ctx, sizeof *ctx, 64);
        hush_wipe(ctx, sizeof *ctx);
        for (int i = 0; i < 16; i++)
            scratch[16 + i] = scratch[15 - i];
        scanner_add_needle(scratch, 16, NEEDLE_EXPANDED);
        scanner_add_needle(scratch + 16, 16, NEEDLE_EXPANDED);
        hush_wipe(scratch, 32);
    }
}

static const uint8_t message[200] = {0x61}; /* not secret */

static void hmac_needles(const uint8_t *key) {
    size_t scratch_len;
    /* the precomputed inner and outer states, as the context holds them */
    hush_hmac_sha256_ctx *c = scanner_scratch(&scratch_len);
    hush_hmac_sha256_init(c, key, 32);
    scanner_add_expanded((const uint8_t *)c, sizeof *c, 64);
    hush_wipe(c, sizeof *c);
}

static void hmac_oneshot(const uint8_t *key) {
    uint8_t tag[32];
    for (int i = 0; i < 8; i++)
        hush_hmac_sha256(tag, key, 32, message, sizeof message - (size_t)i);
}

static void hmac_context(const uint8_t *key) {
    uint8_t tag[32];
    hush_hmac_sha256_ctx c;
    for (int i = 0; i < 8; i++) {
        hush_hmac_sha256_init(&c, key, 32);
        hush_hmac_sha256_update(&c, message, 100);
        hush_hmac_sha256_update(&c, message + 100, 100 - (size_t)i);
        hush_hmac_sha256_final(&c, tag); /* wipes c */
    }
}

static void x25519_needles(const uint8_t *key) {
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    /* the clamped scalar the ladder runs on */
    memcpy(scratch, key, 32);
    scratch[0] &= 248;
    scratch[31] &= 127;
    scratch[31] |= 64;
    /* a key that was already clamped has no separate expanded form */
    if (memcmp(scratch, key, 32) != 0)
        scanner_add_needle(scratch, 32, NEEDLE_EXPANDED);
    hush_wipe(scratch, 32);
}

static void x25519_traffic(const uint8_t *key) {
    uint8_t pub[32], peer[32], shared[32];
    if (hush_x25519_base(pub, key) != HUSH_OK) exit(2);
    memcpy(peer, pub, 32);
    peer[0] ^= 0x55; /* some other point (not secret) */
    if (hush_x25519(shared, key, peer) != HUSH_OK) exit(2);
    hush_wipe(shared, sizeof shared); /* the caller's secret, not the key */
}

static void aes_needles(const uint8_t *key) {
    size_t scratch_len;
    hush_aes_ctx *c = scanner_scratch(&scratch_len);
    if (hush_aes_init(c, key, 32) != HUSH_OK) exit(2);
    scanner_add_expanded((const uint8_t *)c, sizeof *c, 64);
    hush_wipe(c, sizeof *c);
}

static void aes_traffic(const uint8_t *key) {
    static uint8_t buf[4096 + 7]; /* not secret: the data */
    static const uint8_t iv[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xf0};
    hush_aes_ctx c; /* the caller's context: wiped by the caller, as the
                     * contract says (hush_wipe(ctx, sizeof *ctx)) */
    if (hush_aes_init(&c, key, 32) != HUSH_OK) exit(2);
    for (size_t n = 1; n <= sizeof buf; n = n * 4 + 3)
        hush_aes_ctr_xor(&c, buf, buf, n, iv);
    hush_aes_encrypt_block(&c, buf, buf);
    hush_aes_decrypt_block(&c, buf, buf);
    hush_wipe(&c, sizeof c);
}

static void chacha_needles(const uint8_t *key) { (void)key; }

static void chacha_traffic(const uint8_t *key) {
    static uint8_t buf[4096 + 7]; /* not secret: the data */
    static const uint8_t n12[12] = {1}, n24[24] = {2};
    for (size_t n = 1; n <= sizeof buf; n = n * 4 + 3) {
        hush_chacha20_xor(buf, buf, n, n12, key, 1);
        hush_xchacha20_xor(buf, buf, n, n24, key, 0);
        /* Poly1305 keyed with the same bytes: a one-time key in real use */
        hush_poly1305(buf, buf, n, key);
    }
}

void census_run_other_cases(unsigned tier) {
    census_run_keyed("AES-256", "block and CTR on a caller's context", 32, tier,
                     aes_needles, aes_traffic);
    census_run_keyed("ChaCha20, XChaCha20, Poly1305", "stream one-shots", 32,
                     tier, chacha_needles, chacha_traffic);
    census_run_keyed("HMAC-SHA256", "one-shot with hush_secret_ptr", 32, tier,
                     hmac_needles, hmac_oneshot);
    census_run_keyed("HMAC-SHA256", "stack context init/update/final", 32, tier,
                     hmac_needles, hmac_context);
    census_run_keyed("X25519", "base and shared with hush_secret_ptr", 32, tier,
                     x25519_needles, x25519_traffic);
}
