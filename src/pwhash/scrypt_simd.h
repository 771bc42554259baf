/*
 * scrypt ROMix on 128-bit vectors, shared by the avx2 and avx512 tiers:
 * each includes this after defining SCRYPT_ROTL(v, n), a 32-bit lane
 * rotation (two shifts and an OR with AVX2; one vprold with AVX-512VL), and
 * compiles it with its own flags.
 *
 * Layout: a 64-byte Salsa20 block is held as four rows, the diagonals of
 * the 4x4 matrix, so that a column round is four lane-wise steps:
 *   A = (x0, x5, x10, x15)  B = (x4, x9, x14, x3)
 *   C = (x8, x13, x2, x7)   D = (x12, x1, x6, x11)
 * The row round works on B, C, D rotated by one, two and three lanes; each
 * rotation can be issued as soon as its row is final, off the critical
 * path. V and the scratch blocks stay in this word order for the whole of
 * ROMix, so BlockMix's XORs and Salsa20's final addition are lane-wise and
 * only B is permuted, once on entry and once on exit.
 *
 * VARIABLE TIME (memory access): V is read at password-derived indexes, as
 * scrypt defines (scrypt_impl.h). Salsa20/8 itself is constant time.
 */
#ifndef HUSH_SCRYPT_SIMD_H
#define HUSH_SCRYPT_SIMD_H

#include <immintrin.h>

#include "pwhash/scrypt_impl.h"

/* stored position -> word of the Salsa20 matrix (RFC 7914 order) */
static const uint8_t scrypt_simd_order[16] = {0, 5,  10, 15, 4,  9, 14, 3,
                                              8, 13, 2,  7,  12, 1, 6,  11};

#define SCRYPT_STEP(dst, a, b, n)                                              \
    dst = _mm_xor_si128(dst, SCRYPT_ROTL(_mm_add_epi32(a, b), n))

/* (a, b, c, d) = Salsa20/8((a, b, c, d) ^ in) */
static inline void scrypt_simd_salsa8_xor(__m128i *a, __m128i *b, __m128i *c,
                                          __m128i *d, const __m128i *in) {
    __m128i x0 = _mm_xor_si128(*a, _mm_load_si128(in + 0));
    __m128i x1 = _mm_xor_si128(*b, _mm_load_si128(in + 1));
    __m128i x2 = _mm_xor_si128(*c, _mm_load_si128(in + 2));
    __m128i x3 = _mm_xor_si128(*d, _mm_load_si128(in + 3));
    __m128i w0 = x0, w1 = x1, w2 = x2, w3 = x3;
    for (int round = 0; round < 8; round += 2) {
        SCRYPT_STEP(w1, w0, w3, 7);
        SCRYPT_STEP(w2, w1, w0, 9);
        SCRYPT_STEP(w3, w2, w1, 13);
        SCRYPT_STEP(w0, w3, w2, 18);
        w1 = _mm_shuffle_epi32(w1, 0x93);
        w2 = _mm_shuffle_epi32(w2, 0x4e);
        w3 = _mm_shuffle_epi32(w3, 0x39);
        SCRYPT_STEP(w3, w0, w1, 7);
        SCRYPT_STEP(w2, w3, w0, 9);
        SCRYPT_STEP(w1, w2, w3, 13);
        SCRYPT_STEP(w0, w1, w2, 18);
        w1 = _mm_shuffle_epi32(w1, 0x39);
        w2 = _mm_shuffle_epi32(w2, 0x4e);
        w3 = _mm_shuffle_epi32(w3, 0x93);
    }
    *a = _mm_add_epi32(x0, w0);
    *b = _mm_add_epi32(x1, w1);
    *c = _mm_add_epi32(x2, w2);
    *d = _mm_add_epi32(x3, w3);
}

/* out = BlockMix(in), or BlockMix(in ^ mix) with the XOR fused into the
 * loads; 2r blocks of four vectors; out in BlockMix's order. The running
 * block stays in four registers. */
static inline void scrypt_simd_blockmix(__m128i *out, const __m128i *in,
                                        const __m128i *mix, size_t r) {
    const __m128i *last = in + 4 * (2 * r - 1);
    __m128i a = _mm_load_si128(last + 0), b = _mm_load_si128(last + 1);
    __m128i c = _mm_load_si128(last + 2), d = _mm_load_si128(last + 3);
    if (mix != NULL) {
        const __m128i *mlast = mix + 4 * (2 * r - 1);
        a = _mm_xor_si128(a, _mm_load_si128(mlast + 0));
        b = _mm_xor_si128(b, _mm_load_si128(mlast + 1));
        c = _mm_xor_si128(c, _mm_load_si128(mlast + 2));
        d = _mm_xor_si128(d, _mm_load_si128(mlast + 3));
    }
    for (size_t i = 0; i < 2 * r; i++) {
        if (mix != NULL) {
            a = _mm_xor_si128(a, _mm_load_si128(mix + 4 * i + 0));
            b = _mm_xor_si128(b, _mm_load_si128(mix + 4 * i + 1));
            c = _mm_xor_si128(c, _mm_load_si128(mix + 4 * i + 2));
            d = _mm_xor_si128(d, _mm_load_si128(mix + 4 * i + 3));
        }
        scrypt_simd_salsa8_xor(&a, &b, &c, &d, in + 4 * i);
        __m128i *o = out + 4 * ((i & 1) * r + i / 2);
        _mm_store_si128(o + 0, a);
        _mm_store_si128(o + 1, b);
        _mm_store_si128(o + 2, c);
        _mm_store_si128(o + 3, d);
    }
}

static inline void scrypt_simd_romix(uint8_t *b, size_t r, uint64_t n, void *v_,
                                     void *xy_) {
    const size_t vectors = 8 * r; /* 128 * r bytes */
    __m128i *v = v_, *x = xy_, *y = x + vectors;
    uint32_t *v32 = v_;
    for (size_t blk = 0; blk < 2 * r; blk++)
        for (int k = 0; k < 16; k++)
            v32[16 * blk + (size_t)k] =
                hush_load32_le(b + 64 * blk + 4 * scrypt_simd_order[k]);
    /* V_0 = B, V_{i+1} = BlockMix(V_i), X = BlockMix(V_{n-1}) */
    for (uint64_t i = 0; i + 1 < n; i++)
        scrypt_simd_blockmix(v + (i + 1) * vectors, v + i * vectors, NULL, r);
    scrypt_simd_blockmix(x, v + (n - 1) * vectors, NULL, r);
    for (uint64_t i = 0; i < n; i++) {
        /* Integerify: words 0 and 1 of the last block (stored positions 0
         * and 13). Its value is secret: scrypt's data-dependent index. */
        const uint32_t *lastblock = (const uint32_t *)(x + 4 * (2 * r - 1));
        uint64_t j = ((uint64_t)lastblock[13] << 32 | lastblock[0]) & (n - 1);
        /* V_j is far away in a large V: ask for all of its lines at once,
         * so their misses overlap instead of coming one block at a time */
        const __m128i *vj = v + j * vectors;
        for (size_t line = 0; line < 2 * r; line++)
            _mm_prefetch((const char *)(vj + 4 * line), _MM_HINT_T0);
        scrypt_simd_blockmix(y, x, vj, r);
        __m128i *swap = x;
        x = y;
        y = swap;
    }
    const uint32_t *x32 = (const uint32_t *)x;
    for (size_t blk = 0; blk < 2 * r; blk++)
        for (int k = 0; k < 16; k++)
            hush_store32_le(b + 64 * blk + 4 * scrypt_simd_order[k],
                            x32[16 * blk + (size_t)k]);
}

#endif
