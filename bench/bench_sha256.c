/*
 * SHA-256 (src/sha256): one-shot and two messages at once (sha256_x2),
 * with OpenSSL (EVP context reused), libsodium and libgcrypt.
 */
#include <hush.h>

#include "bench.h"
#include "bench_peers.h"

BENCH_LOOP(hush_sha256_run, hush_sha256(st->out, st->in, st->size))

/* Two messages of size/2 bytes each per call, so the row's bytes per
 * operation are the same as the sha256 row's and throughputs compare. */
BENCH_LOOP(hush_x2_run, hush_sha256_x2(st->out, st->in, st->out + 32,
                                       st->in + st->size / 2, st->size / 2))

#if defined(HUSH_BENCH_HAVE_OPENSSL)
static int ossl_md_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    st->obj = o->EVP_MD_fetch(NULL, "SHA256", NULL);
    st->obj2 = o->EVP_MD_CTX_new();
    if (st->obj == NULL || st->obj2 == NULL) {
        *why = "EVP_MD_fetch(SHA256) failed";
        return -1;
    }
    return 0;
}
static void ossl_md_teardown(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    o->EVP_MD_CTX_free(st->obj2);
    o->EVP_MD_free(st->obj);
}
BENCH_LOOP(ossl_sha256_run, const bench_ossl *o = bench_ossl_of(st);
           unsigned int len; o->EVP_DigestInit_ex2(st->obj2, st->obj, NULL);
           o->EVP_DigestUpdate(st->obj2, st->in, st->size);
           o->EVP_DigestFinal_ex(st->obj2, st->out, &len))
/* The one-shot entry points: SHA256() (the low-level function) and
 * EVP_Digest() (a context and an implicit fetch of EVP_sha256() per call). */
BENCH_LOOP(ossl_sha256_oneshot_run, const bench_ossl *o = bench_ossl_of(st);
           o->SHA256(st->in, st->size, st->out))
BENCH_LOOP(ossl_evp_digest_run, const bench_ossl *o = bench_ossl_of(st);
           unsigned int len; o->EVP_Digest(st->in, st->size, st->out, &len,
                                           o->EVP_sha256(), NULL))
#endif

#if defined(HUSH_BENCH_HAVE_SODIUM)
BENCH_LOOP(sodium_sha256_run, crypto_hash_sha256(st->out, st->in, st->size))
#endif

#if defined(HUSH_BENCH_HAVE_GCRYPT)
BENCH_LOOP(gcry_sha256_run,
           gcry_md_hash_buffer(GCRY_MD_SHA256, st->out, st->in, st->size))
#endif

void bench_register_sha256(void) {
    bench_op sha = {.area = "hash",
                    .name = "sha256",
                    .verify_fixed = 32,
                    .verify_plus_size = 0,
                    .note = "One-shot SHA-256; OpenSSL through a reused "
                            "EVP_MD_CTX with a pre-fetched EVP_MD, and its "
                            "one-shot SHA256() and EVP_Digest().",
                    .throughput = 1};
    bench_case_append(sha.cases, (bench_case){"hush",
                                              BENCH_HUSH,
                                              {"sha256", NULL},
                                              NULL,
                                              hush_sha256_run,
                                              NULL,
                                              NULL});
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    bench_ossl_append(sha.cases, (bench_case){"openssl",
                                              BENCH_PEER,
                                              {NULL},
                                              ossl_md_setup,
                                              ossl_sha256_run,
                                              ossl_md_teardown,
                                              NULL});
    bench_ossl_append(sha.cases, (bench_case){"openssl SHA256()",
                                              BENCH_PEER,
                                              {NULL},
                                              NULL,
                                              ossl_sha256_oneshot_run,
                                              NULL,
                                              NULL});
    bench_ossl_append(sha.cases, (bench_case){"openssl EVP_Digest()",
                                              BENCH_PEER,
                                              {NULL},
                                              NULL,
                                              ossl_evp_digest_run,
                                              NULL,
                                              NULL});
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    bench_case_append(sha.cases, (bench_case){"libsodium",
                                              BENCH_PEER,
                                              {NULL},
                                              NULL,
                                              sodium_sha256_run,
                                              NULL,
                                              NULL});
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    bench_case_append(sha.cases, (bench_case){"libgcrypt",
                                              BENCH_PEER,
                                              {NULL},
                                              NULL,
                                              gcry_sha256_run,
                                              NULL,
                                              NULL});
#endif
    bench_add(&sha);

    bench_op x2 = {.area = "hash",
                   .name = "sha256_x2",
                   .note = "hush_sha256_x2: two messages of half the size "
                           "each per call, hashed interleaved; bytes per "
                           "operation as in the sha256 row.",
                   .throughput = 1};
    x2.cases[0] = (bench_case){
        "hush", BENCH_HUSH, {"sha256", NULL}, NULL, hush_x2_run, NULL, NULL};
    bench_add(&x2);
}
