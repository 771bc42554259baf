/*
 * SHA-256 against NIST CAVP (ShortMsg, LongMsg, Monte: every case, from
 * Debian's python3-cryptography-vectors), for
 * each implementation, through the one-shot call, the incremental API fed
 * in several chunkings, and the two-message entry point; plus the context
 * contract (size, copy forks, final wipes, NULL with length 0).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* The incremental API fed in pieces of `step` bytes (0: byte by byte with
 * growing pieces 1, 2, 3, ...). */
static void sha256_pieces(uint8_t out[32], const uint8_t *msg, size_t len,
                          size_t step) {
    hush_sha256_ctx c;
    hush_sha256_init(&c);
    size_t off = 0, piece = 1;
    while (off < len) {
        size_t n = step ? step : piece++;
        if (n > len - off) n = len - off;
        hush_sha256_update(&c, msg + off, n);
        off += n;
    }
    hush_sha256_final(&c, out);
}

static void check_one(const uint8_t *msg, size_t len, const uint8_t *md) {
    static const size_t steps[] = {0, 1, 63, 64, 65, 1000};
    uint8_t got[32], got1[32];
    hush_sha256(got, msg, len);
    CHECK_MEM(got, md, 32);
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        sha256_pieces(got, msg, len, steps[i]);
        CHECK_MEM(got, md, 32);
    }
    hush_sha256_x2(got, msg, got1, msg, len);
    CHECK_MEM(got, md, 32);
    CHECK_MEM(got1, md, 32);
}

static void test_msg_file(const char *file, int report) {
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, file);
    size_t records = 0;
    while (ht_kv_next(f)) {
        if (!ht_kv_has(f, "Len")) continue;
        size_t bits = strtoul(ht_kv_get(f, "Len"), NULL, 10), len, mdlen;
        uint8_t *msg = ht_kv_hex(f, "Msg", &len);
        uint8_t *md = ht_kv_hex(f, "MD", &mdlen);
        ht_context = ht_kv_get(f, "Len");
        CHECK_EQ_INT(mdlen, 32);
        /* Len 0 is listed with Msg = 00: the length decides */
        CHECK(bits % 8 == 0 && bits / 8 <= len);
        check_one(msg, bits / 8, md);
        free(msg);
        free(md);
        records++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK(records >= 64); /* ShortMsg has 65 records, LongMsg 64 */
    if (report) printf("%s: %zu records\n", file, records);
}

/* CAVP SHAVS 6.4: from a seed, 100 checkpoints of 1000 chained hashes of
 * the previous three digests. */
static void test_monte(int report) {
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, "hashes/SHA2/SHA256Monte.rsp");
    uint8_t seed[32], md[3][32], m[96];
    int have_seed = 0, checkpoints = 0;
    while (ht_kv_next(f)) {
        size_t len;
        if (ht_kv_has(f, "Seed")) {
            uint8_t *s = ht_kv_hex(f, "Seed", &len);
            CHECK_EQ_INT(len, 32);
            memcpy(seed, s, 32);
            free(s);
            have_seed = 1;
            continue;
        }
        if (!ht_kv_has(f, "COUNT") || !have_seed) continue;
        memcpy(md[0], seed, 32);
        memcpy(md[1], seed, 32);
        memcpy(md[2], seed, 32);
        for (int i = 3; i < 1003; i++) {
            memcpy(m, md[0], 32);
            memcpy(m + 32, md[1], 32);
            memcpy(m + 64, md[2], 32);
            memmove(md[0], md[1], 64);
            hush_sha256(md[2], m, sizeof m);
        }
        memcpy(seed, md[2], 32);
        uint8_t *want = ht_kv_hex(f, "MD", &len);
        ht_context = ht_kv_get(f, "COUNT");
        CHECK_MEM(seed, want, 32);
        free(want);
        checkpoints++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    CHECK_EQ_INT(checkpoints, 100);
    if (report) printf("SHA256Monte.rsp: %d checkpoints\n", checkpoints);
}

/* Known answers that exercise what CAVP does not: the FIPS 180-4 examples
 * and the million-'a' message through every path. */
static void test_known(void) {
    static const uint8_t abc[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
        0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
        0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    static const uint8_t million_a[32] = {
        0xcd, 0xc7, 0x6e, 0x5c, 0x99, 0x14, 0xfb, 0x92, 0x81, 0xa1, 0xc7,
        0xe2, 0x84, 0xd7, 0x3e, 0x67, 0xf1, 0x80, 0x9a, 0x48, 0xa4, 0x97,
        0x20, 0x0e, 0x04, 0x6d, 0x39, 0xcc, 0xc7, 0x11, 0x2c, 0xd0};
    uint8_t got[32];
    check_one((const uint8_t *)"abc", 3, abc);
    size_t n = 1000000;
    uint8_t *a = malloc(n);
    memset(a, 'a', n);
    hush_sha256(got, a, n);
    CHECK_MEM(got, million_a, 32);
    sha256_pieces(got, a, n, 4093);
    CHECK_MEM(got, million_a, 32);
    uint8_t got1[32];
    hush_sha256_x2(got, a, got1, a, n);
    CHECK_MEM(got, million_a, 32);
    CHECK_MEM(got1, million_a, 32);
    free(a);
}

/* Two different messages through x2 equal two single hashes, at every
 * length across the block and padding boundaries and a few long ones;
 * outputs may alias inputs. */
static void test_x2(void) {
    enum { MAX = 4 * 1024 + 130 };
    uint8_t *m0 = malloc(MAX), *m1 = malloc(MAX);
    ht_rand_bytes(m0, MAX);
    ht_rand_bytes(m1, MAX);
    for (size_t len = 0; len <= MAX; len += (len < 300 ? 1 : 61)) {
        uint8_t w0[32], w1[32], g0[32], g1[32];
        hush_sha256(w0, m0, len);
        hush_sha256(w1, m1, len);
        hush_sha256_x2(g0, m0, g1, m1, len);
        CHECK_MEM(g0, w0, 32);
        CHECK_MEM(g1, w1, 32);
    }
    /* in-place: each digest written over the start of its own message */
    uint8_t w0[32], w1[32];
    hush_sha256(w0, m0, 200);
    hush_sha256(w1, m1, 200);
    hush_sha256_x2(m0, m0, m1, m1, 200);
    CHECK_MEM(m0, w0, 32);
    CHECK_MEM(m1, w1, 32);
    /* and crossed: each output over the other's input */
    hush_sha256(w0, m0, 100);
    hush_sha256(w1, m1, 100);
    hush_sha256_x2(m1, m0, m0, m1, 100);
    CHECK_MEM(m1, w0, 32);
    CHECK_MEM(m0, w1, 32);
    free(m0);
    free(m1);
}

static void test_context(void) {
    static const uint8_t empty[32] = {
        0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4,
        0xc8, 0x99, 0x6f, 0xb9, 0x24, 0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b,
        0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55};
    uint8_t got[32], want[32], msg[300];
    ht_rand_bytes(msg, sizeof msg);
    CHECK_EQ_INT(sizeof(hush_sha256_ctx), 128);
    CHECK_EQ_INT(sizeof(hush_hmac_sha256_ctx), 256);

    /* NULL with length 0 is the empty message */
    hush_sha256(got, NULL, 0);
    CHECK_MEM(got, empty, 32);
    hush_sha256_ctx c, fork;
    hush_sha256_init(&c);
    hush_sha256_update(&c, NULL, 0);
    hush_sha256_final(&c, got);
    CHECK_MEM(got, empty, 32);
    CHECK(ht_all_zero(&c, sizeof c)); /* final wiped it */

    /* a copy forks the computation */
    hush_sha256_init(&c);
    hush_sha256_update(&c, msg, 100);
    fork = c;
    hush_sha256_update(&c, msg + 100, 200);
    hush_sha256_final(&c, got);
    hush_sha256(want, msg, 300);
    CHECK_MEM(got, want, 32);
    hush_sha256_final(&fork, got);
    hush_sha256(want, msg, 100);
    CHECK_MEM(got, want, 32);

    /* out may alias in */
    memcpy(got, msg, 32);
    hush_sha256(want, msg, 32);
    hush_sha256(got, got, 32);
    CHECK_MEM(got, want, 32);

    /* a context keeps the implementation it was initialised with */
    const char *now = hush_impl("sha256");
    hush_sha256_init(&c);
    hush_sha256_update(&c, msg, 130);
    CHECK_EQ_INT(hush_impl_force("sha256", "portable"), HUSH_OK);
    hush_sha256_update(&c, msg + 130, 170);
    hush_sha256_final(&c, got);
    CHECK_EQ_INT(hush_impl_force("sha256", now), HUSH_OK);
    hush_sha256(want, msg, 300);
    CHECK_MEM(got, want, 32);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x5a256);
    int first = 1;
    HT_FOR_EACH_IMPL("sha256", impl) {
        (void)impl;
        test_msg_file("hashes/SHA2/SHA256ShortMsg.rsp", first);
        test_msg_file("hashes/SHA2/SHA256LongMsg.rsp", first);
        test_monte(first);
        first = 0;
        test_known();
        test_x2();
        test_context();
    }
    return ht_end();
}
