/*
 * AES: a block with the key schedule (every constant-time tier), fixed vs
 * random key and plaintext; the table tier, fixed vs random plaintext, as
 * a control that must leak. AES-GCM is in cases_gcm.c.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_cases.h"

/* arg */
#define BLOCK_ENCRYPT 0x000u
#define BLOCK_DECRYPT 0x100u
#define ARG_KEYLEN(a) ((a)&0xffu)

typedef struct aes_state {
    size_t keylen;
    unsigned op;
    uint8_t fixed_key[32], fixed_in[16];
    uint8_t key[32], in[16], out[16]; /* the working buffers */
    hush_aes_ctx ctx;
} aes_state;

static void *aes_setup(const ct_case *c, ct_rng *rng) {
    aes_state *s = ct_alloc(sizeof *s);
    if (s == NULL) return NULL;
    s->keylen = ARG_KEYLEN(c->arg);
    s->op = (unsigned)(c->arg & 0xf00);
    ct_rng_bytes(rng, s->fixed_key, sizeof s->fixed_key);
    ct_rng_bytes(rng, s->fixed_in, sizeof s->fixed_in);
    /* the context made here carries the implementation forced for the row */
    if (hush_aes_init(&s->ctx, s->fixed_key, s->keylen) != HUSH_OK) return NULL;
    return s;
}

static void aes_teardown(void *state) {
    aes_state *s = state;
    hush_wipe(&s->ctx, sizeof s->ctx);
    free(s);
}

/* class 0: the fixed key and block; class 1: fresh random ones */
static void block_fill(void *state, int cls, ct_rng *rng) {
    aes_state *s = state;
    ct_stage(s->key, s->fixed_key, sizeof s->key, cls, rng);
    ct_stage(s->in, s->fixed_in, sizeof s->in, cls, rng);
}

/* key schedule and one block: both see the secret key */
static void block_run(void *state) {
    aes_state *s = state;
    ct_must(hush_aes_init(&s->ctx, s->key, s->keylen), "hush_aes_init");
    if (s->op == BLOCK_DECRYPT)
        hush_aes_decrypt_block(&s->ctx, s->out, s->in);
    else
        hush_aes_encrypt_block(&s->ctx, s->out, s->in);
}

/*
 * The control's fixed plaintext is the key itself, so the state after the
 * first AddRoundKey is all zero and all sixteen first-round lookups hit
 * entry 0 of their tables: the most collisions a plaintext can cause (the
 * classes of the cache-collision attacks). With a random fixed plaintext
 * the control was still detected, but less reliably on this CPU, where the
 * 4 KiB of tables stay in L1 and only subtle effects remain.
 */
static void *table_setup(const ct_case *c, ct_rng *rng) {
    aes_state *s = aes_setup(c, rng);
    if (s == NULL) return NULL;
    memcpy(s->fixed_in, s->fixed_key, sizeof s->fixed_in);
    return s;
}

/* The key stays fixed (the schedule made at setup); only the plaintext
 * changes class, as in dudect's own T-table AES experiment. */
static void table_fill(void *state, int cls, ct_rng *rng) {
    aes_state *s = state;
    ct_stage(s->in, s->fixed_in, sizeof s->in, cls, rng);
}

static void table_run(void *state) {
    aes_state *s = state;
    hush_aes_encrypt_block(&s->ctx, s->out, s->in);
}

const ct_case ct_cases_aes[] = {
    {"aes_block.128.enc", "fixed vs random key and block", "aes", 0, NULL,
     aes_setup, aes_teardown, block_fill, block_run, 16 | BLOCK_ENCRYPT},
    {"aes_block.256.enc", "fixed vs random key and block", "aes", 0, NULL,
     aes_setup, aes_teardown, block_fill, block_run, 32 | BLOCK_ENCRYPT},
    {"aes_block.128.dec", "fixed vs random key and block", "aes", 0, NULL,
     aes_setup, aes_teardown, block_fill, block_run, 16 | BLOCK_DECRYPT},
    {"aes_table.128.enc", "fixed vs random plaintext", "", CT_CONTROL,
     "aes=table", table_setup, aes_teardown, table_fill, table_run,
     16 | BLOCK_ENCRYPT},
};
const size_t ct_cases_aes_count = sizeof ct_cases_aes / sizeof ct_cases_aes[0];
