/*
 * The Montgomery ladder and the inversion chain, written once over a field
 * interface that each tier defines before including this file:
 *
 *   fe                     an array type holding one element of GF(2^255-19)
 *   fe_frombytes(h, s)     h = s as little-endian, bit 255 ignored, s >= p ok
 *   fe_tobytes(s, h)       s = h fully reduced
 *   fe_add / fe_sub        h = f + g, h = f - g (in the tier's bounds)
 *   fe_add_r / fe_sub_r    the same, for f and g each an output of fe_mul,
 *                          fe_sq or fe_frombytes, or 0 or 1 (a tier may
 *                          rely on that bound; the results only ever go
 *                          into fe_mul, fe_sq and fe_mul_small_add's f)
 *   fe_mul / fe_sq         h = f * g, h = f^2 (outputs fit every input bound)
 *   fe_mul_small_add(h, f, c, g)  h = c * f + g for a public c < 2^17
 *   fe_copy, fe_set_small  h = f, h = small constant
 *   fe_to_words(w, f)      w = f as four 64-bit words (any value < 2^256)
 *   fe_from_words(h, w)    h = w for a fully reduced w
 *
 * Every function here is straight-line in the secret: the loop bounds are
 * fixed, the scalar bits only ever become masks for fe_select.
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

#define FE_WORDS (sizeof(fe) / sizeof(uint64_t))

/* h = mask ? a : b, word by word in general registers: a vectorised select
 * would reload limbs just stored by 64-bit writes with wider loads, which
 * store-to-load forwarding cannot serve; HUSH_OPAQUE keeps the compiler
 * from vectorising it (the mask is already opaque, hush_ct_mask64). */
static inline void fe_select(fe h, const fe a, const fe b, uint64_t mask) {
    for (size_t i = 0; i < FE_WORDS; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        HUSH_OPAQUE(t);
        h[i] = b[i] ^ t;
    }
}

/*
 * The ladder keeps R0 = [k'] u and R1 = R0 + u (k' the scalar bits consumed
 * so far) as two points m and n without ever swapping them: the
 * differential addition R0 + R1 does not care which is which (DA and CB
 * only trade places, and both are squared), and only the doubling needs
 * R0 or R1 according to the next bit, so only its two inputs x - z and
 * x + z are selected by a mask (as in s2n-bignum's X25519). After a step m
 * holds R0 + R1 and n the doubled point. One struct so it is wiped at once.
 */
typedef struct ladder_state {
    fe x1, xm, zm, xn, zn;
    fe sm, dm, sn, dn, s, d, dmsn, dnsm, p, e;
} ladder_state;

/*
 * (x : z) = 2 (s, d), given s = (x + z)^2 and d = (x - z)^2 of the point:
 * x' = s d, z' = p (d + 121666 p) with p = s - d = 4 x z (RFC 7748's
 * z' = E (AA + a24 E), one addition fewer to reach).
 */
static inline void ladder_double(fe x, fe z, ladder_state *st) {
    fe_sub_r(st->p, st->s, st->d);
    fe_mul_small_add(st->e, st->p, 121666, st->d);
    fe_mul(x, st->s, st->d);
    fe_mul(z, st->p, st->e);
}

/*
 * One step: m becomes R0 + R1 (their difference is x1), n twice the point
 * n held when double_n is all ones, else twice the point m held. The
 * doubling (ladder_double, written out) is interleaved with the addition's
 * last products so that independent multiplications sit next to each other
 * in program order (docs/perf/x25519.md #15).
 */
static inline void ladder_step(ladder_state *st, uint64_t double_n) {
    fe_add_r(st->sm, st->xm, st->zm);
    fe_sub_r(st->dm, st->xm, st->zm);
    fe_add_r(st->sn, st->xn, st->zn);
    fe_sub_r(st->dn, st->xn, st->zn);
    fe_select(st->s, st->sn, st->sm, double_n);
    fe_select(st->d, st->dn, st->dm, double_n);
    fe_mul(st->dmsn, st->dm, st->sn);
    fe_mul(st->dnsm, st->dn, st->sm);
    fe_sq(st->s, st->s);
    fe_sq(st->d, st->d);
    /* x3 = (DA + CB)^2, z3 = x1 (DA - CB)^2 */
    fe_add_r(st->xm, st->dmsn, st->dnsm);
    fe_sub_r(st->zm, st->dmsn, st->dnsm);
    fe_sub_r(st->p, st->s, st->d);
    fe_mul_small_add(st->e, st->p, 121666, st->d);
    fe_sq(st->zm, st->zm);
    fe_sq(st->xm, st->xm);
    fe_mul(st->zn, st->p, st->e);
    fe_mul(st->zm, st->zm, st->x1);
    fe_mul(st->xn, st->s, st->d);
}

/* out = X25519(scalar, u), RFC 7748 section 5. */
static void x25519_ladder(uint8_t out[32], const uint8_t scalar[32],
                          const uint8_t u[32]) {
    uint8_t k[32];
    ladder_state s;
    hush_x25519_clamp(k, scalar);
    fe_frombytes(s.x1, u);
    /* R0 = (1 : 0) in n, R1 = (x1 : 1) in m */
    fe_set_small(s.xn, 1);
    fe_set_small(s.zn, 0);
    fe_copy(s.xm, s.x1);
    fe_set_small(s.zm, 1);

    /* r0_is_m: 0 while R0 is n. Bit t doubles R0 (t = 0) or R1 (t = 1):
     * n is the one doubled iff bit t equals r0_is_m. Afterwards R0 is the
     * sum (m) iff the bit was 1. Bits 2..0 are 0 after clamping: the last
     * three steps are doublings of R0 alone. */
    uint64_t r0_is_m = 0;
    for (int t = 254; t >= 3; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
        uint64_t double_n = hush_ct_barrier64(bit ^ r0_is_m) - 1;
        r0_is_m = bit;
        ladder_step(&s, double_n);
    }
    uint64_t r0_in_m = hush_ct_mask64(r0_is_m);
    fe_select(s.xn, s.xm, s.xn, r0_in_m);
    fe_select(s.zn, s.zm, s.zn, r0_in_m);
    for (int i = 0; i < 3; i++) {
        fe_add_r(s.s, s.xn, s.zn);
        fe_sub_r(s.d, s.xn, s.zn);
        fe_sq(s.s, s.s);
        fe_sq(s.d, s.d);
        ladder_double(s.xn, s.zn, &s);
    }

    fe_invert(s.zn, s.zn);
    fe_mul(s.xn, s.xn, s.zn);
    fe_tobytes(out, s.xn);

    hush_wipe(k, sizeof k);
    HUSH_WIPE_OBJ(&s);
}

#endif
