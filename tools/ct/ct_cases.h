/*
 * The cases of hush-ct. A case is one operation and one pair of input
 * classes; the driver runs it once per implementation of each primitive it
 * names (the others at their default), forcing that implementation before
 * setup, so contexts and keyed objects made in setup carry it.
 */
#ifndef HUSH_CT_CASES_H
#define HUSH_CT_CASES_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "ct_measure.h"
#include "hush.h"

enum { CT_HUSH = 0, CT_CONTROL = 1, CT_VERDICT = 2 };

typedef struct ct_case {
    const char *name;    /* e.g. "aead_open.chacha20poly1305" */
    const char *classes; /* e.g. "valid tag vs tag wrong in byte 0" */
    /* primitives whose implementations get a row each, space separated;
     * "" for code that has a single implementation */
    const char *prims;
    /* CT_HUSH: hush code that must not leak; CT_CONTROL: variable time on
     * purpose, so the test must detect it (`force` names its
     * implementation, prim=impl); CT_VERDICT: hush code whose classes
     * differ in a public result (a tag accepted or refused), so a
     * difference is allowed and reported, not counted as a leak */
    int control;
    const char *force;
    /* makes the working buffers and the fixed values; returns NULL when
     * the operation is unavailable. `arg` is the case's own parameter. */
    void *(*setup)(const struct ct_case *c, ct_rng *rng);
    void (*teardown)(void *state);
    void (*fill)(void *state, int cls, ct_rng *rng);
    void (*run)(void *state);
    size_t arg; /* a length or a variant, read by setup */
} ct_case;

/* The table of each case file (cases_<src folder>.c), listed by hand in
 * ct_main.c. */
extern const ct_case ct_cases_core[];
extern const size_t ct_cases_core_count;
#define CT_DECLARE_CASES(group)                                                \
    extern const ct_case ct_cases_##group[];                                   \
    extern const size_t ct_cases_##group##_count;
CT_DECLARE_CASES(aead)
CT_DECLARE_CASES(aes)
CT_DECLARE_CASES(gcm)
CT_DECLARE_CASES(ghash)
CT_DECLARE_CASES(chacha20)
CT_DECLARE_CASES(poly1305)
CT_DECLARE_CASES(sha256)
CT_DECLARE_CASES(hmac)
CT_DECLARE_CASES(pwhash)
CT_DECLARE_CASES(ascon)
CT_DECLARE_CASES(x25519)

/*
 * The usual "fixed vs random" input: a state that starts with this struct
 * gets ct_fill_fixed_random as its fill. Class 0 copies `fixed` into
 * `work`, class 1 writes fresh random bytes there; `len` bytes of 64.
 */
typedef struct ct_fixed_random {
    uint8_t fixed[64];
    uint8_t work[64];
    size_t len;
} ct_fixed_random;
void ct_fill_fixed_random(void *state, int cls, ct_rng *rng);
/* Writes `fixed` (class 0) or random bytes (class 1) into work, len <=
 * 256, running the same instructions for either class. */
void ct_stage(uint8_t *work, const uint8_t *fixed, size_t len, int cls,
              ct_rng *rng);
/* Allocates a state of `size` bytes that starts with ct_fixed_random. */
void *ct_fixed_random_setup(size_t size, size_t len, ct_rng *rng);
void ct_free_state(void *state);

/* Working memory for a case: zeroed, 64-byte aligned, freed with free(). */
void *ct_alloc(size_t size);

/* For a call inside run whose success depends only on public arguments,
 * the same in both classes (lengths, a key length): a failure is a bug,
 * and timing an error path would measure nothing, so it stops the run. The
 * branch is the same, never taken, in both classes. */
static inline void ct_must(int result, const char *what) {
    if (result != HUSH_OK) {
        fprintf(stderr, "hush-ct: %s failed: %s\n", what,
                hush_strerror(result));
        exit(1);
    }
}

#endif
