/*
 * Shared peer rows for block, stream and AEAD ciphers: OpenSSL EVP and
 * libgcrypt contexts keyed once in setup; per message only the nonce (or
 * IV / counter block), the data and the tag change. The case's arg is a
 * bench_cipher_spec.
 */
#ifndef HUSH_BENCH_PEERS_H
#define HUSH_BENCH_PEERS_H

#include "bench.h"

#include "bench_openssl.h"

/* The other peers' headers, each under the definition bench.cmake sets
 * when the library was found (they are optional; the area files use them
 * only under the same gates). OpenSSL's come with bench_openssl.h. */
#if defined(HUSH_BENCH_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
#include <gcrypt.h>
#endif

/* Finds the peers built in (and initialises libsodium and libgcrypt). */
void bench_peers_init(void);
/* "OpenSSL 3.0.x, libsodium 1.0.18; MISSING ...: libgcrypt" */
const char *bench_peers_summary(void);

typedef struct bench_cipher_spec {
    const char *openssl; /* EVP cipher name, e.g. "AES-128-GCM" */
    int gcry_algo, gcry_mode;
    size_t keylen;
    size_t ivlen;       /* 0: no IV (ECB) */
    int counter_prefix; /* OpenSSL ChaCha20: IV = 32-bit counter || nonce */
} bench_cipher_spec;

#if defined(HUSH_BENCH_HAVE_OPENSSL)
/* Case templates for bench_ossl_append (bench_openssl.c): a stream or
 * ECB row (a new IV per message unless ivlen is 0) and an AEAD seal row
 * through an EVP_CIPHER_CTX keyed once. */
bench_case bench_ossl_stream(const bench_cipher_spec *spec);
bench_case bench_ossl_aead(const bench_cipher_spec *spec);
/* AEAD open of a valid ciphertext through a decrypting context keyed once,
 * and the one-shot seal (a context made and keyed per message). */
bench_case bench_ossl_aead_open(const bench_cipher_spec *spec);
bench_case bench_ossl_aead_oneshot(const bench_cipher_spec *spec);
/* Frees an EVP_MAC (st->obj) and its context (st->obj2) of the case's
 * instance: the teardown of every OpenSSL MAC row. */
void bench_ossl_mac_teardown(bench_state *st);
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
/* The same through a gcry_cipher_hd_t keyed once (CTR: setctr). */
bench_case bench_gcry_stream(const bench_cipher_spec *spec);
bench_case bench_gcry_aead(const bench_cipher_spec *spec);
/* The one-shot seal: a handle opened, keyed and closed per message. */
bench_case bench_gcry_aead_oneshot(const bench_cipher_spec *spec);
#endif

#endif
