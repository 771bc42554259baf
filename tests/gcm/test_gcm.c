/*
 * AES-128-GCM and AES-256-GCM through the AEAD API, for every combination
 * of aes and ghash implementations, in four parts:
 *   kat      CAVP gcmEncryptExtIV and gcmDecrypt (128 and 256), from
 *            Debian's python3-cryptography-vectors
 *   vectors  Wycheproof aes_gcm_test.json, from the vector directory
 *   diff     the generic AEAD body against OpenSSL EVP, both key sizes
 *            (tests/aead/aead_generic.h: every length 0..1100 plus large
 *            ones, every form, in place, buffers against a guard page,
 *            keyed objects == one-shot, tampering -> HUSH_ERR_AUTH with
 *            zeroed output)
 *   api      the generic body's documented errors and the length limits
 *
 * The API takes 12-byte nonces only: vectors with other IV lengths cannot
 * be expressed and are counted as refused; 192-bit keys are not offered by
 * the AEAD API (AES-192 is only a block cipher here) and are counted too.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "aead_generic.h"
#include "gcm_openssl.h"
#include "harness.h"

static int report = 1;

static hush_aead_alg alg_for(size_t keylen) {
    return keylen == 16 ? HUSH_AES128GCM : HUSH_AES256GCM;
}

/* Tag of an arbitrary ciphertext: recover the plaintext with CTR from
 * J0 + 1, re-encrypt, and check the ciphertext comes back. */
static void tag_of(const uint8_t *key, size_t kl, const uint8_t *iv,
                   const uint8_t *ct, size_t len, const uint8_t *aad,
                   size_t adlen, uint8_t tag[16]) {
    hush_aes_ctx a;
    uint8_t ctr[16];
    uint8_t *p = malloc(len + 1), *c = malloc(len + 1);
    memcpy(ctr, iv, 12);
    ctr[12] = ctr[13] = ctr[14] = 0, ctr[15] = 2;
    CHECK_EQ_INT(hush_aes_init(&a, key, kl), HUSH_OK);
    hush_aes_ctr_xor(&a, p, ct, len, ctr);
    CHECK_EQ_INT(hush_aead_encrypt_detached(alg_for(kl), c, tag, p, len, aad,
                                            adlen, iv, key),
                 HUSH_OK);
    CHECK_MEM(c, ct, len);
    free(p), free(c);
}

static void cavp_file(const char *name, int decrypt_file) {
    char path[128];
    unsigned long run = 0, refused = 0, truncated = 0, fails = 0;
    snprintf(path, sizeof path, "ciphers/AES/GCM/%s", name);
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, path);
    while (ht_kv_next(f)) {
        const char *ivlen = ht_kv_section(f, "IVlen");
        const char *taglen = ht_kv_section(f, "Taglen");
        ht_context = name;
        if (ivlen == NULL || taglen == NULL) {
            CHECK(0);
            continue;
        }
        if (ht_number(ivlen, 0) != 96) {
            refused++; /* by design: the API takes 12-byte nonces only */
            continue;
        }
        size_t kl, il, pl = 0, cl, al, tl;
        uint8_t *key = ht_kv_hex(f, "Key", &kl), *iv = ht_kv_hex(f, "IV", &il),
                *ct = ht_kv_hex(f, "CT", &cl), *aad = ht_kv_hex(f, "AAD", &al),
                *tag = ht_kv_hex(f, "Tag", &tl);
        int fail = ht_kv_has(f, "FAIL");
        uint8_t *pt = fail ? NULL : ht_kv_hex(f, "PT", &pl);
        uint8_t *out = malloc(cl + 1), gt[16];
        CHECK(il == 12 && (kl == 16 || kl == 32));
        CHECK(fail || pl == cl);
        run++;
        if (tl == 16) {
            if (!decrypt_file) {
                CHECK_EQ_INT(hush_aead_encrypt_detached(alg_for(kl), out, gt,
                                                        pt, pl, aad, al, iv,
                                                        key),
                             HUSH_OK);
                CHECK_MEM(out, ct, cl);
                CHECK_MEM(gt, tag, 16);
            }
            memset(out, 0xa5, cl + 1);
            int r = hush_aead_decrypt_detached(alg_for(kl), out, ct, cl, tag,
                                               aad, al, iv, key);
            if (fail) {
                fails++;
                CHECK_EQ_INT(r, HUSH_ERR_AUTH);
                CHECK(ht_all_zero(out, cl));
            } else {
                CHECK_EQ_INT(r, HUSH_OK);
                CHECK_MEM(out, pt, pl);
            }
        } else {
            /* shorter tags: hush only emits 16-byte tags; check that its
             * tag truncated to Taglen agrees (PASS) or differs (FAIL) */
            truncated++;
            tag_of(key, kl, iv, ct, cl, aad, al, gt);
            if (fail) {
                fails++;
                CHECK(memcmp(gt, tag, tl) != 0);
            } else {
                CHECK_MEM(gt, tag, tl);
                hush_aes_ctx a;
                uint8_t ctr[16] = {0};
                memcpy(ctr, iv, 12);
                ctr[15] = 2;
                CHECK_EQ_INT(hush_aes_init(&a, key, kl), HUSH_OK);
                hush_aes_ctr_xor(&a, out, pt, pl, ctr);
                CHECK_MEM(out, ct, cl);
            }
        }
        free(key), free(iv), free(ct), free(aad), free(tag), free(pt);
        free(out);
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK(run == 2625); /* 7875 records, one third with 96-bit IVs */
    if (report)
        printf("%s: %lu run (%lu with truncated tags, %lu FAIL records "
               "rejected), %lu refused (IV length != 96 bits)\n",
               name, run, truncated, fails, refused);
}

static void test_wycheproof(void) {
    json_t *root = ht_json_load("wycheproof/aes_gcm_test.json");
    json_t *groups = json_object_get(root, "testGroups");
    unsigned long run = 0, refused_iv = 0, no192 = 0, invalid = 0;
    size_t gi;
    json_t *g;
    json_array_foreach(groups, gi, g) {
        int keysize = (int)json_integer_value(json_object_get(g, "keySize"));
        int ivsize = (int)json_integer_value(json_object_get(g, "ivSize"));
        int tagsize = (int)json_integer_value(json_object_get(g, "tagSize"));
        json_t *tests = json_object_get(g, "tests");
        size_t ti;
        json_t *t;
        json_array_foreach(tests, ti, t) {
            if (ivsize != 96) {
                refused_iv++;
                continue;
            }
            if (keysize == 192) {
                no192++;
                continue;
            }
            CHECK(tagsize == 128 && (keysize == 128 || keysize == 256));
            char ctx[64];
            snprintf(ctx, sizeof ctx, "wycheproof tcId %lld",
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = ctx;
            size_t kl, il, al, ml, cl, tl;
            uint8_t *key = ht_json_hex(t, "key", &kl),
                    *iv = ht_json_hex(t, "iv", &il),
                    *aad = ht_json_hex(t, "aad", &al),
                    *msg = ht_json_hex(t, "msg", &ml),
                    *ct = ht_json_hex(t, "ct", &cl),
                    *tag = ht_json_hex(t, "tag", &tl);
            const char *result = ht_json_result(t);
            uint8_t *out = malloc(ml + 1), gt[16];
            hush_aead_alg a = alg_for(kl);
            run++;
            if (strcmp(result, "invalid") != 0) {
                CHECK_EQ_INT(hush_aead_encrypt_detached(a, out, gt, msg, ml,
                                                        aad, al, iv, key),
                             HUSH_OK);
                CHECK_MEM(out, ct, cl);
                CHECK_MEM(gt, tag, 16);
                CHECK_EQ_INT(hush_aead_decrypt_detached(a, out, ct, cl, tag,
                                                        aad, al, iv, key),
                             HUSH_OK);
                CHECK_MEM(out, msg, ml);
            } else {
                invalid++;
                memset(out, 0xa5, cl + 1);
                int r = tl == 16 ? hush_aead_decrypt_detached(
                                       a, out, ct, cl, tag, aad, al, iv, key)
                                 : HUSH_ERR_AUTH;
                CHECK_EQ_INT(r, HUSH_ERR_AUTH);
                CHECK(ht_all_zero(out, cl));
            }
            free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
            free(out);
        }
    }
    ht_context = NULL;
    json_decref(root);
    CHECK(run == 133);
    if (report)
        printf(
            "wycheproof aes_gcm: %lu run (%lu invalid rejected), %lu refused "
            "(IV length != 96 bits), %lu not offered (192-bit keys)\n",
            run, invalid, refused_iv, no192);
}

static void openssl_128(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                        size_t mlen, const uint8_t *ad, size_t adlen,
                        const uint8_t *nonce, const uint8_t *key) {
    openssl_gcm(key, 16, nonce, c, tag, m, mlen, ad, adlen);
}

static void openssl_256(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                        size_t mlen, const uint8_t *ad, size_t adlen,
                        const uint8_t *nonce, const uint8_t *key) {
    openssl_gcm(key, 32, nonce, c, tag, m, mlen, ad, adlen);
}

/* The generic AEAD body (tests/aead/aead_generic.h) for both key sizes.
 * SP 800-38D: plaintext <= 2^36 - 32 bytes, AD < 2^61 bytes. The longer
 * messages run through the 16-block runs and the large-AD path; the
 * bitsliced tier is slow (and slower still under ASan): its "large"
 * message is 100 kB, every other tier's 1 MiB + 13. */
static void generic(int diff) {
    size_t large =
        strcmp(hush_impl("aes"), "portable") == 0 ? 100013 : (1 << 20) + 13;
    /* the long ones, then every message of the short path (at most 64
     * bytes: whole and partial blocks, in xmm chains and in ymm pairs)
     * with no AD, one partial AD block, a whole one, and one more than
     * that path takes; then its edges */
    static const size_t ads[] = {0, 1, 15, 16, 17};
    aead_more more[4 + 65 * 5 + 4] = {
        {large, 33}, {large - 13, 0}, {16384, 13}, {65536 + 240, 4096 + 3}};
    size_t nmore = 4;
    for (size_t len = 0; len <= 64; len++)
        for (size_t j = 0; j < sizeof ads / sizeof ads[0]; j++)
            more[nmore++] = (aead_more){len, ads[j]};
    more[nmore++] = (aead_more){65, 0};
    more[nmore++] = (aead_more){65, 16};
    more[nmore++] = (aead_more){255, 16};
    more[nmore++] = (aead_more){256, 16};
    const aead_case cases[] = {
        {HUSH_AES128GCM, "AES-128-GCM", 16, 12, ((uint64_t)1 << 36) - 32,
         ((uint64_t)1 << 61) - 1, openssl_128, more, nmore},
        {HUSH_AES256GCM, "AES-256-GCM", 32, 12, ((uint64_t)1 << 36) - 32,
         ((uint64_t)1 << 61) - 1, openssl_256, more, nmore},
    };
    for (size_t i = 0; i < 2; i++) {
        if (diff)
            aead_generic_diff(&cases[i]);
        else
            aead_generic_api(&cases[i]);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    HT_FOR_EACH_IMPL("aes", aes) {
        HT_FOR_EACH_IMPL("ghash", ghash) {
            if (ht_part("kat")) {
                cavp_file("gcmEncryptExtIV128.rsp", 0);
                cavp_file("gcmEncryptExtIV256.rsp", 0);
                cavp_file("gcmDecrypt128.rsp", 1);
                cavp_file("gcmDecrypt256.rsp", 1);
            }
            if (vectors) test_wycheproof();
            if (ht_part("diff")) generic(1);
            if (ht_part("api")) generic(0);
            report = 0;
        }
    }
    return ht_end();
}
