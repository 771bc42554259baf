/*
 * Inversion in GF(2^255-19) by Bernstein and Yang's constant-time "safegcd"
 * (D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and
 * modular inversion", TCHES 2019/3), shared by every X25519 tier in place
 * of Fermat's z^(p-2) (a serial chain of 265 field operations).
 *
 * divstep(delta, f, g) = (1 - delta, g, (g - f)/2)     if delta > 0, g odd
 *                        (1 + delta, f, (g + (g mod 2) f)/2) otherwise
 * Started from (delta, f, g) = (1/2, p, x) (the "half-delta" hddivstep
 * variant), g reaches 0 and f = +-gcd(p, x) = +-1 within 590 steps for
 * every odd f below about 2^256 and 0 <= g <= f: Coq-checked in
 * github.com/sipa/safegcd-bounds, coq/hddivsteps/hddivsteps590_proof.v
 * (Bernstein and Yang's convex-hull argument carried to this variant).
 * Bernstein and Yang's own bound for the original divstep (delta = 1) is
 * floor((49 d + 57)/17) = 738 steps for d = 255 (their Theorem 11.2); 590 is
 * 20% fewer. We run a fixed 10 batches of 59 = 590 steps for every input. delta
 * is kept doubled (eta = 2 delta, odd).
 *
 * Each batch runs 59 divsteps on the low 64 bits of f and g only (the low
 * bits of f and g after j steps depend only on their low bits before),
 * recording the steps as a 2x2 matrix T with 2^62 (f', g') = T (f, g)
 * (the matrix of 59 steps times 8);
 * then T is applied to the full f and g (exact division by 2^62) and to d
 * and e, which track f = d x and g = e x mod p. At the end f = +-1, so
 * 1/x = +-d. For x = 0 mod p, g is 0 from the start, f stays p, d stays 0:
 * the result is 0, as Fermat's chain gives.
 *
 * Numbers are signed, in five limbs of radix 2^62: limbs 0-3 in [0, 2^62),
 * limb 4 signed. Constant time: the number of steps is fixed, every choice
 * is a mask (no branch, no secret index, no division).
 */
#include "x25519/x25519_impl.h"

typedef __int128 i128;

#define M62 (((uint64_t)1 << 62) - 1)
/* p^-1 mod 2^62 (p = -19 mod 2^62) */
#define PINV62  ((uint64_t)0x39435e50d79435e5ull & M62)
#define BATCHES 10
#define STEPS   59 /* 10 x 59 = 590 hddivsteps */

/* A signed number sum(l[i] 2^(62 i)) */
typedef struct s62 {
    int64_t l[5];
} s62;

/* 2^62 (f', g') = (u f + v g, q f + r g); |u| + |v|, |q| + |r| <= 2^62
 * (after j steps of the scaled matrix each row's sum is at most 2^j) */
typedef struct transition {
    int64_t u, v, q, r;
} transition;

static const s62 modulus = {
    {(int64_t)(M62 - 18), (int64_t)M62, (int64_t)M62, (int64_t)M62, 127}};

/*
 * STEPS divsteps on the low 64 bits of f and g (the low 64 - j bits are still
 * exact after j steps). minus_eta is -2 delta, so "delta > 0" is its sign
 * bit. The matrix is kept scaled (the row of f doubles instead of g halving)
 * so it stays integral, then scaled to 2^62 for apply_fg and apply_de.
 * Returns the updated minus_eta.
 *
 * Written for few operations (about 34 a step: on this loop the core's
 * ALUs, not the dependency chain, are the limit) and a short chain from g
 * to the next g (6): g's low bit moves to the sign bit once, so that
 * "g odd" and "swap" (delta > 0 and g odd) are each one arithmetic shift
 * away.
 */
static int64_t divsteps(int64_t minus_eta, uint64_t f, uint64_t g,
                        transition *t) {
    uint64_t u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < STEPS; i++) {
        uint64_t g_low = g << 63;
        uint64_t g_odd = hush_ct_sign_mask64((int64_t)g_low);
        uint64_t swap = hush_ct_barrier64(
            hush_ct_sign_mask64((int64_t)(g_low & (uint64_t)minus_eta)));
        /* added to g's row: -u on a swap, u if g is odd, else 0;
         * ((x & g_odd) ^ swap) - swap is exactly that (swap implies g_odd) */
        uint64_t add_u = ((u & g_odd) ^ swap) - swap;
        uint64_t add_v = ((v & g_odd) ^ swap) - swap;
        /* g' = (g + f)/2 if g is odd, (g - f)/2 = (g + f)/2 - f on a swap,
         * g/2 otherwise; mod 2^64, the carry lost in g + f only spoils
         * bit 63, which no later step reads */
        uint64_t g_next = ((g + (f & g_odd)) >> 1) - (f & swap);
        /* f takes the old g on a swap */
        f ^= (f ^ g) & swap;
        u ^= (u ^ q) & swap;
        v ^= (v ^ r) & swap;
        g = g_next;
        q += add_u;
        r += add_v;
        u <<= 1;
        v <<= 1;
        /* eta' = 2 + (swap ? -eta : eta), so
         * -eta' = (swap ? eta : -eta) - 2 = (-eta ^ swap) - swap - 2 */
        minus_eta = (int64_t)(((uint64_t)minus_eta ^ swap) - swap - 2);
    }
    t->u = (int64_t)(u << (62 - STEPS)), t->v = (int64_t)(v << (62 - STEPS));
    t->q = (int64_t)(q << (62 - STEPS)), t->r = (int64_t)(r << (62 - STEPS));
    return minus_eta;
}

/* (f, g) = T (f, g) / 2^62, exact: the low 62 bits of both sums are zero */
static void apply_fg(s62 *f, s62 *g, const transition *t) {
    i128 cf = (i128)t->u * f->l[0] + (i128)t->v * g->l[0];
    i128 cg = (i128)t->q * f->l[0] + (i128)t->r * g->l[0];
    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < 5; i++) {
        cf += (i128)t->u * f->l[i] + (i128)t->v * g->l[i];
        cg += (i128)t->q * f->l[i] + (i128)t->r * g->l[i];
        f->l[i - 1] = (int64_t)((uint64_t)cf & M62);
        g->l[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->l[4] = (int64_t)cf;
    g->l[4] = (int64_t)cg;
}

/*
 * (d, e) = (T (d, e) + (md, me) p) / 2^62 with md, me chosen so the sums
 * are divisible by 2^62 and the results stay in (-2p, p):
 * a negative d or e first counts as d + p (now in (-p, p)), so the sum is in
 * (-2^62 p, 2^62 p); then k p with k in [0, 2^62) is subtracted to clear the
 * low 62 bits, leaving (-2^63 p, 2^62 p), i.e. (-2p, p) after the division.
 * p = 2^255 - 19 adds to limb 0 as -19 m and to limb 4 as m 2^7.
 */
static void apply_de(s62 *d, s62 *e, const transition *t) {
    uint64_t d_neg = hush_ct_sign_mask64(d->l[4]),
             e_neg = hush_ct_sign_mask64(e->l[4]);
    int64_t md = (int64_t)(((uint64_t)t->u & d_neg) + ((uint64_t)t->v & e_neg));
    int64_t me = (int64_t)(((uint64_t)t->q & d_neg) + ((uint64_t)t->r & e_neg));
    i128 cd = (i128)t->u * d->l[0] + (i128)t->v * e->l[0];
    i128 ce = (i128)t->q * d->l[0] + (i128)t->r * e->l[0];
    /* k = (cd + md p) / p mod 2^62, so cd + (md - k) p = 0 mod 2^62 */
    md -= (int64_t)((((uint64_t)cd - 19 * (uint64_t)md) * PINV62) & M62);
    me -= (int64_t)((((uint64_t)ce - 19 * (uint64_t)me) * PINV62) & M62);
    cd -= (i128)md * 19;
    ce -= (i128)me * 19;
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < 4; i++) {
        cd += (i128)t->u * d->l[i] + (i128)t->v * e->l[i];
        ce += (i128)t->q * d->l[i] + (i128)t->r * e->l[i];
        d->l[i - 1] = (int64_t)((uint64_t)cd & M62);
        e->l[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    cd += (i128)t->u * d->l[4] + (i128)t->v * e->l[4] + (i128)md * 128;
    ce += (i128)t->q * d->l[4] + (i128)t->r * e->l[4] + (i128)me * 128;
    d->l[3] = (int64_t)((uint64_t)cd & M62);
    e->l[3] = (int64_t)((uint64_t)ce & M62);
    d->l[4] = (int64_t)(cd >> 62);
    e->l[4] = (int64_t)(ce >> 62);
}

/* Brings limbs 0-3 back to [0, 2^62), the carries into the signed limb 4 */
static void s62_carry(s62 *a) {
    for (int i = 0; i < 4; i++) {
        a->l[i + 1] += a->l[i] >> 62;
        a->l[i] = (int64_t)((uint64_t)a->l[i] & M62);
    }
}

/* a in [0, 2p) becomes a mod p in [0, p): a - p is kept unless negative */
static void s62_reduce_once(s62 *a) {
    s62 minus_p;
    for (int i = 0; i < 5; i++)
        minus_p.l[i] = a->l[i] - modulus.l[i];
    s62_carry(&minus_p);
    uint64_t below_p = hush_ct_sign_mask64(minus_p.l[4]);
    for (int i = 0; i < 5; i++)
        a->l[i] = (int64_t)hush_ct_select64(below_p, (uint64_t)a->l[i],
                                            (uint64_t)minus_p.l[i]);
    HUSH_WIPE_OBJ(&minus_p);
}

void hush_x25519_invert(uint64_t out[4], const uint64_t in[4]) {
    /* g = x mod p: bits 255 and up fold back as 19 (2^255 = 19 mod p),
     * leaving g < 2^255 + 19 < 2p */
    s62 g = {{(int64_t)(in[0] & M62),
              (int64_t)(((in[0] >> 62) | (in[1] << 2)) & M62),
              (int64_t)(((in[1] >> 60) | (in[2] << 4)) & M62),
              (int64_t)(((in[2] >> 58) | (in[3] << 6)) & M62),
              (int64_t)(in[3] >> 56)}};
    g.l[0] += 19 * (g.l[4] >> 7);
    g.l[4] &= 127;
    s62_carry(&g);
    s62_reduce_once(&g);

    s62 f = modulus, d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}};
    transition t;
    int64_t minus_eta = -1; /* eta = 2 delta = 1 */
    for (int b = 0; b < BATCHES; b++) {
        minus_eta =
            divsteps(minus_eta, (uint64_t)f.l[0] | ((uint64_t)f.l[1] << 62),
                     (uint64_t)g.l[0] | ((uint64_t)g.l[1] << 62), &t);
        apply_fg(&f, &g, &t);
        apply_de(&d, &e, &t);
    }

    /* f = +-1, so 1/x = +-d with d in (-2p, p): the sign of f applied
     * gives (-p, 2p), adding p when negative [0, 2p), then [0, p) */
    uint64_t f_neg = hush_ct_sign_mask64(f.l[4]);
    for (int i = 0; i < 5; i++)
        d.l[i] = (int64_t)(((uint64_t)d.l[i] ^ f_neg) - f_neg);
    s62_carry(&d);
    uint64_t d_neg = hush_ct_sign_mask64(d.l[4]);
    for (int i = 0; i < 5; i++)
        d.l[i] += (int64_t)((uint64_t)modulus.l[i] & d_neg);
    s62_carry(&d);
    s62_reduce_once(&d);
    out[0] = (uint64_t)d.l[0] | ((uint64_t)d.l[1] << 62);
    out[1] = ((uint64_t)d.l[1] >> 2) | ((uint64_t)d.l[2] << 60);
    out[2] = ((uint64_t)d.l[2] >> 4) | ((uint64_t)d.l[3] << 58);
    out[3] = ((uint64_t)d.l[3] >> 6) | ((uint64_t)d.l[4] << 56);

    HUSH_WIPE_OBJ(&f);
    HUSH_WIPE_OBJ(&g);
    HUSH_WIPE_OBJ(&d);
    HUSH_WIPE_OBJ(&e);
    HUSH_WIPE_OBJ(&t);
}
