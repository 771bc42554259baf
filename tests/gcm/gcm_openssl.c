/* AES-GCM through OpenSSL's EVP; see gcm_openssl.h. */
#include "gcm_openssl.h"

#include <openssl/evp.h>

void openssl_gcm(const uint8_t *key, size_t kl, const uint8_t *iv, uint8_t *c,
                 uint8_t tag[16], const uint8_t *m, size_t mlen,
                 const uint8_t *ad, size_t adlen) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0;
    EVP_EncryptInit_ex(x, kl == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(),
                       NULL, key, iv);
    if (adlen) EVP_EncryptUpdate(x, NULL, &l, ad, (int)adlen);
    if (mlen) EVP_EncryptUpdate(x, c, &l, m, (int)mlen);
    EVP_EncryptFinal_ex(x, c + l, &l);
    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(x);
}
