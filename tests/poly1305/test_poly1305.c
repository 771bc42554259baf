/*
 * Poly1305, for every poly1305 implementation, in parts:
 *   kat      RFC 7539 Poly1305 (A.3), from Debian's
 *            python3-cryptography-vectors
 *   vectors  the RFC 8439 Poly1305 vectors of rfc-vectors.txt, from the
 *            vector directory
 *   diff     against libsodium on every length 0..1100 and longer ones,
 *            one-shot and at random incremental splits, and the limb
 *            bounds (all-ones messages and keys)
 *   api      final wipes the context; a context keeps its implementation
 * The context at odd alignments: test_poly1305_align.c.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* one-shot, then byte by byte through the context */
static void check_poly1305(const uint8_t *key, const uint8_t *msg, size_t len,
                           const uint8_t *tag) {
    uint8_t out[16];
    hush_poly1305(out, msg, len, key);
    CHECK_MEM(out, tag, 16);
    hush_poly1305_ctx c;
    hush_poly1305_init(&c, key);
    for (size_t i = 0; i < len; i++)
        hush_poly1305_update(&c, msg + i, 1);
    hush_poly1305_final(&c, out);
    CHECK_MEM(out, tag, 16);
}

static void package_vectors(int report) {
    unsigned long poly = 0;
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "poly1305/rfc7539.txt");
    while (ht_kv_next(f)) {
        size_t kl, ml, tl;
        uint8_t *key = ht_kv_hex(f, "KEY", &kl);
        uint8_t *msg = ht_kv_hex(f, "MSG", &ml);
        uint8_t *tag = ht_kv_hex(f, "TAG", &tl);
        ht_context = ht_kv_get(f, "COUNT");
        CHECK(kl == 32 && tl == 16);
        check_poly1305(key, msg, ml, tag);
        free(key), free(msg), free(tag);
        poly++;
    }
    ht_kv_close(f);
    ht_context = NULL;
    CHECK_EQ_INT(poly, 11);
    if (report) printf("package: %lu Poly1305 records\n", poly);
}

static void rfc_vectors(int report) {
    ht_kv_file *f = NULL;
    int seen = 0;
    for (const char *alg; (alg = ht_rfc_next(&f)) != NULL;) {
        size_t kl = 0, pl = 0, tl = 0;
        /* poly1305-keygen is the AEAD's key derivation: tests/chachapoly */
        if (ht_starts_with(alg, "poly1305") &&
            !ht_starts_with(alg, "poly1305-keygen")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *msg = ht_kv_hex(f, "msg", &pl);
            uint8_t *tag = ht_kv_hex(f, "tag", &tl);
            check_poly1305(key, msg, pl, tag);
            free(key), free(msg), free(tag);
            seen++;
        }
    }
    CHECK_EQ_INT(seen, 12); /* every Poly1305 vector in the file */
    if (report) printf("rfc-vectors.txt: %d Poly1305 vectors\n", seen);
}

/* ---- differential tests against libsodium ---- */
#define BIG1 (65536 + 17)
#define BIG2 (1048576 + 3)

/* one-shot and with random incremental splits */
static void diff_one(size_t len, uint8_t *in) {
    uint8_t key[32];
    ht_rand_bytes(in, len);
    ht_rand_bytes(key, sizeof key);
    uint8_t t1[16], t2[16];
    hush_poly1305(t1, in, len, key);
    crypto_onetimeauth_poly1305(t2, in, len, key);
    CHECK_MEM(t1, t2, 16);
    hush_poly1305_ctx pc;
    hush_poly1305_init(&pc, key);
    for (size_t off = 0; off < len;) {
        size_t n = ht_rand_u64() % (ht_rand_u64() & 1 ? 17 : 700);
        if (n > len - off) n = len - off;
        hush_poly1305_update(&pc, in + off, n);
        off += n;
    }
    hush_poly1305_final(&pc, t1);
    CHECK_MEM(t1, t2, 16);
    CHECK(ht_all_zero(&pc, sizeof pc)); /* final wipes the context */
}

static void differential(void) {
    uint8_t *in = malloc(BIG2);
    for (size_t len = 0; len <= 1100; len++)
        diff_one(len, in);
    /* the lengths the ChaCha20-Poly1305 records reach: several 4-block
     * and 8-block steps with tails */
    static const size_t more[] = {1536 + 5,  2047,        2048,      2049,
                                  2100,      3000,        3072 + 63, 4095,
                                  4096 + 64, 5 * 1024 + 1};
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        diff_one(more[i], in);
    diff_one(8191, in);
    diff_one(BIG1, in);
    diff_one(BIG2, in);
    free(in);
}

/* Poly1305 limb bounds: all-ones messages and keys (the largest clamped
 * r, every block 2^130 - 1) over lengths that fill the vector tiers'
 * accumulators for several steps, against libsodium. */
static void poly1305_extremes(void) {
    static uint8_t msg[4096 + 48];
    uint8_t key[32], t1[16], t2[16];
    memset(msg, 0xff, sizeof msg);
    for (int k = 0; k < 2; k++) {
        memset(key, k ? 0xff : 0x00, sizeof key);
        if (!k) memset(key, 0xff, 16); /* r all ones (clamped), s zero */
        for (size_t len = 112; len <= sizeof msg; len += 48) {
            hush_poly1305(t1, msg, len, key);
            crypto_onetimeauth_poly1305(t2, msg, len, key);
            CHECK_MEM(t1, t2, 16);
        }
    }
}

/* A Poly1305 context keeps giving correct results when another
 * implementation is forced while it lives (it keeps the one it was made
 * with; the tiers' state layouts differ); final wipes the context (using
 * it after that is misuse: tests/core/test_misuse.c). */
static void remembers_implementation(const char *poly_impl) {
    uint8_t key[32], msg[3000], t1[16], t2[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list("poly1305", names, HT_MAX_IMPLS);
    crypto_onetimeauth_poly1305(t2, msg, sizeof msg, key);
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++) {
        hush_poly1305_ctx c;
        hush_poly1305_init(&c, key);
        hush_poly1305_update(&c, msg, 1000);
        CHECK_EQ_INT(hush_impl_force("poly1305", names[i]), HUSH_OK);
        hush_poly1305_update(&c, msg + 1000, sizeof msg - 1000);
        hush_poly1305_final(&c, t1);
        CHECK_MEM(t1, t2, 16);
        CHECK_EQ_INT(hush_impl_force("poly1305", poly_impl), HUSH_OK);
        CHECK(ht_all_zero(&c, sizeof c));
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if (sodium_init() < 0) return 1;
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("poly1305", impl) {
        printf("poly1305=%s\n", impl);
        ht_rand_seed(0x5eed);
        if (ht_part("kat")) package_vectors(first);
        if (vectors) rfc_vectors(first);
        if (ht_part("diff")) {
            differential();
            poly1305_extremes();
        }
        if (ht_part("api")) remembers_implementation(impl);
        first = 0;
    }
    return ht_end();
}
