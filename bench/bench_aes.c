/*
 * AES-128/256 (src/aes): single blocks and CTR, with OpenSSL (EVP contexts
 * keyed once) and libgcrypt (keyed once).
 */
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

static const size_t one_block[] = {16, 0};
static const size_t key128 = 16, key256 = 32;

static int hush_aes_setup(bench_state *st, const char **why) {
    size_t keylen = *(const size_t *)st->arg;
    st->obj = aligned_alloc(64, sizeof(hush_aes_ctx));
    if (st->obj == NULL || hush_aes_init(st->obj, st->key, keylen) != HUSH_OK) {
        *why = "hush_aes_init failed";
        free(st->obj);
        return -1;
    }
    return 0;
}
static void hush_aes_teardown(bench_state *st) {
    hush_wipe(st->obj, sizeof(hush_aes_ctx));
    free(st->obj);
}
BENCH_LOOP(hush_aes_enc_run, hush_aes_encrypt_block(st->obj, st->out, st->in);
           bench_consume(st->out))
BENCH_LOOP(hush_aes_dec_run, hush_aes_decrypt_block(st->obj, st->out, st->in);
           bench_consume(st->out))
BENCH_LOOP(hush_aes_ctr_run, bench_next_nonce(st->nonce);
           hush_aes_ctr_xor(st->obj, st->out, st->in, st->size, st->nonce))

#if defined(HUSH_BENCH_HAVE_OPENSSL)
static const bench_cipher_spec ossl_ecb128 = {"AES-128-ECB", 0, 0, 16, 0, 0};
static const bench_cipher_spec ossl_ecb256 = {"AES-256-ECB", 0, 0, 32, 0, 0};
static const bench_cipher_spec ossl_ctr128 = {"AES-128-CTR", 0, 0, 16, 16, 0};
static const bench_cipher_spec ossl_ctr256 = {"AES-256-CTR", 0, 0, 32, 16, 0};
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
static const bench_cipher_spec gcry_ecb128 = {
    NULL, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_ECB, 16, 0, 0};
static const bench_cipher_spec gcry_ecb256 = {
    NULL, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_ECB, 32, 0, 0};
static const bench_cipher_spec gcry_ctr128 = {
    NULL, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CTR, 16, 16, 0};
static const bench_cipher_spec gcry_ctr256 = {
    NULL, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CTR, 32, 16, 0};
#endif

static void add_block(const char *name, const size_t *keylen,
                      void (*run)(bench_state *, uint64_t),
                      const bench_cipher_spec *ossl,
                      const bench_cipher_spec *gcry) {
    bench_op op = {.area = "aes",
                   .name = name,
                   .verify_fixed = 16,
                   .verify_plus_size = 0,
                   .note = "One 16-byte block per call with an expanded key; "
                           "peers: ECB of one block through their keyed "
                           "contexts (their per-call overhead included).",
                   .fixed_sizes = one_block,
                   .throughput = 1};
    bench_case_append(op.cases, (bench_case){"hush",
                                             BENCH_HUSH,
                                             {"aes", NULL},
                                             hush_aes_setup,
                                             run,
                                             hush_aes_teardown,
                                             keylen});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    if (ossl) bench_ossl_append(op.cases, bench_ossl_stream(ossl));
#else
    (void)ossl;
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    if (gcry) bench_case_append(op.cases, bench_gcry_stream(gcry));
#else
    (void)gcry;
#endif
    bench_add(&op);
}

static void add_ctr(const char *name, const size_t *keylen,
                    const bench_cipher_spec *ossl,
                    const bench_cipher_spec *gcry) {
    bench_op op = {.area = "aes",
                   .name = name,
                   .verify_fixed = 0,
                   .verify_plus_size = 1,
                   .note = "CTR (SP 800-38A, 128-bit big-endian counter), a "
                           "new counter block per message; expanded key "
                           "reused.",
                   .throughput = 1};
    bench_case_append(op.cases, (bench_case){"hush",
                                             BENCH_HUSH,
                                             {"aes", NULL},
                                             hush_aes_setup,
                                             hush_aes_ctr_run,
                                             hush_aes_teardown,
                                             keylen});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(op.cases, bench_ossl_stream(ossl));
#else
    (void)ossl;
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(op.cases, bench_gcry_stream(gcry));
#else
    (void)gcry;
#endif
    bench_add(&op);
}
void bench_register_aes(void) {
#if defined(HUSH_BENCH_HAVE_OPENSSL)
#define OSSL(x) &x
#else
#define OSSL(x) NULL
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
#define GCRY(x) &x
#else
#define GCRY(x) NULL
#endif
    add_block("aes128 encrypt block", &key128, hush_aes_enc_run,
              OSSL(ossl_ecb128), GCRY(gcry_ecb128));
    add_block("aes128 decrypt block", &key128, hush_aes_dec_run, NULL, NULL);
    add_block("aes256 encrypt block", &key256, hush_aes_enc_run,
              OSSL(ossl_ecb256), GCRY(gcry_ecb256));
    add_ctr("aes128 ctr", &key128, OSSL(ossl_ctr128), GCRY(gcry_ctr128));
    add_ctr("aes256 ctr", &key256, OSSL(ossl_ctr256), GCRY(gcry_ctr256));
}
