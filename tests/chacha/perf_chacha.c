/*
 * perf_chacha: a quick timing program for ChaCha20, Poly1305 and the two
 * AEADs against OpenSSL (EVP, context reused) and libsodium, in one
 * process, interleaved round by round; prints medians. Not a test: run it
 * under `flock /tmp/hush-bench.lock`. Usage: perf_chacha [rounds]
 * Units: GB/s (1e9 bytes/s) and TSC ticks per byte (the TSC runs at a
 * fixed 2.1 GHz here, not at the core clock).
 */
#include <openssl/evp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <x86intrin.h>

#include "hush.h"

static uint8_t key[32], nonce[24], ad[16], *in, *out;
static EVP_CIPHER_CTX *evp_aead, *evp_stream;
static hush_aead_ctx *hk;

typedef void (*fn)(size_t len);

static void hush_aead(size_t n) {
    hush_aead_seal(hk, out, in, n, ad, 0, nonce);
}
static uint8_t *sealed; /* hush_aead_seal of in for the current size */
static void hush_aead_open_fn(size_t n) {
    hush_aead_open(hk, out, sealed, n + 16, ad, 0, nonce);
}
static void hush_aead_oneshot(size_t n) {
    hush_aead_encrypt(HUSH_CHACHA20POLY1305, out, in, n, NULL, 0, nonce, key);
}
static void ossl_aead(size_t n) {
    int l;
    EVP_EncryptInit_ex(evp_aead, NULL, NULL, NULL, nonce);
    EVP_EncryptUpdate(evp_aead, out, &l, in, (int)n);
    EVP_EncryptFinal_ex(evp_aead, out + n, &l);
    EVP_CIPHER_CTX_ctrl(evp_aead, EVP_CTRL_AEAD_GET_TAG, 16, out + n);
}
static void sodium_aead(size_t n) {
    unsigned long long cl;
    crypto_aead_chacha20poly1305_ietf_encrypt(out, &cl, in, n, NULL, 0, NULL,
                                              nonce, key);
}
static void hush_xaead(size_t n) {
    hush_aead_encrypt(HUSH_XCHACHA20POLY1305, out, in, n, NULL, 0, nonce, key);
}
static void sodium_xaead(size_t n) {
    unsigned long long cl;
    crypto_aead_xchacha20poly1305_ietf_encrypt(out, &cl, in, n, NULL, 0, NULL,
                                               nonce, key);
}
static void hush_chacha(size_t n) {
    hush_chacha20_xor(out, in, n, nonce, key, 1);
}
static void ossl_chacha(size_t n) {
    int l;
    uint8_t iv[16] = {1};
    memcpy(iv + 4, nonce, 12);
    EVP_EncryptInit_ex(evp_stream, NULL, NULL, NULL, iv);
    EVP_EncryptUpdate(evp_stream, out, &l, in, (int)n);
}
static void sodium_chacha(size_t n) {
    crypto_stream_chacha20_ietf_xor_ic(out, in, n, nonce, 1, key);
}
static void hush_poly(size_t n) { hush_poly1305(out, in, n, key); }
static void sodium_poly(size_t n) {
    crypto_onetimeauth_poly1305(out, in, n, key);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define MAXR 64
static void race(const char *title, size_t len, int rounds, int k,
                 const char **names, fn *fns) {
    double ticks[8][MAXR];
    size_t iters = len >= 65536   ? 4
                   : len >= 16384 ? 32
                   : len >= 1024  ? 256
                                  : 2048;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < k; i++) {
            fns[i](len); /* warm */
            uint64_t t0 = __rdtsc();
            for (size_t j = 0; j < iters; j++)
                fns[i](len);
            ticks[i][r] = (double)(__rdtsc() - t0) / (double)iters;
        }
    }
    printf("%-22s %8zu B:", title, len);
    double base = 0;
    for (int i = 0; i < k; i++) {
        qsort(ticks[i], (size_t)rounds, sizeof(double), cmp);
        double med = ticks[i][rounds / 2];
        double ns = med / 2.1;
        if (i == 0) base = med;
        printf("  %s %7.1f ns %6.2f GB/s %5.3f t/B", names[i], ns, len / ns,
               med / (double)len);
        if (i) printf(" (x%.2f)", med / base);
    }
    printf("\n");
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 21;
    if (rounds > MAXR) rounds = MAXR;
    if (sodium_init() < 0) return 1;
    in = calloc(1, 1 << 21);
    out = calloc(1, (1 << 21) + 16);
    sealed = calloc(1, (1 << 21) + 16);
    randombytes_buf(key, 32);
    randombytes_buf(nonce, 24);
    evp_aead = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(evp_aead, EVP_chacha20_poly1305(), NULL, key, nonce);
    evp_stream = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(evp_stream, EVP_chacha20(), NULL, key, out);
    hush_secret *sk;
    hush_secret_from(&sk, key, 32, 0);
    hush_aead_new(&hk, HUSH_CHACHA20POLY1305, sk);
    hush_secret_destroy(sk);
    printf("impl: chacha20=%s poly1305=%s; ratio = peer time / hush time\n",
           hush_impl("chacha20"), hush_impl("poly1305"));
    static const size_t sizes[] = {64, 256, 960, 1024, 16384, 1 << 20};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        const char *an[] = {"hush", "hush1shot", "openssl", "sodium"};
        fn af[] = {hush_aead, hush_aead_oneshot, ossl_aead, sodium_aead};
        race("chacha20poly1305", n, rounds, 4, an, af);
        hush_aead_seal(hk, sealed, in, n, ad, 0, nonce);
        const char *on[] = {"hush-open", "hush-seal"};
        fn of[] = {hush_aead_open_fn, hush_aead};
        race("chacha20poly1305", n, rounds, 2, on, of);
    }
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        const char *xn[] = {"hush", "sodium"};
        fn xf[] = {hush_xaead, sodium_xaead};
        race("xchacha20poly1305", n, rounds, 2, xn, xf);
        const char *cn[] = {"hush", "openssl", "sodium"};
        fn cf[] = {hush_chacha, ossl_chacha, sodium_chacha};
        race("chacha20", n, rounds, 3, cn, cf);
        const char *pn[] = {"hush", "sodium"};
        fn pf[] = {hush_poly, sodium_poly};
        race("poly1305", n, rounds, 2, pn, pf);
    }
    hush_aead_free(hk);
    return 0;
}
