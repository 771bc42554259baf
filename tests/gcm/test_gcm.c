/*
 * AES-128-GCM and AES-256-GCM through the AEAD API, for every combination
 * of aes and ghash implementations, in four parts:
 *   kat      CAVP gcmEncryptExtIV and gcmDecrypt (128 and 256), from
 *            Debian's python3-cryptography-vectors
 *   vectors  Wycheproof aes_gcm_test.json, from the vector directory
 *   diff     differential tests against OpenSSL EVP on every length
 *            0..1100 plus large ones, in place == out of place, buffers
 *            against a guard page, keyed objects == one-shot, tampering ->
 *            HUSH_ERR_AUTH with zeroed output
 *   api      the length limits
 *
 * The API takes 12-byte nonces only: vectors with other IV lengths cannot
 * be expressed and are counted as refused; 192-bit keys are not offered by
 * the AEAD API (AES-192 is only a block cipher here) and are counted too.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

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

static void openssl_gcm(const uint8_t *key, size_t kl, const uint8_t *iv,
                        uint8_t *c, uint8_t tag[16], const uint8_t *m,
                        size_t mlen, const uint8_t *ad, size_t adlen) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0;
    EVP_EncryptInit_ex(x, kl == 16 ? EVP_aes_128_gcm() : EVP_aes_256_gcm(),
                       NULL, key, iv);
    if (adlen) EVP_EncryptUpdate(x, NULL, &l, ad, (int)adlen);
    if (mlen) EVP_EncryptUpdate(x, c, &l, m, (int)mlen);
    EVP_EncryptFinal_ex(x, c + l, &l);
    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(x);
}

/* One message, every way through the API, against OpenSSL. */
static void differential_one(size_t kl, size_t mlen, size_t adlen,
                             uint8_t *buf[5]) {
    uint8_t key[32], iv[12], wtag[16], tag[16];
    uint8_t *m = buf[0], *ad = buf[1], *want = buf[2], *c = buf[3], *p = buf[4];
    hush_aead_alg a = alg_for(kl);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(iv, sizeof iv);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    openssl_gcm(key, kl, iv, want, wtag, m, mlen, ad, adlen);
    /* combined */
    CHECK_EQ_INT(hush_aead_encrypt(a, c, m, mlen, ad, adlen, iv, key), HUSH_OK);
    CHECK_MEM(c, want, mlen);
    CHECK_MEM(c + mlen, wtag, 16);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, c, mlen + 16, ad, adlen, iv, key),
                 HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* in place, detached */
    memcpy(p, m, mlen);
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, p, tag, p, mlen, ad, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(p, want, mlen);
    CHECK_MEM(tag, wtag, 16);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, p, p, mlen, tag, ad, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(p, m, mlen);
    /* the tag output may alias the AD or the nonce (only the message
     * buffers are excluded): both must be read before the tag is written */
    if (adlen >= 16) {
        uint8_t *adt = malloc(adlen);
        CHECK(adt != NULL);
        memcpy(adt, ad, adlen);
        CHECK_EQ_INT(
            hush_aead_encrypt_detached(a, p, adt, m, mlen, adt, adlen, iv, key),
            HUSH_OK);
        CHECK_MEM(p, want, mlen);
        CHECK_MEM(adt, wtag, 16);
        free(adt);
    }
    {
        uint8_t ivt[16] = {0};
        memcpy(ivt, iv, 12);
        CHECK_EQ_INT(
            hush_aead_encrypt_detached(a, p, ivt, m, mlen, ad, adlen, ivt, key),
            HUSH_OK);
        CHECK_MEM(p, want, mlen);
        CHECK_MEM(ivt, wtag, 16);
    }
    /* tampering: one bit of the ciphertext, the tag or the AD */
    size_t where = (size_t)(ht_rand_u64() % (mlen + 16 + adlen));
    uint8_t bit = (uint8_t)(1u << (ht_rand_u64() % 8));
    uint8_t *target = where < mlen + 16 ? c + where : ad + (where - mlen - 16);
    *target ^= bit;
    memset(p, 0xa5, mlen);
    CHECK_EQ_INT(hush_aead_decrypt(a, p, c, mlen + 16, ad, adlen, iv, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, mlen));
    /* in place tampered: the ciphertext buffer itself is zeroed */
    memcpy(p, c, mlen);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, p, p, mlen, c + mlen, ad, adlen, iv, key),
        HUSH_ERR_AUTH);
    CHECK(ht_all_zero(p, mlen));
    *target ^= bit;
}

/*
 * Messages, AD and outputs whose last byte sits against a guard page: the
 * vector tiers then cannot use a masked access that runs past the buffer
 * (src/core/tail_avx512.h), and a byte too many read or written faults.
 * Every length up to 300 (one and two masked steps, the short and tiny
 * paths), AD of 0..40 bytes, against OpenSSL on ordinary buffers.
 */
static void page_edge_one(size_t kl, size_t mlen, size_t adlen) {
    uint8_t key[32], iv[12], want[320], wtag[16], tag[16], m[320], ad[48];
    hush_aead_alg a = alg_for(kl);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(iv, sizeof iv);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    openssl_gcm(key, kl, iv, want, wtag, m, mlen, ad, adlen);
    uint8_t *em = ht_guarded_end(0, mlen), *ead = ht_guarded_end(1, adlen);
    uint8_t *ec = ht_guarded_end(2, mlen), *ep = ht_guarded_end(3, mlen);
    uint8_t *ecomb = ht_guarded_end(4, mlen + 16);
    memcpy(em, m, mlen);
    memcpy(ead, ad, adlen);
    const uint8_t *adp = adlen ? ead : NULL;
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, ec, tag, em, mlen, adp, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(ec, want, mlen);
    CHECK_MEM(tag, wtag, 16);
    CHECK_EQ_INT(hush_aead_encrypt(a, ecomb, em, mlen, adp, adlen, iv, key),
                 HUSH_OK);
    CHECK_MEM(ecomb, want, mlen);
    CHECK_MEM(ecomb + mlen, wtag, 16);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, ep, ec, mlen, tag, adp, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(ep, m, mlen);
    /* in place, at the edge, both ways */
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, em, tag, em, mlen, adp, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(em, want, mlen);
    CHECK_EQ_INT(
        hush_aead_decrypt_detached(a, em, em, mlen, tag, adp, adlen, iv, key),
        HUSH_OK);
    CHECK_MEM(em, m, mlen);
}

static void test_page_edges(void) {
    static const size_t adlens[] = {0, 1, 13, 16, 17, 40};
    for (size_t mlen = 0; mlen <= 300; mlen++)
        for (size_t i = 0; i < sizeof adlens / sizeof adlens[0]; i++)
            page_edge_one((mlen + i) % 2 ? 16 : 32, mlen, adlens[i]);
}

static void test_differential(void) {
    enum { MAX = 1100, LARGE = (1 << 20) + 13 };
    uint8_t *buf[5];
    for (int i = 0; i < 5; i++)
        buf[i] = malloc(LARGE + 16);
    for (size_t len = 0; len <= MAX; len++) {
        size_t adlen = (len % 5 == 0) ? 0 : (size_t)(ht_rand_u64() % 80);
        if (len % 97 == 3) adlen = 600 + len; /* long AD through the runs */
        differential_one(len % 2 ? 16 : 32, len, adlen, buf);
    }
    /* every pairing of a message and AD of at most one block (the fused
     * tier's straight-line path for them), both key sizes */
    for (size_t len = 0; len <= 16; len++)
        for (size_t adlen = 0; adlen <= 16; adlen++)
            differential_one(adlen % 2 ? 16 : 32, len, adlen, buf);
    /* the bitsliced tier is slow (and slower still under ASan): its
     * "large" message is 100 kB, every other tier's 1 MiB + 13 */
    size_t large = strcmp(hush_impl("aes"), "portable") == 0 ? 100013 : LARGE;
    differential_one(16, large, 33, buf);
    differential_one(32, large - 13, 0, buf);
    differential_one(16, 16384, 13, buf);
    differential_one(32, 65536 + 240, 4096 + 3, buf);
    for (int i = 0; i < 5; i++)
        free(buf[i]);
}

/* Keyed objects give the same bytes as the one-shot calls, and open and
 * refuse alike. One-shot calls may build only the powers of H their
 * message reads (desc->setup_for); keyed objects build all of them. Both
 * must agree, and open must accept, at every boundary of that choice: message
 * lengths 0..130 (the short path ends at 112 bytes, 8 powers at 96) and around
 * 512, AD lengths around 16 and beyond a 16-block run. */
static void test_oneshot_matches_object(void) {
    static const size_t adlens[] = {0, 1, 15, 16, 17, 32, 33, 255, 256, 257};
    enum { MMAX = 530 };
    for (int w = 0; w < 2; w++) {
        size_t kl = w ? 32 : 16;
        hush_aead_alg a = alg_for(kl);
        uint8_t key[32], iv[12], m[MMAX], ad[257], c1[MMAX + 16], c2[MMAX + 16],
            p[MMAX];
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(iv, sizeof iv);
        ht_rand_bytes(m, sizeof m);
        ht_rand_bytes(ad, sizeof ad);
        hush_secret *s;
        hush_aead_ctx *k;
        CHECK_EQ_INT(hush_secret_from(&s, key, kl, 0), HUSH_OK);
        CHECK_EQ_INT(hush_aead_new(&k, a, s), HUSH_OK);
        hush_secret_destroy(s);
        for (size_t len = 0; len <= MMAX; len++) {
            if (len > 130 && (len < 490 || len > 520) && len != MMAX &&
                len % 37 != 0)
                continue;
            for (size_t i = 0; i < sizeof adlens / sizeof adlens[0]; i++) {
                size_t al = adlens[i];
                CHECK_EQ_INT(hush_aead_encrypt(a, c1, m, len, ad, al, iv, key),
                             HUSH_OK);
                CHECK_EQ_INT(hush_aead_seal(k, c2, m, len, ad, al, iv),
                             HUSH_OK);
                CHECK_MEM(c1, c2, len + 16);
                CHECK_EQ_INT(
                    hush_aead_decrypt(a, p, c2, len + 16, ad, al, iv, key),
                    HUSH_OK);
                CHECK_MEM(p, m, len);
                CHECK_EQ_INT(hush_aead_open(k, p, c2, len + 16, ad, al, iv),
                             HUSH_OK);
                CHECK_MEM(p, m, len);
                c2[len] ^= 1;
                CHECK_EQ_INT(hush_aead_open(k, p, c2, len + 16, ad, al, iv),
                             HUSH_ERR_AUTH);
            }
        }
        hush_aead_free(k);
    }
}

static void test_limits(void) {
    uint8_t key[32] = {0}, iv[12] = {0}, buf[64] = {0}, tag[16];
    CHECK_EQ_INT(hush_aead_keybytes(HUSH_AES128GCM), 16);
    CHECK_EQ_INT(hush_aead_keybytes(HUSH_AES256GCM), 32);
    CHECK_EQ_INT(hush_aead_noncebytes(HUSH_AES128GCM), 12);
    CHECK_EQ_INT(hush_aead_noncebytes(HUSH_AES256GCM), 12);
    CHECK_EQ_INT(hush_aead_tagbytes(HUSH_AES256GCM), 16);
    /* SP 800-38D: plaintext <= 2^36 - 32 bytes, AD < 2^61 bytes; refused
     * before any byte is touched (in place, so only the length decides) */
    size_t too_long = ((size_t)1 << 36) - 31;
    CHECK_EQ_INT(hush_aead_encrypt_detached(HUSH_AES128GCM, buf, tag, buf,
                                            too_long, NULL, 0, iv, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_decrypt_detached(HUSH_AES256GCM, buf, buf, too_long,
                                            tag, NULL, 0, iv, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_encrypt_detached(HUSH_AES128GCM, buf, tag, buf, 16,
                                            buf, (size_t)1 << 61, iv, key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(
        hush_aead_decrypt(HUSH_AES128GCM, buf, buf, 15, NULL, 0, iv, key),
        HUSH_ERR_INVALID);
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
            if (ht_part("diff")) {
                test_differential();
                test_page_edges();
                test_oneshot_matches_object();
            }
            report = 0;
        }
    }
    if (ht_part("api")) test_limits();
    return ht_end();
}
