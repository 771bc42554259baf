/*
 * Keyed AEAD objects across fork() (issue 15, defect 10). A hardened
 * object lives in WIPEONFORK pages: in a forked child it reads as zeros,
 * so it cannot seal or open there (HUSH_ERR_INVALID, documented in
 * hush/aead.h and docs/SECRETS.md), but hush_aead_free must still release
 * its mapping in the child: the old code read the zeroed header, found no
 * secret to destroy and leaked the mapping. A default-tier object is plain
 * heap, a full copy in the child, and keeps working there. The parent's
 * objects are untouched by what the child did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static const hush_aead_alg algs[] = {HUSH_CHACHA20POLY1305,
                                     HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                     HUSH_AES256GCM, HUSH_ASCON_AEAD128};
#define NALGS (sizeof algs / sizeof algs[0])

static const uint8_t nonce[24] = {7, 6, 5, 4, 3, 2, 1};
static const uint8_t msg[100] = {1, 2, 3};

/* 1 if some mapping of /proc/self/maps contains addr. */
static int mapped(const void *addr) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (f == NULL) return -1;
    unsigned long a = (unsigned long)addr, lo, hi;
    char line[512];
    int found = 0;
    while (fgets(line, sizeof line, f))
        /* the kernel writes these lines; another line fails the match
         * count, which is all this needs */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= a && a < hi)
            found = 1;
    fclose(f);
    return found;
}

typedef struct {
    hush_aead_ctx *hard[NALGS], *soft[NALGS];
    uint8_t sealed[NALGS][sizeof msg + 16];
} objects;

static int child_bad;
#define EXPECT(cond)                                                           \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "child, %s: expectation failed: %s\n",             \
                    hush_aead_name(algs[i]), #cond);                           \
            child_bad = 1;                                                     \
        }                                                                      \
    } while (0)

static void in_child(void *arg) {
    objects *o = arg;
    for (size_t i = 0; i < NALGS; i++) {
        uint8_t out[sizeof msg + 16], back[sizeof msg];
        /* the hardened object's key is gone in the child: refused, and the
         * output is left as it was */
        memset(out, 0x55, sizeof out);
        EXPECT(hush_aead_seal(o->hard[i], out, msg, sizeof msg, NULL, 0,
                              nonce) == HUSH_ERR_INVALID);
        EXPECT(out[0] == 0x55 && out[sizeof out - 1] == 0x55);
        EXPECT(hush_aead_open(o->hard[i], back, o->sealed[i],
                              sizeof o->sealed[i], NULL, 0,
                              nonce) == HUSH_ERR_INVALID);
        /* released, not leaked: its pages are unmapped in the child */
        EXPECT(mapped(o->hard[i]) == 1);
        hush_aead_free(o->hard[i]);
        EXPECT(mapped(o->hard[i]) == 0);
        /* the default tier's copy works as in the parent */
        EXPECT(hush_aead_seal(o->soft[i], out, msg, sizeof msg, NULL, 0,
                              nonce) == HUSH_OK);
        EXPECT(memcmp(out, o->sealed[i], sizeof out) == 0);
        hush_aead_free(o->soft[i]);
        /* and the child makes hardened objects of its own */
        hush_secret *key = NULL;
        hush_aead_ctx *k = NULL;
        EXPECT(hush_secret_random(&key, hush_aead_keybytes(algs[i]),
                                  HUSH_SECRET_HARDENED) == HUSH_OK);
        EXPECT(hush_aead_new(&k, algs[i], key) == HUSH_OK);
        EXPECT(hush_aead_seal(k, out, msg, sizeof msg, NULL, 0, nonce) ==
               HUSH_OK);
        EXPECT(hush_aead_open(k, back, out, sizeof out, NULL, 0, nonce) ==
               HUSH_OK);
        hush_aead_free(k);
        hush_secret_destroy(key);
    }
    _exit(child_bad);
}

static void test_fork(void) {
    objects o;
    for (size_t i = 0; i < NALGS; i++) {
        size_t kb = hush_aead_keybytes(algs[i]);
        hush_secret *hk = NULL, *sk = NULL;
        CHECK_EQ_INT(hush_secret_random(&hk, kb, HUSH_SECRET_HARDENED),
                     HUSH_OK);
        CHECK_EQ_INT(hush_secret_from(&sk, hush_secret_ptr(hk), kb, 0),
                     HUSH_OK);
        CHECK_EQ_INT(hush_aead_new(&o.hard[i], algs[i], hk), HUSH_OK);
        CHECK_EQ_INT(hush_aead_new(&o.soft[i], algs[i], sk), HUSH_OK);
        hush_secret_destroy(hk);
        hush_secret_destroy(sk);
        CHECK_EQ_INT(hush_aead_seal(o.hard[i], o.sealed[i], msg, sizeof msg,
                                    NULL, 0, nonce),
                     HUSH_OK);
    }
    char err[4096];
    int st = ht_run_child(in_child, &o, err, sizeof err, 30000);
    if (!ht_exited_with(st, 0)) fprintf(stderr, "%s", err);
    CHECK(ht_exited_with(st, 0));
    /* the parent's objects are intact */
    for (size_t i = 0; i < NALGS; i++) {
        uint8_t out[sizeof msg + 16];
        ht_context = hush_aead_name(algs[i]);
        CHECK_EQ_INT(
            hush_aead_seal(o.hard[i], out, msg, sizeof msg, NULL, 0, nonce),
            HUSH_OK);
        CHECK_MEM(out, o.sealed[i], sizeof out);
        CHECK_EQ_INT(
            hush_aead_seal(o.soft[i], out, msg, sizeof msg, NULL, 0, nonce),
            HUSH_OK);
        CHECK_MEM(out, o.sealed[i], sizeof out);
        hush_aead_free(o.hard[i]);
        hush_aead_free(o.soft[i]);
    }
    ht_context = NULL;
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_fork();
    return ht_end();
}
