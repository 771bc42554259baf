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

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef struct hush_sha256_ops {
    /* Absorbs nblocks (>= 1) consecutive 64-byte blocks into state. */
    void (*blocks)(uint32_t state[8], const uint8_t *in, size_t nblocks);
    /* Two independent streams of nblocks (>= 1) blocks each: the same
     * result as two calls to blocks, computed interleaved where the tier
     * can overlap the two dependency chains. */
    void (*blocks_x2)(uint32_t state0[8], const uint8_t *in0,
                      uint32_t state1[8], const uint8_t *in1, size_t nblocks);
} hush_sha256_ops;

/* FIPS 180-4 section 4.2.2: the 64 round constants (sha256_portable.c),
 * 64-byte aligned so that vector tiers load them with aligned loads. */
extern const uint32_t hush_sha256_k[64] HUSH_ALIGNED(64);

extern const hush_sha256_ops hush_sha256_portable;
#if defined(HUSH_X86_64)
extern const hush_sha256_ops hush_sha256_shani;
#endif

extern hush_primitive hush_prim_sha256;

/*
 * Zeroes n * 16 bytes with plain 16-byte stores. GCC turns memset of 64 or
 * 128 bytes, and of variable lengths, into `rep stos`, whose start-up cost
 * on Zen 5 (tens of cycles) was a third of a 16-byte hash
 * (docs/perf/sha256.md).
 */
static inline void hush_sha256_zero16(void *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
#if defined(__SSE2__)
        _mm_storeu_si128((__m128i *)p + i, _mm_setzero_si128());
#else
        memset((uint8_t *)p + 16 * i, 0, 16);
#endif
        /* keeps GCC from recognising the loop as a memset (-> rep stos) */
        __asm__ __volatile__("" : : "r"(p) : "memory");
    }
}

/*
 * Wipes a small object (a multiple of 16 bytes) on a hot path without
 * hush_wipe's two calls. As strong against dead-store elimination: the
 * empty asm takes the pointer and clobbers memory, so the compiler must
 * assume the zeroed bytes are read afterwards and cannot drop the stores
 * (the same guarantee hush_wipe's trailing barrier gives it).
 */
static inline void hush_sha256_wipe(void *p, size_t len) {
    hush_sha256_zero16(p, len / 16);
    memset((uint8_t *)p + (len & ~(size_t)15), 0, len & 15);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
#define HUSH_SHA256_WIPE_OBJ(p) hush_sha256_wipe((p), sizeof *(p))

/* The table a new context or one-shot call uses. */
static inline const hush_sha256_ops *hush_sha256_ops_now(void) {
    return (const hush_sha256_ops *)hush_ops(&hush_prim_sha256);
}

#endif
