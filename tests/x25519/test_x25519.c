/*
 * X25519 for every implementation, in parts:
 *   kat      RFC 7748 section 5.2 from Debian's python3-cryptography-vectors,
 *            and the values it lacks written here: the iterated test to
 *            1,000 (to 1,000,000 with HUSH_X25519_SLOW=1) and section 6.1
 *   vectors  rfc-vectors.txt (RFC 7748 5.2 and 6.1) and every Wycheproof case
 *            with its result and flags, from the vector directory
 *   api      the argument contract, the fixed-base method at digit edges
 *   diff     against OpenSSL and libsodium on random inputs
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <openssl/evp.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static int slow_mode(void) {
    const char *s = getenv("HUSH_X25519_SLOW");
    return s != NULL && strcmp(s, "1") == 0;
}

/* k = u = 9; repeat (k, u) = (X25519(k, u), k); k after `iterations`. */
static void check_iterated(long iterations, const uint8_t want[32]) {
    uint8_t k[32] = {9}, u[32] = {9}, out[32];
    int ok = 1;
    for (long i = 0; i < iterations; i++) {
        ok &= hush_x25519(out, k, u) == HUSH_OK;
        memcpy(u, k, 32);
        memcpy(k, out, 32);
    }
    CHECK(ok);
    CHECK_MEM(k, want, 32);
}

/* Both public keys, through the base-point function and the ladder on
 * u = 9, and the shared secret from either side. */
static void check_dh(const uint8_t *a, const uint8_t *ap, const uint8_t *b,
                     const uint8_t *bp, const uint8_t *shared) {
    static const uint8_t nine[32] = {9};
    uint8_t out[32];
    CHECK_EQ_INT(hush_x25519_base(out, a), HUSH_OK);
    CHECK_MEM(out, ap, 32);
    CHECK_EQ_INT(hush_x25519(out, a, nine), HUSH_OK);
    CHECK_MEM(out, ap, 32);
    CHECK_EQ_INT(hush_x25519_base(out, b), HUSH_OK);
    CHECK_MEM(out, bp, 32);
    CHECK_EQ_INT(hush_x25519(out, a, bp), HUSH_OK);
    CHECK_MEM(out, shared, 32);
    CHECK_EQ_INT(hush_x25519(out, b, ap), HUSH_OK);
    CHECK_MEM(out, shared, 32);
}

static void check_scalarmult(const uint8_t *k, const uint8_t *u,
                             const uint8_t *want) {
    uint8_t out[32];
    CHECK_EQ_INT(hush_x25519(out, k, u), HUSH_OK);
    CHECK_MEM(out, want, 32);
}

/* The package's rfc7748.txt: the two section 5.2 vectors and the iterated
 * test after one iteration. RFC 7748's other values are written here. */
static void test_package(int report) {
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "asymmetric/X25519/rfc7748.txt");
    unsigned seen = 0;
    while (ht_kv_next(f)) {
        size_t n;
        ht_context = ht_kv_get(f, "COUNT");
        uint8_t *k = ht_kv_hex(f, "INPUT_SCALAR", &n);
        uint8_t *u = ht_kv_hex(f, "INPUT_U", &n);
        uint8_t *want = ht_kv_hex(f, "OUTPUT_U", &n);
        check_scalarmult(k, u, want);
        free(k), free(u), free(want);
        seen++;
    }
    ht_kv_close(f);
    CHECK_EQ_INT(seen, 3);

    /* RFC 7748 5.2: k after 1,000 and 1,000,000 iterations */
    static const char *after_1000 =
        "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
    static const char *after_1000000 =
        "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";
    /* RFC 7748 6.1: Alice's and Bob's key pairs and their shared secret */
    static const char *dh[5] = {
        "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
        "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
        "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
        "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
        "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"};
    uint8_t *v[5];
    ht_context = "RFC 7748 5.2 iterated 1,000";
    v[0] = ht_unhex(after_1000, NULL);
    check_iterated(1000, v[0]);
    free(v[0]);
    seen++;
    if (slow_mode()) {
        ht_context = "RFC 7748 5.2 iterated 1,000,000";
        v[0] = ht_unhex(after_1000000, NULL);
        check_iterated(1000000, v[0]);
        free(v[0]);
        seen++;
    }
    ht_context = "RFC 7748 6.1";
    for (int i = 0; i < 5; i++)
        v[i] = ht_unhex(dh[i], NULL);
    check_dh(v[0], v[1], v[2], v[3], v[4]);
    for (int i = 0; i < 5; i++)
        free(v[i]);
    seen++;
    ht_context = NULL;
    if (report)
        printf("RFC 7748: %u vectors (3 from the package, %u written here)\n",
               seen, seen - 3);
}

static void test_rfc(int report) {
    ht_kv_file *f = ht_kv_open(HT_DIR, "rfc/rfc-vectors.txt");
    unsigned seen = 0;
    while (ht_kv_next(f)) {
        const char *alg = ht_kv_get(f, "alg");
        if (alg == NULL || strncmp(alg, "x25519", 6) != 0) continue;
        ht_context = ht_kv_section(f, "id");
        size_t n;
        if (strcmp(alg, "x25519") == 0) {
            uint8_t *k = ht_kv_hex(f, "scalar", &n), *u = ht_kv_hex(f, "u", &n);
            uint8_t *want = ht_kv_hex(f, "output", &n);
            check_scalarmult(k, u, want);
            free(k), free(u), free(want);
            seen++;
        } else if (strcmp(alg, "x25519-iterated") == 0) {
            long iterations = ht_number(ht_kv_get(f, "iterations"), 0);
            if (iterations > 1000 && !slow_mode()) continue;
            uint8_t *k0 = ht_kv_hex(f, "scalar", &n),
                    *u0 = ht_kv_hex(f, "u", &n);
            uint8_t *want = ht_kv_hex(f, "output", &n);
            static const uint8_t nine[32] = {9};
            CHECK_MEM(k0, nine, 32); /* the test starts from k = u = 9 */
            CHECK_MEM(u0, nine, 32);
            check_iterated(iterations, want);
            free(k0), free(u0), free(want);
            seen++;
        } else if (strcmp(alg, "x25519-dh") == 0) {
            uint8_t *a = ht_kv_hex(f, "alice_private", &n);
            uint8_t *ap = ht_kv_hex(f, "alice_public", &n);
            uint8_t *b = ht_kv_hex(f, "bob_private", &n);
            uint8_t *bp = ht_kv_hex(f, "bob_public", &n);
            uint8_t *shared = ht_kv_hex(f, "shared", &n);
            check_dh(a, ap, b, bp, shared);
            free(a), free(ap), free(b), free(bp), free(shared);
            seen++;
        }
    }
    ht_context = NULL;
    ht_kv_close(f);
    /* two 5.2 vectors, iterated 1 and 1000 (and 1e6 when slow), 6.1 */
    CHECK_EQ_INT(seen, slow_mode() ? 6 : 5);
    if (report) printf("rfc-vectors.txt: %u X25519 vectors\n", seen);
}

static void test_wycheproof(int report) {
    json_t *root = ht_json_load("wycheproof/x25519_test.json");
    json_t *groups = json_object_get(root, "testGroups");
    size_t gi, ti, cases = 0, weak = 0;
    json_t *group, *test;
    char label[64];
    json_array_foreach(groups, gi, group) {
        json_array_foreach(json_object_get(group, "tests"), ti, test) {
            snprintf(
                label, sizeof label, "wycheproof tcId %lld",
                (long long)json_integer_value(json_object_get(test, "tcId")));
            ht_context = label;
            size_t klen, ulen, slen;
            uint8_t *k = ht_json_hex(test, "private", &klen);
            uint8_t *u = ht_json_hex(test, "public", &ulen);
            uint8_t *want = ht_json_hex(test, "shared", &slen);
            const char *result = ht_json_result(test);
            CHECK(klen == 32 && ulen == 32 && slen == 32);
            /* X25519 has no invalid inputs: every case is valid or
             * acceptable and the function is defined on all of them */
            CHECK(strcmp(result, "invalid") != 0);
            int zero = ht_json_has_flag(test, "ZeroSharedSecret");
            uint8_t out[32];
            memset(out, 0xa5, sizeof out);
            int rc = hush_x25519(out, k, u);
            CHECK_MEM(out, want, 32); /* written even when weak */
            CHECK_EQ_INT(ht_all_zero(want, 32), zero);
            CHECK_EQ_INT(rc, zero ? HUSH_ERR_WEAK : HUSH_OK);
            weak += (size_t)zero;
            cases++;
            free(k), free(u), free(want);
        }
    }
    ht_context = NULL;
    CHECK_EQ_INT(cases,
                 json_integer_value(json_object_get(root, "numberOfTests")));
    CHECK_EQ_INT(cases, 518);
    CHECK_EQ_INT(weak, 31);
    json_decref(root);
    if (report)
        printf("wycheproof x25519: %zu cases (%zu all-zero results refused)\n",
               cases, weak);
}

static void test_contract(void) {
    uint8_t k[32], u[32], out[32], ref[32], buf[64];
    static const uint8_t nine[32] = {9};
    ht_rand_bytes(k, 32);
    ht_rand_bytes(u, 32);
    CHECK_EQ_INT(hush_x25519(ref, k, u), HUSH_OK);
    CHECK_EQ_INT(hush_x25519(NULL, k, u), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_x25519(out, NULL, u), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_x25519(out, k, NULL), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_x25519_base(NULL, k), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_x25519_base(out, NULL), HUSH_ERR_INVALID);
    /* exact aliasing works, with either input */
    memcpy(out, k, 32);
    CHECK_EQ_INT(hush_x25519(out, out, u), HUSH_OK);
    CHECK_MEM(out, ref, 32);
    memcpy(out, u, 32);
    CHECK_EQ_INT(hush_x25519(out, k, out), HUSH_OK);
    CHECK_MEM(out, ref, 32);
    CHECK_EQ_INT(hush_x25519(ref, k, nine), HUSH_OK);
    memcpy(out, k, 32);
    CHECK_EQ_INT(hush_x25519_base(out, out), HUSH_OK);
    CHECK_MEM(out, ref, 32);
    /* partial overlap is refused and leaves the output alone */
    for (size_t off = 1; off < 32; off += 7) {
        memcpy(buf, k, 32);
        memcpy(buf + 32, u, 32);
        CHECK_EQ_INT(hush_x25519(buf + off, buf, buf + 32), HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_x25519(buf + 32 - off, k, buf + 32),
                     HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_x25519_base(buf + off, buf), HUSH_ERR_INVALID);
        CHECK_MEM(buf, k, 32);
        CHECK_MEM(buf + 32, u, 32);
    }
    /* the top bit of u is ignored */
    CHECK_EQ_INT(hush_x25519(ref, k, u), HUSH_OK);
    u[31] ^= 0x80;
    CHECK_EQ_INT(hush_x25519(out, k, u), HUSH_OK);
    CHECK_MEM(out, ref, 32);
    /* u and u + p name the same point (u < 2^255 - 19 - p... i.e. u < 19) */
    uint8_t small[32] = {0}, big[32];
    small[0] = 7;
    memset(big, 0xff, 32);
    big[0] = 0xed + 7; /* p + 7 = 2^255 - 12 */
    big[31] = 0x7f;
    CHECK_EQ_INT(hush_x25519(ref, k, small), HUSH_OK);
    CHECK_EQ_INT(hush_x25519(out, k, big), HUSH_OK);
    CHECK_MEM(out, ref, 32);
    /* u = 0 and u = p are the point of order 2... and 1 has order 4 */
    memset(small, 0, 32);
    CHECK_EQ_INT(hush_x25519(out, k, small), HUSH_ERR_WEAK);
    CHECK(ht_all_zero(out, 32));
    small[0] = 1;
    CHECK_EQ_INT(hush_x25519(out, k, small), HUSH_ERR_WEAK);
    CHECK(ht_all_zero(out, 32));
    /* the clamped bits of the scalar do not matter */
    memcpy(buf, k, 32);
    buf[0] ^= 7;
    buf[31] ^= 0xc0;
    CHECK_EQ_INT(hush_x25519(ref, k, u), HUSH_OK);
    CHECK_EQ_INT(hush_x25519(out, buf, u), HUSH_OK);
    CHECK_MEM(out, ref, 32);
}

/* The fixed-base method (a comb with signed digits) against the ladder on
 * u = 9 for scalars whose digits sit at the edges: all 0, all 15 (every
 * digit carries), 8s and 7s (the digit bounds), alternating patterns. */
static void test_base_edges(void) {
    static const uint8_t nine[32] = {9};
    static const uint8_t fills[] = {0x00, 0xff, 0x88, 0x77, 0x80,
                                    0x08, 0xf0, 0x0f, 0x99, 0x55};
    for (size_t i = 0; i < sizeof fills; i++) {
        uint8_t k[32], base[32], ladder[32];
        memset(k, fills[i], 32);
        CHECK_EQ_INT(hush_x25519_base(base, k), HUSH_OK);
        CHECK_EQ_INT(hush_x25519(ladder, k, nine), HUSH_OK);
        CHECK_MEM(base, ladder, 32);
        k[31] ^= 0x40; /* the clamped bits change nothing */
        k[0] ^= 0x07;
        CHECK_EQ_INT(hush_x25519_base(base, k), HUSH_OK);
        CHECK_MEM(base, ladder, 32);
    }
}

static int openssl_x25519(uint8_t out[32], const uint8_t k[32],
                          const uint8_t u[32]) {
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(priv, NULL);
    size_t len = 32;
    int ok = priv && peer && ctx && EVP_PKEY_derive_init(ctx) == 1 &&
             EVP_PKEY_derive_set_peer(ctx, peer) == 1 &&
             EVP_PKEY_derive(ctx, out, &len) == 1 && len == 32;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(priv);
    return ok;
}

/* Random scalars and points: our answer against OpenSSL's and libsodium's,
 * and the fixed-base function against both ladders. */
static void test_differential(unsigned count) {
    unsigned bad_ossl = 0, bad_sodium = 0, bad_base = 0, rc_bad = 0;
    for (unsigned i = 0; i < count; i++) {
        uint8_t k[32], u[32], out[32], o_ossl[32], o_sod[32];
        ht_rand_bytes(k, 32);
        ht_rand_bytes(u, 32);
        rc_bad += hush_x25519(out, k, u) != HUSH_OK;
        /* OpenSSL and libsodium refuse the rare all-zero result; a random
         * u never gives one, so both must succeed */
        if (!openssl_x25519(o_ossl, k, u) || memcmp(out, o_ossl, 32) != 0)
            bad_ossl++;
        if (crypto_scalarmult(o_sod, k, u) != 0 || memcmp(out, o_sod, 32) != 0)
            bad_sodium++;
        if (i % 4 == 0) {
            rc_bad += hush_x25519_base(out, k) != HUSH_OK;
            if (crypto_scalarmult_base(o_sod, k) != 0 ||
                memcmp(out, o_sod, 32) != 0)
                bad_base++;
        }
    }
    CHECK_EQ_INT(rc_bad, 0);
    CHECK_EQ_INT(bad_ossl, 0);
    CHECK_EQ_INT(bad_sodium, 0);
    CHECK_EQ_INT(bad_base, 0);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if (sodium_init() < 0) return 1;
    ht_rand_seed(0x25519);
    const char *n = getenv("HUSH_X25519_DIFF_COUNT");
    unsigned count = n ? (unsigned)ht_number(n, 10000) : 10000;
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("x25519", impl) {
        if (ht_part("kat")) test_package(first);
        if (vectors) {
            test_rfc(first);
            test_wycheproof(first);
        }
        if (ht_part("api")) {
            test_contract();
            test_base_edges();
        }
        if (ht_part("diff")) test_differential(count);
        first = 0;
    }
    return ht_end();
}
