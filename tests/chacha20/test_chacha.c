/*
 * ChaCha20, XChaCha20, HChaCha20, Poly1305 and the two AEADs, for every pair
 * of chacha20 / poly1305 implementations, in parts:
 *   kat      RFC 7539 ChaCha20 (A.2) and Poly1305 (A.3) and the BoringSSL
 *            and OpenSSL ChaCha20-Poly1305 sets, from Debian's
 *            python3-cryptography-vectors
 *   vectors  RFC 8439 and XChaCha draft vectors (rfc-vectors.txt) and
 *            Wycheproof, from the vector directory
 *   diff     differential tests against libsodium
 *   api      limits; contexts and keyed objects keep their implementation
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "chacha20/chacha20_impl.h"
#include "harness.h"

static int starts_with(const char *s, const char *p) {
    return s != NULL && strncmp(s, p, strlen(p)) == 0;
}

static unsigned long num(const ht_kv_file *f, const char *name) {
    return strtoul(ht_kv_get(f, name), NULL, 10);
}

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
    hush_secret *sk = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_from(&sk, key, 32, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, alg, sk), HUSH_OK);
    hush_secret_destroy(sk);
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

/* out of place, then in place */
static void check_chacha20(const uint8_t *key, const uint8_t *nonce,
                           uint32_t counter, const uint8_t *pt,
                           const uint8_t *ct, size_t len) {
    uint8_t *out = malloc(len + 1);
    hush_chacha20_xor(out, pt, len, nonce, key, counter);
    CHECK_MEM(out, ct, len);
    memcpy(out, pt, len);
    hush_chacha20_xor(out, out, len, nonce, key, counter);
    CHECK_MEM(out, ct, len);
    free(out);
}

/* one-shot, then byte by byte through the context */
static void check_poly1305(const uint8_t *key, const uint8_t *msg, size_t len,
                           const uint8_t *tag) {
    uint8_t out[16];
    hush_poly1305(out, msg, len, key);
    CHECK_MEM(out, tag, 16);
    hush_poly1305_ctx c;
    hush_poly1305_init(&c, key);
    for (size_t i = 0; i < len; i++)
        hush_poly1305_update(&c, msg + i, 1);
    hush_poly1305_final(&c, out);
    CHECK_MEM(out, tag, 16);
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
    hush_secret *sk = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_from(&sk, key, 32, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, alg, sk), HUSH_OK);
    hush_secret_destroy(sk);
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
    unsigned long chacha = 0, poly = 0, aead = 0;
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "ciphers/ChaCha20/rfc7539.txt");
    while (ht_kv_next(f)) {
        size_t kl, nl, pl, cl;
        uint8_t *key = ht_kv_hex(f, "KEY", &kl);
        uint8_t *nonce = ht_kv_hex(f, "NONCE", &nl);
        uint8_t *pt = ht_kv_hex(f, "PLAINTEXT", &pl);
        uint8_t *ct = ht_kv_hex(f, "CIPHERTEXT", &cl);
        ht_context = ht_kv_get(f, "COUNT");
        CHECK(kl == 32 && nl == 12 && pl == cl);
        check_chacha20(key, nonce, (uint32_t)num(f, "INITIAL_BLOCK_COUNTER"),
                       pt, ct, pl);
        free(key), free(nonce), free(pt), free(ct);
        chacha++;
    }
    ht_kv_close(f);
    f = ht_kv_open(HT_PACKAGE, "poly1305/rfc7539.txt");
    while (ht_kv_next(f)) {
        size_t kl, ml, tl;
        uint8_t *key = ht_kv_hex(f, "KEY", &kl);
        uint8_t *msg = ht_kv_hex(f, "MSG", &ml);
        uint8_t *tag = ht_kv_hex(f, "TAG", &tl);
        ht_context = ht_kv_get(f, "COUNT");
        CHECK(kl == 32 && tl == 16);
        check_poly1305(key, msg, ml, tag);
        free(key), free(msg), free(tag);
        poly++;
    }
    ht_kv_close(f);
    static const struct {
        const char *path, *fields[6];
    } aead_files[] = {
        {"ciphers/ChaCha20Poly1305/boringssl.txt",
         {"KEY", "NONCE", "AD", "IN", "CT", "TAG"}},
        {"ciphers/ChaCha20Poly1305/openssl.txt",
         {"Key", "IV", "AAD", "Plaintext", "Ciphertext", "Tag"}},
    };
    for (size_t i = 0; i < 2; i++) {
        f = ht_kv_open(HT_PACKAGE, aead_files[i].path);
        while (ht_kv_next(f)) {
            ht_context = ht_kv_get(f, "COUNT");
            package_aead_record(f, aead_files[i].fields);
            aead++;
        }
        ht_kv_close(f);
    }
    ht_context = NULL;
    CHECK_EQ_INT(chacha, 3);
    CHECK_EQ_INT(poly, 11);
    CHECK_EQ_INT(aead, 71);
    if (report)
        printf("package: %lu ChaCha20, %lu Poly1305, %lu ChaCha20-Poly1305 "
               "records\n",
               chacha, poly, aead);
}

static void rfc_vectors(int report) {
    ht_kv_file *f = ht_kv_open(HT_DIR, "rfc/rfc-vectors.txt");
    int seen = 0;
    while (ht_kv_next(f)) {
        const char *alg = ht_kv_get(f, "alg");
        ht_context = ht_kv_section(f, "id");
        size_t kl = 0, nl = 0, pl = 0, cl = 0, al = 0, tl = 0, xl = 0;
        if (starts_with(alg, "chacha-quarterround")) {
            uint32_t a = (uint32_t)strtoul(ht_kv_get(f, "a"), NULL, 16);
            uint32_t b = (uint32_t)strtoul(ht_kv_get(f, "b"), NULL, 16);
            uint32_t c = (uint32_t)strtoul(ht_kv_get(f, "c"), NULL, 16);
            uint32_t d = (uint32_t)strtoul(ht_kv_get(f, "d"), NULL, 16);
            HUSH_CHACHA_QR(a, b, c, d);
            CHECK_EQ_INT(a, strtoul(ht_kv_get(f, "out_a"), NULL, 16));
            CHECK_EQ_INT(b, strtoul(ht_kv_get(f, "out_b"), NULL, 16));
            CHECK_EQ_INT(c, strtoul(ht_kv_get(f, "out_c"), NULL, 16));
            CHECK_EQ_INT(d, strtoul(ht_kv_get(f, "out_d"), NULL, 16));
            seen++;
        } else if (starts_with(alg, "chacha20-block")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *ks = ht_kv_hex(f, "keystream", &xl);
            uint8_t out[64] = {0};
            hush_chacha20_xor(out, out, 64, nonce, key,
                              (uint32_t)num(f, "counter"));
            CHECK_MEM(out, ks, 64);
            free(key), free(nonce), free(ks);
            seen++;
        } else if (starts_with(alg, "chacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *pt = ht_kv_hex(f, "plaintext", &pl);
            uint8_t *ct = ht_kv_hex(f, "ciphertext", &cl);
            check_chacha20(key, nonce, (uint32_t)num(f, "counter"), pt, ct, pl);
            free(key), free(nonce), free(pt), free(ct);
            seen++;
        } else if (starts_with(alg, "poly1305-keygen")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *otk = ht_kv_hex(f, "otk", &xl);
            uint8_t out[32] = {0};
            hush_chacha20_xor(out, out, 32, nonce, key, 0);
            CHECK_MEM(out, otk, 32);
            free(key), free(nonce), free(otk);
            seen++;
        } else if (starts_with(alg, "poly1305")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *msg = ht_kv_hex(f, "msg", &pl);
            uint8_t *tag = ht_kv_hex(f, "tag", &tl);
            check_poly1305(key, msg, pl, tag);
            free(key), free(msg), free(tag);
            seen++;
        } else if (starts_with(alg, "aead-chacha20-poly1305") ||
                   starts_with(alg, "aead-xchacha20-poly1305")) {
            hush_aead_alg a = starts_with(alg, "aead-x")
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
        } else if (starts_with(alg, "hchacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *sub = ht_kv_hex(f, "subkey", &xl);
            uint8_t out[32];
            hush_hchacha20(out, nonce, key);
            CHECK_MEM(out, sub, 32);
            free(key), free(nonce), free(sub);
            seen++;
        } else if (starts_with(alg, "xchacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *pt = ht_kv_hex(f, "plaintext", &pl);
            uint8_t *ks = ht_kv_hex(f, "keystream", &xl);
            uint8_t *ct = ht_kv_hex(f, "ciphertext", &cl);
            uint8_t *out = calloc(1, pl + 1);
            hush_xchacha20_xor(out, out, xl, nonce, key, num(f, "counter"));
            CHECK_MEM(out, ks, xl);
            hush_xchacha20_xor(out, pt, pl, nonce, key, num(f, "counter"));
            CHECK_MEM(out, ct, pl);
            free(key), free(nonce), free(pt), free(ks), free(ct), free(out);
            seen++;
        }
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(seen, 33); /* every ChaCha/Poly vector in the file */
    if (report) printf("rfc-vectors.txt: %d ChaCha/Poly1305 vectors\n", seen);
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

/* ---- differential tests against libsodium ---- */
#define BIG1 (65536 + 17)
#define BIG2 (1048576 + 3)

static void diff_one(size_t len, uint8_t *in, uint8_t *a, uint8_t *b) {
    uint8_t key[32], nonce[24], ad[64];
    ht_rand_bytes(in, len);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(ad, sizeof ad);
    size_t adlen = ht_rand_u64() % 65;
    uint32_t ctr = (uint32_t)ht_rand_u64();
    if (len & 1) ctr = 0xffffffffu - (uint32_t)(ht_rand_u64() % 20); /* wrap */

    /* ChaCha20, RFC 8439 (libsodium's ietf counter never wraps: compare
     * below the wrap, and check the wrap by splitting) */
    uint32_t c2 = ctr;
    if ((uint64_t)c2 + len / 64 + 1 > 0xffffffffull) c2 = 7;
    hush_chacha20_xor(a, in, len, nonce, key, c2);
    crypto_stream_chacha20_ietf_xor_ic(b, in, len, nonce, c2, key);
    CHECK_MEM(a, b, len);
    /* in place equals out of place */
    memcpy(b, in, len);
    hush_chacha20_xor(b, b, len, nonce, key, c2);
    CHECK_MEM(b, a, len);
    if (len > 64 && len <= 4096) {
        /* the 32-bit counter wraps to 0 with the nonce unchanged */
        uint32_t w = 0xffffffffu - (uint32_t)(len % 3);
        size_t first = (size_t)(0x100000000ull - w) * 64;
        if (first > len) first = len;
        hush_chacha20_xor(a, in, len, nonce, key, w);
        hush_chacha20_xor(b, in, first, nonce, key, w);
        hush_chacha20_xor(b + first, in + first, len - first, nonce, key, 0);
        CHECK_MEM(a, b, len);
    }
    /* XChaCha20 with a 64-bit counter that may cross 2^32 */
    uint64_t xc = ((uint64_t)(ht_rand_u64() & 3) << 32) | ctr;
    hush_xchacha20_xor(a, in, len, nonce, key, xc);
    crypto_stream_xchacha20_xor_ic(b, in, len, nonce, xc, key);
    CHECK_MEM(a, b, len);

    /* Poly1305 one-shot and with random incremental splits */
    uint8_t t1[16], t2[16];
    hush_poly1305(t1, in, len, key);
    crypto_onetimeauth_poly1305(t2, in, len, key);
    CHECK_MEM(t1, t2, 16);
    hush_poly1305_ctx pc;
    hush_poly1305_init(&pc, key);
    for (size_t off = 0; off < len;) {
        size_t n = ht_rand_u64() % (ht_rand_u64() & 1 ? 17 : 700);
        if (n > len - off) n = len - off;
        hush_poly1305_update(&pc, in + off, n);
        off += n;
    }
    hush_poly1305_final(&pc, t1);
    CHECK_MEM(t1, t2, 16);
    CHECK(ht_all_zero(&pc, sizeof pc)); /* final wipes the context */

    /* the AEADs, then in place, then tampering */
    for (int x = 0; x < 2; x++) {
        hush_aead_alg alg = x ? HUSH_XCHACHA20POLY1305 : HUSH_CHACHA20POLY1305;
        unsigned long long clen = 0;
        if (x)
            crypto_aead_xchacha20poly1305_ietf_encrypt(b, &clen, in, len, ad,
                                                       adlen, NULL, nonce, key);
        else
            crypto_aead_chacha20poly1305_ietf_encrypt(b, &clen, in, len, ad,
                                                      adlen, NULL, nonce, key);
        CHECK_EQ_INT(clen, len + 16);
        CHECK_EQ_INT(hush_aead_encrypt(alg, a, in, len, ad, adlen, nonce, key),
                     HUSH_OK);
        CHECK_MEM(a, b, len + 16);
        memcpy(a, in, len);
        CHECK_EQ_INT(hush_aead_encrypt(alg, a, a, len, ad, adlen, nonce, key),
                     HUSH_OK);
        CHECK_MEM(a, b, len + 16);
        CHECK_EQ_INT(
            hush_aead_decrypt(alg, a, a, len + 16, ad, adlen, nonce, key),
            HUSH_OK);
        CHECK_MEM(a, in, len);
        /* one flipped bit in the ciphertext, the tag or the AD */
        int where = (int)(ht_rand_u64() % 3);
        if (where == 0 && len == 0) where = 1;
        if (where == 2 && adlen == 0) where = 1;
        uint8_t adx[64];
        memcpy(adx, ad, sizeof ad);
        memcpy(a, b, len + 16);
        unsigned bit = (unsigned)(ht_rand_u64() % 8);
        if (where == 0) a[ht_rand_u64() % len] ^= (uint8_t)(1u << bit);
        if (where == 1) a[len + ht_rand_u64() % 16] ^= (uint8_t)(1u << bit);
        if (where == 2) adx[ht_rand_u64() % adlen] ^= (uint8_t)(1u << bit);
        memset(b, 0x5a, len + 16);
        CHECK_EQ_INT(
            hush_aead_decrypt(alg, b, a, len + 16, adx, adlen, nonce, key),
            HUSH_ERR_AUTH);
        CHECK(ht_all_zero(b, len));
        /* in place too: the output is zeroed */
        CHECK_EQ_INT(
            hush_aead_decrypt(alg, a, a, len + 16, adx, adlen, nonce, key),
            HUSH_ERR_AUTH);
        CHECK(ht_all_zero(a, len));
    }
}

static void differential(void) {
    uint8_t *in = malloc(BIG2), *a = malloc(BIG2 + 16), *b = malloc(BIG2 + 16);
    for (size_t len = 0; len <= 1100; len++)
        diff_one(len, in, a, b);
    /* several AEAD chunks with tails; partial second halves of the
     * 32-block ChaCha20 batch */
    static const size_t more[] = {1536 + 5,  2047,        2048,      2049,
                                  2100,      3000,        3072 + 63, 4095,
                                  4096 + 64, 5 * 1024 + 1};
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        diff_one(more[i], in, a, b);
    diff_one(8191, in, a, b);
    diff_one(BIG1, in, a, b);
    diff_one(BIG2, in, a, b);
    free(in), free(a), free(b);
}

/*
 * Buffers that end against a guard page (ht_guarded_end): the stream
 * ciphers out of place and in place, and both AEADs (one-shot, detached
 * and keyed seal/open), with message, AD, ciphertext and tag at a page
 * end, against libsodium on ordinary buffers. Every length 0..300 (every
 * partial final block, in every position of the vector batches) and some
 * over 1 KiB (the 16- and 32-block batches' partial last block). An access
 * one byte past the data faults.
 */
static void page_edge_one(size_t len, size_t adlen, const hush_aead_ctx *kc,
                          const hush_aead_ctx *kx, const uint8_t key[32]) {
    static uint8_t m[4096], want[4096 + 16], ad[80];
    uint8_t nonce[24], wtag[16];
    ht_rand_bytes(m, len);
    ht_rand_bytes(ad, adlen);
    ht_rand_bytes(nonce, sizeof nonce);
    uint32_t ctr = (uint32_t)(ht_rand_u64() % 1000);
    uint8_t *em = ht_guarded_end(0, len), *eo = ht_guarded_end(1, len);
    uint8_t *ead = ht_guarded_end(2, adlen), *etag = ht_guarded_end(3, 16);
    uint8_t *ecomb = ht_guarded_end(4, len + 16);
    const uint8_t *adp = adlen ? ead : NULL;
    memcpy(em, m, len);
    memcpy(ead, ad, adlen);

    /* ChaCha20 and XChaCha20: out of place, then in place */
    crypto_stream_chacha20_ietf_xor_ic(want, m, len, nonce, ctr, key);
    hush_chacha20_xor(eo, em, len, nonce, key, ctr);
    CHECK_MEM(eo, want, len);
    hush_chacha20_xor(em, em, len, nonce, key, ctr);
    CHECK_MEM(em, want, len);
    memcpy(em, m, len);
    crypto_stream_xchacha20_xor_ic(want, m, len, nonce, ctr, key);
    hush_xchacha20_xor(eo, em, len, nonce, key, ctr);
    CHECK_MEM(eo, want, len);
    hush_xchacha20_xor(em, em, len, nonce, key, ctr);
    CHECK_MEM(em, want, len);

    for (int x = 0; x < 2; x++) {
        hush_aead_alg alg = x ? HUSH_XCHACHA20POLY1305 : HUSH_CHACHA20POLY1305;
        const hush_aead_ctx *k = x ? kx : kc;
        if (x)
            crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
                want, wtag, NULL, m, len, ad, adlen, NULL, nonce, key);
        else
            crypto_aead_chacha20poly1305_ietf_encrypt_detached(
                want, wtag, NULL, m, len, ad, adlen, NULL, nonce, key);
        memcpy(em, m, len);
        /* one-shot, ciphertext and tag together at the page end */
        CHECK_EQ_INT(
            hush_aead_encrypt(alg, ecomb, em, len, adp, adlen, nonce, key),
            HUSH_OK);
        CHECK_MEM(ecomb, want, len);
        CHECK_MEM(ecomb + len, wtag, 16);
        CHECK_EQ_INT(
            hush_aead_decrypt(alg, eo, ecomb, len + 16, adp, adlen, nonce, key),
            HUSH_OK);
        CHECK_MEM(eo, m, len);
        /* keyed, detached: ciphertext and tag each at a page end */
        CHECK_EQ_INT(
            hush_aead_seal_detached(k, eo, etag, em, len, adp, adlen, nonce),
            HUSH_OK);
        CHECK_MEM(eo, want, len);
        CHECK_MEM(etag, wtag, 16);
        CHECK_EQ_INT(
            hush_aead_open_detached(k, em, eo, len, etag, adp, adlen, nonce),
            HUSH_OK);
        CHECK_MEM(em, m, len);
        /* keyed, combined, in place at the page end */
        memcpy(ecomb, m, len);
        CHECK_EQ_INT(hush_aead_seal(k, ecomb, ecomb, len, adp, adlen, nonce),
                     HUSH_OK);
        CHECK_MEM(ecomb, want, len);
        CHECK_MEM(ecomb + len, wtag, 16);
        CHECK_EQ_INT(
            hush_aead_open(k, ecomb, ecomb, len + 16, adp, adlen, nonce),
            HUSH_OK);
        CHECK_MEM(ecomb, m, len);
        /* detached, in place, at the page end */
        memcpy(em, m, len);
        CHECK_EQ_INT(hush_aead_encrypt_detached(alg, em, etag, em, len, adp,
                                                adlen, nonce, key),
                     HUSH_OK);
        CHECK_MEM(em, want, len);
        CHECK_MEM(etag, wtag, 16);
        CHECK_EQ_INT(hush_aead_decrypt_detached(alg, em, em, len, etag, adp,
                                                adlen, nonce, key),
                     HUSH_OK);
        CHECK_MEM(em, m, len);
    }
}

static void page_edges(void) {
    static const size_t adlens[] = {0, 1, 15, 16, 17, 63, 64, 65, 80};
    enum { NAD = sizeof adlens / sizeof adlens[0] };
    static const size_t longer[] = {511,  512,  513,  575,  1000, 1023,
                                    1025, 1087, 1100, 1500, 2047, 2049,
                                    2111, 3000, 3071, 4080};
    uint8_t key[32];
    ht_rand_bytes(key, sizeof key);
    hush_secret *sk;
    hush_aead_ctx *kc, *kx;
    CHECK_EQ_INT(hush_secret_from(&sk, key, sizeof key, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&kc, HUSH_CHACHA20POLY1305, sk), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&kx, HUSH_XCHACHA20POLY1305, sk), HUSH_OK);
    hush_secret_destroy(sk);
    for (size_t len = 0; len <= 300; len++) {
        page_edge_one(len, adlens[len % NAD], kc, kx, key);
        page_edge_one(len, adlens[(len + 4) % NAD], kc, kx, key);
    }
    for (size_t i = 0; i < sizeof longer / sizeof longer[0]; i++)
        page_edge_one(longer[i], adlens[i % NAD], kc, kx, key);
    hush_aead_free(kc);
    hush_aead_free(kx);
}

/* Poly1305 limb bounds: all-ones messages and keys (the largest clamped
 * r, every block 2^130 - 1) over lengths that fill the vector tiers'
 * accumulators for several steps, against libsodium. */
static void poly1305_extremes(void) {
    static uint8_t msg[4096 + 48];
    uint8_t key[32], t1[16], t2[16];
    memset(msg, 0xff, sizeof msg);
    for (int k = 0; k < 2; k++) {
        memset(key, k ? 0xff : 0x00, sizeof key);
        if (!k) memset(key, 0xff, 16); /* r all ones (clamped), s zero */
        for (size_t len = 112; len <= sizeof msg; len += 48) {
            hush_poly1305(t1, msg, len, key);
            crypto_onetimeauth_poly1305(t2, msg, len, key);
            CHECK_MEM(t1, t2, 16);
        }
    }
}

/* XChaCha20's 64-bit counter carries from word 12 into word 13 and wraps
 * modulo 2^64 the same way in the wide (column) and short (row) paths: a
 * long call equals block-by-block calls with explicit counters. */
static void xchacha_counter_carry(void) {
    static const uint64_t starts[] = {0xfffffff0ull, 0xfffffffffffffff5ull};
    static const size_t lens[] = {300, 1100, 2100};
    uint8_t key[32], nonce[24], in[2100], a[2100], b[2100];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < 2; i++) {
        for (size_t j = 0; j < 3; j++) {
            size_t len = lens[j];
            hush_xchacha20_xor(a, in, len, nonce, key, starts[i]);
            for (size_t off = 0; off < len; off += 64) {
                size_t n = len - off < 64 ? len - off : 64;
                hush_xchacha20_xor(b + off, in + off, n, nonce, key,
                                   starts[i] + off / 64); /* wraps mod 2^64 */
            }
            CHECK_MEM(a, b, len);
        }
    }
}

/* Limits: a ChaCha20-Poly1305 message that would wrap the 32-bit counter
 * is refused (checked by length alone; nothing is read). */
static void limits(void) {
    uint8_t key[32] = {0}, nonce[12] = {0}, tag[16];
    uint8_t dummy[1] = {0};
    size_t too_long = (size_t)(((uint64_t)1 << 32) * 64 - 63);
    CHECK_EQ_INT(hush_aead_encrypt_detached(HUSH_CHACHA20POLY1305, dummy, tag,
                                            dummy, too_long, NULL, 0, nonce,
                                            key),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_keybytes(HUSH_CHACHA20POLY1305), 32);
    CHECK_EQ_INT(hush_aead_noncebytes(HUSH_XCHACHA20POLY1305), 24);
    CHECK_EQ_INT(hush_aead_tagbytes(HUSH_XCHACHA20POLY1305), 16);
}

/* A Poly1305 context and a keyed AEAD object keep giving correct results
 * when another implementation is forced while they live (they keep the
 * one they were made with; the tiers' state layouts differ); final wipes
 * the context (using it after that is misuse: tests/core/test_misuse.c). */
static void remembers_implementation(const char *chacha_impl,
                                     const char *poly_impl) {
    uint8_t key[32], msg[3000], t1[16], t2[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list("poly1305", names, HT_MAX_IMPLS);
    crypto_onetimeauth_poly1305(t2, msg, sizeof msg, key);
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++) {
        hush_poly1305_ctx c;
        hush_poly1305_init(&c, key);
        hush_poly1305_update(&c, msg, 1000);
        CHECK_EQ_INT(hush_impl_force("poly1305", names[i]), HUSH_OK);
        hush_poly1305_update(&c, msg + 1000, sizeof msg - 1000);
        hush_poly1305_final(&c, t1);
        CHECK_MEM(t1, t2, 16);
        CHECK_EQ_INT(hush_impl_force("poly1305", poly_impl), HUSH_OK);
        CHECK(ht_all_zero(&c, sizeof c));
    }
    uint8_t nonce[12] = {1}, c1[3016], c2[3016];
    unsigned long long clen;
    crypto_aead_chacha20poly1305_ietf_encrypt(c2, &clen, msg, sizeof msg, NULL,
                                              0, NULL, nonce, key);
    hush_secret *sk = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_from(&sk, key, 32, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, HUSH_CHACHA20POLY1305, sk), HUSH_OK);
    hush_secret_destroy(sk);
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
            if (ht_part("diff")) {
                differential();
                page_edges();
                xchacha_counter_carry();
                poly1305_extremes();
            }
            if (ht_part("api")) {
                limits();
                remembers_implementation(cimpl, pimpl);
            }
            first = 0;
        }
    }
    return ht_end();
}
