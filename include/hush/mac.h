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
 *
 * Reusing one key: initialise a context once and keep it as a template;
 * for each message copy it (`hush_hmac_sha256_ctx c = tmpl;`), then
 * update and final the copy. A copy costs 256 bytes of memcpy and no
 * SHA-256 block, so a 64-byte MAC costs three blocks instead of five.
 * Wipe the template (hush_wipe(&tmpl, sizeof tmpl)) when done with the key.
 */
typedef struct hush_hmac_sha256_ctx {
    hush_sha256_ctx inner;
    hush_sha256_ctx outer;
} hush_hmac_sha256_ctx;

/* NULL output, NULL key or data with a nonzero length, and a context that
 * init did not set up or that final wiped are misuse (abort, see
 * hush_set_misuse_handler), as for SHA-256; so are hkdf_sha256_extract's
 * NULL prk, salt or ikm with a length. */
HUSH_API void hush_hmac_sha256(uint8_t out[32], const void *key, size_t keylen,
                               const void *msg, size_t len);
HUSH_API void hush_hmac_sha256_init(hush_hmac_sha256_ctx *c, const void *key,
                                    size_t keylen);
HUSH_API void hush_hmac_sha256_update(hush_hmac_sha256_ctx *c, const void *in,
                                      size_t len);
HUSH_API void hush_hmac_sha256_final(hush_hmac_sha256_ctx *c, uint8_t out[32]);

/*
 * HKDF-SHA256 (RFC 5869). extract: prk = HMAC(salt, ikm); an empty salt
 * means 32 zero bytes, as the RFC says. expand: outlen 0 succeeds and
 * writes nothing; outlen > HUSH_HKDF_SHA256_MAX_OUT, a NULL prk or NULL
 * data with a length is HUSH_ERR_INVALID and out is left untouched. out
 * may alias prk, ikm and salt (they are consumed first); out may overlap
 * info only when outlen <= 32 (info is read again for every later block),
 * otherwise HUSH_ERR_INVALID.
 */
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
