/*
 * HMAC-SHA256 (RFC 2104) and HKDF-SHA256 (RFC 5869).
 */
#ifndef HUSH_MAC_H
#define HUSH_MAC_H

#include "hash.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * 256 bytes: the inner state, already past the padded key, and the outer
 * state, precomputed, so repeated MACs with one key cost no key setup.
 * final wipes it; it holds key material, so wipe it if you drop it early.
 */
typedef struct hush_hmac_sha256_ctx {
    hush_sha256_ctx inner;
    hush_sha256_ctx outer;
} hush_hmac_sha256_ctx;

HUSH_API void hush_hmac_sha256(uint8_t out[32], const void *key, size_t keylen,
                               const void *msg, size_t len);
HUSH_API void hush_hmac_sha256_init(hush_hmac_sha256_ctx *c, const void *key,
                                    size_t keylen);
HUSH_API void hush_hmac_sha256_update(hush_hmac_sha256_ctx *c, const void *in,
                                      size_t len);
HUSH_API void hush_hmac_sha256_final(hush_hmac_sha256_ctx *c, uint8_t out[32]);

#define HUSH_HKDF_SHA256_MAX_OUT (255u * 32u)
HUSH_API void hush_hkdf_sha256_extract(uint8_t prk[32], const void *salt,
                                       size_t saltlen, const void *ikm,
                                       size_t ikmlen);
HUSH_API int hush_hkdf_sha256_expand(uint8_t *out, size_t outlen,
                                     const uint8_t prk[32], const void *info,
                                     size_t infolen);
HUSH_API int hush_hkdf_sha256(uint8_t *out, size_t outlen, const void *ikm,
                              size_t ikmlen, const void *salt, size_t saltlen,
                              const void *info, size_t infolen);

#ifdef __cplusplus
}
#endif
#endif
