/*
 * The X25519 implementation table and what every tier shares: scalar
 * clamping and the fixed-size stack budget the public layer scrubs.
 *
 * A tier computes out = X25519(scalar, u) exactly as RFC 7748 section 5
 * defines it (clamping, ignoring the top bit of u, accepting u >= p) and
 * reads all of its inputs before it writes out, so out may alias either.
 * The all-zero check belongs to the public layer (x25519.c).
 */
#ifndef HUSH_X25519_IMPL_H
#define HUSH_X25519_IMPL_H

#include <stdint.h>

#include "core/ct.h"
#include "core/internal.h"

typedef struct hush_x25519_ops {
    void (*scalarmult)(uint8_t out[32], const uint8_t scalar[32],
                       const uint8_t u[32]);
    /* out = X25519(scalar, 9), by whatever constant-time method is fastest */
    void (*scalarmult_base)(uint8_t out[32], const uint8_t scalar[32]);
} hush_x25519_ops;

extern const hush_x25519_ops hush_x25519_portable;
#if defined(HUSH_X86_64)
extern const hush_x25519_ops hush_x25519_mulx;
#endif

/*
 * Bytes of stack below hush_x25519 that the tiers may have used; the public
 * layer zeroes this much after each call so spilled field elements and
 * ladder temporaries do not outlive it. Generous: the deepest tier uses
 * well under half (checked by tests/x25519/test_x25519_wipe.c).
 */
#define HUSH_X25519_STACK_BUDGET 4096

/* RFC 7748 decodeScalar25519: clear bits 0-2 and 255, set bit 254. */
static inline void hush_x25519_clamp(uint8_t k[32], const uint8_t scalar[32]) {
    memcpy(k, scalar, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

#endif
