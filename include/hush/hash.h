/*
 * SHA-256 (FIPS 180-4).
 */
#ifndef HUSH_HASH_H
#define HUSH_HASH_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HUSH_SHA256_BYTES 32
#define HUSH_SHA256_BLOCKBYTES 64

/*
 * Incremental SHA-256 state: 128 bytes, stack-allocatable. It remembers the
 * implementation it was initialised with. Copying it forks the computation.
 */
typedef struct hush_sha256_ctx {
    uint32_t state[8];
    uint64_t bytes;     /* total bytes absorbed */
    uint8_t buf[64];    /* partial block */
    const void *impl;   /* implementation chosen at init */
    uint64_t reserved;
} hush_sha256_ctx;

HUSH_API void hush_sha256(uint8_t out[32], const void *in, size_t len);
HUSH_API void hush_sha256_init(hush_sha256_ctx *c);
HUSH_API void hush_sha256_update(hush_sha256_ctx *c, const void *in,
                                 size_t len);
HUSH_API void hush_sha256_final(hush_sha256_ctx *c, uint8_t out[32]);

/* Two equal-length messages at once: interleaved streams fill the latency
 * of the SHA unit, so this is faster than two calls. */
HUSH_API void hush_sha256_x2(uint8_t out0[32], const void *in0,
                             uint8_t out1[32], const void *in1, size_t len);

#ifdef __cplusplus
}
#endif
#endif
