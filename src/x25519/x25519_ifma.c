/*
 * X25519, AVX-512 IFMA tier: the Montgomery ladder eight field elements at a
 * time, two multiplication stages a step instead of three.
 *
 * The ladder state is kept twice: (x2, z2, x3, z3) and the same four times
 * the input u = x1, written with a hat (x^2 = x1 x2 and so on), one element
 * per 64-bit lane of a 512-bit vector:
 *
 *   V = [x2, z2, x3, z3, x^2, z^2, x^3, z^3]
 *
 * With A = x2 + z2, B = x2 - z2, C = x3 + z3, D = x3 - z3 and their hats,
 *
 *   stage 1: [A, B, C, D, A^, B^, C^, D^] * [A, B, B, A, A, B, B, A]
 *          = [AA, BB, CB, DA, A^A, B^B, C^B, D^A]
 *   then E = AA - BB, F = BB + 121666 E, R = DA + CB, S = DA - CB and hats
 *   (the pair differences give -S and -S^, which are only ever multiplied
 *   by each other),
 *   stage 2: [AA, E, R, -S, A^A, E^, R^, -S^] * [BB, F, R, -S^, BB, F, R, -S^]
 *          = [x2', z2', x3', z3', x^2', z^2', x^3', z^3']
 *
 * because z3' = x1 S^2 = S S^, x^3' = x1 R^2 = R R^, z^3' = x1^2 S^2 = S^ S^,
 * x^2' = x1 AA BB = A^A BB and z^2' = x1 E F = E^ F. The product by x1 that
 * costs the usual ladder a third, dependent multiplication is carried by the
 * hats instead: sixteen products a step in two dependent 8-lane products
 * rather than ten in three. (docs/perf/x25519.md, section 9.) The
 * conditional swap exchanges lanes (0, 1) with (2, 3) and (4, 5) with (6, 7);
 * it is folded into the lane indices of stage 1's permutations. Stage 2's
 * left operand is its Hadamard output as it stands (no permutation), and
 * only its right operand mixes in [BB, F], made in 128-bit vectors.
 *
 * Field arithmetic is x25519_fe8.h (radix 2^51, limb i of the eight
 * elements in one vector; products uncarried, even lanes biased by a
 * multiple of p so that the lane-pair differences after them stay
 * positive). The fixed base is the ifma comb (x25519_ifma_base.c); the
 * final division is the mulx tier's (every CPU with IFMA has BMI2 and ADX,
 * and this tier requires them).
 *
 * Compiled alone with -mavx512f -mavx512vl -mavx512ifma (hush_tier_source).
 */
#include "core/registers.h"
#include "x25519/x25519_fe8.h"
#include "x25519/x25519_impl.h"

#define M51  FE8_M51
#define A24  121666 /* (486662 + 2) / 4 */
#define EVEN 0x55   /* lanes 0, 2, 4, 6 */
#define ODD  0xaa   /* lanes 1, 3, 5, 7 */

/*
 * The sums and differences of lane pairs (2i, 2i+1), uncarried:
 * even lanes x + z, odd lanes x - z, for a product whose even lanes carry
 * the bias (x + bias - z >= 0). Lanes in `keep` (a subset of the even ones)
 * keep x instead.
 */
static inline void fe8_pair_hadamard(fe8 h, const fe8 v, __mmask8 keep) {
    for (int i = 0; i < 5; i++) {
        __m512i swapped = _mm512_shuffle_epi32(v[i], _MM_PERM_BADC);
        /* with no lane kept, a plain add: its odd lanes are overwritten
         * below, and no copy of v is made for a merge */
        __m512i sum = keep ? _mm512_mask_add_epi64(
                                 v[i], (__mmask8)(EVEN & ~keep), v[i], swapped)
                           : _mm512_add_epi64(v[i], swapped);
        h[i] = _mm512_mask_sub_epi64(sum, ODD, swapped, v[i]);
    }
}

/*
 * The doubling's right-hand pair [BB, F], F = BB + 121666 E, in the two
 * lanes of 128-bit vectors: m is stage 1's product (lane 1 BB, uncarried),
 * e the carried stage-2 operand (lane 1 E, limbs below 2^52). 121666 e_k =
 * lo + 2^52 hi (IFMA halves, hi below 2^17): lo goes to limb k and hi twice
 * to limb k + 1 (2^52 is two of its units), limb 4's hi to limb 0 as 38 hi.
 * Lane 1 stays below 2^60.2; the caller carries.
 */
static inline void fe2_bb_f(__m128i fv[5], const fe8 m, const fe8 e) {
    const __mmask8 lane1 = 0x02;
    const __m128i a24 = _mm_set1_epi64x(A24);
    for (int k = 0; k < 5; k++) {
        __m128i aa_bb = _mm512_castsi512_si128(m[k]);
        fv[k] = _mm_unpackhi_epi64(aa_bb, aa_bb); /* [BB, BB] */
    }
    __m128i top = _mm_setzero_si128();
    for (int k = 0; k < 5; k++) {
        __m128i ek = _mm512_castsi512_si128(e[k]);
        fv[k] = _mm_mask_madd52lo_epu64(fv[k], lane1, ek, a24);
        if (k < 4) { /* public: the limb index */
            fv[k + 1] = _mm_mask_madd52hi_epu64(fv[k + 1], lane1, ek, a24);
            fv[k + 1] = _mm_mask_madd52hi_epu64(fv[k + 1], lane1, ek, a24);
        } else {
            top = _mm_madd52hi_epu64(top, ek, a24);
        }
    }
    fv[0] = _mm_mask_madd52lo_epu64(fv[0], lane1, top, _mm_set1_epi64x(38));
}

/* fe8_carry on the two lanes of 128-bit vectors */
static inline void fe2_carry(__m128i h[5]) {
    const __m128i mask = _mm_set1_epi64x((long long)M51);
    __m128i c0 = _mm_srli_epi64(h[0], 51), c1 = _mm_srli_epi64(h[1], 51);
    __m128i c2 = _mm_srli_epi64(h[2], 51), c3 = _mm_srli_epi64(h[3], 51);
    __m128i c4 = _mm_srli_epi64(h[4], 51);
    h[1] = _mm_add_epi64(_mm_and_si128(h[1], mask), c0);
    h[2] = _mm_add_epi64(_mm_and_si128(h[2], mask), c1);
    h[3] = _mm_add_epi64(_mm_and_si128(h[3], mask), c2);
    h[4] = _mm_add_epi64(_mm_and_si128(h[4], mask), c3);
    h[0] =
        _mm_madd52lo_epu64(_mm_and_si128(h[0], mask), c4, _mm_set1_epi64x(19));
}

/* The lane index vector [a, ..., h] with 2 xored in when swap2 is 2 */
static inline __m512i lane_index(long long a, long long b, long long c,
                                 long long d, long long e, long long f,
                                 long long g, long long h, __m512i swap2) {
    return _mm512_xor_si512(_mm512_set_epi64(h, g, f, e, d, c, b, a), swap2);
}

/*
 * One ladder step on v (layout above), whose (x2, z2) and (x3, z3) halves
 * are first exchanged when swap2 is 2 in every lane. Temporaries are locals
 * the compiler keeps in the 32 vector registers where it can; spills land
 * in the stack area the public layer zeroes (hush_scrub_stack), and the
 * registers are zeroed before the ladder returns.
 */
static inline __attribute__((always_inline)) void ladder_step8(fe8 v,
                                                               __m512i swap2) {
    fe8 h, left, right, m;
    __m128i fv[5];
    /* stage 1: h = [A, B, C, D, A^, B^, C^, D^] */
    fe8_pair_hadamard(h, v, 0);
    fe8_carry(h);
    fe8_permute(left, h, lane_index(0, 1, 2, 3, 4, 5, 6, 7, swap2));
    fe8_permute(right, h, lane_index(0, 1, 1, 0, 0, 1, 1, 0, swap2));
    fe8_mul(m, left, right, EVEN); /* [AA, BB, CB, DA, A^A, B^B, C^B, D^A] */

    /* stage 2: h = [AA, E, R, -S, A^A, E^, R^, -S^]; fv = [BB, F] */
    fe8_pair_hadamard(h, m, 0x11);
    fe8_carry(h);
    fe2_bb_f(fv, m, h);
    fe2_carry(fv);
    for (int i = 0; i < 5; i++) /* fv's upper lanes are never picked */
        right[i] = _mm512_permutex2var_epi64(
            _mm512_castsi128_si512(fv[i]),
            _mm512_set_epi64(15, 10, 1, 0, 15, 10, 1, 0), h[i]);
    /* [AA BB, E F, R R, S S^, A^A BB, E^ F, R^ R, S^ S^] */
    fe8_mul(v, h, right, EVEN);
}

/* h = u (fully reduced words or not: below 2^255) as five 51-bit limbs */
static inline void limbs_from_bytes(uint64_t h[5], const uint8_t s[32]) {
    uint64_t w0 = hush_load64_le(s), w1 = hush_load64_le(s + 8);
    uint64_t w2 = hush_load64_le(s + 16), w3 = hush_load64_le(s + 24);
    h[0] = w0 & M51;
    h[1] = ((w0 >> 51) | (w1 << 13)) & M51;
    h[2] = ((w1 >> 38) | (w2 << 26)) & M51;
    h[3] = ((w2 >> 25) | (w3 << 39)) & M51;
    h[4] = (w3 >> 12) & M51; /* drops bit 255, as RFC 7748 asks */
}

/* h = f^2 mod p for limbs below 2^51, limbs below 2^52 (scalar; once) */
static inline void limbs_square(uint64_t h[5], const uint64_t f[5]) {
    typedef unsigned __int128 u128;
    u128 t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            u128 prod = (u128)f[i] * f[j];
            if (i + j < 5) /* public: limb indices */
                t[i + j] += prod;
            else
                t[i + j - 5] += prod * 19;
        }
    /* t[k] < 95 2^102: after one pass the carry out of limb 4 is below
     * 2^58, so limb 0 takes it times 19 and carries once more */
    uint64_t c = 0;
    for (int k = 0; k < 5; k++) {
        t[k] += c;
        h[k] = (uint64_t)t[k] & M51;
        c = (uint64_t)(t[k] >> 51);
    }
    h[0] += c * 19;
    h[1] += h[0] >> 51;
    h[0] &= M51;
    HUSH_WIPE_OBJ(&t);
}

static void x25519_ladder_ifma(uint8_t out[32], const uint8_t scalar[32],
                               const uint8_t u[32]) {
    uint8_t k[32];
    uint64_t x1[5], x1sq[5], w[8][4];
    fe8 v;
    hush_x25519_clamp(k, scalar);
    limbs_from_bytes(x1, u);
    limbs_square(x1sq, x1);

    /* v = [1, 0, u, 1, u, 0, u^2, u], even lanes biased */
    for (int i = 0; i < 5; i++) {
        long long one = i == 0; /* public: the limb index */
        __m512i init =
            _mm512_set_epi64((long long)x1[i], (long long)x1sq[i], 0,
                             (long long)x1[i], one, (long long)x1[i], 0, one);
        v[i] = _mm512_add_epi64(init, fe8_bias(i, EVEN));
    }

    uint64_t swap = 0;
    for (int t = 254; t >= 0; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        __m512i swap2 = fe8_splat(hush_ct_mask64(swap) & 2);
        swap = bit;
        ladder_step8(v, swap2);
    }
    /* the last swap, then (x2, z2) in lanes 0 and 1, carried */
    __m512i swap2 = fe8_splat(hush_ct_mask64(swap) & 2);
    fe8_permute(v, v, lane_index(0, 1, 2, 3, 4, 5, 6, 7, swap2));
    fe8_carry(v);

    fe8_to_words(w, v);
    hush_x25519_mulx_divide(out, w[0], w[1]);

    hush_wipe(k, sizeof k);
    hush_wipe(x1, sizeof x1);
    hush_wipe(x1sq, sizeof x1sq);
    hush_wipe(w, sizeof w);
    /* the ladder's lanes held the scalar's bits and field elements */
    hush_clear_vector_registers();
}

const hush_x25519_ops hush_x25519_ifma = {
    x25519_ladder_ifma,
    hush_x25519_ifma_base,
};
