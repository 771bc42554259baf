/*
 * ChaCha20, XChaCha20 and HChaCha20, for every chacha20 implementation, in
 * parts:
 *   kat      RFC 7539 ChaCha20 (A.2), from Debian's
 *            python3-cryptography-vectors
 *   vectors  the RFC 8439 and XChaCha draft vectors of rfc-vectors.txt
 *            (quarter round, block, stream, HChaCha20, XChaCha20), from
 *            the vector directory
 *   diff     against libsodium on every length 0..1100 and longer ones,
 *            the 32-bit counter's wrap, buffers against a guard page, and
 *            XChaCha20's 64-bit counter carry
 * Poly1305 is tested in tests/poly1305, the AEADs in tests/chachapoly.
 */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "chacha20/chacha20_impl.h"
#include "harness.h"

/* out of place, then in place */
static void check_chacha20(const uint8_t *key, const uint8_t *nonce,
                           uint32_t counter, const uint8_t *pt,
                           const uint8_t *ct, size_t len) {
    uint8_t *out = malloc(len + 1);
    hush_chacha20_xor(out, pt, len, nonce, key, counter);
    CHECK_MEM(out, ct, len);
    memcpy(out, pt, len);
    hush_chacha20_xor(out, out, len, nonce, key, counter);
    CHECK_MEM(out, ct, len);
    free(out);
}

static void package_vectors(int report) {
    unsigned long chacha = 0;
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "ciphers/ChaCha20/rfc7539.txt");
    while (ht_kv_next(f)) {
        size_t kl, nl, pl, cl;
        uint8_t *key = ht_kv_hex(f, "KEY", &kl);
        uint8_t *nonce = ht_kv_hex(f, "NONCE", &nl);
        uint8_t *pt = ht_kv_hex(f, "PLAINTEXT", &pl);
        uint8_t *ct = ht_kv_hex(f, "CIPHERTEXT", &cl);
        ht_context = ht_kv_get(f, "COUNT");
        CHECK(kl == 32 && nl == 12 && pl == cl);
        check_chacha20(
            key, nonce,
            (uint32_t)ht_number(ht_kv_get(f, "INITIAL_BLOCK_COUNTER"), 0), pt,
            ct, pl);
        free(key), free(nonce), free(pt), free(ct);
        chacha++;
    }
    ht_kv_close(f);
    ht_context = NULL;
    CHECK_EQ_INT(chacha, 3);
    if (report) printf("package: %lu ChaCha20 records\n", chacha);
}

static void rfc_vectors(int report) {
    ht_kv_file *f = NULL;
    int seen = 0;
    for (const char *alg; (alg = ht_rfc_next(&f)) != NULL;) {
        size_t kl = 0, nl = 0, pl = 0, cl = 0, xl = 0;
        if (ht_starts_with(alg, "chacha-quarterround")) {
            uint32_t a = (uint32_t)strtoul(ht_kv_get(f, "a"), NULL, 16);
            uint32_t b = (uint32_t)strtoul(ht_kv_get(f, "b"), NULL, 16);
            uint32_t c = (uint32_t)strtoul(ht_kv_get(f, "c"), NULL, 16);
            uint32_t d = (uint32_t)strtoul(ht_kv_get(f, "d"), NULL, 16);
            HUSH_CHACHA_QR(a, b, c, d);
            CHECK_EQ_INT(a, strtoul(ht_kv_get(f, "out_a"), NULL, 16));
            CHECK_EQ_INT(b, strtoul(ht_kv_get(f, "out_b"), NULL, 16));
            CHECK_EQ_INT(c, strtoul(ht_kv_get(f, "out_c"), NULL, 16));
            CHECK_EQ_INT(d, strtoul(ht_kv_get(f, "out_d"), NULL, 16));
            seen++;
        } else if (ht_starts_with(alg, "chacha20-block")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *ks = ht_kv_hex(f, "keystream", &xl);
            uint8_t out[64] = {0};
            hush_chacha20_xor(out, out, 64, nonce, key,
                              (uint32_t)ht_number(ht_kv_get(f, "counter"), 0));
            CHECK_MEM(out, ks, 64);
            free(key), free(nonce), free(ks);
            seen++;
        } else if (ht_starts_with(alg, "chacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *pt = ht_kv_hex(f, "plaintext", &pl);
            uint8_t *ct = ht_kv_hex(f, "ciphertext", &cl);
            check_chacha20(key, nonce,
                           (uint32_t)ht_number(ht_kv_get(f, "counter"), 0), pt,
                           ct, pl);
            free(key), free(nonce), free(pt), free(ct);
            seen++;
        } else if (ht_starts_with(alg, "hchacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *sub = ht_kv_hex(f, "subkey", &xl);
            uint8_t out[32];
            hush_hchacha20(out, nonce, key);
            CHECK_MEM(out, sub, 32);
            free(key), free(nonce), free(sub);
            seen++;
        } else if (ht_starts_with(alg, "xchacha20")) {
            uint8_t *key = ht_kv_hex(f, "key", &kl);
            uint8_t *nonce = ht_kv_hex(f, "nonce", &nl);
            uint8_t *pt = ht_kv_hex(f, "plaintext", &pl);
            uint8_t *ks = ht_kv_hex(f, "keystream", &xl);
            uint8_t *ct = ht_kv_hex(f, "ciphertext", &cl);
            uint8_t *out = calloc(1, pl + 1);
            uint64_t counter = (uint64_t)ht_number(ht_kv_get(f, "counter"), 0);
            hush_xchacha20_xor(out, out, xl, nonce, key, counter);
            CHECK_MEM(out, ks, xl);
            hush_xchacha20_xor(out, pt, pl, nonce, key, counter);
            CHECK_MEM(out, ct, pl);
            free(key), free(nonce), free(pt), free(ks), free(ct), free(out);
            seen++;
        }
    }
    /* every ChaCha20 vector in the file: 1 quarter round, 6 blocks, 4
     * streams, 1 HChaCha20, 2 XChaCha20 */
    CHECK_EQ_INT(seen, 14);
    if (report) printf("rfc-vectors.txt: %d ChaCha20 vectors\n", seen);
}

/* ---- differential tests against libsodium ---- */
#define BIG1 (65536 + 17)
#define BIG2 (1048576 + 3)

static void diff_one(size_t len, uint8_t *in, uint8_t *a, uint8_t *b) {
    uint8_t key[32], nonce[24];
    ht_rand_bytes(in, len);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    uint32_t ctr = (uint32_t)ht_rand_u64();
    if (len & 1) ctr = 0xffffffffu - (uint32_t)(ht_rand_u64() % 20); /* wrap */

    /* ChaCha20, RFC 8439 (libsodium's ietf counter never wraps: compare
     * below the wrap, and check the wrap by splitting) */
    uint32_t c2 = ctr;
    if ((uint64_t)c2 + len / 64 + 1 > 0xffffffffull) c2 = 7;
    hush_chacha20_xor(a, in, len, nonce, key, c2);
    crypto_stream_chacha20_ietf_xor_ic(b, in, len, nonce, c2, key);
    CHECK_MEM(a, b, len);
    /* in place equals out of place */
    memcpy(b, in, len);
    hush_chacha20_xor(b, b, len, nonce, key, c2);
    CHECK_MEM(b, a, len);
    if (len > 64 && len <= 4096) {
        /* the 32-bit counter wraps to 0 with the nonce unchanged */
        uint32_t w = 0xffffffffu - (uint32_t)(len % 3);
        size_t first = (size_t)(0x100000000ull - w) * 64;
        if (first > len) first = len;
        hush_chacha20_xor(a, in, len, nonce, key, w);
        hush_chacha20_xor(b, in, first, nonce, key, w);
        hush_chacha20_xor(b + first, in + first, len - first, nonce, key, 0);
        CHECK_MEM(a, b, len);
    }
    /* XChaCha20 with a 64-bit counter that may cross 2^32 */
    uint64_t xc = ((uint64_t)(ht_rand_u64() & 3) << 32) | ctr;
    hush_xchacha20_xor(a, in, len, nonce, key, xc);
    crypto_stream_xchacha20_xor_ic(b, in, len, nonce, xc, key);
    CHECK_MEM(a, b, len);
}

static void differential(void) {
    uint8_t *in = malloc(BIG2), *a = malloc(BIG2 + 16), *b = malloc(BIG2 + 16);
    for (size_t len = 0; len <= 1100; len++)
        diff_one(len, in, a, b);
    /* partial second halves of the 32-block batch */
    static const size_t more[] = {1536 + 5,  2047,        2048,      2049,
                                  2100,      3000,        3072 + 63, 4095,
                                  4096 + 64, 5 * 1024 + 1};
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        diff_one(more[i], in, a, b);
    diff_one(8191, in, a, b);
    diff_one(BIG1, in, a, b);
    diff_one(BIG2, in, a, b);
    free(in), free(a), free(b);
}

/*
 * Buffers that end against a guard page (ht_guarded_end): ChaCha20 and
 * XChaCha20 out of place and in place, against libsodium on ordinary
 * buffers. Every length 0..300 (every partial final block, in every
 * position of the vector batches) and some over 1 KiB (the 16- and
 * 32-block batches' partial last block). An access one byte past the data
 * faults. (The AEADs at a page end: tests/aead/aead_generic.c.)
 */
static void page_edge_one(size_t len, const uint8_t key[32]) {
    static uint8_t m[4096], want[4096];
    uint8_t nonce[24];
    ht_rand_bytes(m, len);
    ht_rand_bytes(nonce, sizeof nonce);
    uint32_t ctr = (uint32_t)(ht_rand_u64() % 1000);
    uint8_t *em = ht_guarded_end(0, len), *eo = ht_guarded_end(1, len);
    memcpy(em, m, len);
    crypto_stream_chacha20_ietf_xor_ic(want, m, len, nonce, ctr, key);
    hush_chacha20_xor(eo, em, len, nonce, key, ctr);
    CHECK_MEM(eo, want, len);
    hush_chacha20_xor(em, em, len, nonce, key, ctr);
    CHECK_MEM(em, want, len);
    memcpy(em, m, len);
    crypto_stream_xchacha20_xor_ic(want, m, len, nonce, ctr, key);
    hush_xchacha20_xor(eo, em, len, nonce, key, ctr);
    CHECK_MEM(eo, want, len);
    hush_xchacha20_xor(em, em, len, nonce, key, ctr);
    CHECK_MEM(em, want, len);
}

static void page_edges(void) {
    static const size_t longer[] = {511,  512,  513,  575,  1000, 1023,
                                    1025, 1087, 1100, 1500, 2047, 2049,
                                    2111, 3000, 3071, 4080};
    uint8_t key[32];
    ht_rand_bytes(key, sizeof key);
    for (size_t len = 0; len <= 300; len++) {
        page_edge_one(len, key);
        page_edge_one(len, key);
    }
    for (size_t i = 0; i < sizeof longer / sizeof longer[0]; i++)
        page_edge_one(longer[i], key);
}

/* XChaCha20's 64-bit counter carries from word 12 into word 13 and wraps
 * modulo 2^64 the same way in the wide (column) and short (row) paths: a
 * long call equals block-by-block calls with explicit counters. */
static void xchacha_counter_carry(void) {
    static const uint64_t starts[] = {0xfffffff0ull, 0xfffffffffffffff5ull};
    static const size_t lens[] = {300, 1100, 2100};
    uint8_t key[32], nonce[24], in[2100], a[2100], b[2100];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(in, sizeof in);
    for (size_t i = 0; i < 2; i++) {
        for (size_t j = 0; j < 3; j++) {
            size_t len = lens[j];
            hush_xchacha20_xor(a, in, len, nonce, key, starts[i]);
            for (size_t off = 0; off < len; off += 64) {
                size_t n = len - off < 64 ? len - off : 64;
                hush_xchacha20_xor(b + off, in + off, n, nonce, key,
                                   starts[i] + off / 64); /* wraps mod 2^64 */
            }
            CHECK_MEM(a, b, len);
        }
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if (sodium_init() < 0) return 1;
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("chacha20", impl) {
        printf("chacha20=%s\n", impl);
        ht_rand_seed(0x5eed);
        if (ht_part("kat")) package_vectors(first);
        if (vectors) rfc_vectors(first);
        if (ht_part("diff")) {
            differential();
            page_edges();
            xchacha_counter_carry();
        }
        first = 0;
    }
    return ht_end();
}
