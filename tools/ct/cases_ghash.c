/*
 * GHASH on its own, fixed vs random key H. GHASH has no public entry
 * point, so this file uses the library's internal implementation table
 * (src/ghash/ghash_impl.h: hush_ghash_ops init/update through
 * hush_prim_ghash), the one place hush-ct looks inside the library. The
 * public route, AES-GCM under a fixed vs random key, is in cases_aes.c.
 */
#include "ct_cases.h"
#include "ghash/ghash_impl.h"

#define GHASH_BLOCKS 16

typedef struct ghash_state {
    ct_fixed_random h; /* work: H */
    const hush_ghash_ops *ops;
    hush_ghash_key key;
    uint64_t y[2];
    uint8_t msg[16 * GHASH_BLOCKS];
} ghash_state;

static void *ghash_setup(const ct_case *c, ct_rng *rng) {
    (void)c;
    ghash_state *s = ct_fixed_random_setup(sizeof *s, 16, rng);
    if (s == NULL) return NULL;
    /* the implementation forced for this row */
    s->ops = hush_ops(&hush_prim_ghash);
    ct_rng_bytes(rng, s->msg, sizeof s->msg);
    return s;
}

/* the key powers from H, then 16 blocks: both multiply by secrets */
static void ghash_run(void *state) {
    ghash_state *s = state;
    s->ops->init(&s->key, s->h.work);
    s->y[0] = s->y[1] = 0;
    s->ops->update(&s->key, s->y, s->msg, GHASH_BLOCKS);
}

static void ghash_teardown(void *state) {
    ghash_state *s = state;
    hush_wipe(&s->key, sizeof s->key);
    ct_free_state(s);
}

const ct_case ct_cases_ghash[] = {
    {"ghash.256", "fixed vs random H", "ghash", CT_HUSH, NULL, ghash_setup,
     ghash_teardown, ct_fill_fixed_random, ghash_run, 0},
};
const size_t ct_cases_ghash_count =
    sizeof ct_cases_ghash / sizeof ct_cases_ghash[0];
