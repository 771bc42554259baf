/*
 * AES block cipher and CTR, every implementation, in four parts:
 *   kat      FIPS 197 appendix examples, the CAVP ECB known-answer files
 *            (128/192/256) and the RFC 3686 CTR vectors, from Debian's
 *            python3-cryptography-vectors
 *   vectors  the SP 800-38A CTR examples, from the vector directory
 *   diff     differential tests against OpenSSL EVP (ECB, and CTR on every
 *            length 0..1100 plus large ones, counters that wrap their low
 *            32, 64 and all 128 bits, in place == out of place)
 *   api      the argument contract; contexts keep their implementation
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "aes/aes_impl.h"
#include "harness.h"

static void check_block(const uint8_t *key, size_t keylen, const uint8_t *pt,
                        const uint8_t *ct) {
    hush_aes_ctx c;
    uint8_t out[16];
    CHECK_EQ_INT(hush_aes_init(&c, key, keylen), HUSH_OK);
    hush_aes_encrypt_block(&c, out, pt);
    CHECK_MEM(out, ct, 16);
    hush_aes_decrypt_block(&c, out, ct);
    CHECK_MEM(out, pt, 16);
    /* in place */
    memcpy(out, pt, 16);
    hush_aes_encrypt_block(&c, out, out);
    CHECK_MEM(out, ct, 16);
    hush_aes_decrypt_block(&c, out, out);
    CHECK_MEM(out, pt, 16);
    hush_wipe(&c, sizeof c);
}

static void test_fips197(void) {
    static const struct {
        const char *key, *pt, *ct;
    } v[] = {
        /* appendix B */
        {"2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
         "3925841d02dc09fbdc118597196a0b32"},
        /* appendix C.1, C.2, C.3 */
        {"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff",
         "69c4e0d86a7b0430d8cdb78070b4c55a"},
        {"000102030405060708090a0b0c0d0e0f1011121314151617",
         "00112233445566778899aabbccddeeff",
         "dda97ca4864cdfe06eaf70a0ec0d7191"},
        {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
         "00112233445566778899aabbccddeeff",
         "8ea2b7ca516745bfeafc49904b496089"},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        size_t kl, pl, cl;
        uint8_t *k = ht_unhex(v[i].key, &kl), *p = ht_unhex(v[i].pt, &pl),
                *c = ht_unhex(v[i].ct, &cl);
        check_block(k, kl, p, c);
        free(k), free(p), free(c);
    }
}

static unsigned long test_kat_file(const char *name) {
    char path[128];
    unsigned long n = 0;
    snprintf(path, sizeof path, "ciphers/AES/ECB/%s", name);
    ht_kv_file *f = ht_kv_open(HT_PACKAGE, path);
    while (ht_kv_next(f)) {
        size_t kl, pl, cl;
        uint8_t *k = ht_kv_hex(f, "KEY", &kl),
                *p = ht_kv_hex(f, "PLAINTEXT", &pl),
                *c = ht_kv_hex(f, "CIPHERTEXT", &cl);
        ht_context = name;
        CHECK(pl == 16 && cl == 16);
        if (pl == 16 && cl == 16) check_block(k, kl, p, c);
        free(k), free(p), free(c);
        n++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    return n;
}

static void test_kats(int report) {
    static const char *kinds[] = {"GFSbox", "KeySbox", "VarKey", "VarTxt"};
    static const int bits[] = {128, 192, 256};
    unsigned long total = 0;
    for (size_t i = 0; i < 4; i++)
        for (size_t j = 0; j < 3; j++) {
            char name[64];
            snprintf(name, sizeof name, "ECB%s%d.rsp", kinds[i], bits[j]);
            total += test_kat_file(name);
        }
    CHECK(total > 1000);
    if (report) printf("CAVP ECB KAT records: %lu (x2 directions)\n", total);
}

/* One CTR record: out of place, then back in place. */
static void check_ctr_vector(const ht_kv_file *f, const char *key_name,
                             const char *iv_name, const char *pt_name,
                             const char *ct_name) {
    size_t kl, il, pl, cl;
    uint8_t *k = ht_kv_hex(f, key_name, &kl), *iv = ht_kv_hex(f, iv_name, &il),
            *p = ht_kv_hex(f, pt_name, &pl), *c = ht_kv_hex(f, ct_name, &cl);
    hush_aes_ctx ctx;
    uint8_t *out = malloc(pl + 1);
    CHECK(il == 16 && pl == cl);
    CHECK_EQ_INT(hush_aes_init(&ctx, k, kl), HUSH_OK);
    hush_aes_ctr_xor(&ctx, out, p, pl, iv);
    CHECK_MEM(out, c, cl);
    hush_aes_ctr_xor(&ctx, out, out, cl, iv);
    CHECK_MEM(out, p, pl);
    hush_wipe(&ctx, sizeof ctx);
    free(k), free(iv), free(p), free(c), free(out);
}

/* RFC 3686 section 6, AES-128/192/256 (three each); IV is the whole
 * initial counter block. */
static void test_rfc3686(int report) {
    static const char *files[] = {"aes-128-ctr.txt", "aes-192-ctr.txt",
                                  "aes-256-ctr.txt"};
    unsigned long n = 0;
    for (size_t i = 0; i < 3; i++) {
        char path[64];
        snprintf(path, sizeof path, "ciphers/AES/CTR/%s", files[i]);
        ht_kv_file *f = ht_kv_open(HT_PACKAGE, path);
        while (ht_kv_next(f)) {
            ht_context = files[i];
            check_ctr_vector(f, "KEY", "IV", "PLAINTEXT", "CIPHERTEXT");
            n++;
        }
        ht_kv_close(f);
    }
    ht_context = NULL;
    CHECK(n == 9);
    if (report) printf("RFC 3686 CTR records: %lu\n", n);
}

static void test_sp800_38a(int report) {
    ht_kv_file *f = ht_kv_open(HT_DIR, "nist-cavp/aes-ctr/sp800-38a-ctr.txt");
    unsigned long n = 0;
    while (ht_kv_next(f)) {
        ht_context = ht_kv_section(f, "id");
        check_ctr_vector(f, "key", "init_counter", "plaintext", "ciphertext");
        n++;
    }
    ht_context = NULL;
    CHECK(n == 6);
    ht_kv_close(f);
    if (report) printf("SP 800-38A CTR records: %lu\n", n);
}

static const EVP_CIPHER *evp_ctr(size_t keylen) {
    return keylen == 16   ? EVP_aes_128_ctr()
           : keylen == 24 ? EVP_aes_192_ctr()
                          : EVP_aes_256_ctr();
}
static const EVP_CIPHER *evp_ecb(size_t keylen) {
    return keylen == 16   ? EVP_aes_128_ecb()
           : keylen == 24 ? EVP_aes_192_ecb()
                          : EVP_aes_256_ecb();
}

static void openssl_run(const EVP_CIPHER *ciph, const uint8_t *key,
                        const uint8_t *iv, uint8_t *out, const uint8_t *in,
                        size_t len, int enc) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l1 = 0, l2 = 0;
    EVP_CipherInit_ex(x, ciph, NULL, key, iv, enc);
    EVP_CIPHER_CTX_set_padding(x, 0);
    if (len) EVP_CipherUpdate(x, out, &l1, in, (int)len);
    EVP_CipherFinal_ex(x, out + l1, &l2);
    EVP_CIPHER_CTX_free(x);
}

static void test_ecb_differential(void) {
    static const size_t keylens[] = {16, 24, 32};
    uint8_t key[32], in[16 * 37], want[16 * 37], got[16 * 37];
    for (int t = 0; t < 60; t++) {
        size_t kl = keylens[t % 3], blocks = 1 + (size_t)(ht_rand_u64() % 37);
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(in, sizeof in);
        hush_aes_ctx c;
        CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
        openssl_run(evp_ecb(kl), key, NULL, want, in, 16 * blocks, 1);
        for (size_t b = 0; b < blocks; b++)
            hush_aes_encrypt_block(&c, got + 16 * b, in + 16 * b);
        CHECK_MEM(got, want, 16 * blocks);
        for (size_t b = 0; b < blocks; b++)
            hush_aes_decrypt_block(&c, got + 16 * b, want + 16 * b);
        CHECK_MEM(got, in, 16 * blocks);
    }
}

/* The tiers' multi-block ECB paths (8-wide, 16-wide, masked tails) equal
 * block-by-block encryption; reached through the internal table. */
static void test_ecb_multiblock(void) {
    static const size_t keylens[] = {16, 24, 32};
    uint8_t key[32], in[16 * 70], one[16 * 70], many[16 * 70];
    for (size_t blocks = 1; blocks <= 70; blocks++) {
        size_t kl = keylens[blocks % 3];
        hush_aes_ctx c;
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(in, sizeof in);
        CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
        const hush_aes_key *k = (const hush_aes_key *)(const void *)&c;
        for (size_t b = 0; b < blocks; b++)
            hush_aes_encrypt_block(&c, one + 16 * b, in + 16 * b);
        k->ops->encrypt(k, many, in, blocks);
        CHECK_MEM(many, one, 16 * blocks);
        k->ops->decrypt(k, many, many, blocks); /* in place */
        CHECK_MEM(many, in, 16 * blocks);
        hush_wipe(&c, sizeof c);
    }
}

static void check_ctr(size_t kl, const uint8_t *key, const uint8_t *iv,
                      const uint8_t *in, size_t len, uint8_t *want,
                      uint8_t *got) {
    hush_aes_ctx c;
    CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
    openssl_run(evp_ctr(kl), key, iv, want, in, len, 1);
    hush_aes_ctr_xor(&c, got, in, len, iv);
    CHECK_MEM(got, want, len);
    /* in place equals out of place */
    memcpy(got, in, len);
    hush_aes_ctr_xor(&c, got, got, len, iv);
    CHECK_MEM(got, want, len);
    /* random splits at block boundaries, the caller advancing the 128-bit
     * counter, give the same stream */
    memset(got, 0, len);
    uint8_t ctr[16];
    memcpy(ctr, iv, 16);
    for (size_t done = 0; done < len;) {
        size_t n = 16 * (size_t)(ht_rand_u64() % 40) + 16;
        if (n > len - done) n = len - done;
        hush_aes_ctr_xor(&c, got + done, in + done, n, ctr);
        done += n;
        for (size_t b = 0; b < (n + 15) / 16; b++)
            for (int i = 15; i >= 0 && ++ctr[i] == 0; i--) {
            }
    }
    CHECK_MEM(got, want, len);
    hush_wipe(&c, sizeof c);
}

static void test_ctr_differential(int full) {
    static const size_t keylens[] = {16, 24, 32};
    enum { MAX = 1100, LARGE = (1 << 20) + 77 };
    uint8_t key[32], iv[16];
    uint8_t *in = malloc(LARGE), *want = malloc(LARGE), *got = malloc(LARGE);
    ht_rand_bytes(in, LARGE);
    size_t step = full ? 1 : 7;
    for (size_t len = 0; len <= MAX; len += step) {
        size_t kl = keylens[len % 3];
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(iv, sizeof iv);
        /* every eighth length: the counter is about to wrap 32, 64 or 128 bits
         */
        switch (len % 8) {
        case 1:
            memset(iv + 12, 0xff, 4);
            iv[15] -= (uint8_t)(len % 5);
            break;
        case 3:
            memset(iv + 8, 0xff, 8);
            iv[15] -= (uint8_t)(len % 7);
            break;
        case 5:
            memset(iv, 0xff, 16);
            iv[15] -= (uint8_t)(len % 11);
            break;
        default: break;
        }
        check_ctr(kl, key, iv, in, len, want, got);
    }
    /* large, and large across each wrap */
    for (int w = 0; w < 4; w++) {
        size_t kl = keylens[w % 3];
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(iv, sizeof iv);
        if (w == 1) memset(iv + 12, 0xff, 4), iv[15] = 0x10;
        if (w == 2) memset(iv + 8, 0xff, 8), iv[15] = 0x00;
        if (w == 3) memset(iv, 0xff, 16), iv[15] = 0xf3;
        check_ctr(kl, key, iv, in, w == 0 ? LARGE : 70000 + (size_t)w, want,
                  got);
    }
    free(in), free(want), free(got);
}

/* Every value of the counter's low byte at the start, so that each step of
 * 16 (or 4, 8) blocks meets the carry out of that byte at every offset;
 * the low 64 bits, or all 128, about to wrap in half of the runs. The
 * vaes256 tier keeps the counter as big-endian blocks and adds to their
 * last byte until it would carry (aes_vaes256.c). */
static void test_ctr_counter_bytes(int full) {
    enum { LEN = 3 * 1024 + 48 + 5 };
    static uint8_t in[LEN], want[LEN], got[LEN];
    uint8_t key[32], iv[16];
    for (unsigned b = 0; b < 256; b += full ? 1 : 17) {
        size_t kl = b % 3 == 0 ? 16 : b % 3 == 1 ? 24 : 32;
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(iv, sizeof iv);
        ht_rand_bytes(in, sizeof in);
        if (b % 4 == 1) memset(iv + 8, 0xff, 7); /* 64-bit wrap in the run */
        if (b % 4 == 3) memset(iv, 0xff, 15);    /* 128-bit wrap */
        iv[14] = b % 4 ? 0xff : iv[14];
        iv[15] = (uint8_t)b;
        size_t len = LEN - (b % 7) * 16 - b % 5;
        check_ctr(kl, key, iv, in, len, want, got);
    }
}

/* CTR with input and output ending against a guard page (tails must not
 * use a masked access that runs past the buffer; a byte too many faults):
 * every length to 600, against OpenSSL, out of place and in place. */
static void test_ctr_page_edges(void) {
    static uint8_t key[32], iv[16], in[600], want[600];
    for (size_t len = 0; len <= sizeof in; len++) {
        size_t kl = len % 2 ? 16 : 32;
        hush_aes_ctx c;
        ht_rand_bytes(key, sizeof key);
        ht_rand_bytes(iv, sizeof iv);
        ht_rand_bytes(in, len);
        openssl_run(evp_ctr(kl), key, iv, want, in, len, 1);
        CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
        uint8_t *ein = ht_guarded_end(0, len), *eout = ht_guarded_end(1, len);
        memcpy(ein, in, len);
        hush_aes_ctr_xor(&c, eout, ein, len, iv);
        CHECK_MEM(eout, want, len);
        hush_aes_ctr_xor(&c, ein, ein, len, iv);
        CHECK_MEM(ein, want, len);
        hush_wipe(&c, sizeof c);
    }
}

static void test_arguments(void) {
    hush_aes_ctx c;
    uint8_t key[32] = {0};
    CHECK_EQ_INT(hush_aes_init(&c, key, 15), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aes_init(&c, key, 0), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aes_init(&c, key, 33), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aes_init(&c, NULL, 16), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aes_init(NULL, key, 16), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aes_init(&c, key, 16), HUSH_OK);
    hush_aes_ctr_xor(&c, NULL, NULL, 0, key); /* NULL with length 0 */
    CHECK(sizeof(hush_aes_ctx) == HUSH_AES_CTX_BYTES);
}

/* A context keeps the implementation it was initialised with. */
static void test_context_keeps_impl(void) {
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list("aes", names, HT_MAX_IMPLS);
    uint8_t key[16] = {1}, pt[16] = {2}, a[16], b[16];
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++) {
        hush_aes_ctx c;
        CHECK_EQ_INT(hush_impl_force("aes", names[i]), HUSH_OK);
        CHECK_EQ_INT(hush_aes_init(&c, key, 16), HUSH_OK);
        hush_aes_encrypt_block(&c, a, pt);
        CHECK_EQ_INT(hush_impl_force("aes", names[(i + 1) % n]), HUSH_OK);
        hush_aes_encrypt_block(&c, b, pt);
        CHECK_MEM(a, b, 16);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    int vectors = ht_part("vectors") && ht_vectors_dir() != NULL;
    int first = 1;
    HT_FOR_EACH_IMPL("aes", impl) {
        if (ht_part("kat")) {
            test_fips197();
            test_kats(first);
            test_rfc3686(first);
        }
        if (vectors) test_sp800_38a(first);
        if (ht_part("diff")) {
            test_ecb_differential();
            test_ecb_multiblock();
            /* the slow constant-time portable tier runs every seventh
             * length */
            test_ctr_differential(strcmp(impl, "portable") != 0);
            test_ctr_page_edges();
            test_ctr_counter_bytes(strcmp(impl, "portable") != 0);
        }
        first = 0;
    }
    if (ht_part("api")) {
        test_arguments();
        test_context_keeps_impl();
    }
    return ht_end();
}
