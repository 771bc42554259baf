/*
 * X25519 Diffie-Hellman (RFC 7748).
 */
#ifndef HUSH_X25519_H
#define HUSH_X25519_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HUSH_X25519_BYTES 32

/* HUSH_ERR_WEAK when the result is all zero; out is written either way. */
HUSH_API int hush_x25519(uint8_t out[32], const uint8_t scalar[32],
                         const uint8_t point[32]);
HUSH_API int hush_x25519_base(uint8_t out[32], const uint8_t scalar[32]);

#ifdef __cplusplus
}
#endif
#endif
