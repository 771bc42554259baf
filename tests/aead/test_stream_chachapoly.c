/*
 * Streaming ChaCha20-Poly1305 and XChaCha20-Poly1305 for the chacha20 and
 * poly1305 implementations in force (one ctest per pairing): Wycheproof
 * through streams at random split points; every length 0..1100 and some
 * large ones against OpenSSL EVP (ChaCha20-Poly1305), libsodium
 * (XChaCha20-Poly1305) and the one-shot functions, sealed and opened at
 * random splits, in place and not, tampering refused.
 */
#include <openssl/evp.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "stream_util.h"

static void openssl_seal(const uint8_t *key, const uint8_t *iv,
                         const uint8_t *m, size_t mlen, const uint8_t *ad,
                         size_t adlen, uint8_t *c, uint8_t tag[16]) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int n = 0;
    CHECK(EVP_EncryptInit_ex(x, EVP_chacha20_poly1305(), NULL, key, iv) == 1);
    if (adlen) CHECK(EVP_EncryptUpdate(x, NULL, &n, ad, (int)adlen) == 1);
    if (mlen) CHECK(EVP_EncryptUpdate(x, c, &n, m, (int)mlen) == 1);
    CHECK(EVP_EncryptFinal_ex(x, c + mlen, &n) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1);
    EVP_CIPHER_CTX_free(x);
}

static void one(hush_aead_alg a, size_t mlen, size_t adlen) {
    uint8_t key[32], nonce[24], tag[16];
    uint8_t *m = malloc(mlen + 1), *ad = malloc(adlen + 1),
            *c = malloc(mlen + 1);
    ht_rand_bytes(key, 32);
    ht_rand_bytes(nonce, 24);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    if (a == HUSH_CHACHA20POLY1305) {
        openssl_seal(key, nonce, m, mlen, ad, adlen, c, tag);
    } else {
        unsigned long long tl = 0;
        CHECK(crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
                  c, tag, &tl, m, mlen, ad, adlen, NULL, nonce, key) == 0);
    }
    hush_aead_ctx *k = ht_aead_keyed(a, key);
    if (k) {
        su_check_message(k, nonce, m, mlen, ad, adlen, c, tag);
        su_check_against_oneshot(a, key, k, nonce, m, mlen, ad, adlen);
    }
    hush_aead_free(k);
    free(m), free(ad), free(c);
}

static void run_tier(const char *label) {
    unsigned long w1 = 0, w2 = 0;
    if (ht_vectors_dir() != NULL) {
        w1 = su_wycheproof("wycheproof/chacha20_poly1305_test.json",
                           HUSH_CHACHA20POLY1305, NULL);
        w2 = su_wycheproof("wycheproof/xchacha20_poly1305_test.json",
                           HUSH_XCHACHA20POLY1305, NULL);
        CHECK(w1 > 100 && w2 > 100);
    }
    for (size_t mlen = 0; mlen <= 1100; mlen++) {
        one(HUSH_CHACHA20POLY1305, mlen, (size_t)(ht_rand_u64() % 80));
        one(HUSH_XCHACHA20POLY1305, mlen, (size_t)(ht_rand_u64() % 80));
    }
    static const size_t large[] = {8191, 8192, 8193, 65536 + 7, 1 << 20};
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        one(HUSH_CHACHA20POLY1305, large[i], (size_t)(ht_rand_u64() % 300));
        one(HUSH_XCHACHA20POLY1305, large[i], 13);
    }
    printf("%s: wycheproof %lu + %lu cases, 1101 lengths and 5 large ones "
           "each\n",
           label, w1, w2);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    CHECK(sodium_init() >= 0);
    ht_rand_seed(0x63687374);
    HT_FOR_EACH_IMPL("chacha20", cc) {
        HT_FOR_EACH_IMPL("poly1305", poly) {
            char label[64];
            snprintf(label, sizeof label, "chacha20=%s poly1305=%s", cc, poly);
            run_tier(label);
        }
    }
    return ht_end();
}
