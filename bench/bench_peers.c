/*
 * The peer libraries: which were found at build time, their versions, and
 * the one-time initialisation libgcrypt needs. Each area file holds its own
 * peer rows under HUSH_BENCH_HAVE_OPENSSL / _SODIUM / _GCRYPT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_peers.h"

static char summary[256];

void bench_peers_init(void) {
    char missing[128] = "";
    int len = 0;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    len += snprintf(summary + len, sizeof summary - (size_t)len, "%s",
                    OpenSSL_version(OPENSSL_VERSION));
#else
    strcat(missing, " openssl");
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    if (sodium_init() < 0) {
        fprintf(stderr, "hush-bench: sodium_init failed\n");
    }
    len += snprintf(summary + len, sizeof summary - (size_t)len,
                    "%slibsodium %s", len ? ", " : "", sodium_version_string());
#else
    strcat(missing, " libsodium");
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    const char *v = gcry_check_version(NULL);
    /* no secure memory: the peers are measured on ordinary buffers, like
     * hush's one-shot functions */
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    len += snprintf(summary + len, sizeof summary - (size_t)len,
                    "%slibgcrypt %s", len ? ", " : "", v ? v : "?");
#else
    strcat(missing, " libgcrypt");
#endif
    if (missing[0])
        snprintf(summary + len, sizeof summary - (size_t)len,
                 "%sMISSING (not found at build time, rows skipped):%s",
                 len ? "; " : "", missing);
    if (len == 0 && !missing[0]) snprintf(summary, sizeof summary, "none");
}

const char *bench_peers_summary(void) { return summary; }

/* ---- shared cipher rows ---- */

#if defined(HUSH_BENCH_HAVE_OPENSSL)

static const bench_cipher_spec *spec_of(const bench_state *st) {
    return st->arg;
}

/* The IV of this message: the nonce, behind a zero block counter for
 * OpenSSL's ChaCha20 (its 16-byte IV is counter || nonce). */
static const uint8_t *ossl_iv(bench_state *st, const bench_cipher_spec *s) {
    if (!s->counter_prefix) return st->nonce;
    memset(st->scratch, 0, 4);
    memcpy(st->scratch + 4, st->nonce, 12);
    return st->scratch;
}

static int ossl_cipher_setup(bench_state *st, const char **why) {
    const bench_cipher_spec *s = spec_of(st);
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, s->openssl, NULL);
    EVP_CIPHER_CTX *ctx = c ? EVP_CIPHER_CTX_new() : NULL;
    if (ctx == NULL ||
        !EVP_EncryptInit_ex2(ctx, c, st->key, s->ivlen ? ossl_iv(st, s) : NULL,
                             NULL)) {
        *why = "EVP cipher setup failed";
        EVP_CIPHER_CTX_free(ctx);
        EVP_CIPHER_free(c);
        return -1;
    }
    if (s->ivlen == 0) EVP_CIPHER_CTX_set_padding(ctx, 0);
    st->obj = c;
    st->obj2 = ctx;
    return 0;
}

static void ossl_cipher_teardown(bench_state *st) {
    EVP_CIPHER_CTX_free(st->obj2);
    EVP_CIPHER_free(st->obj);
}

void bench_ossl_mac_teardown(bench_state *st) {
    EVP_MAC_CTX_free(st->obj2);
    EVP_MAC_free(st->obj);
}

/* A new IV per message for the ciphers that take one (not ECB). */
static void ossl_next_iv(bench_state *st) {
    const bench_cipher_spec *s = spec_of(st);
    if (s->ivlen == 0) return;
    bench_next_nonce(st->nonce);
    EVP_EncryptInit_ex2(st->obj2, NULL, NULL, ossl_iv(st, s), NULL);
}

BENCH_LOOP(ossl_stream_run, int len; ossl_next_iv(st);
           EVP_EncryptUpdate(st->obj2, st->out, &len, st->in, (int)st->size))

BENCH_LOOP(ossl_aead_run, int len; int fin; bench_next_nonce(st->nonce);
           EVP_EncryptInit_ex2(st->obj2, NULL, NULL, st->nonce, NULL);
           EVP_EncryptUpdate(st->obj2, st->out, &len, st->in, (int)st->size);
           EVP_EncryptFinal_ex(st->obj2, st->out + len, &fin);
           EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_GET_TAG, 16,
                               st->out + st->size))

/* Opening: a valid ciphertext and tag of the input, sealed once in setup
 * under the nonce; then a decrypting context keyed once opens it again and
 * again (a failed tag check would time the wrong path: status). */
static int ossl_open_setup(bench_state *st, const char **why) {
    if (ossl_cipher_setup(st, why) != 0) return -1;
    EVP_CIPHER_CTX *dec = EVP_CIPHER_CTX_new();
    int len, fin;
    st->buf = malloc(st->size + 16);
    if (st->buf == NULL || dec == NULL ||
        !EVP_EncryptUpdate(st->obj2, st->buf, &len, st->in, (int)st->size) ||
        !EVP_EncryptFinal_ex(st->obj2, st->buf + len, &fin) ||
        !EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_GET_TAG, 16,
                             st->buf + st->size) ||
        !EVP_DecryptInit_ex2(dec, st->obj, st->key, st->nonce, NULL)) {
        *why = "EVP AEAD seal for the open row failed";
        EVP_CIPHER_CTX_free(dec);
        free(st->buf);
        ossl_cipher_teardown(st);
        return -1;
    }
    EVP_CIPHER_CTX_free(st->obj2); /* the sealing context's work is done */
    st->obj2 = dec;
    return 0;
}
static void ossl_open_teardown(bench_state *st) {
    ossl_cipher_teardown(st);
    free(st->buf);
}
BENCH_LOOP(ossl_open_run, int len; int fin;
           EVP_DecryptInit_ex2(st->obj2, NULL, NULL, st->nonce, NULL);
           EVP_DecryptUpdate(st->obj2, st->out, &len, st->buf, (int)st->size);
           EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_SET_TAG, 16,
                               st->buf + st->size);
           status |= EVP_DecryptFinal_ex(st->obj2, st->out + len, &fin) != 1)

/* One-shot: a context made, keyed and freed per message; the EVP_CIPHER
 * is fetched once (OpenSSL 3's advice: an implicit fetch per call would
 * time the provider lookup). */
static int ossl_fetch_setup(bench_state *st, const char **why) {
    st->obj = EVP_CIPHER_fetch(NULL, spec_of(st)->openssl, NULL);
    if (st->obj == NULL) *why = "EVP_CIPHER_fetch failed";
    return st->obj == NULL ? -1 : 0;
}
static void ossl_fetch_teardown(bench_state *st) { EVP_CIPHER_free(st->obj); }
BENCH_LOOP(ossl_oneshot_run, int len; int fin; bench_next_nonce(st->nonce);
           EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
           EVP_EncryptInit_ex2(ctx, st->obj, st->key, st->nonce, NULL);
           EVP_EncryptUpdate(ctx, st->out, &len, st->in, (int)st->size);
           EVP_EncryptFinal_ex(ctx, st->out + len, &fin);
           EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16,
                               st->out + st->size);
           EVP_CIPHER_CTX_free(ctx))

bench_case bench_ossl_stream(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",       BENCH_PEER,           {NULL}, ossl_cipher_setup,
        ossl_stream_run, ossl_cipher_teardown, spec};
}
bench_case bench_ossl_aead(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",     BENCH_PEER,           {NULL}, ossl_cipher_setup,
        ossl_aead_run, ossl_cipher_teardown, spec};
}
bench_case bench_ossl_aead_open(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",     BENCH_PEER,         {NULL}, ossl_open_setup,
        ossl_open_run, ossl_open_teardown, spec};
}
bench_case bench_ossl_aead_oneshot(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",        BENCH_PEER,          {NULL}, ossl_fetch_setup,
        ossl_oneshot_run, ossl_fetch_teardown, spec};
}
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
static int gcry_cipher_setup(bench_state *st, const char **why) {
    const bench_cipher_spec *s = st->arg;
    gcry_cipher_hd_t h;
    if (gcry_cipher_open(&h, s->gcry_algo, s->gcry_mode, 0)) {
        *why = "gcry_cipher_open failed";
        return -1;
    }
    if (gcry_cipher_setkey(h, st->key, s->keylen)) {
        *why = "gcry_cipher_setkey failed";
        gcry_cipher_close(h);
        return -1;
    }
    st->obj = h;
    return 0;
}

static void gcry_cipher_teardown(bench_state *st) {
    gcry_cipher_close(st->obj);
}

/* A new counter block (CTR) or IV per message, none for ECB. */
static void gcry_next_iv(bench_state *st) {
    const bench_cipher_spec *s = st->arg;
    if (s->gcry_mode == GCRY_CIPHER_MODE_CTR) {
        bench_next_nonce(st->nonce);
        gcry_cipher_setctr(st->obj, st->nonce, 16);
    } else if (s->ivlen) {
        bench_next_nonce(st->nonce);
        gcry_cipher_setiv(st->obj, st->nonce, s->ivlen);
    }
}

BENCH_LOOP(gcry_stream_run, gcry_next_iv(st);
           gcry_cipher_encrypt(st->obj, st->out, st->size, st->in, st->size))

BENCH_LOOP(gcry_aead_run, const bench_cipher_spec *s = st->arg;
           bench_next_nonce(st->nonce);
           gcry_cipher_setiv(st->obj, st->nonce, s->ivlen);
           gcry_cipher_final(st->obj);
           gcry_cipher_encrypt(st->obj, st->out, st->size, st->in, st->size);
           gcry_cipher_gettag(st->obj, st->out + st->size, 16))

/* One-shot: a handle opened, keyed and closed per message. */
BENCH_LOOP(gcry_oneshot_run, const bench_cipher_spec *s = st->arg;
           gcry_cipher_hd_t h; bench_next_nonce(st->nonce);
           gcry_cipher_open(&h, s->gcry_algo, s->gcry_mode, 0);
           gcry_cipher_setkey(h, st->key, s->keylen);
           gcry_cipher_setiv(h, st->nonce, s->ivlen); gcry_cipher_final(h);
           gcry_cipher_encrypt(h, st->out, st->size, st->in, st->size);
           gcry_cipher_gettag(h, st->out + st->size, 16); gcry_cipher_close(h))

bench_case bench_gcry_stream(const bench_cipher_spec *spec) {
    return (bench_case){
        "libgcrypt",     BENCH_PEER,           {NULL}, gcry_cipher_setup,
        gcry_stream_run, gcry_cipher_teardown, spec};
}
bench_case bench_gcry_aead(const bench_cipher_spec *spec) {
    return (bench_case){
        "libgcrypt",   BENCH_PEER,           {NULL}, gcry_cipher_setup,
        gcry_aead_run, gcry_cipher_teardown, spec};
}
bench_case bench_gcry_aead_oneshot(const bench_cipher_spec *spec) {
    return (bench_case){"libgcrypt",      BENCH_PEER, {NULL}, NULL,
                        gcry_oneshot_run, NULL,       spec};
}
#endif
