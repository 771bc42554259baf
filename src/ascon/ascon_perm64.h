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

typedef struct ascon_state64 {
    uint64_t x0, x1, x2, x3, x4;
} ascon_state64;

static inline uint64_t ascon_ror64(uint64_t x, unsigned n) {
    return (x >> n) | (x << (64 - n));
}

/*
 * One round p_C o p_S o p_L with round constant c. The S-box is the
 * bitsliced form of SP 800-232 (affine layer, chi, affine layer); the
 * linear layer mixes each word with two rotations of itself.
 */
static inline void ascon_round64(ascon_state64 *s, uint64_t c) {
    uint64_t x0 = s->x0, x1 = s->x1, x2 = s->x2 ^ c, x3 = s->x3, x4 = s->x4;

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
    x2 = ~x2;

    /* linear diffusion layer */
    s->x0 = x0 ^ ascon_ror64(x0, 19) ^ ascon_ror64(x0, 28);
    s->x1 = x1 ^ ascon_ror64(x1, 61) ^ ascon_ror64(x1, 39);
    s->x2 = x2 ^ ascon_ror64(x2, 1) ^ ascon_ror64(x2, 6);
    s->x3 = x3 ^ ascon_ror64(x3, 10) ^ ascon_ror64(x3, 17);
    s->x4 = x4 ^ ascon_ror64(x4, 7) ^ ascon_ror64(x4, 41);
}

/* Round i of 12 uses the constant ((15 - i) << 4) | i; p[8] is the last
 * eight rounds of p[12]. */
static inline void ascon_p8_64(ascon_state64 *s) {
    ascon_round64(s, 0xb4);
    ascon_round64(s, 0xa5);
    ascon_round64(s, 0x96);
    ascon_round64(s, 0x87);
    ascon_round64(s, 0x78);
    ascon_round64(s, 0x69);
    ascon_round64(s, 0x5a);
    ascon_round64(s, 0x4b);
}

static inline void ascon_p12_64(ascon_state64 *s) {
    ascon_round64(s, 0xf0);
    ascon_round64(s, 0xe1);
    ascon_round64(s, 0xd2);
    ascon_round64(s, 0xc3);
    ascon_p8_64(s);
}

#endif
