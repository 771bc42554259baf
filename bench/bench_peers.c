/*
 * The peer libraries: which were found at build time, their versions, the
 * one-time initialisation libsodium and libgcrypt need, and libgcrypt's
 * shared cipher rows (OpenSSL's are in bench_openssl.c). Each area file
 * holds its own peer rows under HUSH_BENCH_HAVE_OPENSSL / _SODIUM /
 * _GCRYPT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_peers.h"

static char summary[256];

void bench_peers_init(void) {
    char missing[128] = "";
    int len = 0;
#if defined(HUSH_BENCH_HAVE_SODIUM)
    if (sodium_init() < 0) {
        fprintf(stderr, "hush-bench: sodium_init failed\n");
    }
    len += snprintf(summary + len, sizeof summary - (size_t)len, "libsodium %s",
                    sodium_version_string());
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
    bench_ossl_init();
}

/* OpenSSL's instances first (bench_openssl.c), then the others. */
const char *bench_peers_summary(void) {
    static char all[2048];
    snprintf(all, sizeof all, "%s; %s", bench_ossl_summary(), summary);
    return all;
}

/* ---- shared cipher rows ---- */

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
