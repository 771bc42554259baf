/*
 * Ascon: Hash256 of a secret message (fixed vs random) and Ascon-AEAD128
 * sealing under a fixed vs random key.
 */
#include "ct_cases.h"

typedef struct ascon_state {
    ct_fixed_random secret;
    uint8_t nonce[16], ad[16], msg[64], out[64], tag[16];
} ascon_state;

static void *ascon_setup(const ct_case *c, ct_rng *rng) {
    ascon_state *s = ct_fixed_random_setup(sizeof *s, c->arg, rng);
    if (s == NULL) return NULL;
    ct_rng_bytes(rng, s->nonce, sizeof s->nonce);
    ct_rng_bytes(rng, s->ad, sizeof s->ad);
    ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

static void hash_run(void *state) {
    ascon_state *s = state;
    hush_ascon_hash256(s->out, s->secret.work, s->secret.len);
}

static void seal_run(void *state) {
    ascon_state *s = state;
    ct_must(hush_aead_encrypt_detached(HUSH_ASCON_AEAD128, s->out, s->tag,
                                       s->msg, sizeof s->msg, s->ad,
                                       sizeof s->ad, s->nonce, s->secret.work),
            "Ascon-AEAD128 seal");
}

const ct_case ct_cases_ascon[] = {
    {"ascon_hash256.64", "fixed vs random message", "ascon", 0, NULL,
     ascon_setup, ct_free_state, ct_fill_fixed_random, hash_run, 64},
    {"ascon_aead128.seal", "fixed vs random key", "ascon", 0, NULL, ascon_setup,
     ct_free_state, ct_fill_fixed_random, seal_run, 16},
};
const size_t ct_cases_ascon_count =
    sizeof ct_cases_ascon / sizeof ct_cases_ascon[0];
