/*
 * Poly1305 (src/poly1305), one-shot with a fresh one-time key per message,
 * with OpenSSL (EVP_MAC), libsodium and libgcrypt.
 */
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

/* A one-time key per message: every implementation does its key setup per
 * message, as the AEADs do. */
BENCH_LOOP(hush_poly1305_run, st->key[0]++;
           hush_poly1305(st->out, st->in, st->size, st->key))
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static int ossl_poly_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    EVP_MAC *mac = o->EVP_MAC_fetch(NULL, "POLY1305", NULL);
    EVP_MAC_CTX *c = mac ? o->EVP_MAC_CTX_new(mac) : NULL;
    if (c == NULL) {
        *why = "EVP_MAC POLY1305 unavailable";
        o->EVP_MAC_free(mac);
        return -1;
    }
    st->obj = mac;
    st->obj2 = c;
    return 0;
}
BENCH_LOOP(ossl_poly_run, const bench_ossl *o = bench_ossl_of(st); size_t len;
           st->key[0]++; o->EVP_MAC_init(st->obj2, st->key, 32, NULL);
           o->EVP_MAC_update(st->obj2, st->in, st->size);
           o->EVP_MAC_final(st->obj2, st->out, &len, 16))
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_poly_run, st->key[0]++;
           crypto_onetimeauth_poly1305(st->out, st->in, st->size, st->key))
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
BENCH_LOOP(gcry_poly_run, size_t len = 16; st->key[0]++;
           gcry_mac_setkey(st->obj, st->key, 32);
           gcry_mac_write(st->obj, st->in, st->size);
           gcry_mac_read(st->obj, st->out, &len))
#endif

void bench_register_poly1305(void) {
    bench_op p = {.area = "mac",
                  .name = "poly1305",
                  .verify_fixed = 16,
                  .verify_plus_size = 0,
                  .note = "One-shot Poly1305 with a fresh one-time key per "
                          "message (key setup included everywhere).",
                  .throughput = 1};
    bench_case_append(p.cases, (bench_case){"hush",
                                            BENCH_HUSH,
                                            {"poly1305", NULL},
                                            NULL,
                                            hush_poly1305_run,
                                            NULL,
                                            NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(p.cases, (bench_case){"openssl",
                                            BENCH_PEER,
                                            {NULL},
                                            ossl_poly_setup,
                                            ossl_poly_run,
                                            bench_ossl_mac_teardown,
                                            NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(p.cases, (bench_case){"libsodium",
                                            BENCH_PEER,
                                            {NULL},
                                            NULL,
                                            sodium_poly_run,
                                            NULL,
                                            NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(p.cases, (bench_case){"libgcrypt",
                                            BENCH_PEER,
                                            {NULL},
                                            gcry_poly_setup,
                                            gcry_poly_run,
                                            gcry_poly_teardown,
                                            NULL});
#endif
    bench_add(&p);
}
