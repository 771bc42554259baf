/*
 * HMAC-SHA256 and HKDF-SHA256 for each SHA-256 implementation, in parts:
 *   kat      RFC 4231 and RFC 5869 from Debian's python3-cryptography-vectors,
 *            and RFC 4231 test case 5 (the truncated tag, which the package
 *            leaves out) written here
 *   vectors  rfc-vectors.txt (the same RFCs) and every Wycheproof case of
 *            hmac_sha256_test.json and hkdf_sha256_test.json with its
 *            expected result, from the vector directory
 *   api      key-context reuse, wiping and HKDF's argument contract
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* HMAC through the one-shot, the incremental API in two pieces, and a copy
 * of a context keyed beforehand (the documented reuse pattern). */
static void hmac_all_ways(uint8_t out[3][32], const uint8_t *key, size_t keylen,
                          const uint8_t *msg, size_t len) {
    hush_hmac_sha256(out[0], key, keylen, msg, len);

    hush_hmac_sha256_ctx c;
    hush_hmac_sha256_init(&c, key, keylen);
    hush_hmac_sha256_update(&c, msg, len / 3);
    hush_hmac_sha256_update(&c, msg + len / 3, len - len / 3);
    hush_hmac_sha256_final(&c, out[1]);
    CHECK(ht_all_zero(&c, sizeof c));

    hush_hmac_sha256_ctx tmpl, use;
    hush_hmac_sha256_init(&tmpl, key, keylen);
    for (int i = 0; i < 2; i++) { /* the template survives its copies */
        use = tmpl;
        hush_hmac_sha256_update(&use, msg, len);
        hush_hmac_sha256_final(&use, out[2]);
    }
    hush_wipe(&tmpl, sizeof tmpl);
}

/* One HMAC known answer: every way through the API, compared on the
 * length of the (possibly truncated) mac. */
static void check_hmac(const uint8_t *key, size_t keylen, const uint8_t *msg,
                       size_t len, const uint8_t *mac, size_t maclen) {
    uint8_t got[3][32];
    CHECK(maclen <= 32);
    hmac_all_ways(got, key, keylen, msg, len);
    for (int i = 0; i < 3; i++)
        CHECK_MEM(got[i], mac, maclen);
}

/* One HKDF known answer: extract, expand and the one-shot. */
static void check_hkdf(const uint8_t *ikm, size_t ikmlen, const uint8_t *salt,
                       size_t saltlen, const uint8_t *info, size_t infolen,
                       const uint8_t *prk, const uint8_t *okm, size_t L) {
    uint8_t gotprk[32], *got = malloc(L + 1);
    hush_hkdf_sha256_extract(gotprk, salt, saltlen, ikm, ikmlen);
    CHECK_MEM(gotprk, prk, 32);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(got, L, prk, info, infolen), HUSH_OK);
    CHECK_MEM(got, okm, L);
    memset(got, 0, L);
    CHECK_EQ_INT(
        hush_hkdf_sha256(got, L, ikm, ikmlen, salt, saltlen, info, infolen),
        HUSH_OK);
    CHECK_MEM(got, okm, L);
    free(got);
}

/* RFC 4231 (test cases 1-4, 6, 7) and RFC 5869 A.1-A.3 as the package has
 * them; test case 5 is a truncation test the package does not carry. */
static void test_package(int report) {
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "HMAC/rfc-4231-sha256.txt");
    int hmacs = 0, hkdfs = 0;
    while (ht_kv_next(f)) {
        size_t keylen, len, maclen;
        uint8_t *key = ht_kv_hex(f, "Key", &keylen);
        uint8_t *msg = ht_kv_hex(f, "Msg", &len);
        uint8_t *mac = ht_kv_hex(f, "MD", &maclen);
        ht_context = ht_kv_get(f, "Len");
        CHECK_EQ_INT(maclen, 32);
        check_hmac(key, keylen, msg, len, mac, maclen);
        free(key), free(msg), free(mac);
        hmacs++;
    }
    ht_kv_close(f);
    /* RFC 4231 4.6, test case 5: the first 128 bits of the mac */
    static const uint8_t key5[20] = {0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c,
                                     0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c,
                                     0x0c, 0x0c, 0x0c, 0x0c, 0x0c, 0x0c};
    static const uint8_t mac5[16] = {0xa3, 0xb6, 0x16, 0x74, 0x73, 0x10,
                                     0x0e, 0xe0, 0x6e, 0x0c, 0x79, 0x6c,
                                     0x29, 0x55, 0x55, 0x2b};
    ht_context = "RFC 4231 test case 5";
    check_hmac(key5, sizeof key5, (const uint8_t *)"Test With Truncation", 20,
               mac5, sizeof mac5);
    hmacs++;

    /* the package puts blank lines inside its records */
    f = ht_kv_open(HT_PACKAGE, "KDF/rfc-5869-HKDF-SHA256.txt");
    ht_kv_split_at(f, "COUNT");
    while (ht_kv_next(f)) {
        size_t ikmlen, saltlen, infolen, prklen, okmlen;
        ht_context = ht_kv_get(f, "COUNT");
        CHECK(strcmp(ht_kv_get(f, "Hash"), "SHA-256") == 0);
        uint8_t *ikm = ht_kv_hex(f, "IKM", &ikmlen);
        uint8_t *salt = ht_kv_hex(f, "salt", &saltlen);
        uint8_t *info = ht_kv_hex(f, "info", &infolen);
        uint8_t *prk = ht_kv_hex(f, "PRK", &prklen);
        uint8_t *okm = ht_kv_hex(f, "OKM", &okmlen);
        size_t L = strtoul(ht_kv_get(f, "L"), NULL, 10);
        CHECK_EQ_INT(L, okmlen);
        CHECK_EQ_INT(prklen, 32);
        check_hkdf(ikm, ikmlen, salt, saltlen, info, infolen, prk, okm, L);
        free(ikm), free(salt), free(info), free(prk), free(okm);
        hkdfs++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(hmacs, 7);
    CHECK_EQ_INT(hkdfs, 3);
    if (report)
        printf("RFC 4231 HMAC-SHA256: %d (6 from the package, 1 here); "
               "RFC 5869 HKDF-SHA256: %d\n",
               hmacs, hkdfs);
}

static void test_rfc(int report) {
    ht_kv_file *f = ht_kv_open(HT_DIR, "rfc/rfc-vectors.txt");
    int hmacs = 0, hkdfs = 0;
    while (ht_kv_next(f)) {
        const char *alg = ht_kv_get(f, "alg");
        if (alg == NULL) continue;
        ht_context = ht_kv_section(f, "id");
        size_t keylen, len, maclen, ikmlen, saltlen, infolen, prklen, okmlen;
        if (strcmp(alg, "hmac-sha256") == 0) {
            uint8_t *key = ht_kv_hex(f, "key", &keylen);
            uint8_t *msg = ht_kv_hex(f, "data", &len);
            uint8_t *mac = ht_kv_hex(f, "mac", &maclen);
            size_t bits = strtoul(ht_kv_get(f, "mac_bits"), NULL, 10);
            CHECK(bits % 8 == 0 && bits / 8 == maclen);
            check_hmac(key, keylen, msg, len, mac, maclen);
            free(key), free(msg), free(mac);
            hmacs++;
        } else if (strcmp(alg, "hkdf-sha256") == 0) {
            uint8_t *ikm = ht_kv_hex(f, "ikm", &ikmlen);
            uint8_t *salt = ht_kv_hex(f, "salt", &saltlen);
            uint8_t *info = ht_kv_hex(f, "info", &infolen);
            uint8_t *prk = ht_kv_hex(f, "prk", &prklen);
            uint8_t *okm = ht_kv_hex(f, "okm", &okmlen);
            size_t L = strtoul(ht_kv_get(f, "L"), NULL, 10);
            CHECK_EQ_INT(L, okmlen);
            check_hkdf(ikm, ikmlen, salt, saltlen, info, infolen, prk, okm, L);
            free(ikm), free(salt), free(info), free(prk), free(okm);
            hkdfs++;
        }
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(hmacs, 7);
    CHECK_EQ_INT(hkdfs, 3);
    if (report)
        printf("rfc-vectors.txt: %d HMAC-SHA256, %d HKDF-SHA256\n", hmacs,
               hkdfs);
}

/* Every case: a valid tag must equal our MAC (compared on the tag's
 * length, which is the group's tagSize), an invalid one must differ. */
static void test_wycheproof_hmac(int report) {
    json_t *root = ht_json_load("wycheproof/hmac_sha256_test.json");
    json_t *groups = json_object_get(root, "testGroups"), *g, *t;
    size_t gi, ti, count = 0;
    json_array_foreach(groups, gi, g) {
        size_t tagbits = json_integer_value(json_object_get(g, "tagSize"));
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            char label[32];
            snprintf(label, sizeof label, "hmac tcId %lld",
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = label;
            size_t keylen, len, taglen;
            uint8_t *key = ht_json_hex(t, "key", &keylen);
            uint8_t *msg = ht_json_hex(t, "msg", &len);
            uint8_t *tag = ht_json_hex(t, "tag", &taglen);
            const char *result = ht_json_result(t);
            uint8_t got[3][32];
            CHECK(taglen * 8 == tagbits && taglen <= 32);
            hmac_all_ways(got, key, keylen, msg, len);
            for (int i = 0; i < 3; i++) {
                int equal = hush_ct_equal(got[i], tag, taglen);
                if (strcmp(result, "valid") == 0)
                    CHECK(equal == 1);
                else
                    CHECK(equal == 0 && strcmp(result, "invalid") == 0);
            }
            free(key);
            free(msg);
            free(tag);
            count++;
        }
    }
    ht_context = NULL;
    CHECK_EQ_INT(count,
                 json_integer_value(json_object_get(root, "numberOfTests")));
    json_decref(root);
    if (report) printf("wycheproof hmac_sha256: %zu cases\n", count);
}

/* Every case: valid ones produce okm through both the one-shot and
 * extract+expand; invalid ones (size beyond 255 * 32) are refused with
 * HUSH_ERR_INVALID and the output left untouched. */
static void test_wycheproof_hkdf(int report) {
    json_t *root = ht_json_load("wycheproof/hkdf_sha256_test.json");
    json_t *groups = json_object_get(root, "testGroups"), *g, *t;
    size_t gi, ti, count = 0, invalid = 0;
    json_array_foreach(groups, gi, g) {
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            char label[32];
            snprintf(label, sizeof label, "hkdf tcId %lld",
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = label;
            size_t ikmlen, saltlen, infolen, okmlen;
            uint8_t *ikm = ht_json_hex(t, "ikm", &ikmlen);
            uint8_t *salt = ht_json_hex(t, "salt", &saltlen);
            uint8_t *info = ht_json_hex(t, "info", &infolen);
            uint8_t *okm = ht_json_hex(t, "okm", &okmlen);
            size_t size = json_integer_value(json_object_get(t, "size"));
            uint8_t *got = malloc(size + 1), prk[32];
            const char *result = ht_json_result(t);
            hush_hkdf_sha256_extract(prk, salt, saltlen, ikm, ikmlen);
            if (strcmp(result, "valid") == 0) {
                CHECK_EQ_INT(size, okmlen);
                CHECK_EQ_INT(hush_hkdf_sha256(got, size, ikm, ikmlen, salt,
                                              saltlen, info, infolen),
                             HUSH_OK);
                CHECK_MEM(got, okm, okmlen);
                memset(got, 0, size);
                CHECK_EQ_INT(
                    hush_hkdf_sha256_expand(got, size, prk, info, infolen),
                    HUSH_OK);
                CHECK_MEM(got, okm, okmlen);
            } else {
                CHECK(strcmp(result, "invalid") == 0);
                CHECK(size > HUSH_HKDF_SHA256_MAX_OUT);
                memset(got, 0xa5, size);
                CHECK_EQ_INT(hush_hkdf_sha256(got, size, ikm, ikmlen, salt,
                                              saltlen, info, infolen),
                             HUSH_ERR_INVALID);
                CHECK_EQ_INT(
                    hush_hkdf_sha256_expand(got, size, prk, info, infolen),
                    HUSH_ERR_INVALID);
                int untouched = 1;
                for (size_t i = 0; i < size; i++)
                    untouched &= got[i] == 0xa5;
                CHECK(untouched);
                invalid++;
            }
            free(ikm);
            free(salt);
            free(info);
            free(okm);
            free(got);
            count++;
        }
    }
    ht_context = NULL;
    CHECK_EQ_INT(count,
                 json_integer_value(json_object_get(root, "numberOfTests")));
    CHECK(invalid >= 3);
    json_decref(root);
    if (report)
        printf("wycheproof hkdf_sha256: %zu cases (%zu invalid refused)\n",
               count, invalid);
}

static void test_hkdf_contract(void) {
    uint8_t prk[32], out[8200], want[64], sentinel[8200];
    ht_rand_bytes(prk, sizeof prk);
    memset(sentinel, 0x3c, sizeof sentinel);

    /* outlen 0 succeeds and writes nothing, NULL allowed */
    memcpy(out, sentinel, sizeof out);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, 0, prk, "x", 1), HUSH_OK);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(NULL, 0, prk, NULL, 0), HUSH_OK);
    CHECK_EQ_INT(hush_hkdf_sha256(out, 0, NULL, 0, NULL, 0, NULL, 0), HUSH_OK);
    CHECK_MEM(out, sentinel, sizeof out);

    /* the limit itself is fine, one more is not (out untouched) */
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, 8160, prk, NULL, 0), HUSH_OK);
    memcpy(out, sentinel, sizeof out);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, 8161, prk, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256(out, 8161, "k", 1, NULL, 0, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, (size_t)-1, prk, NULL, 0),
                 HUSH_ERR_INVALID);
    /* NULL where data is needed */
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, 32, NULL, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(NULL, 32, prk, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(out, 32, prk, NULL, 5),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256(out, 32, NULL, 3, NULL, 0, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256(out, 32, "k", 1, NULL, 3, NULL, 0),
                 HUSH_ERR_INVALID);
    CHECK_MEM(out, sentinel, sizeof out);

    /* out may alias prk: the PRK is consumed before anything is written */
    uint8_t buf[64];
    memcpy(buf, prk, 32);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(want, 64, prk, "ab", 2), HUSH_OK);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(buf, 64, buf, "ab", 2), HUSH_OK);
    CHECK_MEM(buf, want, 64);
    /* and may overlap info for one block, not for more */
    memcpy(buf, "info-info-info", 14);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(want, 32, prk, "info-info-info", 14),
                 HUSH_OK);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(buf, 32, prk, buf, 14), HUSH_OK);
    CHECK_MEM(buf, want, 32);
    memcpy(buf, "info-info-info", 14);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(buf, 33, prk, buf, 14),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_hkdf_sha256_expand(buf + 20, 40, prk, buf, 30),
                 HUSH_ERR_INVALID);
    CHECK_MEM(buf, "info-info-info", 14);
    /* one-shot: out may alias ikm and salt */
    memcpy(buf, "input keying material, salt", 27);
    CHECK_EQ_INT(hush_hkdf_sha256(want, 64, "input keying material", 21,
                                  ", salt", 6, "i", 1),
                 HUSH_OK);
    CHECK_EQ_INT(hush_hkdf_sha256(buf, 64, buf, 21, buf + 21, 6, "i", 1),
                 HUSH_OK);
    CHECK_MEM(buf, want, 64);
}

static void test_hmac_contract(void) {
    uint8_t key[200], msg[150], got[32], want[32];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);

    /* a key longer than a block is its digest; empty key == zero block */
    uint8_t digest[32], zeros[64] = {0};
    hush_sha256(digest, key, sizeof key);
    hush_hmac_sha256(got, key, sizeof key, msg, sizeof msg);
    hush_hmac_sha256(want, digest, 32, msg, sizeof msg);
    CHECK_MEM(got, want, 32);
    hush_hmac_sha256(got, NULL, 0, msg, sizeof msg);
    hush_hmac_sha256(want, zeros, 64, msg, sizeof msg);
    CHECK_MEM(got, want, 32);

    /* out may alias the key or the message */
    hush_hmac_sha256(want, key, 40, msg, 40);
    memcpy(got, key, 32);
    uint8_t kbuf[40];
    memcpy(kbuf, key, 40);
    hush_hmac_sha256(kbuf, kbuf, 40, msg, 40);
    CHECK_MEM(kbuf, want, 32);
    uint8_t mbuf[40];
    memcpy(mbuf, msg, 40);
    hush_hmac_sha256(mbuf, key, 40, mbuf, 40);
    CHECK_MEM(mbuf, want, 32);

    /* final wipes the whole context, including the outer precomputed half */
    hush_hmac_sha256_ctx c;
    hush_hmac_sha256_init(&c, key, 32);
    hush_hmac_sha256_final(&c, got);
    CHECK(ht_all_zero(&c, sizeof c));
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x4d4143);
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("sha256", impl) {
        (void)impl;
        if (ht_part("kat")) test_package(first);
        if (vectors) {
            test_rfc(first);
            test_wycheproof_hmac(first);
            test_wycheproof_hkdf(first);
        }
        if (ht_part("api")) {
            test_hkdf_contract();
            test_hmac_contract();
        }
        first = 0;
    }
    return ht_end();
}
