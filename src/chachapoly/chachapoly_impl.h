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

/* The expanded key: the key itself and the implementations in force at
 * setup (a keyed object keeps them for its lifetime). */
typedef struct chachapoly_state {
    uint8_t key[32];
    const hush_chacha20_ops *chacha;
    const hush_poly1305_ops *poly;
} chachapoly_state;

extern const hush_aead_stream_ops hush_chacha20poly1305_stream;
extern const hush_aead_stream_ops hush_xchacha20poly1305_stream;

#endif
