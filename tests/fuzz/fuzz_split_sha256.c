/*
 * SHA-256, HMAC-SHA256 and HKDF-SHA256: incremental against one-shot with
 * fuzzed split points, every tier, and against OpenSSL.
 *
 * Input: tiers | split | keylen (2) | key | infolen (1) | info |
 *        outlen (2) | m...
 *
 * - SHA-256: init/update (the pieces)/final, the one-shot, hush_sha256_x2
 *   (m with its reverse), the portable tier and OpenSSL all agree.
 * - HMAC with a key of 0..300 bytes (either side of the block size): the
 *   pieces, the one-shot, the portable tier and OpenSSL agree.
 * - HKDF with the key as salt, m as IKM: extract then expand equals the
 *   one-shot and OpenSSL's HKDF; a shorter expand is a prefix of a longer
 *   one; outlen over 8160 is HUSH_ERR_INVALID with out untouched.
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/sha.h>

#include "fuzz_split.h"

#define MAX_KEY    300
#define MAX_OUT    8200 /* a little past the 8160-byte limit */
#define HKDF_LIMIT 8160

static EVP_KDF *ossl_hkdf;

void fuzz_setup(void) {
    ossl_hkdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    if (ossl_hkdf == NULL) abort();
}

static void sha_piece(void *c, const uint8_t *p, size_t n) {
    hush_sha256_update(c, p, n);
}
static void hmac_piece(void *c, const uint8_t *p, size_t n) {
    hush_hmac_sha256_update(c, p, n);
}

static int ossl_hkdf_derive(uint8_t *out, size_t outlen, const uint8_t *ikm,
                            size_t ikmlen, const uint8_t *salt, size_t saltlen,
                            const uint8_t *info, size_t infolen) {
    EVP_KDF_CTX *x = EVP_KDF_CTX_new(ossl_hkdf);
    if (x == NULL) return 0;
    /* OpenSSL wants non-NULL buffers even when they are empty */
    static const uint8_t none[1];
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string("digest", (char *)"SHA256", 0),
        OSSL_PARAM_construct_octet_string("key", (void *)(ikmlen ? ikm : none),
                                          ikmlen),
        OSSL_PARAM_construct_octet_string(
            "salt", (void *)(saltlen ? salt : none), saltlen),
        OSSL_PARAM_construct_octet_string(
            "info", (void *)(infolen ? info : none), infolen),
        OSSL_PARAM_construct_end(),
    };
    int ok = EVP_KDF_derive(x, out, outlen, params) == 1;
    EVP_KDF_CTX_free(x);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fz_tiers(&in);
    fuzz_split split;
    fz_split(&in, &split);
    size_t keylen = fz_len(&in, MAX_KEY);
    uint8_t keybuf[MAX_KEY];
    fz_bytes(&in, keybuf, keylen);
    size_t infolen = fz_u8(&in);
    uint8_t info[255];
    fz_bytes(&in, info, infolen);
    size_t outlen = fz_len(&in, MAX_OUT);
    size_t mlen;
    const uint8_t *mraw = fz_rest(&in, &mlen);
    uint8_t *m = fz_alloc(mraw, mlen, split.misalign);
    uint8_t *key = fz_alloc(keybuf, keylen, split.misalign + 1);

    /* SHA-256 */
    uint8_t whole[32], pieces[32], x2a[32], x2b[32], ref[32], reverse[32];
    hush_sha256(whole, m, mlen);
    hush_sha256_ctx sc;
    hush_sha256_init(&sc);
    fuzz_pieces(&split, m, mlen, sha_piece, &sc);
    hush_sha256_final(&sc, pieces);
    FZ_CHECK(memcmp(whole, pieces, 32) == 0);
    SHA256(m, mlen, ref);
    FZ_CHECK(memcmp(whole, ref, 32) == 0);
    uint8_t *rev = fz_alloc(NULL, mlen, split.misalign + 2);
    for (size_t i = 0; i < mlen; i++)
        rev[i] = m[mlen - 1 - i];
    hush_sha256_x2(x2a, m, x2b, rev, mlen);
    FZ_CHECK(memcmp(x2a, whole, 32) == 0);
    hush_sha256(reverse, rev, mlen);
    FZ_CHECK(memcmp(x2b, reverse, 32) == 0);

    /* HMAC-SHA256 */
    uint8_t mac[32], macp[32], macref[32];
    unsigned int maclen = 0;
    hush_hmac_sha256(mac, key, keylen, m, mlen);
    hush_hmac_sha256_ctx hc;
    hush_hmac_sha256_init(&hc, key, keylen);
    fuzz_pieces(&split, m, mlen, hmac_piece, &hc);
    hush_hmac_sha256_final(&hc, macp);
    FZ_CHECK(memcmp(mac, macp, 32) == 0);
    static const uint8_t none[1];
    FZ_CHECK(HMAC(EVP_sha256(), keylen ? key : none, (int)keylen,
                  mlen ? m : none, mlen, macref, &maclen) != NULL);
    FZ_CHECK(maclen == 32 && memcmp(mac, macref, 32) == 0);

    /* HKDF-SHA256: salt = key, ikm = m */
    uint8_t *okm = fz_alloc(NULL, MAX_OUT, split.misalign + 3);
    uint8_t *okm2 = fz_alloc(NULL, MAX_OUT, split.misalign + 4);
    uint8_t prk[32];
    memset(okm, 0xa5, MAX_OUT);
    int r = hush_hkdf_sha256(okm, outlen, m, mlen, key, keylen, info, infolen);
    if (outlen > HKDF_LIMIT) {
        FZ_CHECK(r == HUSH_ERR_INVALID);
        for (size_t i = 0; i < MAX_OUT; i++)
            FZ_CHECK(okm[i] == 0xa5);
        outlen = HKDF_LIMIT; /* the rest of the checks at the limit */
        FZ_CHECK(hush_hkdf_sha256(okm, outlen, m, mlen, key, keylen, info,
                                  infolen) == HUSH_OK);
    } else {
        FZ_CHECK(r == HUSH_OK);
    }
    for (size_t i = outlen; i < MAX_OUT; i++)
        FZ_CHECK(okm[i] == 0xa5);
    hush_hkdf_sha256_extract(prk, key, keylen, m, mlen);
    FZ_CHECK(hush_hkdf_sha256_expand(okm2, outlen, prk, info, infolen) ==
             HUSH_OK);
    FZ_CHECK(memcmp(okm, okm2, outlen) == 0);
    /* a shorter output is a prefix: split.len[0] picks how much shorter */
    size_t shorter = split.count ? split.len[0] % (outlen + 1) : outlen / 2;
    memset(okm2, 0xa5, MAX_OUT);
    FZ_CHECK(hush_hkdf_sha256_expand(okm2, shorter, prk, info, infolen) ==
             HUSH_OK);
    FZ_CHECK(memcmp(okm, okm2, shorter) == 0);
    FZ_CHECK(okm2[shorter] == 0xa5);
    if (outlen) {
        FZ_CHECK(ossl_hkdf_derive(okm2, outlen, m, mlen, key, keylen, info,
                                  infolen));
        FZ_CHECK(memcmp(okm, okm2, outlen) == 0);
    }

    /* the portable tiers give the same digest, MAC and key */
    fuzz_tiers_portable();
    hush_sha256(ref, m, mlen);
    FZ_CHECK(memcmp(whole, ref, 32) == 0);
    hush_hmac_sha256(macref, key, keylen, m, mlen);
    FZ_CHECK(memcmp(mac, macref, 32) == 0);
    FZ_CHECK(hush_hkdf_sha256(okm2, outlen, m, mlen, key, keylen, info,
                              infolen) == HUSH_OK);
    FZ_CHECK(memcmp(okm, okm2, outlen) == 0);

    fz_free(okm2, split.misalign + 4);
    fz_free(okm, split.misalign + 3);
    fz_free(rev, split.misalign + 2);
    fz_free(key, split.misalign + 1);
    fz_free(m, split.misalign);
    return 0;
}

/* Messages around the 64-byte block and the 55/56-byte padding edge, cut
 * at and around block boundaries; keys either side of the block size. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0,   1,   55,  56,  63,   64,  65,
                                  119, 127, 128, 129, 1000, 4096};
    static const size_t keylens[] = {0, 1, 32, 63, 64, 65, 200};
    static const size_t cuts[][3] = {{0, 0, 0},  {1, 0, 0},    {63, 1, 0},
                                     {64, 0, 1}, {65, 63, 64}, {32, 32, 32}};
    static const size_t outlens[] = {0, 1, 32, 33, 100, 8160, 8161};
    static fuzz_out o;
    static uint8_t m[4096], key[200], info[40];
    unsigned seed = 2000;
    for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            size_t keylen = keylens[(i + t) % 7];
            size_t infolen = (seed * 3) % sizeof info;
            size_t c = (i + t) % 6, ncuts = c == 0 ? 0 : 3;
            fuzz_pattern(key, keylen, seed);
            fuzz_pattern(info, infolen, seed + 1);
            fuzz_pattern(m, lens[i], seed + 2);
            fo_tiers(&o, t);
            fo_split(&o, ncuts, cuts[c]);
            fo_u16(&o, keylen);
            fo_bytes(&o, key, keylen);
            fo_u8(&o, (unsigned)infolen);
            fo_bytes(&o, info, infolen);
            fo_u16(&o, outlens[(i + 2 * t) % 7]);
            fo_bytes(&o, m, lens[i]);
            fo_emit(&o);
            seed += 3;
        }
    }
}
