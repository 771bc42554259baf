/*
 * A quick timing program for SHA-256 work (not a test, not `make bench`):
 * hush against OpenSSL and libsodium in the same process, interleaved
 * round by round, reporting the median of each contender.
 *
 *   flock /tmp/hush-bench.lock build/tests/timing_sha256 [rounds [hash|hmac
 * [len]]]
 *
 * Times are wall-clock ns (CLOCK_MONOTONIC); "cyc/B" converts them to core
 * cycles at an assumed 3.4 GHz core clock (not rdtsc ticks).
 */
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <sodium.h>
#if defined(HUSH_TIMING_GCRYPT)
#include <gcrypt.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hush.h"

#define CORE_GHZ   3.4
#define MAX_ROUNDS 256

static uint8_t *msg, *msg2, digest[32], digest2[32];
static volatile uint8_t sink;
static hush_hmac_sha256_ctx hmac_tmpl;
static const uint8_t hmac_key[32] = {1, 2, 3, 4, 5, 6, 7, 8, 9};

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

typedef void (*op_fn)(size_t len);

static void op_hush(size_t len) { hush_sha256(digest, msg, len); }
static void op_hush_x2(size_t len) {
    hush_sha256_x2(digest, msg, digest2, msg2, len);
}
static void op_ossl_sha256(size_t len) { SHA256(msg, len, digest); }
static void op_ossl_evp(size_t len) {
    unsigned n;
    EVP_Digest(msg, len, digest, &n, EVP_sha256(), NULL);
}
static void op_sodium(size_t len) { crypto_hash_sha256(digest, msg, len); }
#if defined(HUSH_TIMING_GCRYPT)
static void op_gcrypt(size_t len) {
    gcry_md_hash_buffer(GCRY_MD_SHA256, digest, msg, len);
}
static void op_hmac_gcrypt(size_t len) {
    gcry_mac_hd_t h;
    size_t n = 32;
    gcry_mac_open(&h, GCRY_MAC_HMAC_SHA256, 0, NULL);
    gcry_mac_setkey(h, hmac_key, sizeof hmac_key);
    gcry_mac_write(h, msg, len);
    gcry_mac_read(h, digest, &n);
    gcry_mac_close(h);
}
#endif
static void op_hmac_hush_pre(size_t len) {
    hush_hmac_sha256_ctx c = hmac_tmpl;
    hush_hmac_sha256_update(&c, msg, len);
    hush_hmac_sha256_final(&c, digest);
}
static void op_hmac_hush(size_t len) {
    hush_hmac_sha256(digest, hmac_key, sizeof hmac_key, msg, len);
}
static void op_hmac_ossl(size_t len) {
    unsigned n;
    HMAC(EVP_sha256(), hmac_key, sizeof hmac_key, msg, len, digest, &n);
}

typedef struct contender {
    const char *name;
    op_fn fn;
    const char *impl; /* hush sha256 implementation to force, or NULL */
    double per_call;  /* messages per call (x2: 2) */
    double samples[MAX_ROUNDS];
} contender;

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * ns per message, median over rounds, contenders interleaved per round.
 * Each contender's ratio to the last one (the peer) is taken per round and
 * its median printed: under a shared machine's changing load, a ratio of
 * neighbouring samples is steadier than a ratio of medians.
 */
static void run(contender *c, int nc, size_t len, int rounds) {
    size_t iters = 1 + (size_t)(4e5 / (len + 64)); /* ~ 0.2 ms per sample */
    double ratios[8][MAX_ROUNDS];
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < nc; i++) {
            if (c[i].impl) hush_impl_force("sha256", c[i].impl);
            if (c[i].fn == op_hmac_hush_pre)
                hush_hmac_sha256_init(&hmac_tmpl, hmac_key, sizeof hmac_key);
            c[i].fn(len); /* warm */
            double t0 = now_ns();
            for (size_t k = 0; k < iters; k++)
                c[i].fn(len);
            double t1 = now_ns();
            c[i].samples[r] = (t1 - t0) / (double)iters / c[i].per_call;
            sink ^= digest[0];
        }
        for (int i = 0; i < nc; i++)
            ratios[i][r] = c[nc - 1].samples[r] / c[i].samples[r];
    }
    printf("len %8zu:", len);
    for (int i = 0; i < nc; i++) {
        double ns = median(c[i].samples, rounds);
        printf("  %s %.1f ns (%.2f GB/s, %.2f cyc/B, x%.2f)", c[i].name, ns,
               len / ns, len ? ns * CORE_GHZ / (double)len : 0.0,
               median(ratios[i], rounds));
    }
    printf("\n");
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 51;
    if (rounds < 1 || rounds > MAX_ROUNDS) rounds = 51;
    if (sodium_init() < 0) return 1;
#if defined(HUSH_TIMING_GCRYPT)
    gcry_check_version(NULL);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
#endif
    size_t max = 1 << 20;
    msg = malloc(max);
    msg2 = malloc(max);
    for (size_t i = 0; i < max; i++)
        msg[i] = (uint8_t)i, msg2[i] = (uint8_t)~i;

    static const size_t sizes[] = {16, 64, 256, 1024, 4096, 16384, 1 << 20};
    const char *which = argc > 2 ? argv[2] : "all";
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t len = sizes[s];
        if (argc > 3 && (size_t)atol(argv[3]) != len) continue;
        if (!strcmp(which, "all") || !strcmp(which, "hash")) {
            /* ratios: against single-stream shani here (x2's gain), */
            contender x[] = {
                {"x2/msg", op_hush_x2, "shani", 2, {0}},
                {"shani", op_hush, "shani", 1, {0}},
            };
            run(x, 2, len, rounds);
            /* against OpenSSL's SHA256() one-shot, */
            contender c[] = {
                {"shani", op_hush, "shani", 1, {0}},
#if defined(HUSH_TIMING_GCRYPT)
                {"gcrypt", op_gcrypt, NULL, 1, {0}},
#endif
                {"sodium", op_sodium, NULL, 1, {0}},
                {"evp", op_ossl_evp, NULL, 1, {0}},
                {"ossl", op_ossl_sha256, NULL, 1, {0}},
            };
            run(c, (int)(sizeof c / sizeof c[0]), len, rounds);
            /* and portable against libsodium */
            contender p[] = {
                {"portable", op_hush, "portable", 1, {0}},
                {"sodium", op_sodium, NULL, 1, {0}},
            };
            run(p, 2, len, rounds);
        }
        if ((!strcmp(which, "all") || !strcmp(which, "hmac")) && len <= 1024) {
            /* ratios against OpenSSL's HMAC() one-shot */
            contender c[] = {
                {"hmac-pre", op_hmac_hush_pre, "shani", 1, {0}},
                {"hmac-1shot", op_hmac_hush, "shani", 1, {0}},
#if defined(HUSH_TIMING_GCRYPT)
                {"gcrypt-mac", op_hmac_gcrypt, NULL, 1, {0}},
#endif
                {"ossl-HMAC()", op_hmac_ossl, NULL, 1, {0}},
            };
            run(c, (int)(sizeof c / sizeof c[0]), len, rounds);
        }
    }
    printf("(sink %u)\n", sink);
    return 0;
}
