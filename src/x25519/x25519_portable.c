/*
 * X25519, portable tier: GF(2^255-19) in five 51-bit limbs, products in
 * unsigned __int128, then the shared ladder (x25519_ladder.h).
 *
 * Bounds: fe_mul, fe_sq and fe_mul_small (c < 2^17) return limbs below 2^51 +
 * 2^13
 * ("carried"); fe_add of two carried elements stays below 2^53, which
 * fe_mul and fe_sq accept (19 * 2^53 * 2^53 * 5 < 2^128); fe_sub takes
 * carried inputs only, which is all the ladder ever gives it.
 */
#include "x25519/x25519_impl.h"

typedef uint64_t fe[5];
typedef unsigned __int128 u128;

#define MASK51 (((uint64_t)1 << 51) - 1)

static inline void fe_frombytes(fe h, const uint8_t s[32]) {
    uint64_t w0 = hush_load64_le(s), w1 = hush_load64_le(s + 8);
    uint64_t w2 = hush_load64_le(s + 16), w3 = hush_load64_le(s + 24);
    h[0] = w0 & MASK51;
    h[1] = ((w0 >> 51) | (w1 << 13)) & MASK51;
    h[2] = ((w1 >> 38) | (w2 << 26)) & MASK51;
    h[3] = ((w2 >> 25) | (w3 << 39)) & MASK51;
    h[4] = (w3 >> 12) & MASK51; /* drops bit 255, as RFC 7748 asks */
}

/* h = the canonical value in four little-endian 64-bit words */
static inline void fe_from_words(fe h, const uint64_t w[4]) {
    h[0] = w[0] & MASK51;
    h[1] = ((w[0] >> 51) | (w[1] << 13)) & MASK51;
    h[2] = ((w[1] >> 38) | (w[2] << 26)) & MASK51;
    h[3] = ((w[2] >> 25) | (w[3] << 39)) & MASK51;
    h[4] = (w[3] >> 12) & MASK51;
}

/* One carry pass; the carry out of limb 4 re-enters limb 0 times 19. */
static inline void fe_carry(fe h) {
    uint64_t c;
    c = h[0] >> 51, h[0] &= MASK51, h[1] += c;
    c = h[1] >> 51, h[1] &= MASK51, h[2] += c;
    c = h[2] >> 51, h[2] &= MASK51, h[3] += c;
    c = h[3] >> 51, h[3] &= MASK51, h[4] += c;
    c = h[4] >> 51, h[4] &= MASK51, h[0] += 19 * c;
}

/* The unique representative in [0, p): add 19, see whether that reaches
 * 2^255 (i.e. h >= p), and if so keep h + 19 - 2^255, without a branch. */
static inline void fe_tobytes(uint8_t s[32], const fe f) {
    fe h;
    for (int i = 0; i < 5; i++)
        h[i] = f[i];
    fe_carry(h);
    fe_carry(h); /* now h < 2^255 + 2^13, limbs below 2^51 but limb 0 */
    uint64_t q = (h[0] + 19) >> 51;
    q = (h[1] + q) >> 51;
    q = (h[2] + q) >> 51;
    q = (h[3] + q) >> 51;
    q = (h[4] + q) >> 51; /* 1 iff h >= p */
    h[0] += 19 * q;
    uint64_t c;
    c = h[0] >> 51, h[0] &= MASK51, h[1] += c;
    c = h[1] >> 51, h[1] &= MASK51, h[2] += c;
    c = h[2] >> 51, h[2] &= MASK51, h[3] += c;
    c = h[3] >> 51, h[3] &= MASK51, h[4] += c;
    h[4] &= MASK51; /* drops 2^255, completing the subtraction of p */
    hush_store64_le(s, h[0] | (h[1] << 51));
    hush_store64_le(s + 8, (h[1] >> 13) | (h[2] << 38));
    hush_store64_le(s + 16, (h[2] >> 26) | (h[3] << 25));
    hush_store64_le(s + 24, (h[3] >> 39) | (h[4] << 12));
    HUSH_WIPE_OBJ(&h);
}

/* w = f fully reduced, as four little-endian words */
static inline void fe_to_words(uint64_t w[4], const fe f) {
    uint8_t s[32];
    fe_tobytes(s, f);
    for (int i = 0; i < 4; i++)
        w[i] = hush_load64_le(s + 8 * i);
    hush_wipe(s, sizeof s);
}

static inline void fe_copy(fe h, const fe f) {
    for (int i = 0; i < 5; i++)
        h[i] = f[i];
}
static inline void fe_set_small(fe h, uint64_t v) {
    h[0] = v;
    h[1] = h[2] = h[3] = h[4] = 0;
}
static inline void fe_add(fe h, const fe f, const fe g) {
    for (int i = 0; i < 5; i++)
        h[i] = f[i] + g[i];
}
/* f - g + 2p: the 2p keeps every limb non-negative for carried g. */
static inline void fe_sub(fe h, const fe f, const fe g) {
    h[0] = f[0] + 0xFFFFFFFFFFFDAull - g[0];
    h[1] = f[1] + 0xFFFFFFFFFFFFEull - g[1];
    h[2] = f[2] + 0xFFFFFFFFFFFFEull - g[2];
    h[3] = f[3] + 0xFFFFFFFFFFFFEull - g[3];
    h[4] = f[4] + 0xFFFFFFFFFFFFEull - g[4];
    fe_carry(h);
}
/* Carries five 128-bit column sums into a carried element. */
static inline void fe_carry_wide(fe h, u128 r0, u128 r1, u128 r2, u128 r3,
                                 u128 r4) {
    r1 += (uint64_t)(r0 >> 51);
    r2 += (uint64_t)(r1 >> 51);
    r3 += (uint64_t)(r2 >> 51);
    r4 += (uint64_t)(r3 >> 51);
    uint64_t h0 = ((uint64_t)r0 & MASK51) + 19 * (uint64_t)(r4 >> 51);
    h[1] = ((uint64_t)r1 & MASK51) + (h0 >> 51);
    h[0] = h0 & MASK51;
    h[2] = (uint64_t)r2 & MASK51;
    h[3] = (uint64_t)r3 & MASK51;
    h[4] = (uint64_t)r4 & MASK51;
}

static inline void fe_mul(fe h, const fe f, const fe g) {
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
    /* limb i * limb j with i + j >= 5 wraps to i + j - 5 times 19 */
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    u128 r0 = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 +
              (u128)f3 * g2_19 + (u128)f4 * g1_19;
    u128 r1 = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 +
              (u128)f3 * g3_19 + (u128)f4 * g2_19;
    u128 r2 = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 +
              (u128)f4 * g3_19;
    u128 r3 = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 +
              (u128)f4 * g4_19;
    u128 r4 = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 +
              (u128)f4 * g0;
    fe_carry_wide(h, r0, r1, r2, r3, r4);
}

static inline void fe_sq(fe h, const fe f) {
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
    u128 r0 = (u128)f0 * f0 + (u128)(2 * f1) * f4_19 + (u128)(2 * f2) * f3_19;
    u128 r1 = (u128)f0_2 * f1 + (u128)(2 * f2) * f4_19 + (u128)f3 * f3_19;
    u128 r2 = (u128)f0_2 * f2 + (u128)f1 * f1 + (u128)(2 * f3) * f4_19;
    u128 r3 = (u128)f0_2 * f3 + (u128)f1_2 * f2 + (u128)f4 * f4_19;
    u128 r4 = (u128)f0_2 * f4 + (u128)f1_2 * f3 + (u128)f2 * f2;
    fe_carry_wide(h, r0, r1, r2, r3, r4);
}

static inline void fe_mul_small(fe h, const fe f, uint64_t c) {
    u128 r[5];
    for (int i = 0; i < 5; i++)
        r[i] = (u128)f[i] * c;
    fe_carry_wide(h, r[0], r[1], r[2], r[3], r[4]);
}
/* h = c * f + g: carried plus carried, below 2^53, a valid fe_mul input */
static inline void fe_mul_small_add(fe h, const fe f, uint64_t c, const fe g) {
    fe_mul_small(h, f, c);
    fe_add(h, h, g);
}

/* The ladder's sums and differences of products (x25519_ladder.h): these
 * limbs need no tighter bound than fe_add and fe_sub already assume. */
static inline void fe_add_r(fe h, const fe f, const fe g) { fe_add(h, f, g); }
static inline void fe_sub_r(fe h, const fe f, const fe g) { fe_sub(h, f, g); }

#include "x25519/x25519_base_comb.h"
#include "x25519/x25519_ladder.h"

const hush_x25519_ops hush_x25519_portable = {
    x25519_ladder,
    x25519_base_comb,
};
