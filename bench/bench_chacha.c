/*
 * ChaCha20, XChaCha20, Poly1305 and the two ChaCha20-Poly1305 AEADs, with
 * OpenSSL, libsodium and libgcrypt where they have them.
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

static void hush_chacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        hush_chacha20_xor(st->out, st->in, st->size, st->nonce, st->key, 0);
    }
    bench_consume(st->out);
}
static void hush_xchacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        hush_xchacha20_xor(st->out, st->in, st->size, st->nonce, st->key, 0);
    }
    bench_consume(st->out);
}
static void hush_hchacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        hush_hchacha20(st->out, st->nonce, st->key);
    }
    bench_consume(st->out);
}
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_chacha20 = {"ChaCha20", 0, 0, 32, 16, 1};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_chacha20 = {
    NULL, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
static void sodium_chacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        crypto_stream_chacha20_ietf_xor_ic(st->out, st->in, st->size, st->nonce,
                                           0, st->key);
    }
    bench_consume(st->out);
}
static void sodium_xchacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        crypto_stream_xchacha20_xor_ic(st->out, st->in, st->size, st->nonce, 0,
                                       st->key);
    }
    bench_consume(st->out);
}
static void sodium_hchacha20_run(bench_state *st, uint64_t iters) {
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        crypto_core_hchacha20(st->out, st->nonce, st->key, NULL);
    }
    bench_consume(st->out);
}
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

static const hush_aead_alg alg_cp = HUSH_CHACHA20POLY1305;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_cp = {"ChaCha20-Poly1305", 0, 0, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_cp = {
    NULL, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
static void sodium_cp_run(bench_state *st, uint64_t iters) {
    unsigned long long clen;
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        crypto_aead_chacha20poly1305_ietf_encrypt(st->out, &clen, st->in,
                                                  st->size, NULL, 0, NULL,
                                                  st->nonce, st->key);
    }
    bench_consume(st->out);
}
#endif

static const hush_aead_alg alg_xcp = HUSH_XCHACHA20POLY1305;
#if defined(HUSH_BENCH_HAVE_SODIUM)
static void sodium_xcp_run(bench_state *st, uint64_t iters) {
    unsigned long long clen;
    for (uint64_t i = 0; i < iters; i++) {
        bench_next_nonce(st->nonce);
        crypto_aead_xchacha20poly1305_ietf_encrypt(st->out, &clen, st->in,
                                                   st->size, NULL, 0, NULL,
                                                   st->nonce, st->key);
    }
    bench_consume(st->out);
}
#endif

void bench_register_chacha(void) {
    int n = 0;
    bench_op c = {.area = "stream",
                  .name = "chacha20",
                  .verify_fixed = 0,
                  .verify_plus_size = 1,
                  .note = "RFC 8439 ChaCha20 XOR, a new nonce per message; "
                          "OpenSSL EVP keyed once (only the IV changes), "
                          "libgcrypt keyed once (setiv per message).",
                  .throughput = 1};
    n = 0;
    c.cases[n++] = (bench_case){"hush", BENCH_HUSH,        {"chacha20", NULL},
                                NULL,   hush_chacha20_run, NULL,
                                NULL};
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    c.cases[n++] = BENCH_OSSL_STREAM(&ossl_chacha20);
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    c.cases[n++] = (bench_case){"libsodium",         BENCH_PEER, {NULL}, NULL,
                                sodium_chacha20_run, NULL,       NULL};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    c.cases[n++] = BENCH_GCRY_STREAM(&gcry_chacha20);
#endif
    bench_add(&c);

    bench_op x = {.area = "stream",
                  .name = "xchacha20",
                  .verify_fixed = 0,
                  .verify_plus_size = 1,
                  .note = "XChaCha20 XOR (HChaCha20 subkey + ChaCha20) per "
                          "message; only libsodium has it.",
                  .throughput = 1};
    n = 0;
    x.cases[n++] = (bench_case){"hush", BENCH_HUSH,         {"chacha20", NULL},
                                NULL,   hush_xchacha20_run, NULL,
                                NULL};
#if defined(HUSH_BENCH_HAVE_SODIUM)
    x.cases[n++] = (bench_case){"libsodium",          BENCH_PEER, {NULL}, NULL,
                                sodium_xchacha20_run, NULL,       NULL};
#endif
    bench_add(&x);

    static const size_t hchacha_size[] = {32, 0};
    bench_op h = {.area = "stream",
                  .name = "hchacha20",
                  .verify_fixed = 32,
                  .verify_plus_size = 0,
                  .note = "HChaCha20: one 32-byte subkey from a key and a "
                          "16-byte nonce.",
                  .fixed_sizes = hchacha_size,
                  .throughput = 0};
    n = 0;
    h.cases[n++] = (bench_case){"hush", BENCH_HUSH,         {"chacha20", NULL},
                                NULL,   hush_hchacha20_run, NULL,
                                NULL};
#if defined(HUSH_BENCH_HAVE_SODIUM)
    h.cases[n++] = (bench_case){"libsodium",          BENCH_PEER, {NULL}, NULL,
                                sodium_hchacha20_run, NULL,       NULL};
#endif
    bench_add(&h);

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

    {
        bench_case peers[4];
        size_t np = 0;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
        peers[np++] = BENCH_OSSL_AEAD(&ossl_cp);
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
        peers[np++] = (bench_case){"libsodium",   BENCH_PEER, {NULL}, NULL,
                                   sodium_cp_run, NULL,       NULL};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
        peers[np++] = BENCH_GCRY_AEAD(&gcry_cp);
#endif
        bench_add_aead("chacha20poly1305", &alg_cp, "chacha20", "poly1305",
                       peers, np);
    }
    {
        bench_case peers[2];
        size_t np = 0;
#if defined(HUSH_BENCH_HAVE_SODIUM)
        peers[np++] = (bench_case){"libsodium",    BENCH_PEER, {NULL}, NULL,
                                   sodium_xcp_run, NULL,       NULL};
#endif
        bench_add_aead("xchacha20poly1305", &alg_xcp, "chacha20", "poly1305",
                       peers, np);
    }
}
