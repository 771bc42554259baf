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

static void x25519_base_traffic(const uint8_t *key) {
    uint8_t pub[32];
    if (hush_x25519_base(pub, key) != HUSH_OK) exit(2);
}

static void x25519_shared_traffic(const uint8_t *key) {
    static const uint8_t peer[32] = {9, 0x55}; /* some point (not secret) */
    uint8_t shared[32];
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

/* Each function that takes a key is its own case, the scan right after
 * its last call: a copy one call leaves in a register or in dead stack
 * must not be hidden by the next call overwriting it (issue 15, defect 2:
 * the census passed before partly because of the order of its calls). */
static uint8_t data[4096 + 7]; /* not secret: the data */
static const uint8_t iv[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                               0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0};
static const uint8_t n12[12] = {1}, n24[24] = {2};

/* The caller's context: wiped by the caller, as the contract says
 * (hush_wipe(ctx, sizeof *ctx)). */
static void aes_block_traffic(const uint8_t *key) {
    hush_aes_ctx c;
    if (hush_aes_init(&c, key, 32) != HUSH_OK) exit(2);
    hush_aes_encrypt_block(&c, data, data);
    hush_aes_decrypt_block(&c, data, data);
    hush_wipe(&c, sizeof c);
}

static void aes_ctr_traffic(const uint8_t *key) {
    hush_aes_ctx c;
    if (hush_aes_init(&c, key, 32) != HUSH_OK) exit(2);
    for (size_t n = 1; n <= sizeof data; n = n * 4 + 3)
        hush_aes_ctr_xor(&c, data, data, n, iv);
    hush_wipe(&c, sizeof c);
}

static void chacha_needles(const uint8_t *key) { (void)key; }

/* 1 to 64 bytes: the short paths, alone (nothing longer after them) */
static void chacha20_short(const uint8_t *key) {
    for (size_t n = 1; n <= 64; n = n * 2 + 1)
        hush_chacha20_xor(data, data, n, n12, key, 1);
}

static void chacha20_long(const uint8_t *key) {
    for (size_t n = 65; n <= sizeof data; n = n * 4 + 3)
        hush_chacha20_xor(data, data, n, n12, key, 1);
}

static void xchacha20_short(const uint8_t *key) {
    for (size_t n = 1; n <= 64; n = n * 2 + 1)
        hush_xchacha20_xor(data, data, n, n24, key, 0);
}

static void xchacha20_long(const uint8_t *key) {
    for (size_t n = 65; n <= sizeof data; n = n * 4 + 3)
        hush_xchacha20_xor(data, data, n, n24, key, 0);
}

/* Poly1305 keyed with a fresh key: a one-time key in real use */
static void poly1305_oneshot(const uint8_t *key) {
    for (size_t n = 1; n <= sizeof data; n = n * 4 + 3)
        hush_poly1305(data, data, n, key);
}

static void poly1305_incremental(const uint8_t *key) {
    static uint8_t buf[4096 + 7]; /* not secret: the data */
    uint8_t tag[16];
    for (size_t n = 1; n <= sizeof buf; n = n * 4 + 3) {
        hush_poly1305_ctx c; /* final wipes it */
        hush_poly1305_init(&c, key);
        hush_poly1305_update(&c, buf, n / 3);
        hush_poly1305_update(&c, buf + n / 3, n - n / 3);
        hush_poly1305_final(&c, tag);
    }
}

static void poly1305_needles(const uint8_t *key) {
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    /* r clamped as the tiers hold it (the raw halves are raw-key needles) */
    static const uint8_t clamp[16] = {0xff, 0xff, 0xff, 0x0f, 0xfc, 0xff,
                                      0xff, 0x0f, 0xfc, 0xff, 0xff, 0x0f,
                                      0xfc, 0xff, 0xff, 0x0f};
    for (int i = 0; i < 16; i++)
        scratch[i] = key[i] & clamp[i];
    scanner_add_needle(scratch, 16, NEEDLE_EXPANDED);
    hush_wipe(scratch, 16);
}

static const uint8_t salt[16] = {0x73, 0x61, 0x6c, 0x74}; /* public */

/* HKDF: the PRK of extract, the key of every expand step */
static void hkdf_needles(const uint8_t *key) {
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    hush_hkdf_sha256_extract(scratch, salt, sizeof salt, key, 32);
    scanner_add_needle(scratch, 32, NEEDLE_EXPANDED);
    /* the HMAC states keyed by the PRK, as expand holds them */
    hush_hmac_sha256_ctx *c = (hush_hmac_sha256_ctx *)(void *)(scratch + 64);
    hush_hmac_sha256_init(c, scratch, 32);
    scanner_add_expanded((const uint8_t *)c, sizeof *c, 64);
    hush_wipe(scratch, 64 + sizeof *c);
}

static void hkdf_traffic(const uint8_t *key) {
    uint8_t prk[32], okm[200];
    if (hush_hkdf_sha256(okm, sizeof okm, key, 32, salt, sizeof salt, message,
                         20) != HUSH_OK)
        exit(2);
    hush_hkdf_sha256_extract(prk, salt, sizeof salt, key, 32);
    if (hush_hkdf_sha256_expand(okm, 77, prk, message, 9) != HUSH_OK) exit(2);
    hush_wipe(prk, sizeof prk); /* the caller's: derived, not the key */
    hush_wipe(okm, sizeof okm);
}

/* PBKDF2 and scrypt take a password: the raw key needles are it, the
 * HMAC states keyed by it are its expanded form (hmac_needles) */
static void pbkdf2_traffic(const uint8_t *key) {
    uint8_t out[80];
    if (hush_pbkdf2_sha256(out, sizeof out, key, 32, salt, sizeof salt, 3) !=
        HUSH_OK)
        exit(2);
    hush_wipe(out, sizeof out);
}

#define SCRYPT_N 1024 /* 128 KiB for r = 1... */
#define SCRYPT_R 8    /* ...1 MiB here: a few milliseconds */
#define SCRYPT_P 2

/* scrypt: also B, the PBKDF2 output ROMix runs on */
static void scrypt_needles(const uint8_t *key) {
    hmac_needles(key);
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    size_t blen = 128 * SCRYPT_R * SCRYPT_P;
    if (hush_pbkdf2_sha256(scratch, blen, key, 32, salt, sizeof salt, 1) ==
        HUSH_OK)
        scanner_add_expanded(scratch, blen, 64);
    hush_wipe(scratch, blen);
}

static void scrypt_traffic(const uint8_t *key) {
    uint8_t out[64];
    if (hush_scrypt_bytes(SCRYPT_N, SCRYPT_R, SCRYPT_P) == 0) exit(2);
    if (hush_scrypt(out, sizeof out, key, 32, salt, sizeof salt, SCRYPT_N,
                    SCRYPT_R, SCRYPT_P) != HUSH_OK)
        exit(2);
    hush_wipe(out, sizeof out);
}

void census_run_other_cases(unsigned tier) {
    census_run_keyed("AES-256", "block functions on a caller's context", 32,
                     tier, aes_needles, aes_block_traffic);
    census_run_keyed("AES-256", "CTR on a caller's context", 32, tier,
                     aes_needles, aes_ctr_traffic);
    census_run_keyed("ChaCha20", "xor, 1-64 bytes", 32, tier, chacha_needles,
                     chacha20_short);
    census_run_keyed("ChaCha20", "xor, 65 bytes and up", 32, tier,
                     chacha_needles, chacha20_long);
    census_run_keyed("XChaCha20", "xor, 1-64 bytes", 32, tier, chacha_needles,
                     xchacha20_short);
    census_run_keyed("XChaCha20", "xor, 65 bytes and up", 32, tier,
                     chacha_needles, xchacha20_long);
    census_run_keyed("Poly1305", "one-shot", 32, tier, poly1305_needles,
                     poly1305_oneshot);
    census_run_keyed("Poly1305", "stack context init/update/final", 32, tier,
                     poly1305_needles, poly1305_incremental);
    census_run_keyed("HMAC-SHA256", "one-shot with hush_secret_ptr", 32, tier,
                     hmac_needles, hmac_oneshot);
    census_run_keyed("HMAC-SHA256", "stack context init/update/final", 32, tier,
                     hmac_needles, hmac_context);
    census_run_keyed("HKDF-SHA256", "one-shot, extract and expand", 32, tier,
                     hkdf_needles, hkdf_traffic);
    census_run_keyed("PBKDF2-HMAC-SHA256", "password from hush_secret_ptr", 32,
                     tier, hmac_needles, pbkdf2_traffic);
    census_run_keyed("scrypt", "password from hush_secret_ptr", 32, tier,
                     scrypt_needles, scrypt_traffic);
    census_run_keyed("X25519", "base with hush_secret_ptr", 32, tier,
                     x25519_needles, x25519_base_traffic);
    census_run_keyed("X25519", "shared with hush_secret_ptr", 32, tier,
                     x25519_needles, x25519_shared_traffic);
}
