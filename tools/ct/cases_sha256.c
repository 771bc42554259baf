/*
 * SHA-256 over a secret message: fixed vs random message, length public.
 */
#include "ct_cases.h"

typedef struct sha_state {
    ct_fixed_random secret;
    uint8_t out[32];
} sha_state;

static void *sha_setup(const ct_case *c, ct_rng *rng) {
    return ct_fixed_random_setup(sizeof(sha_state), c->arg, rng);
}

static void sha256_run(void *state) {
    sha_state *s = state;
    hush_sha256(s->out, s->secret.work, s->secret.len);
}

const ct_case ct_cases_sha256[] = {
    {"sha256.64", "fixed vs random message", "sha256", 0, NULL, sha_setup,
     ct_free_state, ct_fill_fixed_random, sha256_run, 64},
};
const size_t ct_cases_sha256_count =
    sizeof ct_cases_sha256 / sizeof ct_cases_sha256[0];
