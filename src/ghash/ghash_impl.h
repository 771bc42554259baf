/*
 * GHASH (the hash of GCM, SP 800-38D) implementation table.
 *
 * Every tier works in one representation, "V form": a 16-byte block read
 * as a big-endian 128-bit integer and kept as two native words {lo, hi}
 * (the layout PSHUFB byte reversal gives in an XMM register). In V form the
 * bit order of GCM is reversed, so a carry-less product shifted left by one
 * is the reversed field product, reduced modulo x^128 + x^7 + x^2 + x + 1
 * with shifts (Gueron and Kounavis' method).
 *
 * The key holds H^32 .. H^1 (pow[j] = H^(32 - j)), so a run of n <= 32
 * blocks multiplies block i by pow[32 - n + i] and reduces once. (The
 * portable tier uses H alone and fills only pow[31]; a fused GCM tier may
 * fill the table in a form of its own, gcm_fused_ops.setup_powers.)
 */
#ifndef HUSH_GHASH_IMPL_H
#define HUSH_GHASH_IMPL_H

#include "core/internal.h"
#include "cpu/dispatch.h"

#define HUSH_GHASH_POWERS 32

typedef struct hush_ghash_key {
    /* pow[j] = H^(HUSH_GHASH_POWERS - j) in V form; room past the end for
     * masked tails */
    HUSH_ALIGNED(64) uint64_t pow[HUSH_GHASH_POWERS + 4][2];
} hush_ghash_key;

typedef struct hush_ghash_ops {
    /* Fills k from H = E_K(0^128) (16 bytes, GCM order). */
    void (*init)(hush_ghash_key *k, const uint8_t h[16]);
    /* y = (...((y ^ X_1) H ^ X_2) H ...) H over nblocks whole blocks;
     * y is in V form. */
    void (*update)(const hush_ghash_key *k, uint64_t y[2], const uint8_t *in,
                   size_t nblocks);
} hush_ghash_ops;

extern hush_primitive hush_prim_ghash;
extern const hush_ghash_ops hush_ghash_portable;
#if defined(HUSH_X86_64)
extern const hush_ghash_ops hush_ghash_pclmul, hush_ghash_vpclmul512,
    hush_ghash_vpclmul256;
/* The same tier under two more names, never chosen by default: for GCM they
 * force the schoolbook (s) or Karatsuba (k) schedule of the fused vaes512
 * tier, which vpclmul512 picks by CPU vendor (src/gcm/gcm_vaes512.c). */
extern const hush_ghash_ops hush_ghash_vpclmul512s, hush_ghash_vpclmul512k;
/* pclmul's twins, likewise: with aes=aesni they force the one-fold (s) or
 * Karatsuba (k) schedule of the fused aesni tier (src/gcm/gcm_aesni.c). */
extern const hush_ghash_ops hush_ghash_pclmuls, hush_ghash_pclmulk;
/* vpclmul512's init, but only H^1..H^n (n = 4, 8, 16 or 32; the other
 * entries zero): for a one-shot GCM state that will hash few blocks. */
void hush_ghash_vpclmul512_init_powers(hush_ghash_key *k, const uint8_t h[16],
                                       int n);
#endif

/* V form <-> GCM bytes */
static inline void hush_ghash_load_v(uint64_t v[2], const uint8_t b[16]) {
    v[1] = hush_load64_be(b);
    v[0] = hush_load64_be(b + 8);
}
static inline void hush_ghash_store_v(uint8_t b[16], const uint64_t v[2]) {
    hush_store64_be(b, v[1]);
    hush_store64_be(b + 8, v[0]);
}

#endif
