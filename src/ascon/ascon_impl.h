/*
 * The Ascon implementation table and the constants of NIST SP 800-232
 * shared by the public entry points (ascon.c, ascon_aead.c) and the tiers.
 *
 * A tier supplies whole operations, never one block at a time: the sponge
 * functions take every full block of a call, and the AEAD functions take a
 * whole message, so dispatch costs one indirect call per call.
 *
 * The sponge state is five 64-bit words s[0..4] (S0 is the rate word of
 * Hash256/XOF128/CXOF128). Byte order is little-endian throughout, as in
 * the final standard.
 */
#ifndef HUSH_ASCON_IMPL_H
#define HUSH_ASCON_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "cpu/dispatch.h"

/*
 * For the helpers the tiers build on: always inlined, so the state stays
 * in registers from the first round of an operation to the last and is
 * never handed to an out-of-line call through the stack (where it would
 * outlive the call: the state of any moment gives the key away, the
 * permutation being invertible).
 */
#if defined(__GNUC__) || defined(__clang__)
#define ASCON_INLINE static inline __attribute__((always_inline))
#else
#define ASCON_INLINE static inline
#endif

/* Initial values (SP 800-232, tables in sections 4 and 5). */
#define ASCON_AEAD128_IV UINT64_C(0x00001000808c0001)
#define ASCON_HASH256_IV UINT64_C(0x0000080100cc0002)
#define ASCON_XOF128_IV  UINT64_C(0x0000080000cc0003)
#define ASCON_CXOF128_IV UINT64_C(0x0000080000cc0004)

/* Domain separation bit of Ascon-AEAD128, XORed into S4 after the AD. */
#define ASCON_AEAD_DSEP (UINT64_C(1) << 63)

#define ASCON_AEAD_RATE 16 /* bytes per p[8] */
#define ASCON_HASH_RATE 8  /* bytes per p[12] */

/* The padding of a partial block of n bytes (n < 8) in its 64-bit word:
 * a 1 bit right after the data (little-endian). */
static inline uint64_t ascon_pad(size_t n) { return UINT64_C(1) << (8 * n); }

/*
 * n < 8 bytes as the low bytes of a little-endian word, zero above, and
 * back. Built from 4-, 2- and 1-byte pieces chosen by the (public) length,
 * in registers: no stack buffer is left holding data.
 */
static inline uint64_t ascon_load_partial(const uint8_t *p, size_t n) {
    uint64_t w = 0;
    unsigned at = 0;
    if (n & 4) {
        w = hush_load32_le(p);
        at = 4;
    }
    if (n & 2) {
        uint16_t h;
        memcpy(&h, p + at, 2);
        w |= (uint64_t)h << (8 * at);
        at += 2;
    }
    if (n & 1) w |= (uint64_t)p[at] << (8 * at);
    return w;
}
static inline void ascon_store_partial(uint8_t *p, uint64_t w, size_t n) {
    unsigned at = 0;
    if (n & 4) {
        hush_store32_le(p, (uint32_t)w);
        at = 4;
    }
    if (n & 2) {
        uint16_t h = (uint16_t)(w >> (8 * at));
        memcpy(p + at, &h, 2);
        at += 2;
    }
    if (n & 1) p[at] = (uint8_t)(w >> (8 * at));
}

/* Ones in the low n bytes (n < 8). */
static inline uint64_t ascon_low_bytes(size_t n) {
    return (UINT64_C(1) << (8 * n)) - 1;
}

typedef struct hush_ascon_ops {
    /* s = p[rounds](s), 1 <= rounds <= 12: hush_ascon_permute. */
    void (*permute)(uint64_t s[5], unsigned rounds);

    /* For each of nblocks 8-byte blocks: S0 ^= block; s = p[12](s). */
    void (*absorb)(uint64_t s[5], const uint8_t *in, size_t nblocks);

    /* For each of nblocks 8-byte blocks: s = p[12](s); block = S0.
     * (The permutation after the last absorbed block is done here, so the
     * state between the two phases holds the padded last block XORed in.) */
    void (*squeeze)(uint64_t s[5], uint8_t *out, size_t nblocks);

    /* Ascon-AEAD128: encrypts m into c (c == m allowed), writes the tag.
     * The arguments are in the order of hush_aead_desc.seal, key in place
     * of the state, so the descriptor's seal is one indirect jump with no
     * argument shuffling (docs/perf/ascon.md, section 9). */
    void (*aead_encrypt)(const uint64_t key[2], uint8_t *c, uint8_t tag[16],
                         const uint8_t *m, size_t mlen, const uint8_t *ad,
                         size_t adlen, const uint8_t nonce[16]);

    /* Decrypts c into m (m == c allowed) and compares the tag it computes
     * with tag without branching: returns 0 if they are equal, nonzero
     * otherwise (the OR of their XOR). The expected tag stays in
     * registers; the caller turns the result into a verdict in constant
     * time and zeroes m on a mismatch. Arguments in the order of
     * hush_aead_desc.open, key words in place of the state. */
    uint64_t (*aead_decrypt)(const uint64_t key[2], uint8_t *m,
                             const uint8_t *c, size_t clen,
                             const uint8_t tag[16], const uint8_t *ad,
                             size_t adlen, const uint8_t nonce[16]);

    /* The whole 16-byte blocks of the Ascon-AEAD128 duplex, for the
     * streaming AEAD (ascon_stream.c), which does the initialisation, the
     * padded last blocks and the finalisation around them. For each of
     * nblocks blocks: associated data: S0,S1 ^= block; p[8].
     * Encryption: S0,S1 ^= m; c = S0,S1; p[8] (c == m allowed).
     * Decryption: m = S0,S1 ^ c; S0,S1 = c; p[8] (m == c allowed). */
    void (*aead_ad_blocks)(uint64_t s[5], const uint8_t *ad, size_t nblocks);
    void (*aead_encrypt_blocks)(uint64_t s[5], uint8_t *c, const uint8_t *m,
                                size_t nblocks);
    void (*aead_decrypt_blocks)(uint64_t s[5], uint8_t *m, const uint8_t *c,
                                size_t nblocks);
} hush_ascon_ops;

extern const hush_ascon_ops hush_ascon_portable;
#if defined(HUSH_X86_64)
extern const hush_ascon_ops hush_ascon_bmi2;
#endif

extern hush_primitive hush_prim_ascon;

static inline const hush_ascon_ops *hush_ascon_ops_now(void) {
    return (const hush_ascon_ops *)hush_ops(&hush_prim_ascon);
}

/* The keyed state of Ascon-AEAD128 (ascon_aead.c, ascon_stream.c): just the
 * key as two words and the implementation in force when it was set up. */
typedef struct ascon_aead_key {
    uint64_t k[2];
    const hush_ascon_ops *ops;
} ascon_aead_key;

extern const struct hush_aead_stream_ops hush_ascon_aead128_stream;

#endif
