/*
 * Lengths no buffer can have (issue 15, defect 5). Every AEAD, every form
 * (one-shot and keyed, combined and detached, seal and open) and every
 * length argument (message and AD), at values near SIZE_MAX and at the
 * algorithm's own limit + 1: HUSH_ERR_INVALID, the output untouched, and
 * no pointer arithmetic on the impossible length first (the old code
 * computed c + mlen for the combined forms, which UBSan reports as a
 * pointer overflow in src/aead/aead.c and which then faulted). A length
 * above PTRDIFF_MAX (no C object is that large) and a buffer whose end
 * would wrap the address space are refused the same way.
 *
 * The streaming form (hush_aead_stream_ad and _update) refuses the same
 * lengths, and a freed keyed object starts no stream.
 *
 * The lengths at the limit and just under it are accepted: that is checked
 * through the generic layer's argument check (hush_aead_check_args), since
 * running the algorithms over 64 GiB or more is not a unit test. Each
 * algorithm's cases run in a forked child, so a fault fails the test
 * instead of ending it.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "aead/aead_impl.h"
#include "harness.h"

static const hush_aead_alg algs[] = {HUSH_CHACHA20POLY1305,
                                     HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                     HUSH_AES256GCM, HUSH_ASCON_AEAD128};

enum form {
    ENCRYPT,
    DECRYPT,
    ENCRYPT_DETACHED,
    DECRYPT_DETACHED,
    SEAL,
    OPEN,
    SEAL_DETACHED,
    OPEN_DETACHED,
    FORMS
};
static const char *form_names[] = {"hush_aead_encrypt",
                                   "hush_aead_decrypt",
                                   "hush_aead_encrypt_detached",
                                   "hush_aead_decrypt_detached",
                                   "hush_aead_seal",
                                   "hush_aead_open",
                                   "hush_aead_seal_detached",
                                   "hush_aead_open_detached"};

static uint8_t in[256], out[256], tag[16], ad[64], nonce[24], key[32];
static hush_secret *s2_holder;

static int call(enum form f, hush_aead_alg a, const hush_aead_ctx *k,
                uint8_t *o, const uint8_t *i, size_t len, size_t adlen) {
    switch (f) {
    case ENCRYPT: return hush_aead_encrypt(a, o, i, len, ad, adlen, nonce, key);
    case DECRYPT: return hush_aead_decrypt(a, o, i, len, ad, adlen, nonce, key);
    case ENCRYPT_DETACHED:
        return hush_aead_encrypt_detached(a, o, tag, i, len, ad, adlen, nonce,
                                          key);
    case DECRYPT_DETACHED:
        return hush_aead_decrypt_detached(a, o, i, len, tag, ad, adlen, nonce,
                                          key);
    case SEAL: return hush_aead_seal(k, o, i, len, ad, adlen, nonce);
    case OPEN: return hush_aead_open(k, o, i, len, ad, adlen, nonce);
    case SEAL_DETACHED:
        return hush_aead_seal_detached(k, o, tag, i, len, ad, adlen, nonce);
    case OPEN_DETACHED:
        return hush_aead_open_detached(k, o, i, len, tag, ad, adlen, nonce);
    default: return 99;
    }
}

static int child_bad;

static void expect_refused(enum form f, hush_aead_alg a, const hush_aead_ctx *k,
                           uint8_t *o, const uint8_t *i, size_t len,
                           size_t adlen, const char *what) {
    memset(out, 0xa5, sizeof out);
    memset(tag, 0x5a, sizeof tag);
    int r = call(f, a, k, o, i, len, adlen);
    int untouched = 1;
    for (size_t j = 0; j < sizeof out; j++)
        untouched &= out[j] == 0xa5;
    for (size_t j = 0; j < sizeof tag; j++)
        untouched &= tag[j] == 0x5a;
    if (r != HUSH_ERR_INVALID || !untouched) {
        fprintf(stderr, "%s %s, %s (len %#zx, adlen %#zx): got %d%s\n",
                hush_aead_name(a), form_names[f], what, len, adlen, r,
                untouched ? "" : ", output written");
        child_bad = 1;
    }
}

/* Lengths no buffer can have, and the algorithm's limits + 1. */
static size_t impossible[16];
static size_t nimpossible;

static void add(size_t v) {
    for (size_t j = 0; j < nimpossible; j++)
        if (impossible[j] == v) return;
    impossible[nimpossible++] = v;
}

static void run_algorithm(void *arg) {
    hush_aead_alg a = *(const hush_aead_alg *)arg;
    const hush_aead_desc *d = hush_aead_lookup(a);
    hush_secret *s = NULL;
    hush_aead_ctx *k = NULL;
    if (d == NULL || hush_secret_from(&s, key, d->keybytes, 0) != HUSH_OK ||
        hush_aead_new(&k, a, s) != HUSH_OK)
        _exit(2);
    nimpossible = 0;
    add(SIZE_MAX);
    add(SIZE_MAX - 1);
    add(SIZE_MAX - 15);
    add(SIZE_MAX - 16);
    add(SIZE_MAX - 17);
    add(SIZE_MAX / 2 + 1); /* past PTRDIFF_MAX: larger than any object */
    size_t mlimits[2], adlimits[2], nm = 0, nad = 0;
    if (d->max_mlen < SIZE_MAX) mlimits[nm++] = (size_t)d->max_mlen + 1;
    if (d->max_adlen < SIZE_MAX) adlimits[nad++] = (size_t)d->max_adlen + 1;

    for (int f = 0; f < FORMS; f++) {
        /* the message (or ciphertext) length */
        for (size_t j = 0; j < nimpossible; j++)
            expect_refused((enum form)f, a, k, out, in, impossible[j], 0,
                           "message length");
        for (size_t j = 0; j < nm; j++) {
            expect_refused((enum form)f, a, k, out, in, mlimits[j], 0,
                           "message length at the limit + 1");
            /* combined open: the tag comes on top */
            expect_refused((enum form)f, a, k, out, in, mlimits[j] + 16, 0,
                           "ciphertext length at the limit + 1 + tag");
        }
        /* the AD length, with a message that is fine */
        for (size_t j = 0; j < nimpossible; j++)
            expect_refused((enum form)f, a, k, out, in, 32, impossible[j],
                           "AD length");
        for (size_t j = 0; j < nad; j++)
            expect_refused((enum form)f, a, k, out, in, 32, adlimits[j],
                           "AD length at the limit + 1");
        /* NULL buffers that would hold data: refused before any is read
         * (the combined forms' fast test once let a NULL message through
         * in a mutation no other case caught) */
        expect_refused((enum form)f, a, k, out, NULL, 32, 0,
                       "NULL input with data");
        /* (the combined output of encrypt and seal is declared nonnull:
         * passing NULL there is the caller's undefined behaviour) */
        if (f != ENCRYPT && f != SEAL)
            expect_refused((enum form)f, a, k, NULL, in, 32, 0,
                           "NULL output with data");
        /* buffers whose end would wrap the address space: never touched */
        uint8_t *top = (uint8_t *)(UINTPTR_MAX - 99);
        expect_refused((enum form)f, a, k, top, in, 200, 0,
                       "output wrapping the address space");
        expect_refused((enum form)f, a, k, out, top, 200, 0,
                       "input wrapping the address space");
        /* both: in place at the top */
        expect_refused((enum form)f, a, k, top, top, 200, 0,
                       "in place, wrapping the address space");
    }
    /* the streaming form: the same lengths for the AD and the data */
    for (int dir = HUSH_AEAD_SEAL; dir <= HUSH_AEAD_OPEN; dir++) {
        hush_aead_stream st;
        if (hush_aead_stream_init(&st, k, dir, nonce) != HUSH_OK) continue;
        for (size_t j = 0; j < nimpossible; j++) {
            memset(out, 0xa5, sizeof out);
            int r1 = hush_aead_stream_ad(&st, ad, impossible[j]);
            int r2 = hush_aead_stream_update(&st, out, in, impossible[j]);
            int untouched = out[0] == 0xa5 && out[sizeof out - 1] == 0xa5;
            if (r1 != HUSH_ERR_INVALID || r2 != HUSH_ERR_INVALID ||
                !untouched) {
                fprintf(stderr, "%s stream: length %#zx: ad %d, update %d%s\n",
                        hush_aead_name(a), impossible[j], r1, r2,
                        untouched ? "" : ", output written");
                child_bad = 1;
            }
        }
        uint8_t *top = (uint8_t *)(UINTPTR_MAX - 99);
        if (hush_aead_stream_update(&st, top, in, 200) != HUSH_ERR_INVALID ||
            hush_aead_stream_update(&st, out, top, 200) != HUSH_ERR_INVALID) {
            fprintf(stderr, "%s stream: a wrapping buffer accepted\n",
                    hush_aead_name(a));
            child_bad = 1;
        }
        hush_aead_stream_abort(&st);
    }
    hush_aead_free(k);
    /* a freed object starts no stream */
    hush_aead_stream st;
    hush_aead_ctx *again = NULL;
    if (hush_secret_from(&s2_holder, key, d->keybytes, HUSH_SECRET_HARDENED) ==
            HUSH_OK &&
        hush_aead_new(&again, a, s2_holder) == HUSH_OK) {
        /* a fully granted slot is pooled: the freed object's memory stays
         * mapped (zeroed), so reading it is no fault */
        int pooled = (hush_secret_status(s2_holder) & 0x3f) == 0x3f;
        hush_aead_free(again);
        if (pooled && hush_aead_stream_init(&st, again, HUSH_AEAD_SEAL,
                                            nonce) != HUSH_ERR_INVALID) {
            fprintf(stderr, "%s stream: a freed object accepted\n",
                    hush_aead_name(a));
            child_bad = 1;
        }
        hush_secret_destroy(s2_holder);
    }
    hush_secret_destroy(s);
    _exit(child_bad);
}

/* The generic check at the limits themselves: accepted at the limit and
 * one below, refused one above, for the message and the AD. Pointers are
 * placed so that no buffer wraps. */
static void test_limits_accepted(void) {
    static uint8_t arena[64];
    uint8_t *lo = arena; /* stands for buffers far apart: never read */
    for (size_t i = 0; i < HUSH_ARRAY_LEN(algs); i++) {
        const hush_aead_desc *d = hush_aead_lookup(algs[i]);
        ht_context = hush_aead_name(algs[i]);
        CHECK(d != NULL);
        if (d == NULL) continue;
        /* far apart: the message at lo, its output and the rest far above
         * (only addresses are compared, nothing is read) */
        uintptr_t span = (uintptr_t)1 << 40;
        const uint8_t *m = lo;
        uint8_t *c = (uint8_t *)((uintptr_t)lo + span);
        uint8_t *t = (uint8_t *)((uintptr_t)lo + 2 * span);
        const uint8_t *x = (const uint8_t *)((uintptr_t)lo + 3 * span);
        const uint8_t *n = (const uint8_t *)((uintptr_t)lo + 4 * span);
        const uint8_t *kk = (const uint8_t *)((uintptr_t)lo + 5 * span);
        uint64_t mmax = d->max_mlen < (uint64_t)span ? d->max_mlen : span - 1;
        uint64_t amax = d->max_adlen < (uint64_t)span ? d->max_adlen : span - 1;
        for (int seal = 0; seal <= 1; seal++) {
            CHECK_EQ_INT(hush_aead_check_args(d, seal, c, t, m, (size_t)mmax, x,
                                              0, n, kk),
                         HUSH_OK);
            CHECK_EQ_INT(hush_aead_check_args(d, seal, c, t, m,
                                              (size_t)mmax - 1, x, 0, n, kk),
                         HUSH_OK);
            CHECK_EQ_INT(hush_aead_check_args(d, seal, c, t, m, 16, x,
                                              (size_t)amax, n, kk),
                         HUSH_OK);
            if (d->max_mlen < span)
                CHECK_EQ_INT(hush_aead_check_args(d, seal, c, t, m,
                                                  (size_t)d->max_mlen + 1, x, 0,
                                                  n, kk),
                             HUSH_ERR_INVALID);
            if (d->max_adlen < span)
                CHECK_EQ_INT(hush_aead_check_args(d, seal, c, t, m, 16, x,
                                                  (size_t)d->max_adlen + 1, n,
                                                  kk),
                             HUSH_ERR_INVALID);
        }
    }
    ht_context = NULL;
}

static void test_refused(void) {
    memset(key, 7, sizeof key);
    for (size_t i = 0; i < HUSH_ARRAY_LEN(algs); i++) {
        char err[8192];
        int st = ht_run_child(run_algorithm, (void *)&algs[i], err, sizeof err,
                              60000);
        if (!ht_exited_with(st, 0))
            fprintf(stderr, "%s: status %#x\n%s", hush_aead_name(algs[i]),
                    (unsigned)st, err);
        ht_context = hush_aead_name(algs[i]);
        CHECK(ht_exited_with(st, 0));
    }
    ht_context = NULL;
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_refused();
    test_limits_accepted();
    return ht_end();
}
