/*
 * HMAC-SHA256 under a secret key: fixed vs random key, the message public
 * and fixed.
 */
#include "ct_cases.h"

typedef struct hmac_state {
    ct_fixed_random key; /* work: the key */
    uint8_t msg[64], out[32];
} hmac_state;

static void *hmac_setup(const ct_case *c, ct_rng *rng) {
    hmac_state *s = ct_fixed_random_setup(sizeof *s, c->arg, rng);
    if (s != NULL) ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

static void hmac_run(void *state) {
    hmac_state *s = state;
    hush_hmac_sha256(s->out, s->key.work, s->key.len, s->msg, sizeof s->msg);
}

const ct_case ct_cases_hmac[] = {
    {"hmac_sha256.32", "fixed vs random key", "sha256", 0, NULL, hmac_setup,
     ct_free_state, ct_fill_fixed_random, hmac_run, 32},
};
const size_t ct_cases_hmac_count =
    sizeof ct_cases_hmac / sizeof ct_cases_hmac[0];
