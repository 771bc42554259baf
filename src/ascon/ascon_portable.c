/*
 * The portable Ascon tier: the 64-bit permutation of ascon_perm64.h, every
 * round unrolled, the state in five general-purpose registers, and the
 * modes of ascon_modes.h wrapped around it. Constant time by construction
 * (see ascon_perm64.h); plain C, any 64-bit target.
 */
#include "ascon/ascon_impl.h"
#include "ascon/ascon_perm64.h"

typedef ascon_state64 ascon_state;

/* Word i of the state; i is a constant, so this folds to a field. */
static inline uint64_t *st_word(ascon_state *st, int i) {
    switch (i) {
    case 0: return &st->x0;
    case 1: return &st->x1;
    case 2: return &st->x2;
    case 3: return &st->x3;
    default: return &st->x4;
    }
}

static inline void st_set5(ascon_state *st, uint64_t w0, uint64_t w1,
                           uint64_t w2, uint64_t w3, uint64_t w4) {
    st->x0 = w0;
    st->x1 = w1;
    st->x2 = w2;
    st->x3 = w3;
    st->x4 = w4;
}
static inline void st_load(ascon_state *st, const uint64_t s[5]) {
    st_set5(st, s[0], s[1], s[2], s[3], s[4]);
}
static inline void st_save(uint64_t s[5], const ascon_state *st) {
    s[0] = st->x0;
    s[1] = st->x1;
    s[2] = st->x2;
    s[3] = st->x3;
    s[4] = st->x4;
}
static inline void st_xor(ascon_state *st, int i, uint64_t v) {
    *st_word(st, i) ^= v;
}
static inline uint64_t st_get(ascon_state *st, int i) {
    return *st_word(st, i);
}
static inline void st_xor_mem(ascon_state *st, int i, const uint8_t *p) {
    *st_word(st, i) ^= hush_load64_le(p);
}
static inline void st_encrypt_mem(ascon_state *st, int i, uint8_t *out,
                                  const uint8_t *in) {
    uint64_t *w = st_word(st, i);
    *w ^= hush_load64_le(in);
    hush_store64_le(out, *w);
}
static inline void st_decrypt_mem(ascon_state *st, int i, uint8_t *out,
                                  const uint8_t *in) {
    uint64_t *w = st_word(st, i);
    uint64_t c = hush_load64_le(in);
    hush_store64_le(out, *w ^ c);
    *w = c;
}
static inline void st_store_mem(ascon_state *st, int i, uint8_t *out) {
    hush_store64_le(out, *st_word(st, i));
}
static inline void st_p8(ascon_state *st) { ascon_p8_64(st); }
static inline void st_p12(ascon_state *st) { ascon_p12_64(st); }

#include "ascon/ascon_modes.h"

const hush_ascon_ops hush_ascon_portable = {
    modes_permute12,    modes_absorb,       modes_squeeze,
    modes_aead_encrypt, modes_aead_decrypt,
};
