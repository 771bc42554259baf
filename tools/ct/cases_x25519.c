/*
 * X25519: fixed vs random scalar, against a fixed public point and
 * against the base point.
 */
#include "ct_cases.h"

typedef struct x25519_state {
    ct_fixed_random scalar;
    uint8_t point[32], out[32];
    volatile int sink;
} x25519_state;

static void *x25519_setup(const ct_case *c, ct_rng *rng) {
    (void)c;
    x25519_state *s = ct_fixed_random_setup(sizeof *s, 32, rng);
    if (s == NULL) return NULL;
    /* a valid public key: the public key of a random scalar */
    uint8_t k[32];
    ct_rng_bytes(rng, k, sizeof k);
    if (hush_x25519_base(s->point, k) != HUSH_OK) return NULL;
    return s;
}

static void x25519_run(void *state) {
    x25519_state *s = state;
    s->sink = hush_x25519(s->out, s->scalar.work, s->point);
}

static void x25519_base_run(void *state) {
    x25519_state *s = state;
    s->sink = hush_x25519_base(s->out, s->scalar.work);
}

const ct_case ct_cases_x25519[] = {
    {"x25519", "fixed vs random scalar", "x25519", 0, NULL, x25519_setup,
     ct_free_state, ct_fill_fixed_random, x25519_run, 0},
    {"x25519_base", "fixed vs random scalar", "x25519", 0, NULL, x25519_setup,
     ct_free_state, ct_fill_fixed_random, x25519_base_run, 0},
};
const size_t ct_cases_x25519_count =
    sizeof ct_cases_x25519 / sizeof ct_cases_x25519[0];
