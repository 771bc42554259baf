/*
 * A small timing program for AES/GCM work in progress (not a test and not
 * the official benchmark, which is bench/ through `make bench`): hush
 * against OpenSSL EVP (context reused, only the nonce changes), libgcrypt
 * and libsodium, interleaved in one process. Prints medians in TSC ticks
 * per byte (the TSC runs at 2.1 GHz; the core near 3.4 GHz) and the ratio
 * to each peer. Run under: flock /tmp/hush-bench.lock build/tests/time_aes
 */
#include <gcrypt.h>
#include <openssl/evp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "hush.h"

#define REPS 31

static uint8_t *buf, *out, key[32], iv[16], tag[16], ad[13];

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct peer {
    const char *name;
    void (*run)(size_t len);
    uint64_t t[REPS];
} peer;

static hush_aead_ctx *hk128, *hk256;
static EVP_CIPHER_CTX *ossl128, *ossl256, *osslctr;
static gcry_cipher_hd_t gc128, gc256, gcctr;
static crypto_aead_aes256gcm_state sod;
static hush_aes_ctx hctr;

static void hush128(size_t n) { hush_aead_seal(hk128, out, buf, n, ad, 0, iv); }
static void hush256(size_t n) { hush_aead_seal(hk256, out, buf, n, ad, 0, iv); }
static void ossl_gcm(EVP_CIPHER_CTX *x, size_t n) {
    int l;
    EVP_EncryptInit_ex(x, NULL, NULL, NULL, iv);
    EVP_EncryptUpdate(x, out, &l, buf, (int)n);
    EVP_EncryptFinal_ex(x, out + l, &l);
    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag);
}
static void ossl128_run(size_t n) { ossl_gcm(ossl128, n); }
static void ossl256_run(size_t n) { ossl_gcm(ossl256, n); }
static void gc_gcm(gcry_cipher_hd_t h, size_t n) {
    gcry_cipher_setiv(h, iv, 12);
    gcry_cipher_final(h);
    gcry_cipher_encrypt(h, out, n, buf, n);
    gcry_cipher_gettag(h, tag, 16);
}
static void gc128_run(size_t n) { gc_gcm(gc128, n); }
static void gc256_run(size_t n) { gc_gcm(gc256, n); }
static void sod_run(size_t n) {
    unsigned long long cl;
    crypto_aead_aes256gcm_encrypt_afternm(out, &cl, buf, n, ad, 0, NULL, iv,
                                          &sod);
}
static void hush_ctr(size_t n) { hush_aes_ctr_xor(&hctr, out, buf, n, iv); }
static void gc_ctr(size_t n) {
    gcry_cipher_setctr(gcctr, iv, 16);
    gcry_cipher_encrypt(gcctr, out, n, buf, n);
}
static void ossl_ctr(size_t n) {
    int l;
    EVP_EncryptInit_ex(osslctr, NULL, NULL, NULL, iv);
    EVP_EncryptUpdate(osslctr, out, &l, buf, (int)n);
}

/* open: out holds a valid ciphertext + tag of buf made before timing */
static uint8_t *sealed;
static EVP_CIPHER_CTX *ossl_dec;
static void hush_open128(size_t n) {
    hush_aead_open(hk128, out, sealed, n + 16, ad, 0, iv);
}
static void ossl_open128(size_t n) {
    EVP_CIPHER_CTX *x = ossl_dec;
    int l;
    EVP_DecryptInit_ex(x, NULL, NULL, NULL, iv);
    EVP_DecryptUpdate(x, out, &l, sealed, (int)n);
    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_TAG, 16, sealed + n);
    EVP_DecryptFinal_ex(x, out + l, &l);
}

/* one-shot: the key is expanded on every call */
static void hush_once(size_t n) {
    hush_aead_encrypt(HUSH_AES128GCM, out, buf, n, ad, 0, iv, key);
}
static void ossl_once(size_t n) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l;
    EVP_EncryptInit_ex(x, EVP_aes_128_gcm(), NULL, key, iv);
    EVP_EncryptUpdate(x, out, &l, buf, (int)n);
    EVP_EncryptFinal_ex(x, out + l, &l);
    EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(x);
}
static void gc_once(size_t n) {
    gcry_cipher_hd_t h;
    gcry_cipher_open(&h, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM, 0);
    gcry_cipher_setkey(h, key, 16);
    gc_gcm(h, n);
    gcry_cipher_close(h);
}

static void measure(const char *title, peer *p, int np, size_t len) {
    /* short samples: a preemption spoils one sample, not the median */
    size_t iters = len <= 64 ? 2000 : len <= 2048 ? 200 : len <= 16384 ? 16 : 1;
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < np; i++) {
            p[i].run(len); /* warm */
            uint64_t t0 = __rdtsc();
            for (size_t k = 0; k < iters; k++)
                p[i].run(len);
            p[i].t[r] = __rdtsc() - t0;
        }
    printf("%-22s %8zu B:", title, len);
    double base = 0;
    for (int i = 0; i < np; i++) {
        qsort(p[i].t, REPS, sizeof p[i].t[0], cmp_u64);
        double per = (double)p[i].t[REPS / 2] / (double)iters;
        if (i == 0) base = per;
        printf("  %s %.3f t/B (%.1f ns/msg)", p[i].name, per / (double)len,
               per / 2.1);
        if (i > 0) printf(" x%.2f", per / base);
    }
    printf("\n");
}

static void setup_hush(void) {
    hush_secret *s;
    hush_aead_free(hk128);
    hush_aead_free(hk256);
    hush_secret_from(&s, key, 16, 0);
    hush_aead_new(&hk128, HUSH_AES128GCM, s);
    hush_secret_destroy(s);
    hush_secret_from(&s, key, 32, 0);
    hush_aead_new(&hk256, HUSH_AES256GCM, s);
    hush_secret_destroy(s);
    hush_aes_init(&hctr, key, 16);
}

int main(int argc, char **argv) {
    const char *only = argc > 1 ? argv[1] : "all";
    size_t sizes[] = {16, 1024, 16384, 1 << 20};
    buf = calloc(1, (1 << 20) + 64);
    out = calloc(1, (1 << 20) + 64);
    if (sodium_init() < 0) return 1;
    gcry_check_version(NULL);
    ossl128 = EVP_CIPHER_CTX_new();
    ossl256 = EVP_CIPHER_CTX_new();
    osslctr = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(ossl128, EVP_aes_128_gcm(), NULL, key, iv);
    EVP_EncryptInit_ex(ossl256, EVP_aes_256_gcm(), NULL, key, iv);
    EVP_EncryptInit_ex(osslctr, EVP_aes_128_ctr(), NULL, key, iv);
    gcry_cipher_open(&gc128, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM, 0);
    gcry_cipher_open(&gc256, GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM, 0);
    gcry_cipher_open(&gcctr, GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CTR, 0);
    gcry_cipher_setkey(gc128, key, 16);
    gcry_cipher_setkey(gc256, key, 32);
    gcry_cipher_setkey(gcctr, key, 16);
    crypto_aead_aes256gcm_beforenm(&sod, key);
    setup_hush();
    printf("hush aes=%s ghash=%s\n", hush_impl("aes"), hush_impl("ghash"));
    if (!strcmp(only, "all") || !strcmp(only, "gcm")) {
        for (size_t i = 0; i < 4; i++) {
            peer p[] = {{"hush", hush128, {0}},
                        {"openssl", ossl128_run, {0}},
                        {"gcrypt", gc128_run, {0}}};
            measure("AES-128-GCM", p, 3, sizes[i]);
        }
        for (size_t i = 0; i < 4; i++) {
            peer p[] = {{"hush", hush256, {0}},
                        {"openssl", ossl256_run, {0}},
                        {"gcrypt", gc256_run, {0}},
                        {"sodium", sod_run, {0}}};
            measure("AES-256-GCM", p, 4, sizes[i]);
        }
    }
    if (!strcmp(only, "all") || !strcmp(only, "open")) {
        ossl_dec = EVP_CIPHER_CTX_new();
        EVP_DecryptInit_ex(ossl_dec, EVP_aes_128_gcm(), NULL, key, iv);
        sealed = calloc(1, (1 << 20) + 64);
        for (size_t i = 0; i < 4; i++) {
            hush_aead_seal(hk128, sealed, buf, sizes[i], ad, 0, iv);
            peer p[] = {{"hush", hush_open128, {0}},
                        {"openssl", ossl_open128, {0}}};
            measure("AES-128-GCM open", p, 2, sizes[i]);
        }
    }
    if (!strcmp(only, "all") || !strcmp(only, "oneshot")) {
        for (size_t i = 0; i < 2; i++) {
            peer p[] = {{"hush", hush_once, {0}},
                        {"openssl", ossl_once, {0}},
                        {"gcrypt", gc_once, {0}}};
            measure("AES-128-GCM one-shot", p, 3, sizes[i]);
        }
    }
    if (!strcmp(only, "all") || !strcmp(only, "ctr")) {
        for (size_t i = 1; i < 4; i++) {
            peer p[] = {{"hush", hush_ctr, {0}},
                        {"gcrypt", gc_ctr, {0}},
                        {"openssl", ossl_ctr, {0}}};
            measure("AES-128-CTR", p, 3, sizes[i]);
        }
    }
    if (!strcmp(only, "all") || !strcmp(only, "aesni")) {
        hush_impl_force("aes", "aesni");
        hush_impl_force("ghash", "pclmul");
        setup_hush();
        for (size_t i = 0; i < 4; i++) {
            peer p[] = {{"hush-aesni", hush128, {0}},
                        {"openssl", ossl128_run, {0}}};
            measure("AES-128-GCM aesni", p, 2, sizes[i]);
        }
    }
    if (!strcmp(only, "all") || !strcmp(only, "slow")) {
        hush_impl_force("aes", "portable");
        hush_impl_force("ghash", "portable");
        setup_hush();
        peer a[] = {{"portable", hush_ctr, {0}}};
        measure("AES-128-CTR portable", a, 1, 16384);
        hush_impl_force("aes", "table");
        setup_hush();
        peer b[] = {{"table", hush_ctr, {0}}};
        measure("AES-128-CTR table", b, 1, 16384);
        hush_impl_force("aes", "portable");
        setup_hush();
        peer c[] = {{"portable+portable", hush128, {0}}};
        measure("AES-128-GCM all-portable", c, 1, 16384);
    }
    return 0;
}
