/*
 * Fixed-base X25519 by a comb on the twisted Edwards form of the curve
 * (edwards25519, birationally equivalent to Curve25519 with u = (1+y)/(1-y)),
 * written once over the same field interface as x25519_ladder.h. Each tier
 * also defines
 *
 *   fe_from_words(h, w)    h = the canonical value in four 64-bit words
 *
 * The clamped scalar becomes 64 signed radix-16 digits e_i in [-8, 8]
 * (sum e_i 16^i = k). With the table T[j][m-1] = m 256^j B (m = 1..8,
 * x25519_base_table.c), k B = 16 (sum over odd i of e_i 256^((i-1)/2) B)
 *                              + (sum over even i of e_i 256^(i/2) B):
 * 64 mixed additions and 4 doublings instead of 255 ladder steps.
 *
 * Constant time: every lookup reads all eight entries of its row and keeps
 * one by masks (the digit never becomes an index or a branch); the sign is
 * applied by a masked swap and a masked negation.
 *
 * The unified twisted Edwards addition (a = -1, d not a square) is complete,
 * so adding the identity (digit 0) needs no special case, and a clamped
 * scalar is a multiple of 8 below 2^255, never a multiple of the group
 * order, so the result is never the identity (1 - y is never 0).
 */
#ifndef HUSH_X25519_BASE_COMB_H
#define HUSH_X25519_BASE_COMB_H

#include "x25519/x25519_ladder.h" /* fe_invert, and the same field interface */

/* Extended coordinates: x = X/Z, y = Y/Z, xy = T/Z. */
typedef struct ge_p3 {
    fe X, Y, Z, T;
} ge_p3;
/* "Completed" coordinates: x = X/Z, y = Y/T. */
typedef struct ge_p1p1 {
    fe X, Y, Z, T;
} ge_p1p1;
/* A table point, affine: (y + x, y - x, 2dxy). */
typedef struct ge_niels {
    fe ypx, ymx, xy2d;
} ge_niels;

/* h = mask ? g : h, word by word in general registers (HUSH_OPAQUE: not
 * vectorised, as in the ladder's fe_select) */
static inline void fe_cmov(fe h, const fe g, uint64_t mask) {
    for (size_t i = 0; i < FE_WORDS; i++) {
        uint64_t t = mask & (h[i] ^ g[i]);
        HUSH_OPAQUE(t);
        h[i] ^= t;
    }
}

static inline void ge_p1p1_to_p3(ge_p3 *r, const ge_p1p1 *p) {
    fe_mul(r->X, p->X, p->T);
    fe_mul(r->Y, p->Y, p->Z);
    fe_mul(r->Z, p->Z, p->T);
    fe_mul(r->T, p->X, p->Y);
}

/* r = p + q (q affine, from the table) */
static inline void ge_madd(ge_p1p1 *r, const ge_p3 *p, const ge_niels *q) {
    fe t0;
    fe_add(r->X, p->Y, p->X);
    fe_sub(r->Y, p->Y, p->X);
    fe_mul(r->Z, r->X, q->ypx);  /* A */
    fe_mul(r->Y, r->Y, q->ymx);  /* B */
    fe_mul(r->T, q->xy2d, p->T); /* C */
    fe_add(t0, p->Z, p->Z);      /* D */
    fe_sub(r->X, r->Z, r->Y);    /* A - B */
    fe_add(r->Y, r->Z, r->Y);    /* A + B */
    fe_add(r->Z, t0, r->T);      /* D + C */
    fe_sub(r->T, t0, r->T);      /* D - C */
}

/* r = 2p, reading only X, Y, Z of p */
static inline void ge_dbl(ge_p1p1 *r, const ge_p3 *p) {
    fe xx, yy, t0;
    fe_sq(xx, p->X);
    fe_sq(yy, p->Y);
    fe_sq(r->T, p->Z);
    fe_add(r->T, r->T, r->T); /* 2 Z^2 */
    fe_add(t0, p->X, p->Y);
    fe_sq(t0, t0);        /* (X + Y)^2 */
    fe_add(r->Y, yy, xx); /* YY + XX */
    fe_sub(r->Z, yy, xx); /* YY - XX */
    fe_sub(r->X, t0, yy);
    fe_sub(r->X, r->X, xx);   /* 2XY, in two steps for the portable bounds */
    fe_sub(r->T, r->T, r->Z); /* 2ZZ - (YY - XX) */
}

/* 1 if the byte values a and b are equal, else 0 (a, b < 256) */
static inline uint64_t comb_eq(uint64_t a, uint64_t b) {
    return ((a ^ b) - 1) >> 63;
}

/*
 * q = digit * T[row] for a digit in [-8, 8]: all eight entries are read,
 * the one wanted kept by a mask (none for 0: q stays the identity).
 */
static inline void comb_select(ge_niels *q, size_t row, int8_t digit) {
    uint64_t negative = (uint64_t)(uint8_t)digit >> 7; /* 1 if digit < 0 */
    uint64_t babs = (uint64_t)(int64_t)digit; /* |digit| via the sign mask */
    babs = (babs ^ hush_ct_mask64(negative)) + negative;
    babs = hush_ct_barrier64(babs & 0xff);
    uint64_t words[12] = {1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0};
    for (uint64_t m = 0; m < 8; m++) {
        uint64_t mask = hush_ct_mask64(comb_eq(babs, m + 1));
        const uint64_t *entry = hush_x25519_base_table[row][m];
        for (int w = 0; w < 12; w++)
            words[w] ^= mask & (words[w] ^ entry[w]);
    }
    /* -(x, y) = (-x, y): swap y + x and y - x, negate 2dxy */
    uint64_t neg = hush_ct_mask64(negative);
    for (int w = 0; w < 4; w++) {
        uint64_t t = neg & (words[w] ^ words[4 + w]);
        words[w] ^= t;
        words[4 + w] ^= t;
    }
    fe minus, zero;
    fe_from_words(q->ypx, words);
    fe_from_words(q->ymx, words + 4);
    fe_from_words(q->xy2d, words + 8);
    fe_set_small(zero, 0);
    fe_sub(minus, zero, q->xy2d);
    fe_cmov(q->xy2d, minus, neg);
    hush_wipe(words, sizeof words);
    hush_wipe(minus, sizeof minus);
}

/* out = X25519(scalar, 9) = u of (clamped scalar) B */
static void x25519_base_comb(uint8_t out[32], const uint8_t scalar[32]) {
    uint8_t k[32];
    int8_t e[64];
    struct {
        ge_p3 h;
        ge_p1p1 r;
        ge_niels q;
        fe num, den;
    } s;
    hush_x25519_clamp(k, scalar);

    hush_x25519_comb_digits(e, k);

    /* h = identity (0 : 1 : 1 : 0) */
    fe_set_small(s.h.X, 0);
    fe_set_small(s.h.Y, 1);
    fe_set_small(s.h.Z, 1);
    fe_set_small(s.h.T, 0);
    for (int i = 1; i < 64; i += 2) {
        comb_select(&s.q, (size_t)(i / 2), e[i]);
        ge_madd(&s.r, &s.h, &s.q);
        ge_p1p1_to_p3(&s.h, &s.r);
    }
    for (int i = 0; i < 4; i++) {
        ge_dbl(&s.r, &s.h);
        ge_p1p1_to_p3(&s.h, &s.r);
    }
    for (int i = 0; i < 64; i += 2) {
        comb_select(&s.q, (size_t)(i / 2), e[i]);
        ge_madd(&s.r, &s.h, &s.q);
        ge_p1p1_to_p3(&s.h, &s.r);
    }
    /* u = (1 + y)/(1 - y) = (Z + Y)/(Z - Y) */
    fe_add(s.num, s.h.Z, s.h.Y);
    fe_sub(s.den, s.h.Z, s.h.Y);
    fe_invert(s.den, s.den);
    fe_mul(s.num, s.num, s.den);
    fe_tobytes(out, s.num);

    hush_wipe(k, sizeof k);
    hush_wipe(e, sizeof e);
    HUSH_WIPE_OBJ(&s);
}

#endif
