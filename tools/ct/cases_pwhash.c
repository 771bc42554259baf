/*
 * PBKDF2-HMAC-SHA256 under a secret password: fixed vs random password,
 * salt public and fixed, two iterations (each iteration is two HMAC
 * compressions, the same code as every other; more only lengthen the
 * sample).
 *
 * No row for scrypt: ROMix reads its memory at indexes derived from the
 * password, by definition (RFC 7914; pwhash.h and docs/CONSTANT_TIME.md
 * say so), so a fixed-vs-random password test would find that, not a
 * defect. Its Salsa20/8 core and its PBKDF2 steps are the constant-time
 * code measured elsewhere (this row for PBKDF2).
 */
#include "ct_cases.h"

typedef struct pbkdf2_state {
    ct_fixed_random pass; /* work: the password */
    uint8_t salt[16], out[32];
    int result; /* HUSH_OK; kept, not branched on, inside the timing */
} pbkdf2_state;

static void *pbkdf2_setup(const ct_case *c, ct_rng *rng) {
    pbkdf2_state *s = ct_fixed_random_setup(sizeof *s, c->arg, rng);
    if (s != NULL) ct_rng_bytes(rng, s->salt, sizeof s->salt);
    return s;
}

static void pbkdf2_run(void *state) {
    pbkdf2_state *s = state;
    s->result = hush_pbkdf2_sha256(s->out, sizeof s->out, s->pass.work,
                                   s->pass.len, s->salt, sizeof s->salt, 2);
}

const ct_case ct_cases_pwhash[] = {
    {"pbkdf2_sha256.32", "fixed vs random password", "sha256", 0, NULL,
     pbkdf2_setup, ct_free_state, ct_fill_fixed_random, pbkdf2_run, 32},
};
const size_t ct_cases_pwhash_count =
    sizeof ct_cases_pwhash / sizeof ct_cases_pwhash[0];
