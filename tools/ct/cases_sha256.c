/*
 * SHA-256 over a secret message and HMAC-SHA256 under a secret key: fixed
 * vs random secret, lengths public.
 */
#include "ct_cases.h"

typedef struct sha_state {
    ct_fixed_random secret;
    uint8_t msg[64], out[32];
} sha_state;

static void *sha_setup(const ct_case *c, ct_rng *rng) {
    sha_state *s = ct_fixed_random_setup(sizeof *s, c->arg, rng);
    if (s != NULL) ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

static void sha256_run(void *state) {
    sha_state *s = state;
    hush_sha256(s->out, s->secret.work, s->secret.len);
}

static void hmac_run(void *state) {
    sha_state *s = state;
    hush_hmac_sha256(s->out, s->secret.work, s->secret.len, s->msg,
                     sizeof s->msg);
}

const ct_case ct_cases_sha256[] = {
    {"sha256.64", "fixed vs random message", "sha256", 0, NULL, sha_setup,
     ct_free_state, ct_fill_fixed_random, sha256_run, 64},
    {"hmac_sha256.32", "fixed vs random key", "sha256", 0, NULL, sha_setup,
     ct_free_state, ct_fill_fixed_random, hmac_run, 32},
};
const size_t ct_cases_sha256_count =
    sizeof ct_cases_sha256 / sizeof ct_cases_sha256[0];
