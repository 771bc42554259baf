/*
 * Differential tests against OpenSSL, for each SHA-256 implementation:
 * SHA-256 and HMAC-SHA256 of random messages of every length 0..1100, fed
 * whole and at random incremental split points; HMAC with random key
 * lengths across the block size; HKDF with random sizes up to the limit;
 * and the two-message entry point against OpenSSL for both outputs.
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/sha.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define MAXLEN 1100

static void openssl_sha256(uint8_t out[32], const uint8_t *m, size_t len) {
    unsigned int n = 0;
    if (!EVP_Digest(m, len, out, &n, EVP_sha256(), NULL) || n != 32) abort();
}

static void openssl_hmac(uint8_t out[32], const uint8_t *k, size_t klen,
                         const uint8_t *m, size_t len) {
    unsigned int n = 0;
    static const uint8_t none = 0; /* OpenSSL wants a non-NULL empty key */
    if (!HMAC(EVP_sha256(), klen ? k : &none, (int)klen, m, len, out, &n) ||
        n != 32)
        abort();
}

static void openssl_hkdf(uint8_t *out, size_t outlen, const uint8_t *ikm,
                         size_t ikmlen, const uint8_t *salt, size_t saltlen,
                         const uint8_t *info, size_t infolen) {
    EVP_PKEY_CTX *p = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
    if (p == NULL || EVP_PKEY_derive_init(p) <= 0 ||
        EVP_PKEY_CTX_set_hkdf_md(p, EVP_sha256()) <= 0 ||
        EVP_PKEY_CTX_set1_hkdf_salt(p, salt, (int)saltlen) <= 0 ||
        EVP_PKEY_CTX_set1_hkdf_key(p, ikm, (int)ikmlen) <= 0 ||
        EVP_PKEY_CTX_add1_hkdf_info(p, info, (int)infolen) <= 0 ||
        EVP_PKEY_derive(p, out, &outlen) <= 0)
        abort();
    EVP_PKEY_CTX_free(p);
}

/* Feeds m to a context in pieces cut at random points (some empty). */
static void sha256_random_splits(uint8_t out[32], const uint8_t *m,
                                 size_t len) {
    hush_sha256_ctx c;
    hush_sha256_init(&c);
    size_t off = 0;
    while (off < len) {
        size_t n = (size_t)(ht_rand_u64() % (len - off + 1));
        if (ht_rand_u64() % 4 == 0) n %= 70; /* many short pieces too */
        hush_sha256_update(&c, m + off, n);
        off += n;
    }
    hush_sha256_final(&c, out);
}

static void hmac_random_splits(uint8_t out[32], const uint8_t *k, size_t klen,
                               const uint8_t *m, size_t len) {
    hush_hmac_sha256_ctx c;
    hush_hmac_sha256_init(&c, k, klen);
    size_t off = 0;
    while (off < len) {
        size_t n = (size_t)(ht_rand_u64() % (len - off + 1));
        if (ht_rand_u64() % 4 == 0) n %= 70;
        hush_hmac_sha256_update(&c, m + off, n);
        off += n;
    }
    hush_hmac_sha256_final(&c, out);
}

static void test_sha256(const uint8_t *msg, const uint8_t *msg2) {
    for (size_t len = 0; len <= MAXLEN; len++) {
        uint8_t want[32], want2[32], got[32], got2[32];
        openssl_sha256(want, msg, len);
        hush_sha256(got, msg, len);
        CHECK_MEM(got, want, 32);
        sha256_random_splits(got, msg, len);
        CHECK_MEM(got, want, 32);
        /* x2: both outputs against OpenSSL, the second message distinct and
         * at a different alignment */
        openssl_sha256(want2, msg2 + 3, len);
        hush_sha256_x2(got, msg, got2, msg2 + 3, len);
        CHECK_MEM(got, want, 32);
        CHECK_MEM(got2, want2, 32);
    }
}

static void test_hmac(const uint8_t *msg, const uint8_t *key) {
    for (size_t len = 0; len <= MAXLEN; len++) {
        /* key lengths: every one up to 140 in turn, then random to 300 */
        size_t klen = len <= 140 ? len : (size_t)(ht_rand_u64() % 301);
        uint8_t want[32], got[32];
        openssl_hmac(want, key, klen, msg, len);
        hush_hmac_sha256(got, key, klen, msg, len);
        CHECK_MEM(got, want, 32);
        hmac_random_splits(got, key, klen, msg, len);
        CHECK_MEM(got, want, 32);
    }
}

static void test_hkdf(const uint8_t *msg, const uint8_t *key) {
    static uint8_t want[HUSH_HKDF_SHA256_MAX_OUT],
        got[HUSH_HKDF_SHA256_MAX_OUT];
    for (int i = 0; i < 300; i++) {
        size_t outlen =
            i < 100 ? (size_t)i + 1
                    : 1 + (size_t)(ht_rand_u64() % HUSH_HKDF_SHA256_MAX_OUT);
        if (i == 299) outlen = HUSH_HKDF_SHA256_MAX_OUT;
        size_t ikmlen = ht_rand_u64() % 200, saltlen = ht_rand_u64() % 100;
        size_t infolen = ht_rand_u64() % 150;
        openssl_hkdf(want, outlen, key, ikmlen, msg, saltlen, msg + 500,
                     infolen);
        CHECK_EQ_INT(hush_hkdf_sha256(got, outlen, key, ikmlen, msg, saltlen,
                                      msg + 500, infolen),
                     HUSH_OK);
        CHECK_MEM(got, want, outlen);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    uint8_t *msg = malloc(MAXLEN + 8), *msg2 = malloc(MAXLEN + 8);
    uint8_t key[301];
    HT_FOR_EACH_IMPL("sha256", impl) {
        (void)impl;
        ht_rand_seed(0xd1ff);
        ht_rand_bytes(msg, MAXLEN + 8);
        ht_rand_bytes(msg2, MAXLEN + 8);
        ht_rand_bytes(key, sizeof key);
        test_sha256(msg, msg2);
        test_hmac(msg, key);
        test_hkdf(msg, key);
    }
    free(msg);
    free(msg2);
    return ht_end();
}
