/*
 * ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305, for every pair of
 * chacha20 / poly1305 implementations, in parts:
 *   kat      the BoringSSL and OpenSSL ChaCha20-Poly1305 sets, from Debian's
 *            python3-cryptography-vectors
 *   vectors  the RFC 8439 and XChaCha draft AEAD and Poly1305 key
 *            generation vectors (rfc-vectors.txt) and Wycheproof, from the
 *            vector directory
 *   diff     the generic AEAD body against libsodium, both algorithms
 *            (tests/aead/aead_generic.h)
 *   api      the generic body's documented errors and limits; keyed
 *            objects keep their implementation
 * ChaCha20 alone is tested in tests/chacha20, Poly1305 in tests/poly1305.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "aead_generic.h"
#include "harness.h"

static void check_aead_vector(hush_aead_alg alg, const uint8_t *key,
                              const uint8_t *nonce, const uint8_t *aad,
                              size_t aadlen, const uint8_t *pt, size_t ptlen,
                              const uint8_t *ct, const uint8_t *tag) {
    uint8_t *c = malloc(ptlen + 16), *m = malloc(ptlen + 1);
    CHECK_EQ_INT(hush_aead_encrypt(alg, c, pt, ptlen, aad, aadlen, nonce, key),
                 HUSH_OK);
    CHECK_MEM(c, ct, ptlen);
    CHECK_MEM(c + ptlen, tag, 16);
    CHECK_EQ_INT(
        hush_aead_decrypt(alg, m, c, ptlen + 16, aad, aadlen, nonce, key),
        HUSH_OK);
    CHECK_MEM(m, pt, ptlen);
    /* the keyed object gives the same */
    hush_aead_ctx *k = ht_aead_keyed(alg, key);
    memset(c, 0, ptlen + 16);
    CHECK_EQ_INT(hush_aead_seal(k, c, pt, ptlen, aad, aadlen, nonce), HUSH_OK);
    CHECK_MEM(c, ct, ptlen);
    CHECK_MEM(c + ptlen, tag, 16);
    CHECK_EQ_INT(hush_aead_open(k, m, c, ptlen + 16, aad, aadlen, nonce),
                 HUSH_OK);
    CHECK_MEM(m, pt, ptlen);
    hush_aead_free(k);
    free(c);
    free(m);
}

/* A forged ciphertext (one-shot and keyed): HUSH_ERR_AUTH, output zeroed. */
static void check_aead_refused(hush_aead_alg alg, const uint8_t *key,
                               const uint8_t *nonce, const uint8_t *aad,
                               size_t aadlen, const uint8_t *ct, size_t ctlen,
                               const uint8_t *tag) {
    uint8_t *m = malloc(ctlen + 1);
    memset(m, 0xa5, ctlen + 1);
    CHECK_EQ_INT(hush_aead_decrypt_detached(alg, m, ct, ctlen, tag, aad, aadlen,
                                            nonce, key),
                 HUSH_ERR_AUTH);
    CHECK(ht_all_zero(m, ctlen));
    hush_aead_ctx *k = ht_aead_keyed(alg, key);
    memset(m, 0xa5, ctlen + 1);
    CHECK_EQ_INT(
        hush_aead_open_detached(k, m, ct, ctlen, tag, aad, aadlen, nonce),
        HUSH_ERR_AUTH);
    CHECK(ht_all_zero(m, ctlen));
    hush_aead_free(k);
    free(m);
}

/* One ChaCha20-Poly1305 record of the package's files, whose field names
 * differ: fields[] = key, nonce, aad, plaintext, ciphertext, tag. */
static void package_aead_record(const ht_kv_file *f,
                                const char *const fields[6]) {
    size_t len[6];
    uint8_t *v[6];
    for (int i = 0; i < 6; i++)
        v[i] = ht_kv_hex(f, fields[i], &len[i]);
    CHECK(len[0] == 32 && len[1] == 12 && len[5] == 16 && len[3] == len[4]);
    if (ht_kv_has(f, "Result")) /* OpenSSL's CIPHERFINAL_ERROR: a bad tag */
        check_aead_refused(HUSH_CHACHA20POLY1305, v[0], v[1], v[2], len[2],
                           v[4], len[4], v[5]);
    else
        check_aead_vector(HUSH_CHACHA20POLY1305, v[0], v[1], v[2], len[2], v[3],
                          len[3], v[4], v[5]);
    for (int i = 0; i < 6; i++)
        free(v[i]);
}

static void package_vectors(int report) {
    unsigned long aead = 0;
    static const struct {
        const char *path, *fields[6];
    } aead_files[] = {
        {"ciphers/ChaCha20Poly1305/boringssl.txt",
         {"KEY", "NONCE", "AD", "IN", "CT", "TAG"}},
        {"ciphers/ChaCha20Poly1305/openssl.txt",
         {"Key", "IV", "AAD", "Plaintext", "Ciphertext", "Tag"}},
    };
    for (size_t i = 0; i < 2; i++) {
        ht_kv_file *f = ht_kv_open(HT_PACKAGE, aead_files[i].path);
        while (ht_kv_next(f)) {
            ht_context = ht_kv_get(f, "COUNT");
            package_aead_record(f, aead_files[i].fields);
            aead++;
        }
        ht_kv_close(f);
    }
    ht_context = NULL;
    CHECK_EQ_INT(aead, 71);
    if (report) printf("package: %lu ChaCha20-Poly1305 records\n", aead);
}

static void rfc_vectors(int report) {
    ht_kv_file *f = NULL;
    int seen = 0;
    for (const char *alg; (alg = ht_rfc_next(&f)) != NULL;) {
        size_t kl = 0, nl = 0, pl = 0, cl = 0, al = 0, tl = 0, xl = 0;
        if (ht_starts_with(alg, "poly1305-keygen")) {
            /* RFC 8439 2.6: the one-time key is block 0 of ChaCha20 */
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *otk = ht_kv_hex(f, "otk", &xl);
            uint8_t out[32] = {0};
            hush_chacha20_xor(out, out, 32, nonce, key, 0);
            CHECK_MEM(out, otk, 32);
            free(key), free(nonce), free(otk);
            seen++;
        } else if (ht_starts_with(alg, "aead-chacha20-poly1305") ||
                   ht_starts_with(alg, "aead-xchacha20-poly1305")) {
            hush_aead_alg a = ht_starts_with(alg, "aead-x")
                                  ? HUSH_XCHACHA20POLY1305
                                  : HUSH_CHACHA20POLY1305;
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *aad = ht_kv_hex(f, "aad", &al);
            uint8_t *pt = ht_kv_hex(f, "plaintext", &pl);
            uint8_t *ct = ht_kv_hex(f, "ciphertext", &cl);
            uint8_t *tag = ht_kv_hex(f, "tag", &tl);
            CHECK_EQ_INT(nl, hush_aead_noncebytes(a));
            check_aead_vector(a, key, nonce, aad, al, pt, pl, ct, tag);
            free(key), free(nonce), free(aad), free(pt), free(ct), free(tag);
            seen++;
        }
    }
    CHECK_EQ_INT(seen, 7); /* 4 key generations, 3 AEAD vectors */
    if (report) printf("rfc-vectors.txt: %d ChaCha20-Poly1305 vectors\n", seen);
}

/* Wycheproof: every case with its expected result. A nonce of another
 * length cannot even be expressed through the fixed-nonce API, so those
 * cases count as refused by design. */
static void wycheproof(const char *file, hush_aead_alg alg, int report) {
    json_t *root = ht_json_load(file);
    json_t *groups = json_object_get(root, "testGroups");
    size_t gi, ti, ran = 0, refused_nonce = 0;
    json_t *g, *t;
    char ctx[96];
    json_array_foreach(groups, gi, g) {
        size_t ivbits =
            (size_t)json_integer_value(json_object_get(g, "ivSize"));
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            snprintf(ctx, sizeof ctx, "%s tcId %lld", file,
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = ctx;
            const char *result = ht_json_result(t);
            if (ivbits != 8 * hush_aead_noncebytes(alg)) {
                CHECK(ht_json_has_flag(t, "InvalidNonceSize"));
                CHECK(strcmp(result, "invalid") == 0);
                refused_nonce++;
                continue;
            }
            size_t kl, nl, al, ml, cl, tl;
            uint8_t *key = ht_json_hex(t, "key", &kl);
            uint8_t *iv = ht_json_hex(t, "iv", &nl);
            uint8_t *aad = ht_json_hex(t, "aad", &al);
            uint8_t *msg = ht_json_hex(t, "msg", &ml);
            uint8_t *ct = ht_json_hex(t, "ct", &cl);
            uint8_t *tag = ht_json_hex(t, "tag", &tl);
            uint8_t *out = malloc(ml + 16), *back = malloc(cl + 1);
            int valid = strcmp(result, "valid") == 0;
            CHECK(valid || strcmp(result, "invalid") == 0);
            if (kl == 32 && tl == 16 && cl == ml) {
                CHECK_EQ_INT(hush_aead_encrypt_detached(alg, out, out + ml, msg,
                                                        ml, aad, al, iv, key),
                             HUSH_OK);
                /* encryption is deterministic: it matches exactly when valid */
                CHECK_EQ_INT(ht_mem_equal(out, ct, ml) &&
                                 ht_mem_equal(out + ml, tag, 16),
                             valid);
                memset(back, 0xa5, cl + 1);
                int r = hush_aead_decrypt_detached(alg, back, ct, cl, tag, aad,
                                                   al, iv, key);
                CHECK_EQ_INT(r, valid ? HUSH_OK : HUSH_ERR_AUTH);
                if (valid)
                    CHECK_MEM(back, msg, ml);
                else
                    CHECK(ht_all_zero(back, cl));
            } else {
                /* other key or tag sizes: the API refuses or cannot
                 * express them; the vector must be invalid */
                CHECK(!valid);
            }
            ran++;
            free(key), free(iv), free(aad), free(msg), free(ct), free(tag);
            free(out), free(back);
        }
    }
    ht_context = NULL;
    if (report)
        printf("%s: %zu cases run, %zu with another nonce size refused by "
               "design (the API takes a fixed %zu-byte nonce)\n",
               file, ran, refused_nonce, hush_aead_noncebytes(alg));
    CHECK(ran > 0);
    json_decref(root);
}

static void sodium_chachapoly(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                              size_t mlen, const uint8_t *ad, size_t adlen,
                              const uint8_t *nonce, const uint8_t *key) {
    crypto_aead_chacha20poly1305_ietf_encrypt_detached(
        c, tag, NULL, m, mlen, ad, adlen, NULL, nonce, key);
}

static void sodium_xchachapoly(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                               size_t mlen, const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key) {
    crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
        c, tag, NULL, m, mlen, ad, adlen, NULL, nonce, key);
}

/* The generic AEAD body (tests/aead/aead_generic.h) for both algorithms.
 * The longer messages cover several AEAD chunks with tails and partial
 * second halves of the 32-block ChaCha20 batch. RFC 8439: at most 2^32 - 1
 * blocks after block 0; XChaCha20-Poly1305 and the AD of both have no
 * limit below PTRDIFF_MAX. */
static void generic(int diff) {
    static const aead_more more[] = {
        {1536 + 5, 13},   {2047, 0},          {2048, 64},      {2049, 1},
        {2100, 17},       {3000, 33},         {3072 + 63, 48}, {4095, 15},
        {4096 + 64, 16},  {5 * 1024 + 1, 63}, {8191, 5},       {65536 + 17, 40},
        {1048576 + 3, 64}};
    const size_t nmore = sizeof more / sizeof more[0];
    const aead_case cases[] = {
        {HUSH_CHACHA20POLY1305, "ChaCha20-Poly1305", 32, 12,
         ((uint64_t)1 << 38) - 64, 0, sodium_chachapoly, more, nmore},
        {HUSH_XCHACHA20POLY1305, "XChaCha20-Poly1305", 32, 24, 0, 0,
         sodium_xchachapoly, more, nmore},
    };
    for (size_t i = 0; i < 2; i++) {
        if (diff)
            aead_generic_diff(&cases[i]);
        else
            aead_generic_api(&cases[i]);
    }
}

/* A keyed AEAD object keeps giving correct results when other
 * implementations are forced while it lives (it keeps the ones it was
 * made with). */
static void remembers_implementation(const char *chacha_impl,
                                     const char *poly_impl) {
    uint8_t key[32], msg[3000];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);
    uint8_t nonce[12] = {1}, c1[3016], c2[3016];
    unsigned long long clen;
    crypto_aead_chacha20poly1305_ietf_encrypt(c2, &clen, msg, sizeof msg, NULL,
                                              0, NULL, nonce, key);
    hush_aead_ctx *k = ht_aead_keyed(HUSH_CHACHA20POLY1305, key);
    CHECK_EQ_INT(hush_impl_force("chacha20", "portable"), HUSH_OK);
    CHECK_EQ_INT(hush_impl_force("poly1305", "portable"), HUSH_OK);
    CHECK_EQ_INT(hush_aead_seal(k, c1, msg, sizeof msg, NULL, 0, nonce),
                 HUSH_OK);
    CHECK_MEM(c1, c2, sizeof c1);
    hush_aead_free(k);
    CHECK_EQ_INT(hush_impl_force("chacha20", chacha_impl), HUSH_OK);
    CHECK_EQ_INT(hush_impl_force("poly1305", poly_impl), HUSH_OK);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if (sodium_init() < 0) return 1;
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("chacha20", cimpl) {
        HT_FOR_EACH_IMPL("poly1305", pimpl) {
            printf("chacha20=%s poly1305=%s\n", cimpl, pimpl);
            ht_rand_seed(0x5eed);
            if (ht_part("kat")) package_vectors(first);
            if (vectors) {
                rfc_vectors(first);
                wycheproof("wycheproof/chacha20_poly1305_test.json",
                           HUSH_CHACHA20POLY1305, first);
                wycheproof("wycheproof/xchacha20_poly1305_test.json",
                           HUSH_XCHACHA20POLY1305, first);
            }
            if (ht_part("diff")) generic(1);
            if (ht_part("api")) {
                generic(0);
                remembers_implementation(cimpl, pimpl);
            }
            first = 0;
        }
    }
    return ht_end();
}
