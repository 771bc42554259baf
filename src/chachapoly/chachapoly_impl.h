/*
 * Internal interface between the ChaCha20-Poly1305 construction
 * (chachapoly.c) and its stitched SIMD loops.
 */
#ifndef HUSH_CHACHAPOLY_IMPL_H
#define HUSH_CHACHAPOLY_IMPL_H

#include "core/internal.h"

/*
 * AVX-512 + IFMA: units * 1024 bytes of message (units >= 1), keystream
 * from state s (advanced past them), Poly1305 over the ciphertext in the
 * IFMA tier's state ps, with each 1024-byte ChaCha batch and four 256-byte
 * Poly1305 steps interleaved in one loop body. Encrypting MACs out (one
 * unit behind), decrypting MACs in before overwriting it (in == out
 * allowed). Usable only when chacha20=avx512 and poly1305=avx512.
 */
void hush_chachapoly_avx512_stitched(uint8_t *out, const uint8_t *in,
                                     size_t units, uint32_t s[16], void *ps,
                                     int encrypt);

#endif
