/*
 * Poly1305 (src/poly1305), one-shot with a fresh one-time key per message,
 * with OpenSSL (EVP_MAC), libsodium and libgcrypt.
 */
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

#if defined(HUSH_BENCH_HAVE_OPENSSL)
#include <openssl/evp.h>
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
#include <gcrypt.h>
#endif

/* A one-time key per message: every implementation does its key setup per
 * message, as the AEADs do. */
static void hush_poly1305_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        st->key[0]++;
        hush_poly1305(st->out, st->in, st->size, st->key);
    }
    bench_consume(st->out);
}
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static int ossl_poly_setup(bench_state *st, const char **why) {
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *c = mac ? EVP_MAC_CTX_new(mac) : NULL;
    if (c == NULL) {
        *why = "EVP_MAC POLY1305 unavailable";
        EVP_MAC_free(mac);
        return -1;
    }
    st->obj = mac;
    st->obj2 = c;
    return 0;
}
static void ossl_poly_run(bench_state *st, uint64_t iters) {
    EVP_MAC_CTX *c = st->obj2;
    size_t len;
    for (uint64_t i = 0; i < iters; i++) {
        st->key[0]++;
        EVP_MAC_init(c, st->key, 32, NULL);
        EVP_MAC_update(c, st->in, st->size);
        EVP_MAC_final(c, st->out, &len, 16);
    }
    bench_consume(st->out);
}
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
static void sodium_poly_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        st->key[0]++;
        crypto_onetimeauth_poly1305(st->out, st->in, st->size, st->key);
    }
    bench_consume(st->out);
}
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static int gcry_poly_setup(bench_state *st, const char **why) {
    gcry_mac_hd_t h;
    if (gcry_mac_open(&h, GCRY_MAC_POLY1305, 0, NULL)) {
        *why = "gcry_mac_open(POLY1305) failed";
        return -1;
    }
    st->obj = h;
    return 0;
}
static void gcry_poly_teardown(bench_state *st) { gcry_mac_close(st->obj); }
static void gcry_poly_run(bench_state *st, uint64_t iters) {
    gcry_mac_hd_t h = st->obj;
    size_t len = 16;
    for (uint64_t i = 0; i < iters; i++) {
        st->key[0]++;
        gcry_mac_setkey(h, st->key, 32);
        gcry_mac_write(h, st->in, st->size);
        gcry_mac_read(h, st->out, &len);
    }
    bench_consume(st->out);
}
#endif

void bench_register_poly1305(void) {
    int n = 0;
    bench_op p = {.area = "mac",
                  .name = "poly1305",
                  .verify_fixed = 16,
                  .verify_plus_size = 0,
                  .note = "One-shot Poly1305 with a fresh one-time key per "
                          "message (key setup included everywhere).",
                  .throughput = 1};
    n = 0;
    p.cases[n++] = (bench_case){"hush", BENCH_HUSH,        {"poly1305", NULL},
                                NULL,   hush_poly1305_run, NULL,
                                NULL};
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    p.cases[n++] = (bench_case){"openssl",     BENCH_PEER,
                                {NULL},        ossl_poly_setup,
                                ossl_poly_run, bench_ossl_mac_teardown,
                                NULL};
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    p.cases[n++] = (bench_case){"libsodium",     BENCH_PEER, {NULL}, NULL,
                                sodium_poly_run, NULL,       NULL};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    p.cases[n++] =
        (bench_case){"libgcrypt",   BENCH_PEER,         {NULL}, gcry_poly_setup,
                     gcry_poly_run, gcry_poly_teardown, NULL};
#endif
    bench_add(&p);
}
