/*
 * Poly1305 implementation table and the scalar arithmetic every tier
 * shares (static inline: each tier compiles it with its own flags).
 *
 * Scalar representation: h = h0 + h1*2^64 + h2*2^128 with h2 small (lazy
 * reduction), r = r0 + r1*2^64 clamped, so r1 is a multiple of 4 and
 * s1 = r1 + r1/4 folds the 2^130 = 5 reduction into one product.
 */
#ifndef HUSH_POLY1305_IMPL_H
#define HUSH_POLY1305_IMPL_H

#include "core/ct.h"
#include "core/internal.h"
#include "cpu/dispatch.h"

/* Bytes of a tier's state; the public context holds a header and this. */
#define HUSH_POLY1305_STATE_BYTES 768

/*
 * Every tier spills forms of the one-time key r to its stack frames,
 * which nothing else wipes (tests/poly1305/test_poly1305_stack.c finds
 * them without the scrubs):
 * - a vector tier's vector code (limbs of r^8 or r^16, broadcast) runs in
 *   noinline functions, whose frames the tier's blocks wipes beneath
 *   itself (hush_scrub_stack, the tier's own size) once they return;
 * - what stays in the frame of blocks or finish itself (the scalar code
 *   keeps r1 and s1 = r1 + r1 / 4 in its red zone: gcc 12 portable_blocks
 *   has 0x20 bytes, six saved registers and 128 below; avx2_blocks
 *   0x98) is wiped by their caller, HUSH_POLY1305_SCALAR_SCRUB bytes
 *   beneath itself, after its last call into the tier (poly1305.c,
 *   chachapoly.c, chachapoly_stream.c).
 */
#define HUSH_POLY1305_SCALAR_SCRUB 512

typedef struct hush_poly1305_ops {
    /* Sets up state (HUSH_POLY1305_STATE_BYTES, 64-aligned) for key. */
    void (*init)(void *state, const uint8_t key[32]);
    /* Absorbs len bytes (a multiple of 16) as blocks with 2^128 added
     * (hibit 1) or not (hibit 0: the padded final partial block). */
    void (*blocks)(void *state, const uint8_t *in, size_t len, unsigned hibit);
    /* Writes the tag; the caller wipes the state afterwards. */
    void (*finish)(void *state, uint8_t tag[16]);
} hush_poly1305_ops;

extern const hush_poly1305_ops hush_poly1305_portable;
extern const hush_poly1305_ops hush_poly1305_ifma;
extern const hush_poly1305_ops hush_poly1305_avx512;
extern const hush_poly1305_ops hush_poly1305_avx2;
extern hush_primitive hush_prim_poly1305;

/* The scalar part of every tier's state: first in each layout. */
typedef struct hush_poly1305_scalar {
    uint64_t h[3];
    uint64_t r[2];
    uint64_t pad[2]; /* s, added at the end */
} hush_poly1305_scalar;

typedef unsigned __int128 hush_u128;

static inline void hush_poly1305_scalar_init(hush_poly1305_scalar *st,
                                             const uint8_t key[32]) {
    st->h[0] = st->h[1] = st->h[2] = 0;
    st->r[0] = hush_load64_le(key) & 0x0ffffffc0fffffffull;
    st->r[1] = hush_load64_le(key + 8) & 0x0ffffffc0ffffffcull;
    st->pad[0] = hush_load64_le(key + 16);
    st->pad[1] = hush_load64_le(key + 24);
}

/* h = h * r mod 2^130-5, partially reduced (h2 <= 4 after the fold).
 * Inputs: h2 small (a few bits), r clamped. */
static inline void hush_poly1305_mul(uint64_t h[3], uint64_t r0, uint64_t r1) {
    uint64_t s1 = r1 + (r1 >> 2);
    hush_u128 d0 = (hush_u128)h[0] * r0 + (hush_u128)h[1] * s1;
    hush_u128 d1 =
        (hush_u128)h[0] * r1 + (hush_u128)h[1] * r0 + (hush_u128)h[2] * s1;
    uint64_t d2 = h[2] * r0;
    d1 += (uint64_t)(d0 >> 64);
    d2 += (uint64_t)(d1 >> 64);
    uint64_t h0 = (uint64_t)d0, h1 = (uint64_t)d1;
    /* fold bits 130 and up: 2^130 = 5 */
    uint64_t c = (d2 >> 2) + (d2 & ~(uint64_t)3);
    d2 &= 3;
    hush_u128 t = (hush_u128)h0 + c;
    h0 = (uint64_t)t;
    t = (hush_u128)h1 + (uint64_t)(t >> 64);
    h1 = (uint64_t)t;
    h[0] = h0, h[1] = h1, h[2] = d2 + (uint64_t)(t >> 64);
}

/* The radix-2^26 form the AVX2 and AVX-512F tiers compute in: h (or r's
 * powers, below 2^130) as five limbs of 26 bits, the top one a little
 * wider. */
#define HUSH_POLY1305_MASK26 0x3ffffffull
static inline void hush_poly1305_to_radix26(uint64_t l[5],
                                            const uint64_t h[3]) {
    l[0] = h[0] & HUSH_POLY1305_MASK26;
    l[1] = (h[0] >> 26) & HUSH_POLY1305_MASK26;
    l[2] = ((h[0] >> 52) | (h[1] << 12)) & HUSH_POLY1305_MASK26;
    l[3] = (h[1] >> 14) & HUSH_POLY1305_MASK26;
    l[4] = (h[1] >> 40) | (h[2] << 24);
}

/* The scalar h from five radix-2^26 sums of lanes (each below 2^31), with
 * h2 folded small for the scalar code. */
static inline void hush_poly1305_scalar_from_radix26(hush_poly1305_scalar *st,
                                                     const uint64_t l[5]) {
    hush_u128 t0 =
        (hush_u128)l[0] + ((hush_u128)l[1] << 26) + ((hush_u128)l[2] << 52);
    hush_u128 t1 =
        (t0 >> 64) + ((hush_u128)l[3] << 14) + ((hush_u128)l[4] << 40);
    uint64_t h0 = (uint64_t)t0, h1 = (uint64_t)t1, h2 = (uint64_t)(t1 >> 64);
    uint64_t c = (h2 >> 2) * 5;
    h2 &= 3;
    hush_u128 t = (hush_u128)h0 + c;
    st->h[0] = (uint64_t)t;
    t = (hush_u128)h1 + (uint64_t)(t >> 64);
    st->h[1] = (uint64_t)t;
    st->h[2] = h2 + (uint64_t)(t >> 64);
}

/* Absorbs len/16 blocks, scalar. */
static inline void hush_poly1305_scalar_blocks(hush_poly1305_scalar *st,
                                               const uint8_t *in, size_t len,
                                               unsigned hibit) {
    uint64_t h[3] = {st->h[0], st->h[1], st->h[2]};
    const uint64_t r0 = st->r[0], r1 = st->r[1];
    while (len >= 16) {
        hush_u128 t = (hush_u128)h[0] + hush_load64_le(in);
        h[0] = (uint64_t)t;
        t = (hush_u128)h[1] + hush_load64_le(in + 8) + (uint64_t)(t >> 64);
        h[1] = (uint64_t)t;
        h[2] += (uint64_t)(t >> 64) + hibit;
        hush_poly1305_mul(h, r0, r1);
        in += 16, len -= 16;
    }
    st->h[0] = h[0], st->h[1] = h[1], st->h[2] = h[2];
}

/* Final reduction mod 2^130-5 (constant time) and tag = h + s mod 2^128. */
static inline void hush_poly1305_scalar_finish(hush_poly1305_scalar *st,
                                               uint8_t tag[16]) {
    uint64_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2];
    /* h < 2^131 here; fold once more so h < 2^130 + small */
    uint64_t c = (h2 >> 2) * 5;
    h2 &= 3;
    hush_u128 t = (hush_u128)h0 + c;
    h0 = (uint64_t)t;
    t = (hush_u128)h1 + (uint64_t)(t >> 64);
    h1 = (uint64_t)t;
    h2 += (uint64_t)(t >> 64);
    /* g = h + 5; if g >= 2^130 (bit 130 set) then h - p = g - 2^130 */
    t = (hush_u128)h0 + 5;
    uint64_t g0 = (uint64_t)t;
    t = (hush_u128)h1 + (uint64_t)(t >> 64);
    uint64_t g1 = (uint64_t)t;
    uint64_t g2 = h2 + (uint64_t)(t >> 64);
    uint64_t mask = hush_ct_mask64(g2 >> 2); /* 1 when h >= p */
    h0 = hush_ct_select64(mask, g0, h0);
    h1 = hush_ct_select64(mask, g1, h1);
    t = (hush_u128)h0 + st->pad[0];
    h0 = (uint64_t)t;
    h1 = h1 + st->pad[1] + (uint64_t)(t >> 64);
    hush_store64_le(tag, h0);
    hush_store64_le(tag + 8, h1);
}

#endif
