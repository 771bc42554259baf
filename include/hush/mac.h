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

/* One-shot: the 32-byte HMAC-SHA256 of the len bytes at msg under the
 * keylen bytes at key (any length; longer than 64 bytes it is hashed
 * first, as RFC 2104 says). out may alias key or msg. NULL key or msg is
 * allowed with length 0. The key's stack copies and the vector registers
 * are wiped. */
HUSH_API void hush_hmac_sha256(uint8_t out[32], const void *key, size_t keylen,
                               const void *msg, size_t len) HUSH_NONNULL(1);
/* Keys c with the keylen bytes at key (NULL when keylen is 0; any
 * length). */
HUSH_API void hush_hmac_sha256_init(hush_hmac_sha256_ctx *c, const void *key,
                                    size_t keylen) HUSH_NONNULL(1);
/* Absorbs the len bytes at in (NULL when len is 0). */
HUSH_API void hush_hmac_sha256_update(hush_hmac_sha256_ctx *c, const void *in,
                                      size_t len) HUSH_NONNULL(1);
/* Writes the MAC of everything absorbed to out and wipes c, which must be
 * keyed again before reuse. Compare MACs with hush_ct_equal, never
 * memcmp. */
HUSH_API void hush_hmac_sha256_final(hush_hmac_sha256_ctx *c, uint8_t out[32])
    HUSH_NONNULL(1, 2);

/*
 * HKDF-SHA256 (RFC 5869). Note the argument orders: extract(prk, salt,
 * ikm) follows the RFC's HKDF-Extract(salt, IKM); the one-shot takes ikm
 * first, like libsodium. Every temporary holding the PRK or output keying
 * material is wiped.
 */
#define HUSH_HKDF_SHA256_MAX_OUT (255u * 32u)
/* prk = HMAC-SHA256(salt, ikm), 32 bytes. An empty salt (NULL allowed)
 * means 32 zero bytes, as the RFC says; ikm may be NULL when ikmlen is 0.
 * prk may alias salt or ikm. */
HUSH_API void hush_hkdf_sha256_extract(uint8_t prk[32], const void *salt,
                                       size_t saltlen, const void *ikm,
                                       size_t ikmlen) HUSH_NONNULL(1);
/* outlen bytes of output keying material from prk and info (NULL when
 * infolen is 0). outlen 0 succeeds and writes nothing. outlen >
 * HUSH_HKDF_SHA256_MAX_OUT, NULL data with a length (or a NULL prk) is
 * HUSH_ERR_INVALID with out untouched. out may alias prk (consumed first);
 * out may overlap info only when outlen <= 32 (info is read again for
 * every later block), otherwise HUSH_ERR_INVALID. */
HUSH_API HUSH_NODISCARD int
hush_hkdf_sha256_expand(uint8_t *out, size_t outlen, const uint8_t prk[32],
                        const void *info, size_t infolen) HUSH_NONNULL(3);
/* Extract then expand in one call, the PRK on the stack only (wiped). The
 * same limits and errors as expand; out may alias ikm and salt, and info
 * as expand allows. */
HUSH_API HUSH_NODISCARD int hush_hkdf_sha256(uint8_t *out, size_t outlen,
                                             const void *ikm, size_t ikmlen,
                                             const void *salt, size_t saltlen,
                                             const void *info, size_t infolen);

#ifdef __cplusplus
}
#endif
#endif
