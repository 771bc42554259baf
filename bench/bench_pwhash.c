/*
 * PBKDF2-HMAC-SHA256 and scrypt (src/pwhash) against OpenSSL
 * (PKCS5_PBKDF2_HMAC, EVP_PBE_scrypt). The size is the output length
 * (32 bytes, a key); each operation is one whole derivation. scrypt runs
 * at n = 2^14, r = 8 (16 MiB) in the matrix, and with --bulk also at age's
 * work factor, n = 2^18 (256 MiB, most of a second per call).
 */
#include <hush.h>

#include "bench.h"
#include "bench_openssl.h"
#include "bench_registry.h"

static const size_t key_sizes[] = {32, 0};

typedef struct scrypt_params {
    uint64_t n;
    uint32_t r, p;
} scrypt_params;
static const scrypt_params matrix_cost = {1u << 14, 8, 1};
static const scrypt_params age_cost = {1u << 18, 8, 1};

/* password: the 32 key bytes; salt: 44 scratch bytes (age's label + 16) */
BENCH_LOOP(hush_scrypt_run, const scrypt_params *c = st->arg;
           status |= hush_scrypt(st->out, st->size, st->key, 32, st->scratch,
                                 44, c->n, c->r, c->p) != HUSH_OK)

BENCH_LOOP(hush_pbkdf2_run,
           status |= hush_pbkdf2_sha256(st->out, st->size, st->key, 32,
                                        st->scratch, 16, 1000) != HUSH_OK)

#if defined(HUSH_BENCH_HAVE_OPENSSL)
BENCH_LOOP(ossl_scrypt_run, const bench_ossl *o = bench_ossl_of(st);
           const scrypt_params *c = bench_ossl_arg_of(st);
           status |= o->EVP_PBE_scrypt((const char *)st->key, 32, st->scratch,
                                       44, c->n, c->r, c->p, (uint64_t)1 << 30,
                                       st->out, st->size) != 1)
BENCH_LOOP(ossl_pbkdf2_run, const bench_ossl *o = bench_ossl_of(st);
           status |=
           o->PKCS5_PBKDF2_HMAC((const char *)st->key, 32, st->scratch, 16,
                                1000, o->EVP_sha256(), (int)st->size,
                                st->out) != 1)
#endif

static void add_scrypt(const char *name, const scrypt_params *cost) {
    bench_op op = {.area = "pwhash",
                   .name = name,
                   .note = "scrypt (RFC 7914) of a 32-byte password and a "
                           "44-byte salt into a 32-byte key, r = 8, p = 1; "
                           "one row per ROMix tier (Salsa20/8: portable, "
                           "avx2, avx512). OpenSSL EVP_PBE_scrypt.",
                   .fixed_sizes = key_sizes,
                   .verify_fixed = 32,
                   .throughput = 0};
    bench_case_append(op.cases, (bench_case){"hush",
                                             BENCH_HUSH,
                                             {"scrypt", NULL},
                                             NULL,
                                             hush_scrypt_run,
                                             NULL,
                                             cost});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(
        op.cases,
        (bench_case){
            "openssl", BENCH_PEER, {NULL}, NULL, ossl_scrypt_run, NULL, cost});
#endif
    bench_add(&op);
}

void bench_register_pwhash(void) {
    add_scrypt("scrypt n=2^14", &matrix_cost);
    if (bench_opt.bulk) add_scrypt("scrypt n=2^18 (age)", &age_cost);

    bench_op pbkdf2 = {.area = "pwhash",
                       .name = "pbkdf2-sha256 1000 iterations",
                       .note = "PBKDF2-HMAC-SHA256 of a 32-byte password and "
                               "a 16-byte salt, 1000 iterations, 32 bytes "
                               "out. OpenSSL PKCS5_PBKDF2_HMAC.",
                       .fixed_sizes = key_sizes,
                       .verify_fixed = 32,
                       .throughput = 0};
    bench_case_append(pbkdf2.cases, (bench_case){"hush",
                                                 BENCH_HUSH,
                                                 {"sha256", NULL},
                                                 NULL,
                                                 hush_pbkdf2_run,
                                                 NULL,
                                                 NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(
        pbkdf2.cases,
        (bench_case){
            "openssl", BENCH_PEER, {NULL}, NULL, ossl_pbkdf2_run, NULL, NULL});
#endif
    bench_add(&pbkdf2);
}
