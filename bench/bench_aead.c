/*
 * hush's AEAD rows, shared by the area files: sealing with a keyed object
 * (the expanded key made once, in secret memory), opening with it, and the
 * one-shot encrypt that expands the key on every call. Keyed objects are
 * made in setup, after the runner forced the tiers of the row, so they
 * carry those tiers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"

static hush_aead_alg alg_of(const bench_state *st) {
    return *(const hush_aead_alg *)st->arg;
}

static int keyed_setup(bench_state *st, const char **why) {
    hush_aead_alg a = alg_of(st);
    hush_secret *key = NULL;
    if (hush_secret_from(&key, st->key, hush_aead_keybytes(a), 0) != HUSH_OK) {
        *why = "hush_secret_from failed";
        return -1;
    }
    hush_aead_ctx *k = NULL;
    int r = hush_aead_new(&k, a, key);
    hush_secret_destroy(key);
    if (r != HUSH_OK) {
        *why = hush_strerror(r);
        return -1;
    }
    st->obj = k;
    return 0;
}

static void keyed_teardown(bench_state *st) { hush_aead_free(st->obj); }

BENCH_LOOP(seal_run, bench_next_nonce(st->nonce);
           status |= hush_aead_seal(st->obj, st->out, st->in, st->size, NULL, 0,
                                    st->nonce))

/* Opening needs a valid ciphertext: made once in setup under a fixed
 * nonce, and opened again and again (a failed tag check would measure the
 * wrong path, so setup checks it once). */
static int open_setup(bench_state *st, const char **why) {
    if (keyed_setup(st, why) != 0) return -1;
    st->buf = malloc(st->size + 16);
    if (st->buf == NULL ||
        hush_aead_seal(st->obj, st->buf, st->in, st->size, NULL, 0,
                       st->nonce) != HUSH_OK ||
        hush_aead_open(st->obj, st->out, st->buf, st->size + 16, NULL, 0,
                       st->nonce) != HUSH_OK) {
        *why = "seal/open round trip failed";
        hush_aead_free(st->obj);
        free(st->buf);
        return -1;
    }
    return 0;
}

static void open_teardown(bench_state *st) {
    hush_aead_free(st->obj);
    free(st->buf);
}

BENCH_LOOP(open_run,
           status |= hush_aead_open(st->obj, st->out, st->buf, st->size + 16,
                                    NULL, 0, st->nonce))

BENCH_LOOP(encrypt_run, bench_next_nonce(st->nonce);
           status |= hush_aead_encrypt(alg_of(st), st->out, st->in, st->size,
                                       NULL, 0, st->nonce, st->key))

static bench_case hush_case(const bench_aead_rows *r,
                            int (*setup)(bench_state *, const char **),
                            void (*run)(bench_state *, uint64_t),
                            void (*teardown)(bench_state *)) {
    bench_case c = {"hush", BENCH_HUSH, {NULL}, setup, run, teardown, r->alg};
    for (int i = 0; i < BENCH_MAX_PRIMS && r->prims[i] != NULL; i++)
        c.prims[i] = r->prims[i];
    return c;
}

void bench_case_append(bench_case *list, bench_case c) {
    for (size_t i = 0; i < BENCH_MAX_CASES; i++)
        if (list[i].run == NULL) {
            list[i] = c;
            return;
        }
    fprintf(stderr, "hush-bench: more than %d cases in a row\n",
            BENCH_MAX_CASES);
    exit(2);
}

/* hush's case first, then the peers. */
static void add_row(bench_op *op, bench_case hush, const bench_case *peers) {
    bench_case_append(op->cases, hush);
    for (size_t i = 0; i < BENCH_MAX_CASES && peers[i].run != NULL; i++)
        bench_case_append(op->cases, peers[i]);
    bench_add(op);
}

void bench_add_aead(const bench_aead_rows *r) {
    static char names[16][3][64]; /* the registry keeps pointers */
    static size_t used;
    if (used == 16) {
        fprintf(stderr, "hush-bench: more than 16 AEADs\n");
        exit(2);
    }
    char(*n)[64] = names[used++];
    snprintf(n[0], 64, "%s seal", r->name);
    snprintf(n[1], 64, "%s open", r->name);
    snprintf(n[2], 64, "%s encrypt (one-shot)", r->name);

    bench_op seal = {.area = "aead",
                     .name = n[0],
                     .verify_fixed = 16,
                     .verify_plus_size = 1,
                     .note = "Keyed object (hush_aead_new, expanded key in "
                             "secret memory) sealing with a fresh nonce per "
                             "message, no associated data; peers with their "
                             "contexts keyed once.",
                     .extra_config = r->extra_config,
                     .throughput = 1};
    add_row(&seal, hush_case(r, keyed_setup, seal_run, keyed_teardown),
            r->seal);

    bench_op open = {.area = "aead",
                     .name = n[1],
                     .verify_fixed = 0,
                     .verify_plus_size = 1,
                     .note = "Keyed object opening (tag verified in constant "
                             "time) of a valid ciphertext; peers open their "
                             "own ciphertext of the same message with their "
                             "contexts keyed once.",
                     .extra_config = r->extra_config,
                     .throughput = 1};
    add_row(&open, hush_case(r, open_setup, open_run, open_teardown), r->open);

    bench_op once = {.area = "aead",
                     .name = n[2],
                     .verify_fixed = 16,
                     .verify_plus_size = 1,
                     .note = "hush_aead_encrypt: the key is expanded on the "
                             "stack (and wiped) on every call; peers make and "
                             "key their context on every call too.",
                     .extra_config = r->extra_config,
                     .throughput = 1};
    add_row(&once, hush_case(r, NULL, encrypt_run, NULL), r->once);
}
