/*
 * The Ascon family of NIST SP 800-232: Hash256, XOF128, CXOF128.
 * Ascon-AEAD128 is reached through the AEAD API (HUSH_ASCON_AEAD128).
 */
#ifndef HUSH_ASCON_H
#define HUSH_ASCON_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HUSH_ASCON_HASH256_BYTES 32
#define HUSH_ASCON_CXOF128_MAX_CS 256 /* customization string, bytes */

/*
 * Persistent sponge context: 128 bytes, stack-allocatable. Absorb any number
 * of times, then squeeze any number of times (Hash256: 32 bytes, once).
 * Copying the struct forks the computation.
 */
#define HUSH_ASCON_CTX_BYTES 128
typedef struct hush_ascon_ctx {
    HUSH_ALIGNED(16) unsigned char opaque[HUSH_ASCON_CTX_BYTES];
} hush_ascon_ctx;

HUSH_API void hush_ascon_hash256(uint8_t out[32], const void *in, size_t len);
HUSH_API void hush_ascon_xof128(uint8_t *out, size_t outlen, const void *in,
                                size_t len);
HUSH_API int hush_ascon_cxof128(uint8_t *out, size_t outlen, const void *cs,
                                size_t cslen, const void *in, size_t len);

HUSH_API void hush_ascon_hash256_init(hush_ascon_ctx *c);
HUSH_API void hush_ascon_xof128_init(hush_ascon_ctx *c);
HUSH_API int hush_ascon_cxof128_init(hush_ascon_ctx *c, const void *cs,
                                     size_t cslen);
HUSH_API int hush_ascon_absorb(hush_ascon_ctx *c, const void *in, size_t len);
HUSH_API int hush_ascon_squeeze(hush_ascon_ctx *c, uint8_t *out,
                                size_t outlen);

#ifdef __cplusplus
}
#endif
#endif
