/*
 * ChaCha20 and XChaCha20 (with HChaCha20): fixed vs random key, the
 * message and nonce public and fixed.
 */
#include "ct_cases.h"

typedef struct stream_state {
    ct_fixed_random key; /* work: the key */
    uint8_t nonce[24];
    uint8_t msg[256], out[256];
} stream_state;

static void *stream_setup(const ct_case *c, ct_rng *rng) {
    stream_state *s = ct_fixed_random_setup(sizeof *s, 32, rng);
    if (s == NULL) return NULL;
    (void)c;
    ct_rng_bytes(rng, s->nonce, sizeof s->nonce);
    ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

static void chacha20_run(void *state) {
    stream_state *s = state;
    hush_chacha20_xor(s->out, s->msg, 64, s->nonce, s->key.work, 1);
}
static void xchacha20_run(void *state) {
    stream_state *s = state;
    hush_xchacha20_xor(s->out, s->msg, 64, s->nonce, s->key.work, 0);
}

const ct_case ct_cases_chacha20[] = {
    {"chacha20.64", "fixed vs random key", "chacha20", 0, NULL, stream_setup,
     ct_free_state, ct_fill_fixed_random, chacha20_run, 0},
    {"xchacha20.64", "fixed vs random key", "chacha20", 0, NULL, stream_setup,
     ct_free_state, ct_fill_fixed_random, xchacha20_run, 0},
};
const size_t ct_cases_chacha20_count =
    sizeof ct_cases_chacha20 / sizeof ct_cases_chacha20[0];
