/* The plain SP 800-232 model; see ascon_model.h. */
#include "ascon_model.h"

#include <stdlib.h>
#include <string.h>

static uint64_t rotr(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

/* The S-box as the standard's algebraic normal form, on 64 columns. */
static void sbox_anf(uint64_t s[5]) {
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
    s[0] = (x4 & x1) ^ x3 ^ (x2 & x1) ^ x2 ^ (x1 & x0) ^ x1 ^ x0;
    s[1] = x4 ^ (x3 & x2) ^ (x3 & x1) ^ x3 ^ (x2 & x1) ^ x2 ^ x1 ^ x0;
    s[2] = (x4 & x3) ^ x4 ^ x2 ^ x1 ^ ~(uint64_t)0;
    s[3] = (x4 & x0) ^ x4 ^ (x3 & x0) ^ x3 ^ x2 ^ x1 ^ x0;
    s[4] = (x4 & x1) ^ x4 ^ x3 ^ (x1 & x0) ^ x1;
}

void model_permute(uint64_t s[5], int rounds) {
    static const int rot[5][2] = {
        {19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};
    for (int i = 12 - rounds; i < 12; i++) {
        s[2] ^= (uint64_t)(((15 - i) << 4) | i);
        sbox_anf(s);
        for (int w = 0; w < 5; w++)
            s[w] ^= rotr(s[w], rot[w][0]) ^ rotr(s[w], rot[w][1]);
    }
}

static uint64_t get_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}
static void put_le(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* x || 0x01 || 0* up to a multiple of `rate` bytes (always >= 1 byte
 * of padding); returns the number of blocks. */
static size_t pad(const uint8_t *x, size_t len, size_t rate, uint8_t **out) {
    size_t blocks = len / rate + 1;
    uint8_t *b = calloc(blocks, rate);
    if (b == NULL) abort();
    if (len) memcpy(b, x, len);
    b[len] = 0x01;
    *out = b;
    return blocks;
}

void model_aead_encrypt(const uint8_t key[16], const uint8_t nonce[16],
                        const uint8_t *ad, size_t adlen, const uint8_t *m,
                        size_t mlen, uint8_t *c, uint8_t tag[16]) {
    uint64_t k0 = get_le(key), k1 = get_le(key + 8);
    uint64_t s[5] = {MODEL_IV_AEAD128, k0, k1, get_le(nonce),
                     get_le(nonce + 8)};
    model_permute(s, 12);
    s[3] ^= k0;
    s[4] ^= k1;
    uint8_t *b;
    if (adlen > 0) {
        size_t n = pad(ad, adlen, 16, &b);
        for (size_t i = 0; i < n; i++) {
            s[0] ^= get_le(b + 16 * i);
            s[1] ^= get_le(b + 16 * i + 8);
            model_permute(s, 8);
        }
        free(b);
    }
    s[4] ^= 1ull << 63;
    size_t n = pad(m, mlen, 16, &b);
    uint8_t *cb = calloc(n, 16);
    if (cb == NULL) abort();
    for (size_t i = 0; i < n; i++) {
        s[0] ^= get_le(b + 16 * i);
        s[1] ^= get_le(b + 16 * i + 8);
        put_le(cb + 16 * i, s[0]);
        put_le(cb + 16 * i + 8, s[1]);
        if (i + 1 < n) model_permute(s, 8);
    }
    if (mlen) memcpy(c, cb, mlen); /* the ciphertext is truncated */
    free(b);
    free(cb);
    s[2] ^= k0;
    s[3] ^= k1;
    model_permute(s, 12);
    put_le(tag, s[3] ^ k0);
    put_le(tag + 8, s[4] ^ k1);
}

void model_sponge(uint64_t iv, const uint8_t *cs, size_t cslen,
                  const uint8_t *in, size_t len, uint8_t *out, size_t outlen) {
    uint64_t s[5] = {iv, 0, 0, 0, 0};
    model_permute(s, 12);
    uint8_t *b;
    if (iv == MODEL_IV_CXOF128) {
        s[0] ^= (uint64_t)cslen * 8; /* |Z| in bits */
        model_permute(s, 12);
        size_t n = pad(cs, cslen, 8, &b);
        for (size_t i = 0; i < n; i++) {
            s[0] ^= get_le(b + 8 * i);
            model_permute(s, 12);
        }
        free(b);
    }
    size_t n = pad(in, len, 8, &b);
    for (size_t i = 0; i < n; i++) {
        s[0] ^= get_le(b + 8 * i);
        model_permute(s, 12);
    }
    free(b);
    for (size_t i = 0; i < outlen; i += 8) {
        uint8_t z[8];
        put_le(z, s[0]);
        memcpy(out + i, z, outlen - i < 8 ? outlen - i : 8);
        if (i + 8 < outlen) model_permute(s, 12);
    }
}
