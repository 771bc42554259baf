/*
 * HMAC-SHA256 and HKDF-SHA256 (src/hmac): one-shot HMAC, HMAC with a
 * precomputed key, and HKDF, with OpenSSL, libsodium and libgcrypt where
 * they have the function.
 */
#include <stdlib.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

/* ---- HMAC-SHA256 (32-byte key) ---- */

BENCH_LOOP(hush_hmac_run,
           hush_hmac_sha256(st->out, st->key, 32, st->in, st->size))

/* Precomputed key: init once; per message copy the keyed context (copying
 * forks the computation), update and final. */
static int hush_hmac_pre_setup(bench_state *st, const char **why) {
    (void)why;
    st->obj = malloc(2 * sizeof(hush_hmac_sha256_ctx));
    if (st->obj == NULL) return -1;
    hush_hmac_sha256_init(st->obj, st->key, 32);
    return 0;
}
static void hush_hmac_pre_teardown(bench_state *st) {
    hush_wipe(st->obj, 2 * sizeof(hush_hmac_sha256_ctx));
    free(st->obj);
}
BENCH_LOOP(hush_hmac_pre_run, hush_hmac_sha256_ctx *keyed = st->obj;
           keyed[1] = keyed[0]; /* the work copy */
           hush_hmac_sha256_update(&keyed[1], st->in, st->size);
           hush_hmac_sha256_final(&keyed[1], st->out))

#if defined(HUSH_BENCH_HAVE_OPENSSL)
static int ossl_hmac_oneshot_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    (void)why;
    st->obj = (void *)o->EVP_sha256();
    return 0;
}
BENCH_LOOP(ossl_hmac_oneshot_run, const bench_ossl *o = bench_ossl_of(st);
           unsigned int len;
           o->HMAC(st->obj, st->key, 32, st->in, st->size, st->out, &len))

/* EVP_MAC keyed once; EVP_MAC_init with a NULL key restarts from the
 * precomputed inner and outer states. */
static int ossl_hmac_pre_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    EVP_MAC *mac = o->EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *c = mac ? o->EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_end()};
    if (c == NULL || !o->EVP_MAC_init(c, st->key, 32, params)) {
        *why = "EVP_MAC HMAC setup failed";
        o->EVP_MAC_CTX_free(c);
        o->EVP_MAC_free(mac);
        return -1;
    }
    st->obj = mac;
    st->obj2 = c;
    return 0;
}
BENCH_LOOP(ossl_hmac_pre_run, const bench_ossl *o = bench_ossl_of(st);
           size_t len; o->EVP_MAC_init(st->obj2, NULL, 0, NULL);
           o->EVP_MAC_update(st->obj2, st->in, st->size);
           o->EVP_MAC_final(st->obj2, st->out, &len, 32))
#endif

#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_hmac_run, crypto_auth_hmacsha256_state s;
           crypto_auth_hmacsha256_init(&s, st->key, 32);
           crypto_auth_hmacsha256_update(&s, st->in, st->size);
           crypto_auth_hmacsha256_final(&s, st->out))
static int sodium_hmac_pre_setup(bench_state *st, const char **why) {
    (void)why;
    st->obj = malloc(2 * sizeof(crypto_auth_hmacsha256_state));
    if (st->obj == NULL) return -1;
    crypto_auth_hmacsha256_init(st->obj, st->key, 32);
    return 0;
}
static void free_obj(bench_state *st) { free(st->obj); }
BENCH_LOOP(sodium_hmac_pre_run, crypto_auth_hmacsha256_state *keyed = st->obj;
           keyed[1] = keyed[0]; /* the work copy */
           crypto_auth_hmacsha256_update(&keyed[1], st->in, st->size);
           crypto_auth_hmacsha256_final(&keyed[1], st->out))
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
/* gcry_mac keyed once; gcry_mac_reset keeps the key. */
static int gcry_hmac_setup(bench_state *st, const char **why) {
    gcry_mac_hd_t h;
    if (gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, NULL) ||
        gcry_mac_setkey(h, st->key, 32)) {
        *why = "gcry_mac_open(HMAC_SHA256) failed";
        return -1;
    }
    st->obj = h;
    return 0;
}
static void gcry_mac_teardown(bench_state *st) { gcry_mac_close(st->obj); }
BENCH_LOOP(gcry_hmac_run, size_t len = 32; gcry_mac_reset(st->obj);
           gcry_mac_write(st->obj, st->in, st->size);
           gcry_mac_read(st->obj, st->out, &len))
/* One-shot: a handle opened, keyed and closed per message. */
BENCH_LOOP(gcry_hmac_oneshot_run, gcry_mac_hd_t h; size_t len = 32;
           gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, NULL);
           gcry_mac_setkey(h, st->key, 32); gcry_mac_write(h, st->in, st->size);
           gcry_mac_read(h, st->out, &len); gcry_mac_close(h))
#endif

/* ---- HKDF-SHA256: 32-byte IKM, 32-byte salt, 16-byte info; the size is
 * the output length ---- */

BENCH_LOOP(hush_hkdf_run,
           status |= hush_hkdf_sha256(st->out, st->size, st->key, 32,
                                      st->scratch, 32, st->scratch + 32, 16))

#if defined(HUSH_BENCH_HAVE_OPENSSL)
static int ossl_hkdf_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    EVP_KDF *kdf = o->EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *c = kdf ? o->EVP_KDF_CTX_new(kdf) : NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, st->key, 32),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, st->scratch, 32),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, st->scratch + 32,
                                          16),
        OSSL_PARAM_construct_end()};
    if (c == NULL || !o->EVP_KDF_CTX_set_params(c, params)) {
        *why = "EVP_KDF HKDF setup failed";
        o->EVP_KDF_CTX_free(c);
        o->EVP_KDF_free(kdf);
        return -1;
    }
    st->obj = kdf;
    st->obj2 = c;
    return 0;
}
static void ossl_hkdf_teardown(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    o->EVP_KDF_CTX_free(st->obj2);
    o->EVP_KDF_free(st->obj);
}
/* Parameters set once; every derive runs extract and expand, like the
 * hush one-shot. */
BENCH_LOOP(ossl_hkdf_run, const bench_ossl *o = bench_ossl_of(st);
           o->EVP_KDF_derive(st->obj2, st->out, st->size, NULL))
#endif

void bench_register_hmac(void) {
    bench_op hmac = {.area = "mac",
                     .name = "hmac-sha256",
                     .verify_fixed = 32,
                     .verify_plus_size = 0,
                     .note = "One-shot HMAC-SHA256 with a 32-byte key (key "
                             "setup on every call): hush_hmac_sha256, "
                             "OpenSSL HMAC(), libsodium init/update/final, "
                             "libgcrypt open/setkey/write/read/close.",
                     .throughput = 1};
    bench_case_append(hmac.cases, (bench_case){"hush",
                                               BENCH_HUSH,
                                               {"sha256", NULL},
                                               NULL,
                                               hush_hmac_run,
                                               NULL,
                                               NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(hmac.cases, (bench_case){"openssl HMAC()",
                                               BENCH_PEER,
                                               {NULL},
                                               ossl_hmac_oneshot_setup,
                                               ossl_hmac_oneshot_run,
                                               NULL,
                                               NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(hmac.cases, (bench_case){"libsodium",
                                               BENCH_PEER,
                                               {NULL},
                                               NULL,
                                               sodium_hmac_run,
                                               NULL,
                                               NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(hmac.cases, (bench_case){"libgcrypt",
                                               BENCH_PEER,
                                               {NULL},
                                               NULL,
                                               gcry_hmac_oneshot_run,
                                               NULL,
                                               NULL});
#endif
    bench_add(&hmac);

    bench_op pre = {.area = "mac",
                    .name = "hmac-sha256 (precomputed key)",
                    .verify_fixed = 32,
                    .verify_plus_size = 0,
                    .note = "The key's inner and outer states computed once; "
                            "per message: copy the keyed context (hush, "
                            "libsodium), EVP_MAC_init with a NULL key "
                            "(OpenSSL), gcry_mac_reset (libgcrypt).",
                    .throughput = 1};
    bench_case_append(pre.cases, (bench_case){"hush",
                                              BENCH_HUSH,
                                              {"sha256", NULL},
                                              hush_hmac_pre_setup,
                                              hush_hmac_pre_run,
                                              hush_hmac_pre_teardown,
                                              NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(pre.cases, (bench_case){"openssl EVP_MAC",
                                              BENCH_PEER,
                                              {NULL},
                                              ossl_hmac_pre_setup,
                                              ossl_hmac_pre_run,
                                              bench_ossl_mac_teardown,
                                              NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(pre.cases, (bench_case){"libsodium",
                                              BENCH_PEER,
                                              {NULL},
                                              sodium_hmac_pre_setup,
                                              sodium_hmac_pre_run,
                                              free_obj,
                                              NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(pre.cases, (bench_case){"libgcrypt",
                                              BENCH_PEER,
                                              {NULL},
                                              gcry_hmac_setup,
                                              gcry_hmac_run,
                                              gcry_mac_teardown,
                                              NULL});
#endif
    bench_add(&pre);

    bench_op hkdf = {.area = "mac",
                     .name = "hkdf-sha256",
                     .verify_fixed = 0,
                     .verify_plus_size = 1,
                     .note = "Extract + expand from a 32-byte IKM, 32-byte "
                             "salt and 16-byte info; the size is the output "
                             "length (at most 8160). OpenSSL EVP_KDF with "
                             "its parameters set once. libsodium 1.0.18 and "
                             "libgcrypt 1.10 have no HKDF.",
                     .min_size = 0,
                     .max_size = HUSH_HKDF_SHA256_MAX_OUT,
                     .throughput = 1};
    bench_case_append(hkdf.cases, (bench_case){"hush",
                                               BENCH_HUSH,
                                               {"sha256", NULL},
                                               NULL,
                                               hush_hkdf_run,
                                               NULL,
                                               NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(hkdf.cases, (bench_case){"openssl",
                                               BENCH_PEER,
                                               {NULL},
                                               ossl_hkdf_setup,
                                               ossl_hkdf_run,
                                               ossl_hkdf_teardown,
                                               NULL});
#endif
    bench_add(&hkdf);
}
