/*
 * Helpers shared by the Ascon tests: the incremental context API driven at
 * random split points, so every test can check it against one-shot.
 */
#ifndef HUSH_TEST_ASCON_UTIL_H
#define HUSH_TEST_ASCON_UTIL_H

#include "harness.h"

/* Which construction a sponge test drives. */
typedef enum { T_HASH256, T_XOF128, T_CXOF128 } t_sponge;

/* A split point in 0..left, biased so that empty pieces, single bytes and
 * whole-block multiples all occur often. */
static inline size_t t_random_piece(size_t left) {
    if (left == 0) return 0;
    switch (ht_rand_u64() % 6) {
    case 0: return 0;
    case 1: return 1;
    case 2: return left;
    case 3: return (ht_rand_u64() % (left / 8 + 1)) * 8 % (left + 1);
    default: return ht_rand_u64() % (left + 1);
    }
}

/* Runs init, absorb in random pieces and squeeze in random pieces (one
 * piece for Hash256), checking every return code; result in out. */
static inline void t_sponge_incremental(t_sponge kind, const uint8_t *cs,
                                        size_t cslen, const uint8_t *in,
                                        size_t len, uint8_t *out,
                                        size_t outlen) {
    hush_ascon_ctx c;
    switch (kind) {
    case T_HASH256: hush_ascon_hash256_init(&c); break;
    case T_XOF128: hush_ascon_xof128_init(&c); break;
    case T_CXOF128:
        CHECK_EQ_INT(hush_ascon_cxof128_init(&c, cs, cslen), HUSH_OK);
        break;
    }
    size_t done = 0;
    while (done < len) {
        size_t n = t_random_piece(len - done);
        CHECK_EQ_INT(hush_ascon_absorb(&c, in + done, n), HUSH_OK);
        done += n;
    }
    if (ht_rand_u64() & 1)
        CHECK_EQ_INT(hush_ascon_absorb(&c, NULL, 0), HUSH_OK);
    if (kind == T_HASH256) {
        CHECK_EQ_INT(hush_ascon_squeeze(&c, out, outlen), HUSH_OK);
        /* the squeeze wiped the context */
        CHECK(ht_all_zero(&c, sizeof c));
        return;
    }
    done = 0;
    do { /* at least one call, possibly of 0 bytes */
        size_t n = t_random_piece(outlen - done);
        CHECK_EQ_INT(hush_ascon_squeeze(&c, out + done, n), HUSH_OK);
        done += n;
    } while (done < outlen);
    hush_wipe(&c, sizeof c);
}

#endif
