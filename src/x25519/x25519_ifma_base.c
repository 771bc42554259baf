/*
 * X25519 fixed base, AVX-512 IFMA tier: the signed radix-16 comb of
 * x25519_base_comb.h (k B = 16 sum_odd e_i 256^((i-1)/2) B +
 * sum_even e_i 256^(i/2) B) with its two sums computed side by side, one
 * extended edwards25519 point (X, Y, Z, T) in each half of a 512-bit
 * vector: lanes 0-3 add the odd digits, lanes 4-7 the even ones, and step t
 * of both reads the same table row t. Each mixed addition is two 8-lane
 * products (Hisil, Wong, Carter, Dawson; a = -1, the table point affine
 * (y - x, y + x, 2dxy)):
 *
 *   stage 1: [Y - X, Y + X, T, Z] * [y - x, y + x, 2dxy, 2] = [A, B, C, D]
 *   stage 2: [E, G, F, E] * [F, H, G, H] = [X3, Y3, Z3, T3]
 *            with E = B - A, H = B + A, F = D - C, G = D + C
 *
 * 32 steps; then 16 (odd sum) + (even sum) and the map u = (1 + y)/(1 - y)
 * in the mulx tier (hush_x25519_mulx_comb_finish: four doublings, one
 * addition, the inversion).
 *
 * Constant time: every step loads all eight entries of its row in full
 * (x25519_base_table51.c, already in the lane layout of the stage-1
 * right-hand operand) and keeps the wanted one by a mask register derived
 * from the digit without a branch; the sign is a masked lane swap and a
 * masked negation. No digit becomes an index or a branch.
 *
 * Compiled alone with -mavx512f -mavx512vl -mavx512ifma (hush_tier_source).
 */
#include "core/registers.h"
#include "x25519/x25519_fe8.h"
#include "x25519/x25519_impl.h"

#define LANES_Y  0x22 /* Y of both points (lanes 1, 5) */
#define LANES_X  0x11 /* lanes 0, 4 */
#define LANES_BD 0xaa /* B and D after stage 1: minuends of E and F */
#define EVEN     0x55

/* 1 if the byte values a and b are equal, else 0 (a, b < 256) */
static inline uint64_t digit_eq(uint64_t a, uint64_t b) {
    return ((a ^ b) - 1) >> 63;
}

/* |d| and the sign of a digit d in [-8, 8], without a branch */
static inline uint64_t digit_abs(int8_t d, uint64_t *negative) {
    uint64_t neg = (uint64_t)(uint8_t)d >> 7;
    uint64_t abs = ((uint64_t)(int64_t)d ^ hush_ct_mask64(neg)) + neg;
    *negative = neg;
    return hush_ct_barrier64(abs & 0xff);
}

/*
 * r = the stage-1 right-hand operand of step `row`: lanes 0-3 the table
 * point for digit da, lanes 4-7 for digit db (the identity (1, 1, 0) for 0).
 * Each entry is loaded whole and a mask register picks it in the registers.
 */
static inline void comb_select8(fe8 r, size_t row, int8_t da, int8_t db) {
    uint64_t nega, negb;
    uint64_t absa = digit_abs(da, &nega), absb = digit_abs(db, &negb);
    r[0] = _mm512_set_epi64(2, 0, 1, 1, 2, 0, 1, 1);
    for (int i = 1; i < 5; i++)
        r[i] = _mm512_setzero_si512();
    for (uint64_t m = 0; m < 8; m++) {
        __mmask8 pick =
            (__mmask8)((hush_ct_mask64(digit_eq(absa, m + 1)) & 0x0f) |
                       (hush_ct_mask64(digit_eq(absb, m + 1)) & 0xf0));
        for (int i = 0; i < 5; i++) {
            /* the table is 32-byte aligned, but the element type says 8:
             * the unaligned type keeps -Wcast-align quiet (same VMOVDQU
             * speed on aligned data) */
            __m512i entry = _mm512_broadcast_i64x4(_mm256_loadu_si256(
                (const __m256i_u *)hush_x25519_base_table51[row][m][i]));
            /* a plain load: the mask acts on registers only */
            __asm__("" : "+v"(entry));
            r[i] = _mm512_mask_mov_epi64(r[i], pick, entry);
        }
    }
    /* -(x, y) = (-x, y): swap y - x and y + x, negate 2dxy (as 2p - it) */
    __mmask16 swap = (__mmask16)((hush_ct_mask64(nega) & 0x000f) |
                                 (hush_ct_mask64(negb) & 0x0f00));
    __mmask8 negate = (__mmask8)((hush_ct_mask64(nega) & 0x04) |
                                 (hush_ct_mask64(negb) & 0x40));
    for (int i = 0; i < 5; i++) {
        uint64_t p2 = 2 * (i == 0 ? FE8_M51 - 18 : FE8_M51);
        r[i] = _mm512_mask_shuffle_epi32(r[i], swap, r[i], _MM_PERM_BADC);
        r[i] = _mm512_mask_sub_epi64(r[i], negate, fe8_splat(p2), r[i]);
    }
}

/* p += the table points in r, both halves (layout above) */
static inline void comb_add8(fe8 p, const fe8 r) {
    fe8 h, left, right, m;
    /* stage 1: [Y - X, Y + X, T, Z]; Y carries the bias */
    for (int i = 0; i < 5; i++) {
        __m512i swapped = _mm512_shuffle_epi32(p[i], _MM_PERM_BADC);
        __m512i sum = _mm512_mask_add_epi64(swapped, LANES_Y, swapped, p[i]);
        h[i] = _mm512_mask_sub_epi64(sum, LANES_X, swapped, p[i]);
    }
    fe8_carry(h);
    fe8_mul(m, h, r, LANES_BD); /* [A, B, C, D] */

    /* stage 2: h = [E, H, F, G] */
    for (int i = 0; i < 5; i++) {
        __m512i swapped = _mm512_shuffle_epi32(m[i], _MM_PERM_BADC);
        __m512i sum = _mm512_add_epi64(swapped, m[i]);
        h[i] = _mm512_mask_sub_epi64(sum, EVEN, swapped, m[i]);
    }
    fe8_carry(h);
    fe8_permute(left, h, _mm512_set_epi64(4, 6, 7, 4, 0, 2, 3, 0));
    fe8_permute(right, h, _mm512_set_epi64(5, 7, 5, 6, 1, 3, 1, 2));
    fe8_mul(p, left, right, LANES_Y);
}

void hush_x25519_ifma_base(uint8_t out[32], const uint8_t scalar[32]) {
    uint8_t k[32];
    int8_t e[64];
    uint64_t w[8][4];
    fe8 p, r;
    hush_x25519_clamp(k, scalar);
    hush_x25519_comb_digits(e, k);

    /* both points the identity (0 : 1 : 1 : 0), Y biased */
    for (int i = 0; i < 5; i++) {
        long long one = i == 0; /* public: the limb index */
        p[i] =
            _mm512_add_epi64(_mm512_set_epi64(0, one, one, 0, 0, one, one, 0),
                             fe8_bias(i, LANES_Y));
    }
    for (size_t t = 0; t < 32; t++) {
        comb_select8(r, t, e[2 * t + 1], e[2 * t]);
        comb_add8(p, r);
    }
    fe8_carry(p);
    fe8_to_words(w, p);
    hush_x25519_mulx_comb_finish(out, (const uint64_t(*)[4])w,
                                 (const uint64_t(*)[4])w + 4);

    hush_wipe(k, sizeof k);
    hush_wipe(e, sizeof e);
    hush_wipe(w, sizeof w);
    /* the lanes held the digits' points and the sums */
    hush_clear_vector_registers();
}
