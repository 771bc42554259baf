/*
 * The ChaCha20-Poly1305 AEADs (src/chachapoly): the RFC 8439 construction
 * with OpenSSL, libsodium and libgcrypt, and XChaCha20-Poly1305 with
 * libsodium (the only peer that has it).
 */
#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

static const hush_aead_alg alg_cp = HUSH_CHACHA20POLY1305;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_cp = {"ChaCha20-Poly1305", 0, 0, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_cp = {
    NULL, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_cp_run, unsigned long long clen; bench_next_nonce(st->nonce);
           crypto_aead_chacha20poly1305_ietf_encrypt(st->out, &clen, st->in,
                                                     st->size, NULL, 0, NULL,
                                                     st->nonce, st->key))
#endif

static const hush_aead_alg alg_xcp = HUSH_XCHACHA20POLY1305;
#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_xcp_run, unsigned long long clen; bench_next_nonce(st->nonce);
           crypto_aead_xchacha20poly1305_ietf_encrypt(st->out, &clen, st->in,
                                                      st->size, NULL, 0, NULL,
                                                      st->nonce, st->key))
#endif

void bench_register_chachapoly(void) {
    bench_aead_rows cp = {.name = "chacha20poly1305",
                          .alg = &alg_cp,
                          .prims = {"chacha20", "poly1305"}};
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(cp.seal, bench_ossl_aead(&ossl_cp));
    bench_ossl_append(cp.open, bench_ossl_aead_open(&ossl_cp));
    bench_ossl_append(cp.once, bench_ossl_aead_oneshot(&ossl_cp));
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    /* libsodium's AEAD functions keep no expanded key: one call is both
     * its keyed seal and its one-shot */
    const bench_case sodium_cp = {"libsodium",   BENCH_PEER, {NULL}, NULL,
                                  sodium_cp_run, NULL,       NULL};
    bench_case_append(cp.seal, sodium_cp);
    bench_case_append(cp.once, sodium_cp);
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(cp.seal, bench_gcry_aead(&gcry_cp));
    bench_case_append(cp.once, bench_gcry_aead_oneshot(&gcry_cp));
#endif
    bench_add_aead(&cp);

    bench_aead_rows xcp = {.name = "xchacha20poly1305",
                           .alg = &alg_xcp,
                           .prims = {"chacha20", "poly1305"}};
#if defined(HUSH_BENCH_HAVE_SODIUM)
    const bench_case sodium_xcp = {"libsodium",    BENCH_PEER, {NULL}, NULL,
                                   sodium_xcp_run, NULL,       NULL};
    bench_case_append(xcp.seal, sodium_xcp);
    bench_case_append(xcp.once, sodium_xcp);
#endif
    bench_add_aead(&xcp);
}
