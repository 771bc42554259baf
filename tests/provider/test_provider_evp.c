/*
 * hush.so through EVP against OpenSSL's default provider, in one library
 * context holding both (fetched with "provider=hush" and
 * "provider=default"):
 *
 *  - AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305: every length 0..1100 and
 *    1 MiB, random AD, both directions across providers (hush seals,
 *    default opens, and the reverse), hush fed at random split points,
 *    in place now and then; ciphertexts and tags equal; tampered tags
 *    refused by both. TLS 1.2 records (the TLS1_AAD path, fixed and
 *    explicit IVs) across providers both ways, a tampered record refused
 *    with its plaintext zeroed. A context copied half-way (dupctx).
 *  - XChaCha20-Poly1305 against libsodium, Ascon-AEAD128 against the
 *    library's one-shot functions (neither is in OpenSSL 3.0).
 *  - SHA2-256: random lengths and splits, a copied context, against
 *    default.
 *  - X25519: keys from either provider, shared secrets through
 *    EVP_PKEY_derive equal whichever provider derives; every Wycheproof
 *    case through EVP with hush (all-zero results refused); the encoded
 *    public key libssl sets and reads.
 *
 * With HUSH_PROVIDER_FAIL=1 (the ctest evp.provider.forcefail) every one of
 * those hush operations must fail instead.
 */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "prov_test.h"

static pt_env env;

/* ---- ciphers ---- */

typedef struct cipher_pair {
    const char *name;
    hush_aead_alg alg;
    EVP_CIPHER *hush, *dflt; /* dflt NULL: the default provider lacks it */
    size_t keylen, ivlen;
} cipher_pair;

static cipher_pair ciphers[] = {
    {"AES-128-GCM", HUSH_AES128GCM, NULL, NULL, 16, 12},
    {"AES-256-GCM", HUSH_AES256GCM, NULL, NULL, 32, 12},
    {"ChaCha20-Poly1305", HUSH_CHACHA20POLY1305, NULL, NULL, 32, 12},
    {"XChaCha20-Poly1305", HUSH_XCHACHA20POLY1305, NULL, NULL, 32, 24},
    {"Ascon-AEAD128", HUSH_ASCON_AEAD128, NULL, NULL, 16, 16},
};

/* Cuts len into up to 6 random pieces (some empty). */
static size_t split(size_t len, size_t pieces[6]) {
    size_t n = 1 + (size_t)(ht_rand_u64() % 6), at = 0, k = 0;
    for (size_t i = 0; i + 1 < n; i++) {
        size_t left = len - at;
        size_t p = left ? (size_t)(ht_rand_u64() % (left + 1)) : 0;
        pieces[k++] = p;
        at += p;
    }
    pieces[k++] = len - at;
    return k;
}

/* One message through EVP, the AAD and the data each in random pieces
 * (split) or in one call. Returns 1 on success. For decryption `tag` is
 * the expected tag; for encryption it receives the tag. */
static int evp_run(const EVP_CIPHER *ciph, int enc, const uint8_t *key,
                   const uint8_t *iv, const uint8_t *ad, size_t adlen,
                   const uint8_t *in, uint8_t *out, size_t len, uint8_t *tag,
                   int cut) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok = x != NULL && EVP_CipherInit_ex2(x, ciph, key, iv, enc, NULL) == 1;
    if (ok && !enc)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) == 1;
    size_t pieces[6], n, at;
    n = cut ? split(adlen, pieces) : (pieces[0] = adlen, 1);
    at = 0;
    for (size_t i = 0; ok && i < n; i++) {
        int outl = -1;
        if (pieces[i])
            ok = EVP_CipherUpdate(x, NULL, &outl, ad + at, (int)pieces[i]) == 1;
        at += pieces[i];
    }
    n = cut ? split(len, pieces) : (pieces[0] = len, 1);
    at = 0;
    for (size_t i = 0; ok && i < n; i++) {
        int outl = -1;
        ok = EVP_CipherUpdate(x, out + at, &outl, in + at, (int)pieces[i]) ==
                 1 &&
             outl == (int)pieces[i];
        at += pieces[i];
    }
    int outl = -1;
    ok = ok && EVP_CipherFinal_ex(x, out + len, &outl) == 1 && outl == 0;
    if (ok && enc)
        ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* The reference for the ciphers OpenSSL 3.0 lacks. */
static void reference_seal(const cipher_pair *c, const uint8_t *key,
                           const uint8_t *iv, const uint8_t *ad, size_t adlen,
                           const uint8_t *m, size_t len, uint8_t *out,
                           uint8_t tag[16]) {
    if (c->dflt) {
        CHECK(evp_run(c->dflt, 1, key, iv, ad, adlen, m, out, len, tag, 0));
    } else if (c->alg == HUSH_XCHACHA20POLY1305) {
        unsigned long long tl = 0;
        CHECK(crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
                  out, tag, &tl, m, len, ad, adlen, NULL, iv, key) == 0);
    } else {
        CHECK_EQ_INT(hush_aead_encrypt_detached(c->alg, out, tag, m, len, ad,
                                                adlen, iv, key),
                     HUSH_OK);
    }
}

static void cipher_one(const cipher_pair *c, size_t len) {
    uint8_t key[32], iv[24], ad[64], tag[16], want_tag[16];
    size_t adlen = (size_t)(ht_rand_u64() % sizeof ad);
    uint8_t *m = malloc(len + 1), *want = malloc(len + 1);
    uint8_t *got = malloc(len + 1), *back = malloc(len + 1);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(iv, sizeof iv);
    ht_rand_bytes(ad, sizeof ad);
    ht_rand_bytes(m, len);
    reference_seal(c, key, iv, ad, adlen, m, len, want, want_tag);
    if (env.failing) {
        CHECK(!evp_run(c->hush, 1, key, iv, ad, adlen, m, got, len, tag, 1));
        CHECK(!evp_run(c->hush, 0, key, iv, ad, adlen, want, back, len,
                       want_tag, 1));
        free(m), free(want), free(got), free(back);
        return;
    }
    /* hush seals, at random splits, sometimes in place */
    int in_place = ht_rand_u64() % 4 == 0;
    if (in_place) memcpy(got, m, len);
    CHECK(evp_run(c->hush, 1, key, iv, ad, adlen, in_place ? got : m, got, len,
                  tag, 1));
    CHECK_MEM(got, want, len);
    CHECK_MEM(tag, want_tag, 16);
    /* hush opens the reference's output, the default provider hush's */
    CHECK(
        evp_run(c->hush, 0, key, iv, ad, adlen, want, back, len, want_tag, 1));
    CHECK_MEM(back, m, len);
    if (c->dflt)
        CHECK(evp_run(c->dflt, 0, key, iv, ad, adlen, got, back, len, tag, 0));
    /* a wrong tag: both refuse */
    tag[ht_rand_u64() % 16] ^= 0x20;
    CHECK(!evp_run(c->hush, 0, key, iv, ad, adlen, want, back, len, tag, 1));
    if (c->dflt)
        CHECK(
            !evp_run(c->dflt, 0, key, iv, ad, adlen, want, back, len, tag, 0));
    free(m), free(want), free(got), free(back);
}

/* EVP_CIPHER_CTX_copy half-way: the copy and the original both finish the
 * message, each with the right result. */
static void cipher_copy(const cipher_pair *c) {
    uint8_t key[32], iv[24], m[500], want[500], out1[500], out2[500];
    uint8_t t0[16], t1[16], t2[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(iv, sizeof iv);
    ht_rand_bytes(m, sizeof m);
    reference_seal(c, key, iv, m, 20, m, sizeof m, want, t0);
    EVP_CIPHER_CTX *a = EVP_CIPHER_CTX_new(), *b = EVP_CIPHER_CTX_new();
    int n = 0;
    int ok = EVP_EncryptInit_ex2(a, c->hush, key, iv, NULL) == 1;
    ok = ok && EVP_EncryptUpdate(a, NULL, &n, m, 20) == 1;
    ok = ok && EVP_EncryptUpdate(a, out1, &n, m, 123) == 1;
    ok = ok && EVP_CIPHER_CTX_copy(b, a) == 1;
    memcpy(out2, out1, 123);
    ok = ok && EVP_EncryptUpdate(a, out1 + 123, &n, m + 123, 377) == 1;
    ok = ok && EVP_EncryptFinal_ex(a, out1, &n) == 1;
    ok = ok && EVP_CIPHER_CTX_ctrl(a, EVP_CTRL_AEAD_GET_TAG, 16, t1) == 1;
    EVP_CIPHER_CTX_free(a); /* the copy does not depend on it */
    ok = ok && EVP_EncryptUpdate(b, out2 + 123, &n, m + 123, 300) == 1;
    ok = ok && EVP_EncryptUpdate(b, out2 + 423, &n, m + 423, 77) == 1;
    ok = ok && EVP_EncryptFinal_ex(b, out2, &n) == 1;
    ok = ok && EVP_CIPHER_CTX_ctrl(b, EVP_CTRL_AEAD_GET_TAG, 16, t2) == 1;
    EVP_CIPHER_CTX_free(b);
    CHECK(ok != env.failing);
    if (ok) {
        CHECK_MEM(out1, want, sizeof m);
        CHECK_MEM(out2, want, sizeof m);
        CHECK_MEM(t1, t0, 16);
        CHECK_MEM(t2, t0, 16);
    }
}

/* What hush refuses that OpenSSL would take: other IV lengths, short tags
 * for decryption, a second message under the same IV. */
static void cipher_refusals(const cipher_pair *c) {
    uint8_t key[32] = {1}, iv[24] = {2}, buf[32] = {0}, tag[16];
    int n;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex2(x, c->hush, NULL, NULL, NULL) == !env.failing);
    if (env.failing) {
        EVP_CIPHER_CTX_free(x);
        ERR_clear_error();
        return;
    }
    CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)c->ivlen + 4,
                              NULL) <= 0);
    CHECK(EVP_CIPHER_CTX_get_iv_length(x) == (int)c->ivlen);
    CHECK(EVP_CIPHER_CTX_get_key_length(x) == (int)c->keylen);
    EVP_CIPHER_CTX_free(x);
    x = EVP_CIPHER_CTX_new();
    CHECK(EVP_DecryptInit_ex2(x, c->hush, key, iv, NULL) == 1);
    CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 12, tag) <= 0);
    EVP_CIPHER_CTX_free(x);
    /* the IV is spent by the first message */
    x = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex2(x, c->hush, key, iv, NULL) == 1);
    CHECK(EVP_EncryptUpdate(x, buf, &n, buf, 16) == 1);
    CHECK(EVP_EncryptFinal_ex(x, buf, &n) == 1);
    CHECK(EVP_EncryptUpdate(x, buf, &n, buf, 16) == 0);
    CHECK(EVP_EncryptInit_ex2(x, NULL, NULL, iv, NULL) == 1); /* a new one */
    CHECK(EVP_EncryptUpdate(x, buf, &n, buf, 16) == 1);
    EVP_CIPHER_CTX_free(x);
    ERR_clear_error();
}

/* ---- TLS 1.2 records (the TLS1_AAD path) ---- */

/* Seals or opens one TLS 1.2 record in place with `ciph`, as libssl does:
 * GCM gets a 4-byte fixed IV, ChaCha20-Poly1305 the 12-byte IV at init.
 * Returns the output length, or -1. */
static int tls_record(const EVP_CIPHER *ciph, int gcm, int enc,
                      EVP_CIPHER_CTX *x, uint8_t *rec, size_t reclen,
                      const uint8_t seq[8]) {
    uint8_t aad[13];
    memcpy(aad, seq, 8);
    aad[8] = 23, aad[9] = 3, aad[10] = 3; /* application data, TLS 1.2 */
    size_t lenfield = enc ? reclen - 16 : reclen;
    aad[11] = (uint8_t)(lenfield >> 8), aad[12] = (uint8_t)lenfield;
    (void)ciph, (void)gcm;
    int pad = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_TLS1_AAD, 13, aad);
    if (pad != 16) return -1;
    int outl = -1;
    if (EVP_CipherUpdate(x, rec, &outl, rec, (int)reclen) != 1) return -1;
    return outl;
}

static EVP_CIPHER_CTX *tls_ctx(const EVP_CIPHER *ciph, int gcm, int enc,
                               const uint8_t *key, const uint8_t iv[12]) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok;
    if (gcm)
        ok = EVP_CipherInit_ex(x, ciph, NULL, key, NULL, enc) == 1 &&
             EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IV_FIXED, 4,
                                 (void *)(uintptr_t)iv) > 0;
    else
        ok = EVP_CipherInit_ex(x, ciph, NULL, key, iv, enc) == 1;
    if (!ok) {
        EVP_CIPHER_CTX_free(x);
        return NULL;
    }
    return x;
}

static void tls12(const cipher_pair *c, int gcm) {
    uint8_t key[32], iv[12], seq[8] = {0};
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(iv, sizeof iv);
    size_t eiv = gcm ? 8 : 0;
    for (int dir = 0; dir < 2; dir++) {
        /* dir 0: hush seals, default opens; dir 1: the reverse */
        const EVP_CIPHER *s = dir ? c->dflt : c->hush;
        const EVP_CIPHER *o = dir ? c->hush : c->dflt;
        EVP_CIPHER_CTX *xs = tls_ctx(s, gcm, 1, key, iv);
        EVP_CIPHER_CTX *xo = tls_ctx(o, gcm, 0, key, iv);
        CHECK((xs != NULL && xo != NULL) != env.failing);
        if (xs == NULL || xo == NULL) {
            EVP_CIPHER_CTX_free(xs);
            EVP_CIPHER_CTX_free(xo);
            ERR_clear_error();
            continue;
        }
        for (int r = 0; r < 40; r++) {
            size_t len = r < 20 ? (size_t)r : (size_t)(ht_rand_u64() % 17000);
            uint8_t *rec = malloc(eiv + len + 16), *m = malloc(len + 1);
            ht_rand_bytes(m, len);
            memcpy(rec + eiv, m, len);
            seq[7] = (uint8_t)r;
            int n = tls_record(s, gcm, 1, xs, rec, eiv + len + 16, seq);
            CHECK_EQ_INT(n, (int)(eiv + len + 16));
            n = tls_record(o, gcm, 0, xo, rec, eiv + len + 16, seq);
            CHECK_EQ_INT(n, (int)len);
            if (n == (int)len) CHECK_MEM(rec + eiv, m, len);
            free(rec), free(m);
        }
        /* a tampered record: hush refuses it and zeroes the plaintext */
        if (dir == 1) {
            size_t len = 100;
            uint8_t rec[8 + 100 + 16];
            memset(rec, 0x33, sizeof rec);
            seq[7] = 99;
            CHECK_EQ_INT(tls_record(s, gcm, 1, xs, rec, eiv + len + 16, seq),
                         (int)(eiv + len + 16));
            rec[eiv + 5] ^= 1;
            CHECK_EQ_INT(tls_record(o, gcm, 0, xo, rec, eiv + len + 16, seq),
                         -1);
            CHECK(ht_all_zero(rec + eiv, len));
            ERR_clear_error();
        }
        EVP_CIPHER_CTX_free(xs);
        EVP_CIPHER_CTX_free(xo);
    }
}

static void test_ciphers(void) {
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        cipher_pair *c = &ciphers[i];
        ht_context = c->name;
        c->hush = EVP_CIPHER_fetch(env.lib, c->name, "provider=hush");
        c->dflt = EVP_CIPHER_fetch(env.lib, c->name, "provider=default");
        CHECK(c->hush != NULL);
        ERR_clear_error(); /* XChaCha and Ascon are not in 3.0's default */
        if (c->hush == NULL) continue;
        CHECK(EVP_CIPHER_get_flags(c->hush) & EVP_CIPH_FLAG_AEAD_CIPHER);
        CHECK_EQ_INT(EVP_CIPHER_get_key_length(c->hush), (int)c->keylen);
        CHECK_EQ_INT(EVP_CIPHER_get_iv_length(c->hush), (int)c->ivlen);
        CHECK_EQ_INT(EVP_CIPHER_get_block_size(c->hush), 1);
        for (size_t len = 0; len <= 1100; len++)
            cipher_one(c, len);
        cipher_one(c, 1 << 20);
        cipher_copy(c);
        cipher_refusals(c);
        if (c->alg != HUSH_XCHACHA20POLY1305 && c->alg != HUSH_ASCON_AEAD128)
            tls12(c, c->alg != HUSH_CHACHA20POLY1305);
    }
    ht_context = NULL;
    for (size_t i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++) {
        EVP_CIPHER_free(ciphers[i].hush);
        EVP_CIPHER_free(ciphers[i].dflt);
    }
}

/* ---- SHA2-256 ---- */

static int digest_split(const EVP_MD *md, const uint8_t *m, size_t len,
                        uint8_t out[32]) {
    EVP_MD_CTX *x = EVP_MD_CTX_new(), *y = EVP_MD_CTX_new();
    size_t pieces[6], n = split(len, pieces), at[7] = {0};
    for (size_t i = 0; i < n; i++)
        at[i + 1] = at[i] + pieces[i];
    unsigned outl = 0;
    uint8_t copy_out[32];
    int ok = EVP_DigestInit_ex2(x, md, NULL) == 1;
    for (size_t i = 0; ok && i < n; i++) {
        ok = EVP_DigestUpdate(x, m + at[i], pieces[i]) == 1;
        /* a copy taken half-way finishes with the same result */
        if (ok && i == n / 2) ok = EVP_MD_CTX_copy_ex(y, x) == 1;
    }
    for (size_t i = n / 2 + 1; ok && i < n; i++)
        ok = EVP_DigestUpdate(y, m + at[i], pieces[i]) == 1;
    ok = ok && EVP_DigestFinal_ex(x, out, &outl) == 1 && outl == 32;
    ok = ok && EVP_DigestFinal_ex(y, copy_out, &outl) == 1 && outl == 32;
    if (ok) CHECK_MEM(copy_out, out, 32);
    EVP_MD_CTX_free(x);
    EVP_MD_CTX_free(y);
    return ok;
}

static void test_sha256(void) {
    EVP_MD *h = EVP_MD_fetch(env.lib, "SHA2-256", "provider=hush");
    EVP_MD *d = EVP_MD_fetch(env.lib, "SHA256", "provider=default");
    CHECK(h != NULL && d != NULL);
    if (h == NULL || d == NULL) return;
    CHECK_EQ_INT(EVP_MD_get_size(h), 32);
    CHECK_EQ_INT(EVP_MD_get_block_size(h), 64);
    uint8_t m[2100], a[32], b[32];
    ht_rand_bytes(m, sizeof m);
    for (size_t len = 0; len <= sizeof m; len += 1 + len / 16) {
        int ok = digest_split(h, m, len, a);
        CHECK(ok != env.failing);
        CHECK(digest_split(d, m, len, b));
        if (ok) CHECK_MEM(a, b, 32);
    }
    unsigned outl = 0;
    CHECK((EVP_Digest(m, 1000, a, &outl, h, NULL) == 1) != env.failing);
    CHECK(EVP_Digest(m, 1000, b, &outl, d, NULL) == 1);
    if (!env.failing) CHECK_MEM(a, b, 32);
    EVP_MD_free(h);
    EVP_MD_free(d);
    ERR_clear_error();
}

/* ---- X25519 ---- */

static EVP_PKEY *keygen(const char *props) {
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(env.lib, "X25519", props);
    if (g && EVP_PKEY_keygen_init(g) == 1) EVP_PKEY_keygen(g, &k);
    EVP_PKEY_CTX_free(g);
    return k;
}

/* Derives with the key exchange of `props` (the keys are exported to that
 * provider as needed). Returns the length, or 0. */
static size_t derive(EVP_PKEY *priv, EVP_PKEY *pub, const char *props,
                     uint8_t out[32]) {
    size_t n = 32;
    EVP_PKEY_CTX *x = EVP_PKEY_CTX_new_from_pkey(env.lib, priv, props);
    int ok = x && EVP_PKEY_derive_init(x) == 1 &&
             EVP_PKEY_derive_set_peer(x, pub) == 1 &&
             EVP_PKEY_derive(x, out, &n) == 1;
    EVP_PKEY_CTX_free(x);
    return ok ? n : 0;
}

static void x25519_cross(void) {
    EVP_PKEY *a = keygen("provider=hush"), *b = keygen("provider=default");
    CHECK((a != NULL) != env.failing);
    CHECK(b != NULL);
    if (a && b) {
        uint8_t s1[32], s2[32], s3[32], s4[32];
        /* hush's key exchange and the default one, each way round */
        CHECK_EQ_INT(derive(a, b, "provider=hush", s1), 32);
        CHECK_EQ_INT(derive(b, a, "provider=hush", s2), 32);
        CHECK_EQ_INT(derive(a, b, "provider=default", s3), 32);
        CHECK_EQ_INT(derive(b, a, "provider=default", s4), 32);
        CHECK_MEM(s1, s2, 32);
        CHECK_MEM(s1, s3, 32);
        CHECK_MEM(s1, s4, 32);
        /* raw key bytes agree between providers */
        uint8_t raw[32], pub1[32], pub2[32];
        size_t l1 = 32, l2 = 32, l3 = 32;
        CHECK(EVP_PKEY_get_raw_private_key(a, raw, &l1) == 1);
        CHECK(EVP_PKEY_get_raw_public_key(a, pub1, &l2) == 1);
        EVP_PKEY *c = EVP_PKEY_new_raw_private_key_ex(
            env.lib, "X25519", "provider=default", raw, 32);
        CHECK(c != NULL && EVP_PKEY_get_raw_public_key(c, pub2, &l3) == 1);
        CHECK_MEM(pub1, pub2, 32);
        EVP_PKEY_free(c);
        hush_wipe(raw, sizeof raw);
        /* the encoded public key, as libssl sets and reads a key share */
        uint8_t *enc = NULL;
        size_t el = EVP_PKEY_get1_encoded_public_key(a, &enc);
        CHECK(el == 32 && enc != NULL && memcmp(enc, pub1, 32) == 0);
        EVP_PKEY *peer = NULL;
        EVP_PKEY_CTX *pg =
            EVP_PKEY_CTX_new_from_name(env.lib, "X25519", "provider=hush");
        CHECK(pg && EVP_PKEY_paramgen_init(pg) == 1 &&
              EVP_PKEY_paramgen(pg, &peer) == 1);
        CHECK(peer && EVP_PKEY_set1_encoded_public_key(peer, enc, el) == 1);
        CHECK(peer && derive(b, peer, "provider=hush", s2) == 32);
        CHECK_MEM(s2, s1, 32);
        OPENSSL_free(enc);
        EVP_PKEY_CTX_free(pg);
        EVP_PKEY_free(peer);
        CHECK(EVP_PKEY_get_bits(a) == 253 && EVP_PKEY_get_size(a) == 32 &&
              EVP_PKEY_get_security_bits(a) == 128);
    }
    if (env.failing && b) {
        uint8_t s[32];
        CHECK_EQ_INT(derive(b, b, "provider=hush", s), 0);
    }
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    ERR_clear_error();
}

static void x25519_wycheproof(void) {
    json_t *root = ht_json_load("wycheproof/x25519_test.json");
    size_t gi, ti, cases = 0, zero = 0;
    json_t *g, *t;
    json_array_foreach(json_object_get(root, "testGroups"), gi, g) {
        json_array_foreach(json_object_get(g, "tests"), ti, t) {
            size_t kl, ul, sl;
            uint8_t *k = ht_json_hex(t, "private", &kl);
            uint8_t *u = ht_json_hex(t, "public", &ul);
            uint8_t *want = ht_json_hex(t, "shared", &sl);
            char label[64];
            snprintf(label, sizeof label, "x25519 tcId %lld",
                     (long long)json_integer_value(json_object_get(t, "tcId")));
            ht_context = label;
            EVP_PKEY *priv = EVP_PKEY_new_raw_private_key_ex(
                env.lib, "X25519", "provider=hush", k, kl);
            EVP_PKEY *pub = EVP_PKEY_new_raw_public_key_ex(
                env.lib, "X25519", "provider=hush", u, ul);
            uint8_t out[32];
            size_t n =
                priv && pub ? derive(priv, pub, "provider=hush", out) : 0;
            if (env.failing) {
                CHECK_EQ_INT(n, 0);
            } else if (ht_all_zero(want, 32)) {
                CHECK_EQ_INT(n, 0); /* a small-order point: refused */
                zero++;
            } else {
                CHECK_EQ_INT(n, 32);
                CHECK_MEM(out, want, 32);
            }
            EVP_PKEY_free(priv);
            EVP_PKEY_free(pub);
            free(k), free(u), free(want);
            ERR_clear_error();
            cases++;
        }
    }
    ht_context = NULL;
    json_decref(root);
    CHECK(cases > 500);
    printf("x25519 through EVP: %zu Wycheproof cases (%zu all-zero refused)\n",
           cases, zero);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    CHECK(sodium_init() >= 0);
    ht_rand_seed(0x70726f76);
    pt_env_open(&env);
    printf("hush provider %s%s\n", env.failing ? "(HUSH_PROVIDER_FAIL=1) " : "",
           OSSL_PROVIDER_get0_name(env.hush));
    uint64_t before = pt_counter(env.hush, "aead-messages");
    test_ciphers();
    test_sha256();
    x25519_cross();
    /* Wycheproof lives in the vector directory, which may be absent */
    if (ht_vectors_dir() != NULL) x25519_wycheproof();
    uint64_t after = pt_counter(env.hush, "aead-messages");
    /* the counter proves the messages were hush's, or that none was */
    if (env.failing)
        CHECK_EQ_INT(after, before);
    else
        CHECK(after - before > 5 * 1100);
    pt_env_close(&env);
    return ht_end();
}
