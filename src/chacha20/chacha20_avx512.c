/*
 * ChaCha20, AVX-512 (F, VL, BW): 16 blocks per iteration in the column
 * layout (one zmm per state word, one lane per block), with the AVX-512
 * rotate instruction (vprold). Tails below 512 bytes use the row layout
 * (one zmm per state row, four blocks side by side), so a short message
 * costs one short latency chain rather than a 16-block batch; the last
 * partial block is loaded and stored with byte masks (no over-read).
 * Constant time: additions, xors and fixed rotations only; the masks
 * depend on the public length.
 */
#include <immintrin.h>

#include "chacha20/chacha20_impl.h"

#define ROL(v, n) _mm512_rol_epi32((v), (n))

#define QR16(a, b, c, d)                                                       \
    do {                                                                       \
        a = _mm512_add_epi32(a, b), d = ROL(_mm512_xor_si512(d, a), 16);       \
        c = _mm512_add_epi32(c, d), b = ROL(_mm512_xor_si512(b, c), 12);       \
        a = _mm512_add_epi32(a, b), d = ROL(_mm512_xor_si512(d, a), 8);        \
        c = _mm512_add_epi32(c, d), b = ROL(_mm512_xor_si512(b, c), 7);        \
    } while (0)

/* XORs one 64-byte keystream block into len (1..64) bytes. */
static inline void xor_block(uint8_t *out, const uint8_t *in, __m512i ks,
                             size_t len) {
    if (len >= 64) {
        _mm512_storeu_si512(out, _mm512_xor_si512(_mm512_loadu_si512(in), ks));
    } else {
        __mmask64 m = (1ull << len) - 1; /* len < 64 here */
        __m512i v = _mm512_maskz_loadu_epi8(m, in);
        _mm512_mask_storeu_epi8(out, m, _mm512_xor_si512(v, ks));
    }
}

/* The 4x4 transpose of 128-bit lanes: out[k] = lane k of a, b, c, d. */
static inline void transpose_lanes(__m512i out[4], __m512i a, __m512i b,
                                   __m512i c, __m512i d) {
    __m512i ab_lo = _mm512_shuffle_i32x4(a, b, 0x44);
    __m512i ab_hi = _mm512_shuffle_i32x4(a, b, 0xee);
    __m512i cd_lo = _mm512_shuffle_i32x4(c, d, 0x44);
    __m512i cd_hi = _mm512_shuffle_i32x4(c, d, 0xee);
    out[0] = _mm512_shuffle_i32x4(ab_lo, cd_lo, 0x88);
    out[1] = _mm512_shuffle_i32x4(ab_lo, cd_lo, 0xdd);
    out[2] = _mm512_shuffle_i32x4(ab_hi, cd_hi, 0x88);
    out[3] = _mm512_shuffle_i32x4(ab_hi, cd_hi, 0xdd);
}

/* 16 blocks, column layout; xors min(len, 1024) bytes. */
static inline void blocks16(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t s[16]) {
    __m512i x[16], orig[16];
    for (int i = 0; i < 16; i++)
        orig[i] = _mm512_set1_epi32((int)s[i]);
    /* 64-bit counter: low word + lane index, carry into word 13 */
    const __m512i lane =
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    orig[12] = _mm512_add_epi32(orig[12], lane);
    __mmask16 carry = _mm512_cmplt_epu32_mask(orig[12], lane);
    orig[13] =
        _mm512_mask_add_epi32(orig[13], carry, orig[13], _mm512_set1_epi32(1));
    for (int i = 0; i < 16; i++)
        x[i] = orig[i];
    for (int r = 0; r < 10; r++) {
        QR16(x[0], x[4], x[8], x[12]);
        QR16(x[1], x[5], x[9], x[13]);
        QR16(x[2], x[6], x[10], x[14]);
        QR16(x[3], x[7], x[11], x[15]);
        QR16(x[0], x[5], x[10], x[15]);
        QR16(x[1], x[6], x[11], x[12]);
        QR16(x[2], x[7], x[8], x[13]);
        QR16(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++)
        x[i] = _mm512_add_epi32(x[i], orig[i]);

    /* Per 128-bit lane, 4x4 transposes of 32-bit words: r[g][i] holds in
     * lane k words 4g..4g+3 of block 4k+i. */
    __m512i r[4][4];
    for (int g = 0; g < 4; g++) {
        __m512i t0 = _mm512_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
        __m512i t1 = _mm512_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
        __m512i t2 = _mm512_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
        __m512i t3 = _mm512_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
        r[g][0] = _mm512_unpacklo_epi64(t0, t2);
        r[g][1] = _mm512_unpackhi_epi64(t0, t2);
        r[g][2] = _mm512_unpacklo_epi64(t1, t3);
        r[g][3] = _mm512_unpackhi_epi64(t1, t3);
    }
    __m512i blk[16]; /* blk[4k+i] = block 4k+i */
    for (int i = 0; i < 4; i++) {
        __m512i o[4];
        transpose_lanes(o, r[0][i], r[1][i], r[2][i], r[3][i]);
        for (int k = 0; k < 4; k++)
            blk[4 * k + i] = o[k];
    }
    if (len >= 1024) {
        for (int b = 0; b < 16; b++)
            xor_block(out + 64 * b, in + 64 * b, blk[b], 64);
    } else {
        for (int b = 0; b < 16 && len > 0; b++) {
            size_t n = len < 64 ? len : 64;
            xor_block(out + 64 * b, in + 64 * b, blk[b], n);
            len -= n;
        }
    }
}

#define QR4(a, b, c, d) QR16(a, b, c, d)

/* Diagonal round helpers for the row layout (vpshufd within each lane). */
#define DIAG(b, c, d)                                                          \
    b = _mm512_shuffle_epi32(b, _MM_PERM_ADCB),                                \
    c = _mm512_shuffle_epi32(c, _MM_PERM_BADC),                                \
    d = _mm512_shuffle_epi32(d, _MM_PERM_CBAD)
#define UNDIAG(b, c, d)                                                        \
    b = _mm512_shuffle_epi32(b, _MM_PERM_CBAD),                                \
    c = _mm512_shuffle_epi32(c, _MM_PERM_BADC),                                \
    d = _mm512_shuffle_epi32(d, _MM_PERM_ADCB)

/* Up to 8 blocks in the row layout: two independent sets of four blocks
 * interleaved to hide latency. xors min(len, 512) bytes. */
static inline void blocks_rows8(uint8_t *out, const uint8_t *in, size_t len,
                                const uint32_t s[16]) {
    const __m512i a0 = _mm512_broadcast_i32x4(_mm_loadu_si128((const void *)s));
    const __m512i b0 =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const void *)(s + 4)));
    const __m512i c0 =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const void *)(s + 8)));
    const __m512i d_base =
        _mm512_broadcast_i32x4(_mm_loadu_si128((const void *)(s + 12)));
    /* words 12-13 are one 64-bit counter: a 64-bit add carries for us */
    const __m512i d0 =
        _mm512_add_epi64(d_base, _mm512_setr_epi64(0, 0, 1, 0, 2, 0, 3, 0));
    const __m512i d1 =
        _mm512_add_epi64(d_base, _mm512_setr_epi64(4, 0, 5, 0, 6, 0, 7, 0));
    __m512i a = a0, b = b0, c = c0, d = d0;
    __m512i e = a0, f = b0, g = c0, h = d1;
    int two = len > 256;
    if (two) {
        for (int r = 0; r < 10; r++) {
            QR4(a, b, c, d);
            QR4(e, f, g, h);
            DIAG(b, c, d);
            DIAG(f, g, h);
            QR4(a, b, c, d);
            QR4(e, f, g, h);
            UNDIAG(b, c, d);
            UNDIAG(f, g, h);
        }
    } else {
        for (int r = 0; r < 10; r++) {
            QR4(a, b, c, d);
            DIAG(b, c, d);
            QR4(a, b, c, d);
            UNDIAG(b, c, d);
        }
    }
    __m512i o[4];
    transpose_lanes(o, _mm512_add_epi32(a, a0), _mm512_add_epi32(b, b0),
                    _mm512_add_epi32(c, c0), _mm512_add_epi32(d, d0));
    for (int k = 0; k < 4 && len > 0; k++) {
        size_t n = len < 64 ? len : 64;
        xor_block(out, in, o[k], n);
        out += n, in += n, len -= n;
    }
    if (!two) return;
    transpose_lanes(o, _mm512_add_epi32(e, a0), _mm512_add_epi32(f, b0),
                    _mm512_add_epi32(g, c0), _mm512_add_epi32(h, d1));
    for (int k = 0; k < 4 && len > 0; k++) {
        size_t n = len < 64 ? len : 64;
        xor_block(out, in, o[k], n);
        out += n, in += n, len -= n;
    }
}

static void avx512_xor(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t state[16]) {
    uint32_t s[16];
    memcpy(s, state, sizeof s);
    while (len >= 512) {
        blocks16(out, in, len, s);
        if (len <= 1024) goto done;
        hush_chacha20_advance(s, 16);
        out += 1024, in += 1024, len -= 1024;
    }
    if (len > 0) blocks_rows8(out, in, len, s);
done:
    hush_wipe(s, sizeof s);
}

const hush_chacha20_ops hush_chacha20_avx512 = {avx512_xor};
