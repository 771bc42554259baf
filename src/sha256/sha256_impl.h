/*
 * The SHA-256 implementation table and what its tiers share.
 *
 * A tier supplies two functions that absorb whole 64-byte blocks into a
 * chaining value: padding, buffering and output live once in sha256.c.
 * Every whole block of a call goes through one call into the table, never
 * one indirect call per block.
 */
#ifndef HUSH_SHA256_IMPL_H
#define HUSH_SHA256_IMPL_H

#include "core/internal.h"
#include "cpu/dispatch.h"

typedef struct hush_sha256_ops {
    /* Absorbs nblocks (>= 1) consecutive 64-byte blocks into state. */
    void (*blocks)(uint32_t state[8], const uint8_t *in, size_t nblocks);
    /* Two independent streams of nblocks (>= 1) blocks each: the same
     * result as two calls to blocks, computed interleaved where the tier
     * can overlap the two dependency chains. */
    void (*blocks_x2)(uint32_t state0[8], const uint8_t *in0,
                      uint32_t state1[8], const uint8_t *in1, size_t nblocks);
} hush_sha256_ops;

/* FIPS 180-4 section 4.2.2: the 64 round constants (sha256_portable.c). */
extern const uint32_t hush_sha256_k[64];

extern const hush_sha256_ops hush_sha256_portable;
#if defined(HUSH_X86_64)
extern const hush_sha256_ops hush_sha256_shani;
#endif

extern hush_primitive hush_prim_sha256;

/* The table a new context or one-shot call uses. */
static inline const hush_sha256_ops *hush_sha256_ops_now(void) {
    return (const hush_sha256_ops *)hush_ops(&hush_prim_sha256);
}

#endif
