/*
 * GHASH, portable and constant time: carry-less multiplication built from
 * ordinary integer multiplications with "holes".
 *
 * To multiply 32-bit x and y without carries, each is split into four
 * parts holding every fourth bit (masks 0x1111..., 0x2222..., ...). In the
 * integer product of two parts, each result bit position gathers at most 8
 * one-bit terms, so its count fits in 4 bits and the carries only ever land
 * on positions of the other three residues, which the final masks discard.
 * 64- and 128-bit products follow by Karatsuba. No table, no branch: the
 * time is the same for every H and every message (64-bit multiplications
 * are constant time on the CPUs hush targets).
 */
#include "ghash/ghash_impl.h"

static inline uint64_t bmul32(uint32_t x, uint32_t y) {
    const uint64_t m0 = 0x11111111u, m1 = 0x22222222u, m2 = 0x44444444u,
                   m3 = 0x88888888u;
    uint64_t x0 = x & m0, x1 = x & m1, x2 = x & m2, x3 = x & m3;
    uint64_t y0 = y & m0, y1 = y & m1, y2 = y & m2, y3 = y & m3;
    uint64_t z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
    uint64_t z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
    uint64_t z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
    uint64_t z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
    return (z0 & 0x1111111111111111ull) | (z1 & 0x2222222222222222ull) |
           (z2 & 0x4444444444444444ull) | (z3 & 0x8888888888888888ull);
}

/* 64 x 64 -> 128 carry-less, r[0] low */
static inline void bmul64(uint64_t r[2], uint64_t a, uint64_t b) {
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    uint32_t b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t lo = bmul32(a0, b0), hi = bmul32(a1, b1);
    uint64_t mid = bmul32(a0 ^ a1, b0 ^ b1) ^ lo ^ hi;
    r[0] = lo ^ (mid << 32);
    r[1] = hi ^ (mid >> 32);
}

/* r = a * b in GF(2^128), all in V form */
static void gf128_mul(uint64_t r[2], const uint64_t a[2], const uint64_t b[2]) {
    uint64_t lo[2], hi[2], mid[2];
    bmul64(lo, a[0], b[0]);
    bmul64(hi, a[1], b[1]);
    bmul64(mid, a[0] ^ a[1], b[0] ^ b[1]);
    mid[0] ^= lo[0] ^ hi[0];
    mid[1] ^= lo[1] ^ hi[1];
    uint64_t x0 = lo[0], x1 = lo[1] ^ mid[0], x2 = hi[0] ^ mid[1], x3 = hi[1];
    /* the reversed product is 255 bits: shift the 256-bit value left by 1 */
    x3 = (x3 << 1) | (x2 >> 63);
    x2 = (x2 << 1) | (x1 >> 63);
    x1 = (x1 << 1) | (x0 >> 63);
    x0 <<= 1;
    /* fold the bits the shifts below would push out back into x1 */
    uint64_t d = x1 ^ (x0 << 63) ^ (x0 << 62) ^ (x0 << 57);
    /* [d:x0] ^ [d:x0]>>1 ^ >>2 ^ >>7 */
    uint64_t h1 = d ^ (d >> 1) ^ (d >> 2) ^ (d >> 7);
    uint64_t h0 = x0 ^ (x0 >> 1) ^ (d << 63) ^ (x0 >> 2) ^ (d << 62) ^
                  (x0 >> 7) ^ (d << 57);
    r[0] = x2 ^ h0;
    r[1] = x3 ^ h1;
}

static void portable_init(hush_ghash_key *k, const uint8_t h[16]) {
    /* one block at a time: only H itself is needed */
    memset(k, 0, sizeof *k);
    hush_ghash_load_v(k->pow[HUSH_GHASH_POWERS - 1], h);
}

static void portable_update(const hush_ghash_key *k, uint64_t y[2],
                            const uint8_t *in, size_t nblocks) {
    const uint64_t *h = k->pow[HUSH_GHASH_POWERS - 1];
    for (; nblocks > 0; nblocks--, in += 16) {
        uint64_t x[2];
        hush_ghash_load_v(x, in);
        x[0] ^= y[0], x[1] ^= y[1];
        gf128_mul(y, x, h);
    }
}

const hush_ghash_ops hush_ghash_portable = {portable_init, portable_update};
