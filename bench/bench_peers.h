/*
 * Shared peer rows for block, stream and AEAD ciphers: OpenSSL EVP and
 * libgcrypt contexts keyed once in setup; per message only the nonce (or
 * IV / counter block), the data and the tag change. The case's arg is a
 * bench_cipher_spec.
 */
#ifndef HUSH_BENCH_PEERS_H
#define HUSH_BENCH_PEERS_H

#include "bench.h"

typedef struct bench_cipher_spec {
    const char *openssl; /* EVP cipher name, e.g. "AES-128-GCM" */
    int gcry_algo, gcry_mode;
    size_t keylen;
    size_t ivlen;       /* 0: no IV (ECB) */
    int counter_prefix; /* OpenSSL ChaCha20: IV = 32-bit counter || nonce */
} bench_cipher_spec;

#if defined(HUSH_BENCH_HAVE_OPENSSL)
int bench_ossl_cipher_setup(bench_state *st, const char **why);
void bench_ossl_cipher_teardown(bench_state *st);
void bench_ossl_stream_run(bench_state *st, uint64_t iters); /* + ECB */
void bench_ossl_aead_run(bench_state *st, uint64_t iters);
/* Frees an EVP_MAC (st->obj) and its context (st->obj2): the teardown of
 * every OpenSSL MAC row. */
void bench_ossl_mac_teardown(bench_state *st);
#define BENCH_OSSL_STREAM(spec)                                                \
    ((bench_case){"openssl",                                                   \
                  BENCH_PEER,                                                  \
                  {NULL},                                                      \
                  bench_ossl_cipher_setup,                                     \
                  bench_ossl_stream_run,                                       \
                  bench_ossl_cipher_teardown,                                  \
                  (spec)})
#define BENCH_OSSL_AEAD(spec)                                                  \
    ((bench_case){"openssl",                                                   \
                  BENCH_PEER,                                                  \
                  {NULL},                                                      \
                  bench_ossl_cipher_setup,                                     \
                  bench_ossl_aead_run,                                         \
                  bench_ossl_cipher_teardown,                                  \
                  (spec)})
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
int bench_gcry_cipher_setup(bench_state *st, const char **why);
void bench_gcry_cipher_teardown(bench_state *st);
void bench_gcry_stream_run(bench_state *st, uint64_t iters); /* + ECB, CTR */
void bench_gcry_aead_run(bench_state *st, uint64_t iters);
#define BENCH_GCRY_STREAM(spec)                                                \
    ((bench_case){"libgcrypt",                                                 \
                  BENCH_PEER,                                                  \
                  {NULL},                                                      \
                  bench_gcry_cipher_setup,                                     \
                  bench_gcry_stream_run,                                       \
                  bench_gcry_cipher_teardown,                                  \
                  (spec)})
#define BENCH_GCRY_AEAD(spec)                                                  \
    ((bench_case){"libgcrypt",                                                 \
                  BENCH_PEER,                                                  \
                  {NULL},                                                      \
                  bench_gcry_cipher_setup,                                     \
                  bench_gcry_aead_run,                                         \
                  bench_gcry_cipher_teardown,                                  \
                  (spec)})
#endif

#endif
