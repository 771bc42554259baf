/*
 * The mulx tier's field arithmetic, white box: this program compiles
 * src/x25519/x25519_mulx.c itself (so it sees the static inline fe_*
 * functions) and checks them against OpenSSL BN mod p = 2^255 - 19:
 *   fe_mul, fe_sq      any inputs below 2^256; the result must be right
 *                      mod p and below 2^255 + 2^11 (the bound the
 *                      ladder's one-fold additions rely on)
 *   fe_mul_small_add   c f + g for c = 121666 (the ladder's) and
 *                      2^17 - 1 (the largest allowed), any f and g below
 *                      2^256; right mod p and below 2^255 + 2^24
 *   fe_add_r, fe_sub_r inputs below 2^255 + 2^11 only, including the
 *                      carry-out and borrow paths near 2^255 and the top
 *                      of that range, which random ladder inputs never
 *                      reach
 * Exits 77 on a CPU without BMI2 and ADX.
 */
#include <openssl/bn.h>

#include "cpu/features.h"
#include "harness.h"
/* white box: the tier's static inline field functions */
/* NOLINTNEXTLINE(bugprone-suspicious-include) */
#include "x25519/x25519_mulx.c"

static BN_CTX *bn_ctx;
static BIGNUM *bn_p;

static BIGNUM *bn_from_fe(const fe f) {
    uint8_t le[32];
    for (int i = 0; i < 32; i++)
        le[i] = (uint8_t)(f[i / 8] >> (8 * (i % 8)));
    BIGNUM *b = BN_lebin2bn(le, 32, NULL);
    CHECK(b != NULL);
    return b;
}

/* h = want mod p */
static int equal_mod_p(const fe h, const BIGNUM *want) {
    BIGNUM *x = bn_from_fe(h), *w = BN_dup(want);
    CHECK(w != NULL);
    CHECK(BN_nnmod(x, x, bn_p, bn_ctx) == 1);
    CHECK(BN_nnmod(w, w, bn_p, bn_ctx) == 1);
    int same = BN_cmp(x, w) == 0;
    BN_free(x), BN_free(w);
    return same;
}

/* h < 2^255 + 2^24 (fe_mul_small_add) */
static int below_small_bound(const fe h) {
    const uint64_t top = (uint64_t)1 << 63;
    return h[3] < top || (h[3] == top && h[2] == 0 && h[1] == 0 &&
                          h[0] < ((uint64_t)1 << 24));
}

/* h < 2^255 + 2^11 */
static int below_product_bound(const fe h) {
    const uint64_t top = (uint64_t)1 << 63;
    return h[3] < top || (h[3] == top && h[2] == 0 && h[1] == 0 && h[0] < 2048);
}

enum { ANY, NEAR_2_256, AT_2_255, BELOW_2_255, UNDER_2_255, KINDS };

/* A value of the given kind: kinds from AT_2_255 on are below
 * 2^255 + 2^11 (what fe_mul and fe_sq return). */
static void pick(fe f, int kind) {
    for (int i = 0; i < 4; i++)
        f[i] = ht_rand_u64();
    switch (kind) {
    case NEAR_2_256: /* 2^256 - 64 .. 2^256 - 1 */
        f[3] = f[2] = f[1] = ~(uint64_t)0;
        f[0] = ~(uint64_t)0 - f[0] % 64;
        break;
    case AT_2_255: /* 2^255 .. 2^255 + 2^11 - 1 */
        f[3] = (uint64_t)1 << 63;
        f[2] = f[1] = 0;
        f[0] %= 2048;
        break;
    case BELOW_2_255: /* 2^255 - 4096 .. 2^255 - 1 */
        f[3] = ~(uint64_t)0 >> 1;
        f[2] = f[1] = ~(uint64_t)0;
        f[0] = ~(uint64_t)0 - f[0] % 4096;
        break;
    case UNDER_2_255: /* uniform below 2^255 */ f[3] >>= 1; break;
    default: /* uniform below 2^256 */ break;
    }
}

static void test_field(void) {
    long checked = 0;
    BIGNUM *want = BN_new();
    CHECK(want != NULL);
    for (int it = 0; it < 20000; it++) {
        int kf = it % KINDS, kg = (it / KINDS) % KINDS;
        fe f, g, h;
        pick(f, kf);
        pick(g, kg);
        BIGNUM *bf = bn_from_fe(f), *bg = bn_from_fe(g);
        fe_mul(h, f, g);
        CHECK(BN_mul(want, bf, bg, bn_ctx) == 1);
        CHECK(equal_mod_p(h, want));
        CHECK(below_product_bound(h));
        fe_sq(h, f);
        CHECK(BN_sqr(want, bf, bn_ctx) == 1);
        CHECK(equal_mod_p(h, want));
        CHECK(below_product_bound(h));
        checked += 2;
        static const uint64_t smalls[2] = {121666, ((uint64_t)1 << 17) - 1};
        for (int k = 0; k < 2; k++) {
            fe_mul_small_add(h, f, smalls[k], g);
            CHECK(BN_copy(want, bf) != NULL);
            CHECK(BN_mul_word(want, smalls[k]) == 1);
            CHECK(BN_add(want, want, bg) == 1);
            CHECK(equal_mod_p(h, want));
            CHECK(below_small_bound(h));
            checked++;
        }
        if (kf >= AT_2_255 && kg >= AT_2_255) {
            fe_add_r(h, f, g);
            CHECK(BN_add(want, bf, bg) == 1);
            CHECK(equal_mod_p(h, want));
            fe_sub_r(h, f, g);
            CHECK(BN_sub(want, bf, bg) == 1);
            CHECK(equal_mod_p(h, want));
            checked += 2;
        }
        BN_free(bf), BN_free(bg);
    }
    BN_free(want);
    CHECK(checked == 4 * 20000 + 2 * 7200); /* 9 of 25 kind pairs */
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if ((hush_cpu_features() & HUSH_NEEDS_MULX) != HUSH_NEEDS_MULX) {
        ht_end();
        return 77;
    }
    ht_rand_seed(25519);
    bn_ctx = BN_CTX_new();
    bn_p = BN_new();
    CHECK(bn_ctx != NULL && bn_p != NULL);
    CHECK(BN_set_bit(bn_p, 255) == 1 && BN_sub_word(bn_p, 19) == 1);
    test_field();
    BN_free(bn_p);
    BN_CTX_free(bn_ctx);
    return ht_end();
}
