/*
 * The scrypt implementation table (RFC 7914 ROMix over BlockMix-Salsa20/8).
 *
 * A tier supplies the whole of ROMix for one 128 * r byte block, so a call
 * costs one indirect call per block B_i, never one per Salsa20/8. Each tier
 * may keep the working memory V in its own word order: only B, in and out,
 * is in the RFC's byte order.
 *
 * VARIABLE TIME (memory access): ROMix reads V[j] with j = Integerify(X),
 * which derives from the password. That is scrypt's definition; the
 * Salsa20/8 core itself is constant time in every tier.
 */
#ifndef HUSH_SCRYPT_IMPL_H
#define HUSH_SCRYPT_IMPL_H

#include "core/internal.h"
#include "cpu/dispatch.h"

typedef struct hush_scrypt_ops {
    /* b = ROMix_n(b) for a 128 * r byte block, in place. v holds 128 * r * n
     * bytes, xy 256 * r bytes of scratch; both are 64-byte aligned and
     * belong to the caller, who wipes them. */
    void (*romix)(uint8_t *b, size_t r, uint64_t n, void *v, void *xy);
} hush_scrypt_ops;

extern const hush_scrypt_ops hush_scrypt_portable;
#if defined(HUSH_X86_64)
extern const hush_scrypt_ops hush_scrypt_avx2;
extern const hush_scrypt_ops hush_scrypt_avx512;
#endif
extern hush_primitive hush_prim_scrypt;

#endif
