/*
 * Comparison cases: hush_ct_equal and hush_secret_equal (equal vs differing
 * in the first byte, equal vs differing in the last byte), and the memcmp
 * control, which returns at the first difference and so must leak.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_cases.h"

void *ct_alloc(size_t size) {
    size = (size + 63) & ~(size_t)63;
    void *p = aligned_alloc(64, size);
    if (p != NULL) memset(p, 0, size);
    return p;
}

void ct_fill_fixed_random(void *state, int cls, ct_rng *rng) {
    ct_fixed_random *s = state;
    ct_stage(s->work, s->fixed, s->len, cls, rng);
}

/*
 * Both classes run the same instructions before the clock starts: random
 * bytes are drawn for either class and a mask picks the fixed or the random
 * ones. A branch on the class here would leave a different branch history
 * behind for each class, and the predictor would carry it into the
 * measured code (an A/A-clean harness still showed |t| > 40 for Ascon and
 * XChaCha20 until this was branch-free). The same stores in the same order
 * also keep store forwarding alike.
 */
void ct_stage(uint8_t *work, const uint8_t *fixed, size_t len, int cls,
              ct_rng *rng) {
    uint8_t random[256];
    ct_rng_bytes(rng, random, len);
    uint8_t pick_random = (uint8_t)(0u - (unsigned)(cls & 1));
    for (size_t i = 0; i < len; i++)
        work[i] =
            (uint8_t)((fixed[i] & ~pick_random) | (random[i] & pick_random));
}

void *ct_fixed_random_setup(size_t size, size_t len, ct_rng *rng) {
    ct_fixed_random *s = ct_alloc(size);
    if (s == NULL) return NULL;
    s->len = len;
    ct_rng_bytes(rng, s->fixed, len);
    return s;
}

void ct_free_state(void *state) { free(state); }

/* arg: length in the low 16 bits; which byte differs in class 1 (and, for
 * the control, in class 0) in the flags above */
#define DIFF_FIRST    0x10000u
#define DIFF_LAST     0x20000u
#define FIRST_VS_LAST 0x40000u
#define HARDENED      0x80000u /* secrets of the hardened tier */
#define ARG_LEN(a)    ((a)&0xffffu)

typedef struct compare_state {
    size_t len, arg;
    uint8_t *a, *b;       /* the working buffers */
    uint8_t *reference;   /* the contents of a; b starts as a copy */
    hush_secret *sa, *sb; /* for hush_secret_equal */
    volatile int sink;
} compare_state;

/* Class contents: b = a, then one byte flipped where the class says. */
static void compare_fill(void *state, int cls, ct_rng *rng) {
    (void)rng;
    compare_state *s = state;
    size_t len = s->len;
    memcpy(s->a, s->reference, len);
    memcpy(s->b, s->reference, len);
    /* the same byte store in both classes; only its value or its place
     * differs */
    if (s->arg & FIRST_VS_LAST)
        s->b[(len - 1) * (size_t)cls] ^= 0x01;
    else
        s->b[(s->arg & DIFF_LAST) ? len - 1 : 0] ^= (uint8_t)cls;
}

static void *compare_setup(const ct_case *c, ct_rng *rng) {
    compare_state *s = ct_alloc(sizeof *s);
    if (s == NULL) return NULL;
    s->len = ARG_LEN(c->arg);
    s->arg = c->arg;
    s->reference = ct_alloc(s->len);
    s->a = ct_alloc(s->len);
    s->b = ct_alloc(s->len);
    if (!s->reference || !s->a || !s->b) return NULL;
    ct_rng_bytes(rng, s->reference, s->len);
    return s;
}

static void compare_teardown(void *state) {
    compare_state *s = state;
    free(s->reference);
    free(s->a);
    free(s->b);
    free(s);
}

static void run_ct_equal(void *state) {
    compare_state *s = state;
    s->sink = hush_ct_equal(s->a, s->b, s->len);
}

/* memcmp through a volatile pointer: the compiler may not inline it or
 * replace it with its own comparison. */
static int (*volatile memcmp_fn)(const void *, const void *, size_t) = memcmp;
static void run_memcmp(void *state) {
    compare_state *s = state;
    s->sink = memcmp_fn(s->a, s->b, s->len);
}

/* hush_secret_equal: the working buffers are the secrets' own memory. */
static void *secret_setup(const ct_case *c, ct_rng *rng) {
    compare_state *s = compare_setup(c, rng);
    if (s == NULL) return NULL;
    unsigned flags = (c->arg & HARDENED) ? HUSH_SECRET_HARDENED : 0;
    if (hush_secret_new(&s->sa, s->len, flags) != HUSH_OK ||
        hush_secret_new(&s->sb, s->len, flags) != HUSH_OK)
        return NULL;
    free(s->a);
    free(s->b);
    s->a = hush_secret_ptr_mut(s->sa);
    s->b = hush_secret_ptr_mut(s->sb);
    return s;
}

static void secret_teardown(void *state) {
    compare_state *s = state;
    hush_secret_destroy(s->sa);
    hush_secret_destroy(s->sb);
    free(s->reference);
    free(s);
}

static void run_secret_equal(void *state) {
    compare_state *s = state;
    s->sink = hush_secret_equal(s->sa, s->sb);
}

#define CT_EQUAL(len, where, label)                                            \
    {                                                                          \
        "ct_equal." #len, "equal vs differ in " label, "", 0, NULL,            \
            compare_setup, compare_teardown, compare_fill, run_ct_equal,       \
            (len) | (where)                                                    \
    }
#define SECRET_EQUAL(len, where, label)                                        \
    {                                                                          \
        "secret_equal." #len, "equal vs differ in " label, "", 0, NULL,        \
            secret_setup, secret_teardown, compare_fill, run_secret_equal,     \
            (len) | (where)                                                    \
    }
#define SECRET_EQUAL_HARDENED(len, where, label)                               \
    {                                                                          \
        "secret_equal." #len ".hardened", "equal vs differ in " label, "", 0,  \
            NULL, secret_setup, secret_teardown, compare_fill,                 \
            run_secret_equal, (len) | (where) | HARDENED                       \
    }

const ct_case ct_cases_core[] = {
    CT_EQUAL(32, DIFF_FIRST, "first byte"),
    CT_EQUAL(32, DIFF_LAST, "last byte"),
    CT_EQUAL(64, DIFF_FIRST, "first byte"),
    CT_EQUAL(64, DIFF_LAST, "last byte"),
    SECRET_EQUAL(32, DIFF_FIRST, "first byte"),
    SECRET_EQUAL(32, DIFF_LAST, "last byte"),
    SECRET_EQUAL(64, DIFF_FIRST, "first byte"),
    SECRET_EQUAL(64, DIFF_LAST, "last byte"),
    SECRET_EQUAL_HARDENED(32, DIFF_FIRST, "first byte"),
    SECRET_EQUAL_HARDENED(32, DIFF_LAST, "last byte"),
    /* The control. glibc's vector memcmp settles 32 or 64 bytes in one or
     * two compares whatever the contents, so the control compares 1024
     * bytes, where a difference in the first byte stops the scan early. */
    {"memcmp.1024", "differ in first byte vs last byte", "", CT_CONTROL, NULL,
     compare_setup, compare_teardown, compare_fill, run_memcmp,
     1024 | FIRST_VS_LAST},
};
const size_t ct_cases_core_count =
    sizeof ct_cases_core / sizeof ct_cases_core[0];
