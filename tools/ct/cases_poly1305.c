/*
 * Poly1305: fixed vs random one-time key over a public, fixed message.
 */
#include "ct_cases.h"

typedef struct poly1305_state {
    ct_fixed_random key; /* work: the one-time key */
    uint8_t msg[256], tag[16];
} poly1305_state;

static void *poly1305_setup(const ct_case *c, ct_rng *rng) {
    poly1305_state *s = ct_fixed_random_setup(sizeof *s, 32, rng);
    if (s == NULL) return NULL;
    (void)c;
    ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

static void poly1305_run(void *state) {
    poly1305_state *s = state;
    hush_poly1305(s->tag, s->msg, sizeof s->msg, s->key.work);
}

const ct_case ct_cases_poly1305[] = {
    {"poly1305.256", "fixed vs random key", "poly1305", 0, NULL, poly1305_setup,
     ct_free_state, ct_fill_fixed_random, poly1305_run, 0},
};
const size_t ct_cases_poly1305_count =
    sizeof ct_cases_poly1305 / sizeof ct_cases_poly1305[0];
