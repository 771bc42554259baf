/*
 * The Ascon permutation (NIST SP 800-232, section 3) on five 64-bit words,
 * as static inline code: every round is unrolled with its constant, so a
 * compiler keeps the 320-bit state in five registers across a whole p[8] or
 * p[12] and across the loop that calls it.
 *
 * Only fixed-distance rotations, XOR, AND and NOT: no branch, no table, no
 * data-dependent anything, so the permutation is constant time on any CPU.
 */
#ifndef HUSH_ASCON_PERM64_H
#define HUSH_ASCON_PERM64_H

#include <stdint.h>

#include "ascon/ascon_impl.h"

/*
 * The state as five words, with one twist: x2n holds S2 inverted (~S2).
 * The S-box ends by inverting S2, and the linear layer commutes with
 * inversion (it XORs an odd number of rotations), so keeping S2 inverted
 * between rounds turns that NOT into the next round's constant (XOR with
 * ~c instead of c): one instruction less per round. Only loading, saving
 * and reading S2 (ascon_state64.h) see the inversion.
 */
typedef struct ascon_state64 {
    uint64_t x0, x1, x2n, x3, x4;
} ascon_state64;

ASCON_INLINE uint64_t ascon_ror64(uint64_t x, unsigned n) {
    return (x >> n) | (x << (64 - n));
}

/*
 * One round p_L o p_S o p_C with round constant c (SP 800-232, section
 * 3): the S-box in its bitsliced form (an affine layer, chi, an affine
 * layer, the final NOT of S2 left out as explained above), then the linear
 * layer, which mixes each word with two rotations of itself.
 */
ASCON_INLINE void ascon_round64(ascon_state64 *s, uint64_t c) {
    uint64_t x0 = s->x0, x1 = s->x1, x3 = s->x3, x4 = s->x4;
    uint64_t x2 = s->x2n ^ ~c; /* = S2 ^ c */
    /* hidden from the optimiser once per round: without it GCC merges the
     * constant into the S-box's AND-NOTs and spends three instructions
     * where one ANDN does (docs/perf/ascon.md) */
    HUSH_OPAQUE(x2);

    /* substitution layer */
    x0 ^= x4;
    x4 ^= x3;
    x2 ^= x1;
    uint64_t t0 = ~x0 & x1;
    uint64_t t1 = ~x1 & x2;
    uint64_t t2 = ~x2 & x3;
    uint64_t t3 = ~x3 & x4;
    uint64_t t4 = ~x4 & x0;
    x0 ^= t1;
    x1 ^= t2;
    x2 ^= t3;
    x3 ^= t4;
    x4 ^= t0;
    x1 ^= x0;
    x0 ^= x4;
    x3 ^= x2;
    /* (x2 = ~x2 is carried by the inverted representation) */

    /* linear diffusion layer */
    s->x0 = x0 ^ ascon_ror64(x0, 19) ^ ascon_ror64(x0, 28);
    s->x1 = x1 ^ ascon_ror64(x1, 61) ^ ascon_ror64(x1, 39);
    s->x2n = x2 ^ ascon_ror64(x2, 1) ^ ascon_ror64(x2, 6);
    s->x3 = x3 ^ ascon_ror64(x3, 10) ^ ascon_ror64(x3, 17);
    s->x4 = x4 ^ ascon_ror64(x4, 7) ^ ascon_ror64(x4, 41);
}

/* Round i of 12 uses the constant ((15 - i) << 4) | i; p[n] is the last n
 * rounds of p[12]. */
ASCON_INLINE void ascon_p8_64(ascon_state64 *s) {
    ascon_round64(s, 0xb4);
    ascon_round64(s, 0xa5);
    ascon_round64(s, 0x96);
    ascon_round64(s, 0x87);
    ascon_round64(s, 0x78);
    ascon_round64(s, 0x69);
    ascon_round64(s, 0x5a);
    ascon_round64(s, 0x4b);
}

ASCON_INLINE void ascon_p12_64(ascon_state64 *s) {
    ascon_round64(s, 0xf0);
    ascon_round64(s, 0xe1);
    ascon_round64(s, 0xd2);
    ascon_round64(s, 0xc3);
    ascon_p8_64(s);
}

/* p[rounds] for any 1 <= rounds <= 12: enters the unrolled sequence at
 * round 12 - rounds. The round count is public. */
ASCON_INLINE void ascon_pn_64(ascon_state64 *s, unsigned rounds) {
    switch (rounds) {
    case 12: ascon_round64(s, 0xf0); /* fall through */
    case 11: ascon_round64(s, 0xe1); /* fall through */
    case 10: ascon_round64(s, 0xd2); /* fall through */
    case 9: ascon_round64(s, 0xc3);  /* fall through */
    case 8: ascon_round64(s, 0xb4);  /* fall through */
    case 7: ascon_round64(s, 0xa5);  /* fall through */
    case 6: ascon_round64(s, 0x96);  /* fall through */
    case 5: ascon_round64(s, 0x87);  /* fall through */
    case 4: ascon_round64(s, 0x78);  /* fall through */
    case 3: ascon_round64(s, 0x69);  /* fall through */
    case 2: ascon_round64(s, 0x5a);  /* fall through */
    case 1: ascon_round64(s, 0x4b);  /* fall through */
    default: break;
    }
}

#endif
