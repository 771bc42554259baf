/*
 * The ChaCha20-Poly1305 AEADs (src/chachapoly): the RFC 8439 construction
 * with OpenSSL, libsodium and libgcrypt, and XChaCha20-Poly1305 with
 * libsodium (the only peer that has it).
 */
#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

#if defined(HUSH_BENCH_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
#include <gcrypt.h>
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

void bench_register_chachapoly(void) {
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
