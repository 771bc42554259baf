/*
 * A timing program for development, not a test: hush_scrypt for each ROMix
 * implementation against OpenSSL's EVP_PBE_scrypt at age's work factor
 * (n = 2^18, r = 8, p = 1, 32 bytes out), interleaved, median of the runs.
 * Run under `flock /work/bench.lock` on a shared machine.
 *   timing_scrypt [ROUNDS] [LOG2_N]
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hush.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define MAX_ROUNDS 64
#define MAX_IMPLS  8

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 9;
    int log2n = argc > 2 ? atoi(argv[2]) : 18;
    if (rounds < 1 || rounds > MAX_ROUNDS || log2n < 1 || log2n > 24) return 2;
    const char *names[MAX_IMPLS];
    size_t nimpl = hush_impl_list("scrypt", names, MAX_IMPLS);
    if (nimpl > MAX_IMPLS) nimpl = MAX_IMPLS;
    double t[MAX_IMPLS + 1][MAX_ROUNDS];
    uint8_t salt[44] = "age-encryption.org/v1/scrypt0123456789abcdef";
    uint8_t want[32], got[32];
    uint64_t n = (uint64_t)1 << log2n;
    for (int i = 0; i < rounds; i++) {
        double t0 = now();
        if (EVP_PBE_scrypt("passphrase", 10, salt, sizeof salt, n, 8, 1,
                           (uint64_t)2 << 30, want, sizeof want) != 1)
            return 1;
        t[nimpl][i] = now() - t0;
        for (size_t k = 0; k < nimpl; k++) {
            hush_impl_force("scrypt", names[k]);
            t0 = now();
            if (hush_scrypt(got, sizeof got, "passphrase", 10, salt,
                            sizeof salt, n, 8, 1) != HUSH_OK ||
                memcmp(got, want, sizeof got) != 0)
                return 1;
            t[k][i] = now() - t0;
        }
    }
    for (size_t k = 0; k <= nimpl; k++)
        qsort(t[k], (size_t)rounds, sizeof t[k][0], cmp);
    double base = t[nimpl][rounds / 2];
    printf("scrypt n=2^%d r=8 p=1, median of %d (ms)\n", log2n, rounds);
    printf("  %-18s %8.1f\n", "openssl", 1e3 * base);
    for (size_t k = 0; k < nimpl; k++)
        printf("  hush %-13s %8.1f  %.2fx openssl\n", names[k],
               1e3 * t[k][rounds / 2], base / t[k][rounds / 2]);
    return 0;
}
