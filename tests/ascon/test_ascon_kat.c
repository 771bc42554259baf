/*
 * Every entry of the official Ascon KAT files (ascon-c, NIST SP 800-232)
 * and of Wycheproof's Ascon-AEAD128 file, read from the vector directory
 * (one part, "vectors"; skipped without it), for every implementation: the
 * one-shot functions, the incremental context at random split points, and
 * every form of the generic AEAD API (combined, detached, in place, keyed
 * object), with tampered inputs refused and the output zeroed.
 */
#include <stdlib.h>
#include <string.h>

#include "ascon_test_util.h"
#include "harness.h"

static char context[128];

/* A copy of buf with one random bit flipped. */
static uint8_t *flipped(const uint8_t *buf, size_t len) {
    uint8_t *b = malloc(len ? len : 1);
    if (len) memcpy(b, buf, len);
    if (len) b[ht_rand_u64() % len] ^= (uint8_t)(1u << (ht_rand_u64() % 8));
    return b;
}

/* Checks one Ascon-AEAD128 case through every form of the API. ctlen
 * includes the 16-byte tag. */
static void check_aead(const uint8_t *key, const uint8_t *nonce,
                       const uint8_t *pt, size_t ptlen, const uint8_t *ad,
                       size_t adlen, const uint8_t *ct, size_t ctlen) {
    const hush_aead_alg A = HUSH_ASCON_AEAD128;
    CHECK_EQ_INT(ctlen, ptlen + 16);
    if (ctlen != ptlen + 16) return;
    uint8_t *c = malloc(ctlen), *m = malloc(ptlen + 1), tag[16];

    /* combined */
    memset(c, 0xa5, ctlen);
    CHECK_EQ_INT(hush_aead_encrypt(A, c, pt, ptlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(c, ct, ctlen);
    memset(m, 0xa5, ptlen + 1);
    CHECK_EQ_INT(hush_aead_decrypt(A, m, ct, ctlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(m, pt, ptlen);
    CHECK(m[ptlen] == 0xa5); /* nothing written past the plaintext */

    /* detached */
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(A, c, tag, pt, ptlen, ad, adlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(c, ct, ptlen);
    CHECK_MEM(tag, ct + ptlen, 16);
    CHECK_EQ_INT(hush_aead_decrypt_detached(A, m, ct, ptlen, ct + ptlen, ad,
                                            adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(m, pt, ptlen);

    /* in place, both ways */
    if (ptlen) memcpy(c, pt, ptlen);
    CHECK_EQ_INT(hush_aead_encrypt(A, c, c, ptlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(c, ct, ctlen);
    CHECK_EQ_INT(hush_aead_decrypt(A, c, c, ctlen, ad, adlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(c, pt, ptlen);

    /* keyed object */
    hush_aead_ctx *k = ht_aead_keyed(A, key);
    if (k) {
        CHECK_EQ_INT(hush_aead_seal(k, c, pt, ptlen, ad, adlen, nonce),
                     HUSH_OK);
        CHECK_MEM(c, ct, ctlen);
        CHECK_EQ_INT(hush_aead_open(k, m, ct, ctlen, ad, adlen, nonce),
                     HUSH_OK);
        CHECK_MEM(m, pt, ptlen);
        hush_aead_free(k);
    }

    /* one flipped bit anywhere in ciphertext, tag, AD, nonce or key */
    for (int what = 0; what < 4; what++) {
        const uint8_t *cc = ct, *aa = ad, *nn = nonce, *kk = key;
        uint8_t *bad;
        if (what == 0)
            cc = bad = flipped(ct, ctlen);
        else if (what == 1) {
            if (adlen == 0) continue;
            aa = bad = flipped(ad, adlen);
        } else if (what == 2)
            nn = bad = flipped(nonce, 16);
        else
            kk = bad = flipped(key, 16);
        memset(m, 0xa5, ptlen + 1);
        CHECK_EQ_INT(hush_aead_decrypt(A, m, cc, ctlen, aa, adlen, nn, kk),
                     HUSH_ERR_AUTH);
        CHECK(ht_all_zero(m, ptlen));
        CHECK(m[ptlen] == 0xa5);
        free(bad);
    }
    free(c);
    free(m);
}

static void test_aead_kat(void) {
    ht_kv_file *f =
        ht_kv_open(HT_DIR, "ascon/asconaead128/LWC_AEAD_KAT_128_128.txt");
    size_t records = 0;
    while (ht_kv_next(f)) {
        size_t kl, nl, pl, al, cl;
        uint8_t *key = ht_kv_hex(f, "Key", &kl),
                *nonce = ht_kv_hex(f, "Nonce", &nl);
        uint8_t *pt = ht_kv_hex(f, "PT", &pl), *ad = ht_kv_hex(f, "AD", &al);
        uint8_t *ct = ht_kv_hex(f, "CT", &cl);
        snprintf(context, sizeof context, "AEAD KAT Count %s",
                 ht_kv_get(f, "Count"));
        ht_context = context;
        CHECK(kl == 16 && nl == 16);
        if (kl == 16 && nl == 16)
            check_aead(key, nonce, pt, pl, ad, al, ct, cl);
        free(key), free(nonce), free(pt), free(ad), free(ct);
        records++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(records, 1089);
    printf("LWC_AEAD_KAT_128_128.txt: %zu records\n", records);
}

/* One sponge KAT record: one-shot, then incremental at random splits. */
static void check_sponge(t_sponge kind, const uint8_t *cs, size_t cslen,
                         const uint8_t *msg, size_t len, const uint8_t *md,
                         size_t mdlen) {
    uint8_t out[64], inc[64];
    CHECK(mdlen <= sizeof out);
    if (mdlen > sizeof out) return;
    memset(out, 0, sizeof out);
    switch (kind) {
    case T_HASH256:
        CHECK_EQ_INT(mdlen, 32);
        hush_ascon_hash256(out, msg, len);
        break;
    case T_XOF128: hush_ascon_xof128(out, mdlen, msg, len); break;
    case T_CXOF128:
        CHECK_EQ_INT(hush_ascon_cxof128(out, mdlen, cs, cslen, msg, len),
                     HUSH_OK);
        break;
    }
    CHECK_MEM(out, md, mdlen);
    for (int round = 0; round < 2; round++) {
        memset(inc, 0, sizeof inc);
        t_sponge_incremental(kind, cs, cslen, msg, len, inc, mdlen);
        CHECK_MEM(inc, md, mdlen);
    }
    /* a shorter XOF output is a prefix of the longer one */
    if (kind != T_HASH256) {
        size_t shorter = ht_rand_u64() % (mdlen + 1);
        memset(inc, 0, sizeof inc);
        if (kind == T_XOF128)
            hush_ascon_xof128(inc, shorter, msg, len);
        else
            CHECK_EQ_INT(hush_ascon_cxof128(inc, shorter, cs, cslen, msg, len),
                         HUSH_OK);
        CHECK_MEM(inc, md, shorter);
        CHECK(ht_all_zero(inc + shorter, sizeof inc - shorter));
    }
}

static void test_sponge_kat(t_sponge kind, const char *path, size_t expect) {
    ht_kv_file *f = ht_kv_open(HT_DIR, path);
    size_t records = 0;
    while (ht_kv_next(f)) {
        size_t ml, dl, zl = 0;
        uint8_t *msg = ht_kv_hex(f, "Msg", &ml), *md = ht_kv_hex(f, "MD", &dl);
        uint8_t *z = kind == T_CXOF128 ? ht_kv_hex(f, "Z", &zl) : NULL;
        snprintf(context, sizeof context, "%s Count %s", path,
                 ht_kv_get(f, "Count"));
        ht_context = context;
        check_sponge(kind, z, zl, msg, ml, md, dl);
        free(msg), free(md), free(z);
        records++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(records, expect);
    printf("%s: %zu records\n", path, records);
}

static void test_wycheproof(void) {
    json_t *root = ht_json_load("wycheproof/ascon_sp800_232_aead128_test.json");
    size_t gi, ti, valid = 0, invalid = 0;
    json_t *g, *t;
    json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            size_t kl, nl, al, ml, cl, tl;
            uint8_t *key = ht_json_hex(t, "key", &kl);
            uint8_t *iv = ht_json_hex(t, "iv", &nl);
            uint8_t *aad = ht_json_hex(t, "aad", &al);
            uint8_t *msg = ht_json_hex(t, "msg", &ml);
            uint8_t *ct = ht_json_hex(t, "ct", &cl);
            uint8_t *tag = ht_json_hex(t, "tag", &tl);
            snprintf(context, sizeof context, "wycheproof tcId %lld",
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = context;
            CHECK(kl == 16 && nl == 16 && tl == 16 && cl == ml);
            uint8_t *full = malloc(cl + 16), *m = malloc(cl + 1);
            if (cl) memcpy(full, ct, cl);
            memcpy(full + cl, tag, 16);
            if (strcmp(ht_json_result(t), "valid") == 0) {
                check_aead(key, iv, msg, ml, aad, al, full, cl + 16);
                valid++;
            } else {
                memset(m, 0xa5, cl + 1);
                CHECK_EQ_INT(hush_aead_decrypt(HUSH_ASCON_AEAD128, m, full,
                                               cl + 16, aad, al, iv, key),
                             HUSH_ERR_AUTH);
                CHECK(ht_all_zero(m, cl));
                invalid++;
            }
            free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
            free(full), free(m);
        }
    }
    ht_context = NULL;
    json_decref(root);
    CHECK_EQ_INT(valid, 128);
    CHECK_EQ_INT(invalid, 124);
    printf("wycheproof ascon_aead128: %zu valid, %zu invalid refused\n", valid,
           invalid);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x6173636f6e6b6174ull);
    if (!ht_part("vectors") || ht_vectors_dir() == NULL) return ht_end();
    HT_FOR_EACH_IMPL("ascon", impl) {
        test_aead_kat();
        test_sponge_kat(T_HASH256,
                        "ascon/asconhash256/LWC_HASH_KAT_128_256.txt", 1025);
        test_sponge_kat(T_XOF128, "ascon/asconxof128/LWC_XOF_KAT_128_512.txt",
                        1025);
        test_sponge_kat(T_CXOF128,
                        "ascon/asconcxof128/LWC_CXOF_KAT_128_512.txt", 1089);
        test_wycheproof();
    }
    return ht_end();
}
