/*
 * Streaming AES-128-GCM and AES-256-GCM for the aes and ghash
 * implementations in force (one ctest per pairing): Wycheproof through
 * streams at random split points; every length 0..1100 and some large
 * ones against OpenSSL EVP and against the one-shot functions, sealed and
 * opened at random splits, in place and not, tampering refused.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "stream_util.h"

static hush_aead_alg alg_for(size_t keylen) {
    return keylen == 16 ? HUSH_AES128GCM : HUSH_AES256GCM;
}

/* OpenSSL's AES-GCM of one message (12-byte IV, 16-byte tag). */
static void openssl_seal(size_t kl, const uint8_t *key, const uint8_t *iv,
                         const uint8_t *m, size_t mlen, const uint8_t *ad,
                         size_t adlen, uint8_t *c, uint8_t tag[16]) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(EVP_EncryptInit_ex(x,
                             kl == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(),
                             NULL, key, iv) == 1);
    if (adlen) CHECK(EVP_EncryptUpdate(x, NULL, &n, ad, (int)adlen) == 1);
    if (mlen) CHECK(EVP_EncryptUpdate(x, c, &n, m, (int)mlen) == 1);
    CHECK(EVP_EncryptFinal_ex(x, c + mlen, &n) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag) == 1);
    EVP_CIPHER_CTX_free(x);
}

static void one(size_t kl, size_t mlen, size_t adlen) {
    uint8_t key[32], iv[12], tag[16];
    uint8_t *m = malloc(mlen + 1), *ad = malloc(adlen + 1),
            *c = malloc(mlen + 1);
    ht_rand_bytes(key, kl);
    ht_rand_bytes(iv, 12);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    openssl_seal(kl, key, iv, m, mlen, ad, adlen, c, tag);
    hush_aead_ctx *k = ht_aead_keyed(alg_for(kl), key);
    if (k) {
        su_check_message(k, iv, m, mlen, ad, adlen, c, tag);
        su_check_against_oneshot(alg_for(kl), key, k, iv, m, mlen, ad, adlen);
    }
    hush_aead_free(k);
    free(m), free(ad), free(c);
}

static void run_tier(const char *label) {
    unsigned long wp = 0;
    if (ht_vectors_dir() != NULL) {
        wp = su_wycheproof("wycheproof/aes_gcm_test.json", 0, alg_for);
        CHECK(wp > 100);
    }
    for (size_t mlen = 0; mlen <= 1100; mlen++)
        one(mlen % 2 ? 16 : 32, mlen, (size_t)(ht_rand_u64() % 80));
    static const size_t large[] = {4095, 4096, 4097, 65536 + 7, 1 << 20};
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        one(16, large[i], 13);
        one(32, large[i], (size_t)(ht_rand_u64() % 300));
    }
    printf("%s: wycheproof %lu cases, 1101 lengths and 10 large ones\n", label,
           wp);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x67636d73);
    HT_FOR_EACH_IMPL("aes", aes) {
        HT_FOR_EACH_IMPL("ghash", ghash) {
            char label[64];
            snprintf(label, sizeof label, "aes=%s ghash=%s", aes, ghash);
            run_tier(label);
        }
    }
    return ht_end();
}
