/*
 * X25519 (RFC 7748): a shared secret from a scalar and a peer's public
 * key, and a public key from a scalar (the base point), with OpenSSL,
 * libsodium and libgcrypt.
 */
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

static const size_t point_size[] = {32, 0};

/* A valid peer public key in st->scratch (an all-zero result would take
 * the HUSH_ERR_WEAK path). */
static int peer_point_setup(bench_state *st, const char **why) {
    if (hush_x25519_base(st->scratch, st->key + 32) != HUSH_OK) {
        *why = "hush_x25519_base failed";
        return -1;
    }
    return 0;
}

BENCH_LOOP(hush_x25519_run,
           status |= hush_x25519(st->out, st->key, st->scratch))
BENCH_LOOP(hush_base_run, status |= hush_x25519_base(st->out, st->key))

#if defined(HUSH_BENCH_HAVE_OPENSSL)
/* The key pair objects and a derive context made once; each derive
 * computes the shared secret again. */
static int ossl_x25519_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    if (peer_point_setup(st, why) != 0) return -1;
    EVP_PKEY *priv =
        o->EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, st->key, 32);
    EVP_PKEY *peer =
        o->EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, st->scratch, 32);
    EVP_PKEY_CTX *c = priv ? o->EVP_PKEY_CTX_new(priv, NULL) : NULL;
    if (c == NULL || peer == NULL || o->EVP_PKEY_derive_init(c) <= 0 ||
        o->EVP_PKEY_derive_set_peer(c, peer) <= 0) {
        *why = "EVP_PKEY X25519 setup failed";
        o->EVP_PKEY_CTX_free(c);
        o->EVP_PKEY_free(priv);
        o->EVP_PKEY_free(peer);
        return -1;
    }
    st->obj = priv;
    st->obj2 = peer;
    st->obj3 = c;
    return 0;
}
static void ossl_x25519_teardown(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    o->EVP_PKEY_CTX_free(st->obj3);
    o->EVP_PKEY_free(st->obj2);
    o->EVP_PKEY_free(st->obj);
}
BENCH_LOOP(ossl_x25519_run, const bench_ossl *o = bench_ossl_of(st);
           size_t len = 32; o->EVP_PKEY_derive(st->obj3, st->out, &len))
/* OpenSSL computes the public key when the key object is made from the
 * raw private key; this is its public-key path (object churn included). */
BENCH_LOOP(ossl_base_run, const bench_ossl *o = bench_ossl_of(st);
           size_t len = 32;
           EVP_PKEY *k = o->EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL,
                                                         st->key, 32);
           o->EVP_PKEY_get_raw_public_key(k, st->out, &len);
           o->EVP_PKEY_free(k))
#endif

#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_x25519_run,
           status |= crypto_scalarmult(st->out, st->key, st->scratch))
BENCH_LOOP(sodium_base_run, crypto_scalarmult_base(st->out, st->key))
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
BENCH_LOOP(gcry_x25519_run, gcry_ecc_mul_point(GCRY_ECC_CURVE25519, st->out,
                                               st->key, st->scratch))
/* a NULL point means the base point */
BENCH_LOOP(gcry_base_run,
           gcry_ecc_mul_point(GCRY_ECC_CURVE25519, st->out, st->key, NULL))
#endif

void bench_register_x25519(void) {
    bench_op dh = {.area = "x25519",
                   .name = "x25519",
                   .verify_fixed = 32,
                   .verify_plus_size = 0,
                   .note = "Shared secret: scalar x peer public key (ns per "
                           "operation). OpenSSL: EVP_PKEY_derive on a derive "
                           "context set up once.",
                   .fixed_sizes = point_size,
                   .throughput = 0};
    bench_case_append(dh.cases, (bench_case){"hush",
                                             BENCH_HUSH,
                                             {"x25519", NULL},
                                             peer_point_setup,
                                             hush_x25519_run,
                                             NULL,
                                             NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(dh.cases, (bench_case){"openssl",
                                             BENCH_PEER,
                                             {NULL},
                                             ossl_x25519_setup,
                                             ossl_x25519_run,
                                             ossl_x25519_teardown,
                                             NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(dh.cases, (bench_case){"libsodium",
                                             BENCH_PEER,
                                             {NULL},
                                             peer_point_setup,
                                             sodium_x25519_run,
                                             NULL,
                                             NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(dh.cases, (bench_case){"libgcrypt",
                                             BENCH_PEER,
                                             {NULL},
                                             peer_point_setup,
                                             gcry_x25519_run,
                                             NULL,
                                             NULL});
#endif
    bench_add(&dh);

    bench_op base = {.area = "x25519",
                     .name = "x25519 base",
                     .verify_fixed = 32,
                     .verify_plus_size = 0,
                     .note = "Public key: scalar x base point. OpenSSL: "
                             "EVP_PKEY_new_raw_private_key (which computes "
                             "the public key) + get_raw_public_key + free.",
                     .fixed_sizes = point_size,
                     .throughput = 0};
    bench_case_append(base.cases, (bench_case){"hush",
                                               BENCH_HUSH,
                                               {"x25519", NULL},
                                               NULL,
                                               hush_base_run,
                                               NULL,
                                               NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(
        base.cases,
        (bench_case){
            "openssl", BENCH_PEER, {NULL}, NULL, ossl_base_run, NULL, NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(base.cases, (bench_case){"libsodium",
                                               BENCH_PEER,
                                               {NULL},
                                               NULL,
                                               sodium_base_run,
                                               NULL,
                                               NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(
        base.cases,
        (bench_case){
            "libgcrypt", BENCH_PEER, {NULL}, NULL, gcry_base_run, NULL, NULL});
#endif
    bench_add(&base);
}
