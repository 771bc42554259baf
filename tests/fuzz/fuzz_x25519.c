/*
 * X25519 against OpenSSL and libsodium, every tier.
 *
 * Input: tiers | scalar[32] | point[32]
 *
 * hush_x25519 of any scalar and any 32 bytes (non-canonical u, the top bit
 * set, small-order points) equals libsodium's crypto_scalarmult and
 * OpenSSL's X25519 derivation wherever they give a result; where they
 * refuse (an all-zero result), hush says HUSH_ERR_WEAK and writes zeros.
 * hush_x25519_base equals crypto_scalarmult_base, OpenSSL's public key and
 * hush_x25519 of the base point. The portable tier agrees.
 */
#include <openssl/evp.h>
#include <sodium.h>

#include "fuzz.h"

void fuzz_setup(void) {
    if (sodium_init() < 0) abort();
}

/* OpenSSL's X25519 of scalar and point; 1 on success (0 when OpenSSL
 * refuses the all-zero result) */
static int ossl_x25519(uint8_t out[32], const uint8_t scalar[32],
                       const uint8_t point[32]) {
    EVP_PKEY *priv =
        EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
    EVP_PKEY *peer =
        EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, point, 32);
    EVP_PKEY_CTX *x = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
    size_t len = 32;
    int ok = priv && peer && x && EVP_PKEY_derive_init(x) == 1 &&
             EVP_PKEY_derive_set_peer(x, peer) == 1 &&
             EVP_PKEY_derive(x, out, &len) == 1 && len == 32;
    EVP_PKEY_CTX_free(x);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(priv);
    return ok;
}

static int ossl_public(uint8_t out[32], const uint8_t scalar[32]) {
    EVP_PKEY *priv =
        EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, scalar, 32);
    size_t len = 32;
    int ok =
        priv && EVP_PKEY_get_raw_public_key(priv, out, &len) == 1 && len == 32;
    EVP_PKEY_free(priv);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fz_tiers(&in);
    uint8_t sbuf[32], pbuf[32];
    fz_bytes(&in, sbuf, 32);
    fz_bytes(&in, pbuf, 32);
    uint8_t *scalar = fz_alloc(sbuf, 32, sbuf[0]);
    uint8_t *point = fz_alloc(pbuf, 32, pbuf[0]);
    static const uint8_t nine[32] = {9};

    uint8_t out[32], sod[32], ossl[32], ref[32];
    memset(out, 0xa5, 32);
    int r = hush_x25519(out, scalar, point);
    FZ_CHECK(r == HUSH_OK || r == HUSH_ERR_WEAK);
    FZ_CHECK((r == HUSH_ERR_WEAK) == fz_all_zero(out, 32));
    if (crypto_scalarmult(sod, scalar, point) == 0) {
        FZ_CHECK(r == HUSH_OK && memcmp(out, sod, 32) == 0);
    } else {
        /* libsodium refuses small-order points and zero results, which
         * are the same thing for a clamped scalar */
        FZ_CHECK(r == HUSH_ERR_WEAK);
    }
    if (ossl_x25519(ossl, scalar, point))
        FZ_CHECK(r == HUSH_OK && memcmp(out, ossl, 32) == 0);
    else
        FZ_CHECK(r == HUSH_ERR_WEAK);

    uint8_t pub[32], pub9[32];
    FZ_CHECK(hush_x25519_base(pub, scalar) == HUSH_OK);
    FZ_CHECK(hush_x25519(pub9, scalar, nine) == HUSH_OK);
    FZ_CHECK(memcmp(pub, pub9, 32) == 0);
    FZ_CHECK(crypto_scalarmult_base(sod, scalar) == 0);
    FZ_CHECK(memcmp(pub, sod, 32) == 0);
    FZ_CHECK(ossl_public(ossl, scalar));
    FZ_CHECK(memcmp(pub, ossl, 32) == 0);

    fuzz_tiers_portable();
    FZ_CHECK(hush_x25519(ref, scalar, point) == r);
    FZ_CHECK(memcmp(ref, out, 32) == 0);
    FZ_CHECK(hush_x25519_base(ref, scalar) == HUSH_OK);
    FZ_CHECK(memcmp(ref, pub, 32) == 0);

    fz_free(point, pbuf[0]);
    fz_free(scalar, sbuf[0]);
    return 0;
}

/* Points of every kind: patterned ones, the base point, u = 0 and 1, the
 * point of order 8 and its relatives, p - 1, p, p + 1 (non-canonical),
 * 2^255 - 1 and the top bit set on a valid point; scalars with their
 * clamped bits set and clear. */
void fuzz_seeds(void) {
    static const uint8_t order8[32] = {
        0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3,
        0xfa, 0xf1, 0x9f, 0xc4, 0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32,
        0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00};
    uint8_t points[12][32];
    memset(points, 0, sizeof points);
    points[1][0] = 9;
    points[2][0] = 1;
    memcpy(points[3], order8, 32);
    for (int i = 0; i < 32; i++) /* p - 1, p, p + 1 */
        points[4][i] = points[5][i] = points[6][i] = 0xff;
    points[4][0] = 0xec, points[5][0] = 0xed, points[6][0] = 0xee;
    points[4][31] = points[5][31] = points[6][31] = 0x7f;
    memset(points[7], 0xff, 32);
    points[8][0] = 9, points[8][31] = 0x80;
    fuzz_pattern(points[9], 32, 5000);
    fuzz_pattern(points[10], 32, 5001);
    fuzz_pattern(points[11], 32, 5002);
    points[11][31] |= 0x80;
    static fuzz_out o;
    unsigned seed = 5100;
    for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
        for (int p = 0; p < 12; p++) {
            uint8_t scalar[32];
            fuzz_pattern(scalar, 32, seed++);
            if (p % 3 == 1) scalar[0] |= 7, scalar[31] |= 0x80;
            if (p % 3 == 2) scalar[0] &= 0xf8, scalar[31] = 0x40;
            fo_tiers(&o, t);
            fo_bytes(&o, scalar, 32);
            fo_bytes(&o, points[p], 32);
            fo_emit(&o);
        }
    }
}
