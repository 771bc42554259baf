/*
 * The state interface that ascon_modes.h expects, for the 64-bit scalar
 * permutation of ascon_perm64.h: five words in general-purpose registers.
 * Shared, as static inline code, by the scalar tiers (portable, bmi2),
 * which differ only in the instructions their compile flags allow.
 */
#ifndef HUSH_ASCON_STATE64_H
#define HUSH_ASCON_STATE64_H

#include "ascon/ascon_impl.h"
#include "ascon/ascon_perm64.h"

typedef ascon_state64 ascon_state;

/* Word i of the state as stored (S2 inverted, see ascon_perm64.h); i is
 * a constant, so this folds to a field. XOR is the same on either form;
 * everything else that touches S2 inverts it. */
ASCON_INLINE uint64_t *st_word(ascon_state *st, int i) {
    switch (i) {
    case 0: return &st->x0;
    case 1: return &st->x1;
    case 2: return &st->x2n;
    case 3: return &st->x3;
    default: return &st->x4;
    }
}

ASCON_INLINE void st_set5(ascon_state *st, uint64_t w0, uint64_t w1,
                          uint64_t w2, uint64_t w3, uint64_t w4) {
    st->x0 = w0;
    st->x1 = w1;
    st->x2n = ~w2;
    st->x3 = w3;
    st->x4 = w4;
}
ASCON_INLINE void st_load(ascon_state *st, const uint64_t s[5]) {
    st_set5(st, s[0], s[1], s[2], s[3], s[4]);
}
ASCON_INLINE void st_save(uint64_t s[5], const ascon_state *st) {
    s[0] = st->x0;
    s[1] = st->x1;
    s[2] = ~st->x2n;
    s[3] = st->x3;
    s[4] = st->x4;
}
ASCON_INLINE void st_xor(ascon_state *st, int i, uint64_t v) {
    *st_word(st, i) ^= v;
}
ASCON_INLINE uint64_t st_get(ascon_state *st, int i) {
    return i == 2 ? ~st->x2n : *st_word(st, i);
}
ASCON_INLINE void st_xor_mem(ascon_state *st, int i, const uint8_t *p) {
    *st_word(st, i) ^= hush_load64_le(p);
}
/* The three below touch the rate words S0 and S1 only. */
ASCON_INLINE void st_encrypt_mem(ascon_state *st, int i, uint8_t *out,
                                 const uint8_t *in) {
    uint64_t *w = st_word(st, i);
    *w ^= hush_load64_le(in);
    hush_store64_le(out, *w);
}
ASCON_INLINE void st_decrypt_mem(ascon_state *st, int i, uint8_t *out,
                                 const uint8_t *in) {
    uint64_t *w = st_word(st, i);
    uint64_t c = hush_load64_le(in);
    hush_store64_le(out, *w ^ c);
    *w = c;
}
ASCON_INLINE void st_store_mem(ascon_state *st, int i, uint8_t *out) {
    hush_store64_le(out, *st_word(st, i));
}
ASCON_INLINE void st_p8(ascon_state *st) { ascon_p8_64(st); }
ASCON_INLINE void st_p12(ascon_state *st) { ascon_p12_64(st); }
ASCON_INLINE void st_pn(ascon_state *st, unsigned rounds) {
    ascon_pn_64(st, rounds);
}

#endif
