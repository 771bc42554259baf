/*
 * SHA-256 (FIPS 180-4).
 */
#ifndef HUSH_HASH_H
#define HUSH_HASH_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HUSH_SHA256_BYTES      32
#define HUSH_SHA256_BLOCKBYTES 64

/*
 * Incremental SHA-256 state: exactly 128 bytes on every 64-bit target,
 * stack-allocatable, no heap. It remembers the implementation it was
 * initialised with (hush_impl_force affects only later inits). Copying it
 * with `=` or memcpy forks the computation: both copies continue
 * independently. hush_sha256_final wipes it.
 */
typedef struct hush_sha256_ctx {
    uint32_t state[8];    /* chaining value H0..H7 */
    uint64_t bytes;       /* total bytes absorbed so far */
    const void *impl;     /* implementation table chosen at init */
    uint8_t buf[64];      /* partial block: bytes % 64 of them are valid */
    uint64_t reserved[2]; /* zero; keeps the size at 128 for future use */
} hush_sha256_ctx;

/* Misuse, reported through hush_set_misuse_handler and then aborting (no
 * error can be returned) in every function below: NULL out, NULL data with
 * a nonzero length, a NULL context, and a context that init did not set up
 * or that final has wiped (update and final check the implementation table
 * it stores). */

/* One-shot: the 32-byte SHA-256 digest of the len bytes at in, into out.
 * out may alias in (in is read first). NULL in is allowed when len is 0.
 * No alignment is required; the stack state is wiped. */
HUSH_API void hush_sha256(uint8_t out[32], const void *in, size_t len)
    HUSH_NONNULL(1);
/* Starts a digest in c, with the implementation in force now. Any c will
 * do (its previous contents are overwritten). */
HUSH_API void hush_sha256_init(hush_sha256_ctx *c) HUSH_NONNULL(1);
/* Absorbs the len bytes at in (NULL when len is 0). */
HUSH_API void hush_sha256_update(hush_sha256_ctx *c, const void *in, size_t len)
    HUSH_NONNULL(1);
/* Writes the digest of everything absorbed to out and wipes c, which must
 * be initialised again before reuse. */
HUSH_API void hush_sha256_final(hush_sha256_ctx *c, uint8_t out[32])
    HUSH_NONNULL(1, 2);

/* Two equal-length messages at once: interleaved streams fill the latency
 * of the SHA unit, so this is faster than two calls (about 1.9x the
 * throughput of one stream with SHA-NI from 4 KiB). Each output equals
 * hush_sha256 of its own input; an output may alias either input (both are
 * read first). NULL inputs are allowed when len is 0 (the misuse rules
 * above hold). */
HUSH_API void hush_sha256_x2(uint8_t out0[32], const void *in0,
                             uint8_t out1[32], const void *in1, size_t len)
    HUSH_NONNULL(1, 3);

#ifdef __cplusplus
}
#endif
#endif
