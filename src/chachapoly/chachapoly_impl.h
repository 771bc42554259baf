/*
 * ChaCha20-Poly1305 and XChaCha20-Poly1305: the keyed state both the
 * one-shot code (chachapoly.c) and the streaming code (chachapoly_stream.c)
 * run on.
 */
#ifndef HUSH_CHACHAPOLY_IMPL_H
#define HUSH_CHACHAPOLY_IMPL_H

#include "aead/aead_impl.h"
#include "chacha20/chacha20_impl.h"
#include "poly1305/poly1305_impl.h"

/* A whole-message implementation of the one-shot construction (the
 * chachapoly primitive; its `portable` row has run_long NULL: ChaCha20 and
 * Poly1305 through their own tiers, chunk by chunk).
 * run_long: s is the ChaCha state at block 0 (modified; the caller wipes
 * it); out = in XOR keystream from block 1 (out == in allowed), tag =
 * Poly1305 over ad and the ciphertext (sealing: out, opening: in, read
 * before out is written). */
typedef struct hush_chachapoly_ops {
    void (*run_long)(uint32_t s[16], uint8_t *out, const uint8_t *in,
                     size_t len, const uint8_t *ad, size_t adlen,
                     uint8_t tag[16], int encrypt);
} hush_chachapoly_ops;

/* avx2: AVX2 ChaCha20 batches stitched with a 64-bit scalar Poly1305
 * (chachapoly_avx2.c), used where the chacha20 tier is avx2 and the
 * poly1305 tier avx2 or portable. */
extern const hush_chachapoly_ops hush_chachapoly_avx2;
extern hush_primitive hush_prim_chachapoly;

/* The expanded key: the key itself and the implementations in force at
 * setup (a keyed object keeps them for its lifetime); stitched is the
 * chachapoly row's table when it applies to that pair, else NULL. */
typedef struct chachapoly_state {
    uint8_t key[32];
    const hush_chacha20_ops *chacha;
    const hush_poly1305_ops *poly;
    const hush_chachapoly_ops *stitched;
} chachapoly_state;

extern const hush_aead_stream_ops hush_chacha20poly1305_stream;
extern const hush_aead_stream_ops hush_xchacha20poly1305_stream;

#endif
