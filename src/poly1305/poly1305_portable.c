/*
 * Poly1305, portable C: 64-bit limbs with unsigned __int128 products, one
 * block at a time. Constant time: multiplications, additions and masks;
 * no branch or index depends on the key or the accumulator.
 */
#include "poly1305/poly1305_impl.h"

static void portable_init(void *state, const uint8_t key[32]) {
    hush_poly1305_scalar_init(state, key);
}

static void portable_blocks(void *state, const uint8_t *in, size_t len,
                            unsigned hibit) {
    hush_poly1305_scalar_blocks(state, in, len, hibit);
}

static void portable_finish(void *state, uint8_t tag[16]) {
    hush_poly1305_scalar_finish(state, tag);
}

const hush_poly1305_ops hush_poly1305_portable = {
    portable_init, portable_blocks, portable_finish};
