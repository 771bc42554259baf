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

/*
 * out = X25519(scalar, point): the shared secret of a private scalar and a
 * peer's public point (both 32 bytes, little-endian; the scalar is clamped
 * and the point's top bit ignored, as RFC 7748 says). HUSH_ERR_WEAK when
 * the result is all zero (a small-order point): out is written either way,
 * and must not be used as a key then. HUSH_ERR_INVALID for a NULL argument
 * or out partially overlapping scalar or point (out may be either exactly).
 * Constant time in scalar and point; only the all-zero verdict is public.
 * The stack the computation used is wiped.
 */
HUSH_API HUSH_NODISCARD int
hush_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
    HUSH_NONNULL(1, 2, 3);
/* out = X25519(scalar, 9): the public key of a private scalar (a fixed-base
 * comb, faster than hush_x25519 with the base point, the same result). The
 * same errors, but HUSH_ERR_WEAK cannot happen for a clamped scalar: with
 * valid arguments (not NULL, not partially overlapping) it cannot fail, so, as
 * in libsodium, its result may be ignored. */
HUSH_API int hush_x25519_base(uint8_t out[32], const uint8_t scalar[32])
    HUSH_NONNULL(1, 2);

#ifdef __cplusplus
}
#endif
#endif
