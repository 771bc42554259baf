/*
 * The Montgomery ladder and the inversion chain, written once over a field
 * interface that each tier defines before including this file:
 *
 *   fe                     an array type holding one element of GF(2^255-19)
 *   fe_frombytes(h, s)     h = s as little-endian, bit 255 ignored, s >= p ok
 *   fe_tobytes(s, h)       s = h fully reduced
 *   fe_add / fe_sub        h = f + g, h = f - g (in the tier's bounds)
 *   fe_mul / fe_sq         h = f * g, h = f^2 (outputs fit every input bound)
 *   fe_mul_small(h, f, c)  h = c * f for a public c < 2^17
 *   fe_cswap(f, g, mask)   swaps f and g when mask is all ones, no branch
 *   fe_copy, fe_set_small  h = f, h = small constant
 *   fe_to_words(w, f)      w = f as four 64-bit words (any value < 2^256)
 *   fe_from_words(h, w)    h = w for a fully reduced w
 *
 * Every function here is straight-line in the secret: the loop bounds are
 * fixed, the scalar bits only ever become masks for fe_cswap.
 */
#ifndef HUSH_X25519_LADDER_H
#define HUSH_X25519_LADDER_H

#include "core/ct.h"

/*
 * h = 1/z (0 for z = 0), by the shared constant-time safegcd inversion
 * (x25519_invert.c): about 1.65x faster than Fermat's z^(p-2), a serial
 * chain of 254 squarings and 11 multiplications (docs/perf/x25519.md #8).
 */
static void fe_invert(fe h, const fe z) {
    uint64_t w[4];
    fe_to_words(w, z);
    hush_x25519_invert(w, w);
    fe_from_words(h, w);
    hush_wipe(w, sizeof w);
}

/* The ladder state: (x2:z2) = [k']u and (x3:z3) = [k'+1]u for the bits
 * k' of the scalar consumed so far. One struct so it is wiped at once. */
typedef struct ladder_state {
    fe x1, x2, z2, x3, z3;
    fe a, b, c, d, aa, bb, e, da, cb;
} ladder_state;

/*
 * One step of RFC 7748 section 5: a differential addition and a doubling.
 * x3 := (DA + CB)^2, z3 := x1 (DA - CB)^2, x2 := AA BB, z2 := E (BB + 121666 E)
 * (equal to the RFC's E (AA + 121665 E), one addition fewer to reach).
 */
static inline void ladder_step(ladder_state *s) {
    fe_add(s->a, s->x2, s->z2);
    fe_sub(s->b, s->x2, s->z2);
    fe_add(s->c, s->x3, s->z3);
    fe_sub(s->d, s->x3, s->z3);
    fe_mul(s->da, s->d, s->a);
    fe_mul(s->cb, s->c, s->b);
    fe_sq(s->aa, s->a);
    fe_sq(s->bb, s->b);
    fe_add(s->x3, s->da, s->cb);
    fe_sub(s->z3, s->da, s->cb);
    fe_sq(s->x3, s->x3);
    fe_sq(s->z3, s->z3);
    fe_mul(s->z3, s->z3, s->x1);
    fe_mul(s->x2, s->aa, s->bb);
    fe_sub(s->e, s->aa, s->bb);
    fe_mul_small(s->z2, s->e, 121666);
    fe_add(s->z2, s->z2, s->bb);
    fe_mul(s->z2, s->z2, s->e);
}

/* out = X25519(scalar, u), RFC 7748 section 5. */
static void x25519_ladder(uint8_t out[32], const uint8_t scalar[32],
                          const uint8_t u[32]) {
    uint8_t k[32];
    ladder_state s;
    hush_x25519_clamp(k, scalar);
    fe_frombytes(s.x1, u);
    fe_set_small(s.x2, 1);
    fe_set_small(s.z2, 0);
    fe_copy(s.x3, s.x1);
    fe_set_small(s.z3, 1);

    uint64_t swap = 0;
    for (int t = 254; t >= 0; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        uint64_t mask = hush_ct_mask64(swap);
        fe_cswap(s.x2, s.x3, mask);
        fe_cswap(s.z2, s.z3, mask);
        swap = bit;
        ladder_step(&s);
    }
    uint64_t mask = hush_ct_mask64(swap);
    fe_cswap(s.x2, s.x3, mask);
    fe_cswap(s.z2, s.z3, mask);

    fe_invert(s.z2, s.z2);
    fe_mul(s.x2, s.x2, s.z2);
    fe_tobytes(out, s.x2);

    hush_wipe(k, sizeof k);
    HUSH_WIPE_OBJ(&s);
}

#endif
