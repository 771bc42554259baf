/*
 * X25519, AVX-512 IFMA tier: the Montgomery ladder four field elements at a
 * time. Each of the three multiplication stages of a ladder step is ONE
 * 4-lane multiplication with VPMADD52LUQ/VPMADD52HUQ on 256-bit vectors:
 *
 *   stage 1: [A, B, D, C] * [A, B, A, B]             = [AA, BB, DA, CB]
 *   stage 2: [AA, E, DA+CB, DA-CB]
 *          * [BB, BB + 121666 E, DA+CB, DA-CB]       = [x2, z2, x3, z3/x1]
 *   stage 3: [x2, z2, x3, z3/x1] * [1, 1, 1, x1]     = [x2, z2, x3, z3]
 *
 * with the ladder state [x2, z2, x3, z3] in one vector per limb, and the
 * conditional swap folded into the lane indices of stage 1's permutations.
 * The scalar MULX unit is the bottleneck of the mulx tier (about 160 MULX per
 * ladder step); here the products go to the vector units instead. The
 * final division and the fixed-base comb are the mulx tier's (every CPU
 * with IFMA has BMI2 and ADX, and this tier requires them).
 *
 * Field elements: five limbs in radix 2^51, one per 64-bit lane. Every
 * operation but fe4_mul_uncarried returns "carried" limbs below 2^52, which
 * is what IFMA reads (it multiplies the low 52 bits of each lane).
 *
 * Compiled alone with -mavx512f -mavx512vl -mavx512ifma (hush_tier_source).
 */
#include <immintrin.h>

#include "core/registers.h"
#include "x25519/x25519_impl.h"

typedef __m256i fe4[5];

#define M51 0x7ffffffffffffull

/* One carry pass, all limbs at once: limbs below 2^64 in, below 2^52 out
 * (each carry is below 2^13; the top one re-enters limb 0 times 19). */
static inline void fe4_carry(fe4 h) {
    const __m256i mask = _mm256_set1_epi64x((long long)M51);
    const __m256i nineteen = _mm256_set1_epi64x(19);
    __m256i c0 = _mm256_srli_epi64(h[0], 51), c1 = _mm256_srli_epi64(h[1], 51);
    __m256i c2 = _mm256_srli_epi64(h[2], 51), c3 = _mm256_srli_epi64(h[3], 51);
    __m256i c4 = _mm256_srli_epi64(h[4], 51);
    h[0] = _mm256_madd52lo_epu64(_mm256_and_si256(h[0], mask), c4, nineteen);
    h[1] = _mm256_add_epi64(_mm256_and_si256(h[1], mask), c0);
    h[2] = _mm256_add_epi64(_mm256_and_si256(h[2], mask), c1);
    h[3] = _mm256_add_epi64(_mm256_and_si256(h[3], mask), c2);
    h[4] = _mm256_add_epi64(_mm256_and_si256(h[4], mask), c3);
}

static inline void fe4_add(fe4 h, const fe4 f, const fe4 g) {
    for (int i = 0; i < 5; i++)
        h[i] = _mm256_add_epi64(f[i], g[i]);
    fe4_carry(h);
}

/* f - g + 4p: with g below 2^52 per limb no lane goes negative */
static inline void fe4_sub(fe4 h, const fe4 f, const fe4 g) {
    const __m256i p4_0 = _mm256_set1_epi64x((long long)(4 * (M51 - 18)));
    const __m256i p4_i = _mm256_set1_epi64x((long long)(4 * M51));
    h[0] = _mm256_sub_epi64(_mm256_add_epi64(f[0], p4_0), g[0]);
    for (int i = 1; i < 5; i++)
        h[i] = _mm256_sub_epi64(_mm256_add_epi64(f[i], p4_i), g[i]);
    fe4_carry(h);
}

/*
 * f - g for an uncarried g (limbs below 2^62, a product before its carry
 * pass): the offset 2^11 p (limbs near 2^62) keeps every lane positive.
 */
static inline void fe4_sub_wide(fe4 h, const fe4 f, const fe4 g) {
    const __m256i p_0 = _mm256_set1_epi64x((long long)((M51 - 18) << 11));
    const __m256i p_i = _mm256_set1_epi64x((long long)(M51 << 11));
    h[0] = _mm256_sub_epi64(_mm256_add_epi64(f[0], p_0), g[0]);
    for (int i = 1; i < 5; i++)
        h[i] = _mm256_sub_epi64(_mm256_add_epi64(f[i], p_i), g[i]);
    fe4_carry(h);
}

/*
 * Folds the ten column sums z0..z9 (each below 2^57) to five limbs below
 * 2^62: 2^255 = 19 mod p, and 19 z = z + 2z + 16z with shifts (no 64-bit
 * multiply needed). Not carried: the callers decide.
 */
static inline void fe4_fold(fe4 h, __m256i z[10]) {
    for (int k = 0; k < 5; k++) {
        __m256i hi = z[k + 5];
        __m256i t = _mm256_add_epi64(_mm256_slli_epi64(hi, 1),
                                     _mm256_slli_epi64(hi, 4));
        h[k] = _mm256_add_epi64(_mm256_add_epi64(z[k], hi), t);
    }
}

/*
 * h = f * g lane by lane, limbs below 2^62. The product of two limbs is lo + hi
 * 2^52, that is lo + (2 hi) 2^51 in radix 2^51: the low halves go to column i +
 * j, the high halves (accumulated apart, then doubled) to column i + j + 1.
 */
static inline void fe4_mul_uncarried(fe4 h, const fe4 f, const fe4 g) {
    __m256i lo[10], hi[10], z[10];
    const __m256i zero = _mm256_setzero_si256();
    for (int k = 0; k < 10; k++)
        lo[k] = hi[k] = zero;
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 5; j++) {
            lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], f[i], g[j]);
            hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], f[i], g[j]);
        }
    }
    for (int k = 0; k < 10; k++)
        z[k] = _mm256_add_epi64(lo[k], _mm256_slli_epi64(hi[k], 1));
    fe4_fold(h, z);
}

/* h = f * g, carried (limbs below 2^52, ready for the next product) */
static inline void fe4_mul(fe4 h, const fe4 f, const fe4 g) {
    fe4_mul_uncarried(h, f, g);
    fe4_carry(h);
}

/* The columns of c * f for a constant c below 2^17, folded but not carried:
 * each limb below 2^52 + 2^18, limb 0 below 2^52 + 2^24. */
static inline void fe4_mul_small_uncarried(fe4 h, const fe4 f, uint64_t c) {
    const __m256i cv = _mm256_set1_epi64x((long long)c);
    const __m256i zero = _mm256_setzero_si256();
    __m256i hi[5];
    for (int i = 0; i < 5; i++) {
        h[i] = _mm256_madd52lo_epu64(zero, f[i], cv);
        hi[i] = _mm256_slli_epi64(_mm256_madd52hi_epu64(zero, f[i], cv), 1);
    }
    /* the high half of limb 4 is worth 2^255 = 19: 19 x = x + 2x + 16x */
    __m256i top =
        _mm256_add_epi64(_mm256_add_epi64(hi[4], _mm256_slli_epi64(hi[4], 1)),
                         _mm256_slli_epi64(hi[4], 4));
    h[0] = _mm256_add_epi64(h[0], top);
    for (int i = 1; i < 5; i++)
        h[i] = _mm256_add_epi64(h[i], hi[i - 1]);
}

/*
 * h = 121666 f - 121665 g, lane by lane: with f = AA and g = BB this is
 * BB + 121666 (AA - BB) = BB + 121666 E, straight from the products of
 * stage 1 rather than after E (one subtraction and carry shorter). The
 * offset 8p keeps every limb positive (8p limbs exceed 2^53 > g's).
 */
static inline void fe4_a24_combination(fe4 h, const fe4 f, const fe4 g) {
    const __m256i p8_0 = _mm256_set1_epi64x((long long)(8 * (M51 - 18)));
    const __m256i p8_i = _mm256_set1_epi64x((long long)(8 * M51));
    fe4 a, b;
    fe4_mul_small_uncarried(a, f, 121666);
    fe4_mul_small_uncarried(b, g, 121665);
    h[0] = _mm256_sub_epi64(_mm256_add_epi64(a[0], p8_0), b[0]);
    for (int i = 1; i < 5; i++)
        h[i] = _mm256_sub_epi64(_mm256_add_epi64(a[i], p8_i), b[i]);
    fe4_carry(h);
}

/* h = lanes of f rearranged by the immediate (vpermq) */
#define FE4_PERMUTE(h, f, imm)                                                 \
    do {                                                                       \
        for (int i_ = 0; i_ < 5; i_++)                                         \
            (h)[i_] = _mm256_permute4x64_epi64((f)[i_], (imm));                \
    } while (0)
/* h = f with the 64-bit lanes picked by imm taken from g (vpblendd) */
#define FE4_BLEND(h, f, g, imm)                                                \
    do {                                                                       \
        for (int i_ = 0; i_ < 5; i_++)                                         \
            (h)[i_] = _mm256_blend_epi32((f)[i_], (g)[i_], (imm));             \
    } while (0)
#define LANES(a, b, c, d) ((a) | ((b) << 2) | ((c) << 4) | ((d) << 6))
#define BLEND_LANE(n)     (3 << (2 * (n))) /* both dwords of 64-bit lane n */

static inline void fe51_frombytes(uint64_t h[5], const uint8_t s[32]) {
    uint64_t w0 = hush_load64_le(s), w1 = hush_load64_le(s + 8);
    uint64_t w2 = hush_load64_le(s + 16), w3 = hush_load64_le(s + 24);
    h[0] = w0 & M51;
    h[1] = ((w0 >> 51) | (w1 << 13)) & M51;
    h[2] = ((w1 >> 38) | (w2 << 26)) & M51;
    h[3] = ((w2 >> 25) | (w3 << 39)) & M51;
    h[4] = (w3 >> 12) & M51; /* drops bit 255, as RFC 7748 asks */
}

/* w = sum l_i 2^(51 i), as four words, for carried limbs (l4 below
 * 2^51 + 2^13, so the sum stays below 2^256); not reduced mod p. */
static inline void fe51_to_words(uint64_t w[4], const uint64_t l[5]) {
    typedef unsigned __int128 u128;
    u128 acc = (u128)l[0] + ((u128)l[1] << 51); /* bits 0.. */
    w[0] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[2] << 38); /* l2 starts at bit 102 */
    w[1] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[3] << 25); /* l3 at 153 */
    w[2] = (uint64_t)acc;
    acc = (acc >> 64) + ((u128)l[4] << 12); /* l4 at 204 */
    w[3] = (uint64_t)acc;
}

/*
 * h = lanes of f picked by the index vector idx (vpermq with a register
 * index). The ladder's conditional swap is folded into these indices:
 * xoring an index with 2 exchanges lanes (0, 1) with (2, 3), i.e. (x2, z2)
 * with (x3, z3). VPERMQ is a register crossbar whose timing does not
 * depend on the index values, so the secret swap bit stays out of any
 * branch or memory address.
 */
static inline void fe4_permutevar(fe4 h, const fe4 f, __m256i idx) {
    for (int i = 0; i < 5; i++)
        h[i] = _mm256_permutexvar_epi64(idx, f[i]);
}

/* [a, b, c, d] ^ (2 where swap), swap2 being 2 in every lane or 0 */
static inline __m256i lane_index(long long a, long long b, long long c,
                                 long long d, __m256i swap2) {
    return _mm256_xor_si256(_mm256_set_epi64x(d, c, b, a), swap2);
}

/*
 * One ladder step on v = [x2, z2, x3, z3], whose halves are first
 * exchanged when swap2 is 2 (the conditional swap); x1v = [1, 1, 1, x1].
 * Temporaries are locals the compiler keeps in the 32 vector registers
 * where it can; spills land in the stack area the public layer zeroes
 * (hush_scrub_stack), and the registers are zeroed before the ladder
 * returns.
 */
static inline __attribute__((always_inline)) void
ladder_step4(fe4 v, const fe4 x1v, __m256i swap2) {
    fe4 p, q, r, t, w;
    /* stage 1: p = [A, B, D, C], q = [A, B, A, B] */
    fe4_permutevar(p, v, lane_index(0, 0, 2, 2, swap2)); /* [x2,x2,x3,x3] */
    fe4_permutevar(q, v, lane_index(1, 1, 3, 3, swap2)); /* [z2,z2,z3,z3] */
    fe4_add(r, p, q);      /* v is uncarried (below 2^62 per limb): */
    fe4_sub_wide(t, p, q); /* both carry */
    FE4_BLEND(p, r, t, BLEND_LANE(1) | BLEND_LANE(2));
    FE4_PERMUTE(q, p, LANES(0, 1, 0, 1));
    fe4_mul(r, p, q); /* [AA, BB, DA, CB] */

    /* stage 2 */
    FE4_PERMUTE(w, r, LANES(1, 0, 3, 2)); /* [BB, AA, CB, DA] */
    fe4_add(t, r, w);                     /* lane 2: DA + CB */
    fe4_sub(q, w, r); /* lane 1: E = AA - BB, lane 3: DA - CB */
    FE4_BLEND(p, r, q, BLEND_LANE(1) | BLEND_LANE(3));
    FE4_BLEND(p, p, t, BLEND_LANE(2)); /* [AA, E, DA+CB, DA-CB] */
    fe4_a24_combination(t, w, r);      /* lane 1: BB + 121666 E */
    FE4_BLEND(q, w, t, BLEND_LANE(1));
    FE4_BLEND(q, q, p, BLEND_LANE(2) | BLEND_LANE(3));
    fe4_mul(r, p, q); /* [x2, z2, x3, z3 / x1] */

    /* stage 3, left uncarried: only stage 1's add and sub read it */
    fe4_mul_uncarried(v, r, x1v);
}

static void x25519_ladder_ifma(uint8_t out[32], const uint8_t scalar[32],
                               const uint8_t u[32]) {
    uint8_t k[32];
    uint64_t x1[5], lanes[5][4], xl[5], zl[5], xw[4], zw[4];
    fe4 v, x1v;
    hush_x25519_clamp(k, scalar);
    fe51_frombytes(x1, u);

    /* v = [x2, z2, x3, z3] = [1, 0, u, 1]; x1v = [1, 1, 1, u] */
    for (int i = 0; i < 5; i++) {
        long long one = i == 0; /* public: the limb index */
        v[i] = _mm256_set_epi64x(one, (long long)x1[i], 0, one);
        x1v[i] = _mm256_set_epi64x((long long)x1[i], one, one, one);
    }

    uint64_t swap = 0;
    for (int t = 254; t >= 0; t--) {
        uint64_t bit = (uint64_t)(k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        __m256i swap2 =
            _mm256_set1_epi64x((long long)(hush_ct_mask64(swap) & 2));
        swap = bit;
        ladder_step4(v, x1v, swap2);
    }
    __m256i swap2 = _mm256_set1_epi64x((long long)(hush_ct_mask64(swap) & 2));
    fe4_permutevar(v, v, lane_index(0, 1, 2, 3, swap2));
    fe4_carry(v);

    /* lanes is plain words with no vector alignment: the store goes
     * through __m256i_u, the alignment-1 type of the unaligned intrinsic */
    for (int i = 0; i < 5; i++)
        _mm256_storeu_si256((__m256i_u *)lanes[i], v[i]);
    for (int i = 0; i < 5; i++)
        xl[i] = lanes[i][0], zl[i] = lanes[i][1];
    fe51_to_words(xw, xl);
    fe51_to_words(zw, zl);
    hush_x25519_mulx_divide(out, xw, zw);

    hush_wipe(k, sizeof k);
    hush_wipe(x1, sizeof x1);
    hush_wipe(lanes, sizeof lanes);
    hush_wipe(xl, sizeof xl);
    hush_wipe(zl, sizeof zl);
    hush_wipe(xw, sizeof xw);
    hush_wipe(zw, sizeof zw);
    /* the ladder's lanes held the scalar's bits and field elements */
    hush_clear_vector_registers();
}

const hush_x25519_ops hush_x25519_ifma = {
    x25519_ladder_ifma,
    hush_x25519_mulx_base, /* the comb; IFMA would not shorten its chain */
};
