/* AES-GCM through OpenSSL's EVP: the reference the GCM tests compare
 * with (gcm_openssl.c). */
#ifndef HUSH_TEST_GCM_OPENSSL_H
#define HUSH_TEST_GCM_OPENSSL_H

#include <stddef.h>
#include <stdint.h>

/* c = AES-GCM encryption of m (mlen bytes) under key (kl = 16 or 32
 * bytes) and the 12-byte iv with ad; tag its 16-byte tag. */
void openssl_gcm(const uint8_t *key, size_t kl, const uint8_t *iv, uint8_t *c,
                 uint8_t tag[16], const uint8_t *m, size_t mlen,
                 const uint8_t *ad, size_t adlen);

#endif
