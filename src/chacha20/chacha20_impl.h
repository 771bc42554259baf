/*
 * ChaCha20 implementation table and the scalar helpers every tier shares
 * (static inline, so each tier compiles them with its own flags).
 *
 * The state is the 16-word ChaCha matrix. Every tier treats words 12-13 as
 * one 64-bit block counter (low half in word 12) that advances with carry:
 * that is XChaCha20's counter as hush defines it. RFC 8439 ChaCha20 has a
 * 32-bit counter and a nonce word in 13; chacha20.c splits such a call at
 * the 2^32 wrap so no carry ever reaches word 13.
 */
#ifndef HUSH_CHACHA20_IMPL_H
#define HUSH_CHACHA20_IMPL_H

#include "core/internal.h"
#include "cpu/dispatch.h"

typedef struct hush_chacha20_ops {
    /* out = in XOR keystream(state), len bytes (out == in allowed; in may
     * be NULL only when len is 0). state is not modified. */
    void (*xor_stream)(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t state[16]);
} hush_chacha20_ops;

extern const hush_chacha20_ops hush_chacha20_portable;
extern const hush_chacha20_ops hush_chacha20_avx2;
extern const hush_chacha20_ops hush_chacha20_avx512;
/* avx512 with the 1-64 byte path forced: the scalar block (AMD's
 * choice) or the vector one (Intel's); never default */
extern const hush_chacha20_ops hush_chacha20_avx512s;
extern const hush_chacha20_ops hush_chacha20_avx512v;
extern hush_primitive hush_prim_chacha20;

/* ChaCha20 (RFC 8439) of len bytes from state s (words 12-15 the counter
 * and nonce) with ops' tier. The tiers count blocks in 64 bits, word 12
 * into 13; this cuts the message at each wrap of the 32-bit counter and
 * goes on from block 0 with the nonce word untouched, as API.md says.
 * s[12] is left as the last piece began. */
void hush_chacha20_ietf_run(const hush_chacha20_ops *ops, uint8_t *out,
                            const uint8_t *in, size_t len, uint32_t s[16]);

/* "expand 32-byte k" */
#define HUSH_CHACHA_C0 0x61707865u
#define HUSH_CHACHA_C1 0x3320646eu
#define HUSH_CHACHA_C2 0x79622d32u
#define HUSH_CHACHA_C3 0x6b206574u

static inline uint32_t hush_chacha_rotl(uint32_t v, int n) {
    return (v << n) | (v >> (32 - n));
}

#define HUSH_CHACHA_QR(a, b, c, d)                                             \
    do {                                                                       \
        a += b, d ^= a, d = hush_chacha_rotl(d, 16);                           \
        c += d, b ^= c, b = hush_chacha_rotl(b, 12);                           \
        a += b, d ^= a, d = hush_chacha_rotl(d, 8);                            \
        c += d, b ^= c, b = hush_chacha_rotl(b, 7);                            \
    } while (0)

/* A column round and a diagonal round over sixteen words (lvalues). */
#define HUSH_CHACHA_DOUBLE_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,  \
                                 x11, x12, x13, x14, x15)                      \
    do {                                                                       \
        HUSH_CHACHA_QR(x0, x4, x8, x12);                                       \
        HUSH_CHACHA_QR(x1, x5, x9, x13);                                       \
        HUSH_CHACHA_QR(x2, x6, x10, x14);                                      \
        HUSH_CHACHA_QR(x3, x7, x11, x15);                                      \
        HUSH_CHACHA_QR(x0, x5, x10, x15);                                      \
        HUSH_CHACHA_QR(x1, x6, x11, x12);                                      \
        HUSH_CHACHA_QR(x2, x7, x8, x13);                                       \
        HUSH_CHACHA_QR(x3, x4, x9, x14);                                       \
    } while (0)

/* The 20 rounds without the final addition (hchacha20.c and the avx2
 * tier's one-block code run the same rounds on 16 locals rather than an
 * array: see there). */
static inline void hush_chacha20_rounds(uint32_t x[16]) {
    for (int i = 0; i < 10; i++)
        HUSH_CHACHA_DOUBLE_ROUND(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7],
                                 x[8], x[9], x[10], x[11], x[12], x[13], x[14],
                                 x[15]);
}

/* Constants and key; words 12-15 are the caller's. */
static inline void hush_chacha20_set_key(uint32_t s[16],
                                         const uint8_t key[32]) {
    s[0] = HUSH_CHACHA_C0;
    s[1] = HUSH_CHACHA_C1;
    s[2] = HUSH_CHACHA_C2;
    s[3] = HUSH_CHACHA_C3;
    for (int i = 0; i < 8; i++)
        s[4 + i] = hush_load32_le(key + 4 * i);
}

/* RFC 8439 state: 32-bit counter, 96-bit nonce. */
static inline void hush_chacha20_ietf_state(uint32_t s[16],
                                            const uint8_t key[32],
                                            const uint8_t nonce[12],
                                            uint32_t counter) {
    hush_chacha20_set_key(s, key);
    s[12] = counter;
    s[13] = hush_load32_le(nonce);
    s[14] = hush_load32_le(nonce + 4);
    s[15] = hush_load32_le(nonce + 8);
}

/* XChaCha20 state: subkey = HChaCha20(key, nonce[0..16]), 64-bit counter
 * in words 12-13, nonce[16..24] in words 14-15 (hchacha20.c: it zeroes the
 * stack the permutation used, so the caller wipes only s). */
void hush_xchacha20_state(uint32_t s[16], const uint8_t key[32],
                          const uint8_t nonce[24], uint64_t counter);

/* Adds n to the 64-bit block counter in words 12-13. */
static inline void hush_chacha20_advance(uint32_t s[16], uint64_t n) {
    uint64_t c = ((uint64_t)s[13] << 32 | s[12]) + n;
    s[12] = (uint32_t)c;
    s[13] = (uint32_t)(c >> 32);
}

/* Messages of at most this many bytes take the scalar one-block path in
 * the vector tiers too. On this core (Zen 5) vpaddd/vpxord/vprold have a
 * latency of 2 cycles against 1 for their scalar forms, and a single
 * block is one dependent chain of 240 operations: ~480 cycles in any
 * vector layout, ~240 in general registers (docs/perf/chacha20.md #5). */
#define HUSH_CHACHA20_SCALAR_MAX 64
/* Bytes wiped beneath the caller after a vector tier's scalar block: its
 * frame with gcc 12 -O2 is under 320 bytes (return address, six saved
 * registers, up to 63 bytes of alignment, 192 bytes of locals). */
#define HUSH_CHACHA20_SCALAR_SCRUB 512
/* Bytes wiped beneath the caller after a vector tier's batches: the
 * frames of vector_xor and the batch below it (gcc 12: avx2 800 + 776
 * bytes, avx512's blocks32 1472 + 48 saved + alignment under vector_xor's
 * ~330; clang 14 one 1144-byte frame for avx2). */
#define HUSH_CHACHA20_VECTOR_SCRUB 2048

/* The keystream words of one block (rounds plus feed-forward), computed
 * in place in ks: the caller wipes ks, the only copy of the secret. */
static inline void hush_chacha20_block_words(uint32_t ks[16],
                                             const uint32_t s[16]) {
    memcpy(ks, s, 64);
    hush_chacha20_rounds(ks);
    for (int i = 0; i < 16; i++)
        ks[i] += s[i];
}

/* out = in XOR one whole keystream block, word by word from registers. */
static inline void hush_chacha20_xor_words64(uint8_t *out, const uint8_t *in,
                                             const uint32_t ks[16]) {
    for (int i = 0; i < 16; i++)
        hush_store32_le(out + 4 * i, hush_load32_le(in + 4 * i) ^ ks[i]);
}

/* One keystream block of state s (scalar). */
static inline void hush_chacha20_block(uint8_t out[64], const uint32_t s[16]) {
    uint32_t x[16];
    memcpy(x, s, sizeof x);
    hush_chacha20_rounds(x);
    for (int i = 0; i < 16; i++)
        hush_store32_le(out + 4 * i, x[i] + s[i]);
    hush_wipe(x, sizeof x);
}

#endif
