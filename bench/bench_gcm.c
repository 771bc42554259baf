/*
 * AES-128-GCM and AES-256-GCM (src/gcm), with OpenSSL (EVP contexts keyed
 * once), libgcrypt (keyed once) and, for AES-256-GCM, libsodium where this
 * CPU has its AES-NI code (crypto_aead_aes256gcm_is_available), with the
 * key expanded once (beforenm / afternm).
 */
#include <stdlib.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"
#include "bench_vaes_bound.h"

/* The pairing a CPU with AES-NI and PCLMULQDQ but no VAES gets (its own
 * fused one-pass tier, src/gcm/gcm_aesni.c): the row the issue asks to see
 * next to OpenSSL. The rows that vary one tier alone pair aesni with
 * vpclmul512, which runs CTR and GHASH in two passes. */
#define FUSED_WITHOUT_VAES "aes=aesni,ghash=pclmul"

static const hush_aead_alg alg_gcm128 = HUSH_AES128GCM;
static const hush_aead_alg alg_gcm256 = HUSH_AES256GCM;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_gcm128 = {"AES-128-GCM", 0, 0, 16, 12, 0};
static const bench_cipher_spec ossl_gcm256 = {"AES-256-GCM", 0, 0, 32, 12, 0};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_gcm128 = {
    NULL, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM, 16, 12, 0};
static const bench_cipher_spec gcry_gcm256 = {
    NULL, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM, 32, 12, 0};
#endif

#if defined(HUSH_BENCH_HAVE_SODIUM)
/* libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ. */
static int sodium_gcm_available(const char **why) {
    if (crypto_aead_aes256gcm_is_available()) return 1;
    *why = "crypto_aead_aes256gcm_is_available() is 0 on this CPU";
    return 0;
}
static int sodium_gcm_setup(bench_state *st, const char **why) {
    if (!sodium_gcm_available(why)) return -1;
    st->obj = aligned_alloc(64, (sizeof(crypto_aead_aes256gcm_state) + 63) &
                                    ~(size_t)63);
    if (st->obj == NULL) return -1;
    crypto_aead_aes256gcm_beforenm(st->obj, st->key);
    return 0;
}
static void sodium_gcm_teardown(bench_state *st) { free(st->obj); }
BENCH_LOOP(sodium_gcm_run, unsigned long long clen; bench_next_nonce(st->nonce);
           crypto_aead_aes256gcm_encrypt_afternm(st->out, &clen, st->in,
                                                 st->size, NULL, 0, NULL,
                                                 st->nonce, st->obj))
/* One-shot: the key expanded on every call. */
static int sodium_gcm_oneshot_setup(bench_state *st, const char **why) {
    (void)st;
    return sodium_gcm_available(why) ? 0 : -1;
}
BENCH_LOOP(sodium_gcm_oneshot_run, unsigned long long clen;
           bench_next_nonce(st->nonce);
           crypto_aead_aes256gcm_encrypt(st->out, &clen, st->in, st->size, NULL,
                                         0, NULL, st->nonce, st->key))
#endif

void bench_register_gcm(void) {
    bench_aead_rows g128 = {.name = "aes128gcm",
                            .alg = &alg_gcm128,
                            .prims = {"aes", "ghash"},
                            .extra_config = FUSED_WITHOUT_VAES};
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(g128.seal, bench_ossl_aead(&ossl_gcm128));
    bench_ossl_append(g128.open, bench_ossl_aead_open(&ossl_gcm128));
    bench_ossl_append(g128.once, bench_ossl_aead_oneshot(&ossl_gcm128));
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(g128.seal, bench_gcry_aead(&gcry_gcm128));
    bench_case_append(g128.once, bench_gcry_aead_oneshot(&gcry_gcm128));
#endif
    bench_case bound;
    if (bench_vaes_bound_case(0, &bound) == 0) {
        bench_case_append(g128.seal, bound);
        bench_case_append(g128.open, bound);
    }
    bench_add_aead(&g128);

    bench_aead_rows g256 = {.name = "aes256gcm",
                            .alg = &alg_gcm256,
                            .prims = {"aes", "ghash"},
                            .extra_config = FUSED_WITHOUT_VAES};
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(g256.seal, bench_ossl_aead(&ossl_gcm256));
    bench_ossl_append(g256.open, bench_ossl_aead_open(&ossl_gcm256));
    bench_ossl_append(g256.once, bench_ossl_aead_oneshot(&ossl_gcm256));
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(g256.seal, (bench_case){"libsodium",
                                              BENCH_PEER,
                                              {NULL},
                                              sodium_gcm_setup,
                                              sodium_gcm_run,
                                              sodium_gcm_teardown,
                                              NULL});
    bench_case_append(g256.once, (bench_case){"libsodium",
                                              BENCH_PEER,
                                              {NULL},
                                              sodium_gcm_oneshot_setup,
                                              sodium_gcm_oneshot_run,
                                              NULL,
                                              NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(g256.seal, bench_gcry_aead(&gcry_gcm256));
    bench_case_append(g256.once, bench_gcry_aead_oneshot(&gcry_gcm256));
#endif
    if (bench_vaes_bound_case(1, &bound) == 0) {
        bench_case_append(g256.seal, bound);
        bench_case_append(g256.open, bound);
    }
    bench_add_aead(&g256);
    bench_register_vaes_bound();
}
