/*
 * scrypt ROMix, portable C: Salsa20/8 on 16 words in the RFC's order.
 *
 * VARIABLE TIME (memory access): V is read at password-derived indexes, as
 * scrypt defines (scrypt_impl.h). The Salsa20/8 core is constant time.
 */
#include "pwhash/scrypt_impl.h"

#define R(v, n) (((v) << (n)) | ((v) >> (32 - (n))))

/* x = Salsa20/8(x ^ in): x is the running block of BlockMix; w is the
 * caller's scratch (wiped by the caller once, not per block). */
static void salsa8_xor(uint32_t x[16], const uint32_t in[16], uint32_t w[16]) {
    for (int i = 0; i < 16; i++)
        w[i] = x[i] ^= in[i];
    for (int round = 0; round < 8; round += 2) {
        /* columns */
        w[4] ^= R(w[0] + w[12], 7), w[8] ^= R(w[4] + w[0], 9);
        w[12] ^= R(w[8] + w[4], 13), w[0] ^= R(w[12] + w[8], 18);
        w[9] ^= R(w[5] + w[1], 7), w[13] ^= R(w[9] + w[5], 9);
        w[1] ^= R(w[13] + w[9], 13), w[5] ^= R(w[1] + w[13], 18);
        w[14] ^= R(w[10] + w[6], 7), w[2] ^= R(w[14] + w[10], 9);
        w[6] ^= R(w[2] + w[14], 13), w[10] ^= R(w[6] + w[2], 18);
        w[3] ^= R(w[15] + w[11], 7), w[7] ^= R(w[3] + w[15], 9);
        w[11] ^= R(w[7] + w[3], 13), w[15] ^= R(w[11] + w[7], 18);
        /* rows */
        w[1] ^= R(w[0] + w[3], 7), w[2] ^= R(w[1] + w[0], 9);
        w[3] ^= R(w[2] + w[1], 13), w[0] ^= R(w[3] + w[2], 18);
        w[6] ^= R(w[5] + w[4], 7), w[7] ^= R(w[6] + w[5], 9);
        w[4] ^= R(w[7] + w[6], 13), w[5] ^= R(w[4] + w[7], 18);
        w[11] ^= R(w[10] + w[9], 7), w[8] ^= R(w[11] + w[10], 9);
        w[9] ^= R(w[8] + w[11], 13), w[10] ^= R(w[9] + w[8], 18);
        w[12] ^= R(w[15] + w[14], 7), w[13] ^= R(w[12] + w[15], 9);
        w[14] ^= R(w[13] + w[12], 13), w[15] ^= R(w[14] + w[13], 18);
    }
    for (int i = 0; i < 16; i++)
        x[i] += w[i];
}

/* Secret scratch of one ROMix, on its stack and wiped once at the end. */
typedef struct scratch {
    uint32_t x[16], t[16], w[16];
} scratch;

/* out = BlockMix(in ^ mix) (mix may be NULL: no XOR), 2r 16-word blocks;
 * out is in BlockMix's order: even-numbered results, then odd ones. */
static void blockmix(uint32_t *out, const uint32_t *in, const uint32_t *mix,
                     size_t r, scratch *s) {
    uint32_t *x = s->x, *t = s->t;
    const size_t last = (2 * r - 1) * 16;
    for (int k = 0; k < 16; k++)
        x[k] = in[last + k] ^ (mix ? mix[last + k] : 0);
    for (size_t i = 0; i < 2 * r; i++) {
        for (int k = 0; k < 16; k++)
            t[k] = in[16 * i + k] ^ (mix ? mix[16 * i + k] : 0);
        salsa8_xor(x, t, s->w);
        memcpy(out + 16 * ((i & 1) * r + i / 2), x, 64);
    }
}

static void romix_portable(uint8_t *b, size_t r, uint64_t n, void *v_,
                           void *xy_) {
    const size_t words = 32 * r;
    uint32_t *v = v_, *x = xy_, *y = x + words;
    scratch s; /* BlockMix's running block and temporaries: wiped */
    for (size_t k = 0; k < words; k++)
        v[k] = hush_load32_le(b + 4 * k);
    /* V_0 = B, V_{i+1} = BlockMix(V_i), X = BlockMix(V_{n-1}) */
    for (uint64_t i = 0; i + 1 < n; i++)
        blockmix(v + (i + 1) * words, v + i * words, NULL, r, &s);
    blockmix(x, v + (n - 1) * words, NULL, r, &s);
    for (uint64_t i = 0; i < n; i++) {
        /* Integerify: the first 64 bits of the last 64-byte block. Its
         * value is secret: the index is scrypt's data-dependent access. */
        const uint32_t *lastblock = x + (2 * r - 1) * 16;
        uint64_t j = ((uint64_t)lastblock[1] << 32 | lastblock[0]) & (n - 1);
        blockmix(y, x, v + j * words, r, &s);
        uint32_t *swap = x;
        x = y;
        y = swap;
    }
    for (size_t k = 0; k < words; k++)
        hush_store32_le(b + 4 * k, x[k]);
    HUSH_WIPE_OBJ(&s);
}

const hush_scrypt_ops hush_scrypt_portable = {romix_portable};
