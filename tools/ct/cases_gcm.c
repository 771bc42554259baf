/*
 * AES-128-GCM sealing under a fixed vs random key: the key decides H, so
 * GHASH multiplies by a fixed vs random secret; the public route to GHASH
 * (which has no entry point of its own, see cases_ghash.c), once per tier
 * of AES and of GHASH.
 */
#include <stdlib.h>

#include "ct_cases.h"

#define GCM_MSG 256
typedef struct gcm_state {
    uint8_t fixed_key[16], key[16], nonce[12], ad[16];
    uint8_t m[GCM_MSG], c[GCM_MSG], tag[16];
} gcm_state;

static void *gcm_setup(const ct_case *c, ct_rng *rng) {
    (void)c;
    gcm_state *s = ct_alloc(sizeof *s);
    if (s == NULL) return NULL;
    ct_rng_bytes(rng, s->fixed_key, sizeof s->fixed_key);
    ct_rng_bytes(rng, s->nonce, sizeof s->nonce);
    ct_rng_bytes(rng, s->ad, sizeof s->ad);
    ct_rng_bytes(rng, s->m, sizeof s->m);
    return s;
}

static void gcm_fill(void *state, int cls, ct_rng *rng) {
    gcm_state *s = state;
    ct_stage(s->key, s->fixed_key, sizeof s->key, cls, rng);
}

static void gcm_run(void *state) {
    gcm_state *s = state;
    ct_must(hush_aead_encrypt_detached(HUSH_AES128GCM, s->c, s->tag, s->m,
                                       GCM_MSG, s->ad, sizeof s->ad, s->nonce,
                                       s->key),
            "AES-128-GCM seal");
}

static void gcm_teardown(void *state) { free(state); }

const ct_case ct_cases_gcm[] = {
    {"aes128gcm.seal", "fixed vs random key (so H)", "ghash aes", CT_HUSH, NULL,
     gcm_setup, gcm_teardown, gcm_fill, gcm_run, 0},
};
const size_t ct_cases_gcm_count = sizeof ct_cases_gcm / sizeof ct_cases_gcm[0];
