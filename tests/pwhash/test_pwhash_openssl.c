/*
 * Differential tests against OpenSSL on random inputs, for each ROMix
 * implementation: scrypt (EVP_PBE_scrypt) over random passwords, salts,
 * output lengths and small (n, r, p), and PBKDF2-HMAC-SHA256
 * (PKCS5_PBKDF2_HMAC) over random lengths and iteration counts.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static void test_scrypt_random(void) {
    for (int round = 0; round < 60; round++) {
        uint8_t pass[80], salt[80], want[200], got[200];
        size_t passlen = (size_t)(ht_rand_u64() % sizeof pass);
        size_t saltlen = (size_t)(ht_rand_u64() % sizeof salt);
        size_t outlen = 1 + (size_t)(ht_rand_u64() % sizeof got);
        uint64_t n = (uint64_t)2 << (ht_rand_u64() % 10); /* 2 .. 1024 */
        uint32_t r = 1 + (uint32_t)(ht_rand_u64() % 9);
        uint32_t p = 1 + (uint32_t)(ht_rand_u64() % 3);
        if (r == 1 && n > 32768) n = 32768;
        ht_rand_bytes(pass, passlen);
        ht_rand_bytes(salt, saltlen);
        if (EVP_PBE_scrypt((const char *)pass, passlen, salt, saltlen, n, r, p,
                           0, want, outlen) != 1)
            abort();
        memset(got, 0, sizeof got);
        CHECK_EQ_INT(
            hush_scrypt(got, outlen, pass, passlen, salt, saltlen, n, r, p),
            HUSH_OK);
        if (!ht_mem_equal(got, want, outlen))
            fprintf(stderr, "scrypt n=%llu r=%u p=%u out=%zu differs\n",
                    (unsigned long long)n, r, p, outlen);
        CHECK_MEM(got, want, outlen);
    }
    /* age's work factor once: n = 2^18, r = 8, p = 1 */
    uint8_t want[32], got[32], salt[44];
    memcpy(salt, "age-encryption.org/v1/scrypt", 28);
    ht_rand_bytes(salt + 28, 16);
    if (EVP_PBE_scrypt("correct horse", 13, salt, sizeof salt, 1u << 18, 8, 1,
                       (uint64_t)300 << 20, want, sizeof want) != 1)
        abort();
    CHECK_EQ_INT(hush_scrypt(got, sizeof got, "correct horse", 13, salt,
                             sizeof salt, 1u << 18, 8, 1),
                 HUSH_OK);
    CHECK_MEM(got, want, sizeof want);
}

static void test_pbkdf2_random(void) {
    for (int round = 0; round < 300; round++) {
        uint8_t pass[150], salt[150], want[300], got[300];
        size_t passlen = (size_t)(ht_rand_u64() % sizeof pass);
        size_t saltlen = (size_t)(ht_rand_u64() % sizeof salt);
        size_t outlen = 1 + (size_t)(ht_rand_u64() % sizeof got);
        uint32_t iter = 1 + (uint32_t)(ht_rand_u64() % 40);
        ht_rand_bytes(pass, passlen);
        ht_rand_bytes(salt, saltlen);
        if (PKCS5_PBKDF2_HMAC((const char *)pass, (int)passlen, salt,
                              (int)saltlen, (int)iter, EVP_sha256(),
                              (int)outlen, want) != 1)
            abort();
        CHECK_EQ_INT(
            hush_pbkdf2_sha256(got, outlen, pass, passlen, salt, saltlen, iter),
            HUSH_OK);
        CHECK_MEM(got, want, outlen);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(7914);
    test_pbkdf2_random();
    HT_FOR_EACH_IMPL("scrypt", impl) {
        (void)impl;
        test_scrypt_random();
    }
    return ht_end();
}
