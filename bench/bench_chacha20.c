/*
 * ChaCha20, XChaCha20 and HChaCha20 (src/chacha20), with OpenSSL,
 * libsodium and libgcrypt where they have them.
 */
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

BENCH_LOOP(hush_chacha20_run, bench_next_nonce(st->nonce);
           hush_chacha20_xor(st->out, st->in, st->size, st->nonce, st->key, 0))
BENCH_LOOP(hush_xchacha20_run, bench_next_nonce(st->nonce);
           hush_xchacha20_xor(st->out, st->in, st->size, st->nonce, st->key, 0))
BENCH_LOOP(hush_hchacha20_run, bench_next_nonce(st->nonce);
           hush_hchacha20(st->out, st->nonce, st->key))
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_chacha20 = {"ChaCha20", 0, 0, 32, 16, 1};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_chacha20 = {
    NULL, GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_chacha20_run, bench_next_nonce(st->nonce);
           crypto_stream_chacha20_ietf_xor_ic(st->out, st->in, st->size,
                                              st->nonce, 0, st->key))
BENCH_LOOP(sodium_xchacha20_run, bench_next_nonce(st->nonce);
           crypto_stream_xchacha20_xor_ic(st->out, st->in, st->size, st->nonce,
                                          0, st->key))
BENCH_LOOP(sodium_hchacha20_run, bench_next_nonce(st->nonce);
           crypto_core_hchacha20(st->out, st->nonce, st->key, NULL))
#endif

void bench_register_chacha20(void) {
    bench_op c = {.area = "stream",
                  .name = "chacha20",
                  .verify_fixed = 0,
                  .verify_plus_size = 1,
                  .note = "RFC 8439 ChaCha20 XOR, a new nonce per message; "
                          "OpenSSL EVP keyed once (only the IV changes), "
                          "libgcrypt keyed once (setiv per message).",
                  .throughput = 1};
    bench_case_append(c.cases, (bench_case){"hush",
                                            BENCH_HUSH,
                                            {"chacha20", NULL},
                                            NULL,
                                            hush_chacha20_run,
                                            NULL,
                                            NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(c.cases, bench_ossl_stream(&ossl_chacha20));
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(c.cases, (bench_case){"libsodium",
                                            BENCH_PEER,
                                            {NULL},
                                            NULL,
                                            sodium_chacha20_run,
                                            NULL,
                                            NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(c.cases, bench_gcry_stream(&gcry_chacha20));
#endif
    bench_add(&c);

    bench_op x = {.area = "stream",
                  .name = "xchacha20",
                  .verify_fixed = 0,
                  .verify_plus_size = 1,
                  .note = "XChaCha20 XOR (HChaCha20 subkey + ChaCha20) per "
                          "message; only libsodium has it.",
                  .throughput = 1};
    bench_case_append(x.cases, (bench_case){"hush",
                                            BENCH_HUSH,
                                            {"chacha20", NULL},
                                            NULL,
                                            hush_xchacha20_run,
                                            NULL,
                                            NULL});
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(x.cases, (bench_case){"libsodium",
                                            BENCH_PEER,
                                            {NULL},
                                            NULL,
                                            sodium_xchacha20_run,
                                            NULL,
                                            NULL});
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
    bench_case_append(h.cases, (bench_case){"hush",
                                            BENCH_HUSH,
                                            {"chacha20", NULL},
                                            NULL,
                                            hush_hchacha20_run,
                                            NULL,
                                            NULL});
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(h.cases, (bench_case){"libsodium",
                                            BENCH_PEER,
                                            {NULL},
                                            NULL,
                                            sodium_hchacha20_run,
                                            NULL,
                                            NULL});
#endif
    bench_add(&h);
}
