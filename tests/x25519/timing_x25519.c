/*
 * Development timing for X25519 (not a test, not the official benchmark):
 * hush's tiers, OpenSSL (EVP_PKEY_derive on a context set up once) and
 * libsodium, interleaved round by round in one process so they share the
 * machine's state. Prints the median per operation in rdtsc ticks (the TSC
 * runs at a fixed 2.1 GHz here while the core runs near 3.4 GHz) and the
 * ratio of each to OpenSSL. Run it under flock /tmp/hush-bench.lock.
 */
#include <openssl/evp.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>

#include "hush.h"

#define ROUNDS 101
#define OPS    40

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { MAX_ROWS = 10 };
typedef struct row {
    const char *name;
    uint64_t ticks[ROUNDS];
} row;

static uint8_t k[32], u[32], out[32];
static EVP_PKEY_CTX *ossl_ctx;

static uint64_t run_hush(const char *impl, int base) {
    hush_impl_force("x25519", impl);
    uint64_t t0 = __rdtsc();
    for (int i = 0; i < OPS; i++) {
        if (base)
            hush_x25519_base(out, k);
        else
            hush_x25519(out, k, u);
        k[0] ^= out[1]; /* chain the operations so none can be skipped */
    }
    return (__rdtsc() - t0) / OPS;
}
static uint64_t run_ossl(void) {
    uint64_t t0 = __rdtsc();
    for (int i = 0; i < OPS; i++) {
        size_t len = 32;
        if (EVP_PKEY_derive(ossl_ctx, out, &len) != 1) abort();
        u[0] ^= out[1];
    }
    return (__rdtsc() - t0) / OPS;
}
/* OpenSSL's fixed base: importing a raw private key computes its public
 * key (ossl_x25519_public_from_private, an Edwards comb); the import's
 * allocation is included, which flatters hush a little. */
static uint64_t run_ossl_base(void) {
    uint64_t t0 = __rdtsc();
    for (int i = 0; i < OPS; i++) {
        EVP_PKEY *key =
            EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
        if (key == NULL) abort();
        EVP_PKEY_free(key);
        k[0]++;
    }
    return (__rdtsc() - t0) / OPS;
}
static uint64_t run_sodium(int base) {
    uint64_t t0 = __rdtsc();
    for (int i = 0; i < OPS; i++) {
        int rc = base ? crypto_scalarmult_base(out, k)
                      : crypto_scalarmult(out, k, u);
        if (rc != 0) abort();
        k[0] ^= out[1];
    }
    return (__rdtsc() - t0) / OPS;
}

int main(void) {
    if (sodium_init() < 0) return 1;
    hush_random(k, 32);
    hush_random(u, 32);
    u[31] &= 0x7f;
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    ossl_ctx = EVP_PKEY_CTX_new(priv, NULL);
    if (!ossl_ctx || EVP_PKEY_derive_init(ossl_ctx) != 1 ||
        EVP_PKEY_derive_set_peer(ossl_ctx, peer) != 1)
        return 1;

    const char *names[8];
    size_t nimpl = hush_impl_list("x25519", names, 8);
    if (nimpl > 3) nimpl = 3;
    row rows[MAX_ROWS];
    size_t nrows = 0;
    for (size_t i = 0; i < nimpl; i++)
        rows[nrows++].name = names[i];
    size_t base_first = nrows;
    for (size_t i = 0; i < nimpl; i++)
        rows[nrows++].name = names[i];
    size_t r_ossl = nrows++, r_sod = nrows++, r_ossl_base = nrows++,
           r_sod_base = nrows++;
    rows[r_ossl_base].name = "openssl";
    rows[r_ossl].name = "openssl";
    rows[r_sod].name = "libsodium";
    rows[r_sod_base].name = "libsodium";

    for (int r = 0; r < ROUNDS; r++) {
        for (size_t i = 0; i < nimpl; i++) {
            rows[i].ticks[r] = run_hush(names[i], 0);
            rows[base_first + i].ticks[r] = run_hush(names[i], 1);
        }
        rows[r_ossl].ticks[r] = run_ossl();
        rows[r_sod].ticks[r] = run_sodium(0);
        rows[r_sod_base].ticks[r] = run_sodium(1);
        rows[r_ossl_base].ticks[r] = run_ossl_base();
    }
#define is_base(i)                                                             \
    (((i) >= base_first && (i) < base_first + nimpl) || (i) == r_sod_base ||   \
     (i) == r_ossl_base)
    /* per-round speed relative to OpenSSL in the same round, then medians:
     * robust against load that shifts whole rounds */
    double ratio[MAX_ROWS][ROUNDS];
    for (size_t i = 0; i < nrows; i++)
        for (int r = 0; r < ROUNDS; r++)
            ratio[i][r] =
                (double)rows[r_ossl].ticks[r] / (double)rows[i].ticks[r];
    for (size_t i = 0; i < nrows; i++) {
        qsort(rows[i].ticks, ROUNDS, sizeof(uint64_t), cmp_u64);
        qsort(ratio[i], ROUNDS, sizeof(double), cmp_double);
    }
    printf("median of %d rounds x %d ops; rdtsc ticks (2.1 GHz) per op; "
           "speed vs OpenSSL's same operation (median of per-round ratios)\n",
           ROUNDS, OPS);
    for (size_t i = 0; i < nrows; i++) {
        int base = is_base(i);
        uint64_t med = rows[i].ticks[ROUNDS / 2];
        printf("  %-10s %-13s %8llu ticks  ~%6.0f core cycles  %5.2fx\n",
               rows[i].name, base ? "base" : "variable",
               (unsigned long long)med, (double)med * 3.4 / 2.1,
               ratio[i][ROUNDS / 2]);
    }
    EVP_PKEY_CTX_free(ossl_ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(priv);
    return 0;
}
