/*
 * The shared X25519 field inversion (x25519_invert.c, safegcd) against
 * Fermat's x^(p-2) mod p computed by OpenSSL's BN_mod_exp, for every kind
 * of input the tiers pass (any value below 2^256, reduced or not): edge
 * cases around 0, p, 2p, 2^255 and 2^256, then thousands of random values
 * (uniform, below p, sparse and dense bit patterns). Each result must be
 * fully reduced, equal to the reference, and (for x != 0 mod p) give
 * x * inv(x) = 1 mod p. On x86-64 with BMI2 and ADX the ifma tier's
 * division x / z (hush_x25519_mulx_divide) is checked the same way.
 */
#include <openssl/bn.h>
#include <string.h>

#include "cpu/features.h"
#include "harness.h"
#include "x25519/x25519_impl.h"

static BN_CTX *bn_ctx;
static BIGNUM *bn_p, *bn_p_minus_2;

static BIGNUM *bn_from_words(const uint64_t w[4]) {
    uint8_t le[32];
    for (int i = 0; i < 32; i++)
        le[i] = (uint8_t)(w[i / 8] >> (8 * (i % 8)));
    BIGNUM *b = BN_lebin2bn(le, 32, NULL);
    CHECK(b != NULL);
    return b;
}

static void bn_to_words(uint64_t w[4], const BIGNUM *b) {
    uint8_t le[32];
    CHECK(BN_bn2lebinpad(b, le, 32) == 32);
    memset(w, 0, 32);
    for (int i = 0; i < 32; i++)
        w[i / 8] |= (uint64_t)le[i] << (8 * (i % 8));
}

/* Fermat: x^(p-2) mod p */
static void reference_invert(uint64_t out[4], const uint64_t x[4]) {
    BIGNUM *b = bn_from_words(x), *r = BN_new();
    CHECK(r != NULL && BN_mod_exp(r, b, bn_p_minus_2, bn_p, bn_ctx) == 1);
    bn_to_words(out, r);
    BN_free(b), BN_free(r);
}

static unsigned checked;

static void check_one(const uint64_t x[4]) {
    uint64_t got[4], want[4], copy[4];
    hush_x25519_invert(got, x);
    reference_invert(want, x);
    CHECK_MEM(got, want, sizeof want);
    /* in place, as fe_invert calls it */
    memcpy(copy, x, sizeof copy);
    hush_x25519_invert(copy, copy);
    CHECK_MEM(copy, want, sizeof want);

    /* x * inv(x) = 1 unless x = 0 mod p (then inv = 0) */
    BIGNUM *bx = bn_from_words(x), *bi = bn_from_words(got), *prod = BN_new();
    CHECK(prod != NULL && BN_mod_mul(prod, bx, bi, bn_p, bn_ctx) == 1);
    CHECK(BN_cmp(bi, bn_p) < 0); /* fully reduced */
    BIGNUM *xmod = BN_new();
    CHECK(xmod != NULL && BN_nnmod(xmod, bx, bn_p, bn_ctx) == 1);
    if (BN_is_zero(xmod))
        CHECK(BN_is_zero(bi));
    else
        CHECK(BN_is_one(prod));
    BN_free(bx), BN_free(bi), BN_free(prod), BN_free(xmod);
    checked++;
}

static void set_words(uint64_t w[4], uint64_t w3, uint64_t w2, uint64_t w1,
                      uint64_t w0) {
    w[0] = w0, w[1] = w1, w[2] = w2, w[3] = w3;
}

static void test_edges(void) {
    static const uint64_t ones = ~(uint64_t)0;
    static const uint64_t top255 = 0x7fffffffffffffffull;
    uint64_t x[4];
    for (uint64_t k = 0; k < 40; k++) { /* 0..39 */
        set_words(x, 0, 0, 0, k);
        check_one(x);
    }
    for (uint64_t k = 0; k < 40; k++) { /* p - 20 .. p + 19 = 2^255 - 1 */
        set_words(x, top255, ones, ones, ones - 39 + k);
        check_one(x);
    }
    for (uint64_t k = 0; k < 40; k++) { /* 2^255 + k */
        set_words(x, (uint64_t)1 << 63, 0, 0, k);
        check_one(x);
    }
    for (uint64_t k = 0; k < 60; k++) { /* 2p - 20 .. 2p + 39 */
        set_words(x, ones, ones, ones, 0xffffffffffffffdaull - 20 + k);
        check_one(x);
    }
    for (uint64_t k = 0; k < 40; k++) { /* 2^256 - 40 .. 2^256 - 1 */
        set_words(x, ones, ones, ones, ones - 39 + k);
        check_one(x);
    }
    for (int bit = 0; bit < 256; bit++) { /* powers of two, and minus one */
        memset(x, 0, sizeof x);
        x[bit / 64] = (uint64_t)1 << (bit % 64);
        check_one(x);
        for (int i = 0; i < 4; i++)
            x[i] = (i < bit / 64) ? ones : (i == bit / 64) ? x[i] - 1 : 0;
        check_one(x);
    }
}

static void test_random(void) {
    uint64_t x[4];
    for (int i = 0; i < 6000; i++) {
        ht_rand_bytes(x, sizeof x);
        switch (i % 4) {
        case 0: break;                                /* uniform below 2^256 */
        case 1: x[3] &= 0x7fffffffffffffffull; break; /* below 2^255 */
        case 2: /* sparse: few bits set (three draws, each a new value) */
            for (int j = 0; j < 4; j++) {
                uint64_t a = ht_rand_u64(), b = ht_rand_u64();
                x[j] &= a & b & ht_rand_u64();
            }
            break;
        case 3: /* dense: few bits clear */
            for (int j = 0; j < 4; j++) {
                uint64_t a = ht_rand_u64(), b = ht_rand_u64();
                x[j] |= a | b | ht_rand_u64();
            }
            break;
        }
        check_one(x);
    }
}

#if defined(HUSH_X86_64)
/* out = x / z through the ifma tier's division, against x z^(p-2) mod p */
static void test_mulx_divide(void) {
    if ((hush_cpu_features() & HUSH_NEEDS_MULX) != HUSH_NEEDS_MULX) return;
    for (int i = 0; i < 2000; i++) {
        uint64_t x[4], z[4], zinv[4];
        uint8_t got[32], want[32];
        ht_rand_bytes(x, sizeof x);
        ht_rand_bytes(z, sizeof z);
        if (i < 4) memset(z, 0, sizeof z); /* z = 0 gives 0 */
        if (i == 4)
            set_words(z, 0x7fffffffffffffffull, ~(uint64_t)0, ~(uint64_t)0,
                      0xffffffffffffffedull); /* p */
        reference_invert(zinv, z);
        BIGNUM *bx = bn_from_words(x), *bz = bn_from_words(zinv);
        BIGNUM *q = BN_new();
        CHECK(q != NULL && BN_mod_mul(q, bx, bz, bn_p, bn_ctx) == 1);
        CHECK(BN_bn2lebinpad(q, want, 32) == 32);
        hush_x25519_mulx_divide(got, x, z);
        CHECK_MEM(got, want, 32);
        BN_free(bx), BN_free(bz), BN_free(q);
        checked++;
    }
}
#endif

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(25519);
    bn_ctx = BN_CTX_new();
    bn_p = BN_new();
    bn_p_minus_2 = BN_new();
    CHECK(bn_ctx != NULL && bn_p != NULL && bn_p_minus_2 != NULL);
    CHECK(BN_set_bit(bn_p, 255) == 1 && BN_sub_word(bn_p, 19) == 1);
    CHECK(BN_copy(bn_p_minus_2, bn_p) != NULL &&
          BN_sub_word(bn_p_minus_2, 2) == 1);
    test_edges();
    test_random();
#if defined(HUSH_X86_64)
    test_mulx_divide();
#endif
    CHECK(checked > 6700); /* 732 edge cases, 6000 random (+2000 divisions) */
    BN_free(bn_p), BN_free(bn_p_minus_2);
    BN_CTX_free(bn_ctx);
    return ht_end();
}
