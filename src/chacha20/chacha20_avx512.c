/*
 * ChaCha20, AVX-512 (F, VL, BW): 16 blocks per iteration in the column
 * layout (one zmm per state word, one lane per block), with the AVX-512
 * rotate instruction (vprold). Tails below 512 bytes use the row layout
 * (one zmm per state row, four blocks side by side), so a short message
 * costs one short latency chain rather than a 16-block batch; the last
 * partial block is loaded and stored with byte masks (no over-read),
 * unless their 64-byte window would reach a page the data does not touch
 * (a guard page: a microcode assist per access). Then its keystream is
 * parked in a buffer of avx512_xor and xored in byte by byte after every
 * batch has returned, with no vector live (docs/perf/chacha20.md #9).
 * Constant time: additions, xors and fixed rotations only; the masks
 * depend on the public length.
 */
#include "chacha20/chacha20_avx512.h"

/* 16 blocks, column layout; xors min(len, 1024) bytes (a partial last
 * block: see hush_chacha_xor_block's tail_ks). */
static inline void blocks16(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t s[16], uint8_t *tail_ks) {
    __m512i x[16], ctr[2];
    hush_chacha16_setup(x, ctr, s);
    /* fully unrolled: the rolled loop carries 16 register copies per
     * double round (docs/perf/chacha20.md #3) */
#pragma GCC unroll 10
    for (int r = 0; r < 10; r++)
        hush_chacha16_double_round(x);
    hush_chacha16_output(out, in, len, x, ctr, s, tail_ks);
}

/* 32 blocks as two interleaved 16-block batches (docs/perf/chacha20.md
 * #7); xors min(len, 2048) bytes, len > 1024 (a partial last block: see
 * hush_chacha_xor_block's tail_ks). */
static inline void blocks32(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t s[16], uint8_t *tail_ks) {
    uint32_t s2[16];
    memcpy(s2, s, sizeof s2);
    hush_chacha20_advance(s2, 16);
    __m512i x[16], y[16], cx[2], cy[2];
    hush_chacha16_setup(x, cx, s);
    hush_chacha16_setup(y, cy, s2);
#pragma GCC unroll 10
    for (int r = 0; r < 10; r++)
        hush_chacha16x2_double_round(x, y);
    hush_chacha16_output(out, in, 1024, x, cx, s, NULL);
    hush_chacha16_output(out + 1024, in + 1024, len - 1024, y, cy, s2, tail_ks);
    hush_wipe(s2, sizeof s2);
}

#define QR4(a, b, c, d) QR16(a, b, c, d)

/* Diagonal round helpers for the row layout (vpshufd within each lane).
 * Rows a, c and d move, not b: b is the last value a round produces and
 * the first the next one needs (a += b), while a, c and d are ready 3-6
 * operations earlier, so their shuffles run off the critical chain. */
#define DIAG(a, c, d)                                                          \
    a = _mm512_shuffle_epi32(a, _MM_PERM_CBAD),                                \
    c = _mm512_shuffle_epi32(c, _MM_PERM_ADCB),                                \
    d = _mm512_shuffle_epi32(d, _MM_PERM_BADC)
#define UNDIAG(a, c, d)                                                        \
    a = _mm512_shuffle_epi32(a, _MM_PERM_ADCB),                                \
    c = _mm512_shuffle_epi32(c, _MM_PERM_CBAD),                                \
    d = _mm512_shuffle_epi32(d, _MM_PERM_BADC)

/* Up to 8 blocks in the row layout: two independent sets of four blocks
 * interleaved to hide latency. xors min(len, 512) bytes (a partial last
 * block: see hush_chacha_xor_block's tail_ks). */
static inline void blocks_rows8(uint8_t *out, const uint8_t *in, size_t len,
                                const uint32_t s[16], uint8_t *tail_ks) {
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
            DIAG(a, c, d);
            DIAG(e, g, h);
            QR4(a, b, c, d);
            QR4(e, f, g, h);
            UNDIAG(a, c, d);
            UNDIAG(e, g, h);
        }
    } else {
        for (int r = 0; r < 10; r++) {
            QR4(a, b, c, d);
            DIAG(a, c, d);
            QR4(a, b, c, d);
            UNDIAG(a, c, d);
        }
    }
    __m512i o[4];
    hush_chacha_transpose_lanes(
        o, _mm512_add_epi32(a, a0), _mm512_add_epi32(b, b0),
        _mm512_add_epi32(c, c0), _mm512_add_epi32(d, d0));
    for (int k = 0; k < 4 && len > 0; k++) {
        size_t n = len < 64 ? len : 64;
        hush_chacha_xor_block(out, in, o[k], n, tail_ks);
        out += n, in += n, len -= n;
    }
    if (!two) return;
    hush_chacha_transpose_lanes(
        o, _mm512_add_epi32(e, a0), _mm512_add_epi32(f, b0),
        _mm512_add_epi32(g, c0), _mm512_add_epi32(h, d1));
    for (int k = 0; k < 4 && len > 0; k++) {
        size_t n = len < 64 ? len : 64;
        hush_chacha_xor_block(out, in, o[k], n, tail_ks);
        out += n, in += n, len -= n;
    }
}

/* One block (len 1..64) in general registers: shorter latency than any
 * vector layout on this core (see HUSH_CHACHA20_SCALAR_MAX). Like the
 * portable tier, the scalar rounds spill state words (key words included)
 * to compiler slots: the work runs in its own frame, which the caller
 * scrubs (HUSH_CHACHA20_SCALAR_SCRUB bytes) afterwards. */
static __attribute__((noinline)) void scalar_block(uint8_t *out,
                                                   const uint8_t *in,
                                                   size_t len,
                                                   const uint32_t s[16]) {
    HUSH_ALIGNED(64) uint32_t ks[16];
    hush_chacha20_block_words(ks, s);
    if (len == 64)
        hush_chacha20_xor_words64(out, in, ks);
    else if (hush_chacha_tail_leaves_pages(out, in, len))
        hush_chacha_xor_bytes(out, in, (const uint8_t *)ks, len);
    else
        hush_chacha_xor_block(out, in, _mm512_load_si512((const void *)ks), len,
                              NULL);
    hush_wipe(ks, sizeof ks);
}

/* More than one block: apart from the short path, so that the short path's
 * frame stays small (at -O2 the inlined vector code gave this function a
 * 1216-byte frame, and the short path's scrub, made as a tail call from
 * the caller's stack pointer, fell short of scalar_block's frame below it,
 * leaving key words in dead stack: issue 15, defect 2). */
static __attribute__((noinline)) void vector_xor(uint8_t *out,
                                                 const uint8_t *in, size_t len,
                                                 const uint32_t state[16]) {
    /* a final partial block whose masked window would leave the data's
     * pages: its keystream is parked in tail_ks and xored in at the end */
    HUSH_ALIGNED(64) uint8_t tail_ks[64];
    size_t tail_len = len % 64;
    uint8_t *tail_out = out + (len - tail_len);
    const uint8_t *tail_in = in + (len - tail_len);
    uint8_t *tail = hush_chacha_tail_leaves_pages(tail_out, tail_in, tail_len)
                        ? tail_ks
                        : NULL;
    uint32_t s[16];
    memcpy(s, state, sizeof s);
    /* over 1024 bytes: 32-block batches, the last one partial */
    while (len > 1024) {
        blocks32(out, in, len, s, tail);
        if (len <= 2048) goto done;
        hush_chacha20_advance(s, 32);
        out += 2048, in += 2048, len -= 2048;
    }
    while (len >= 512) {
        blocks16(out, in, len, s, tail);
        if (len <= 1024) goto done;
        hush_chacha20_advance(s, 16);
        out += 1024, in += 1024, len -= 1024;
    }
    if (len > 0) blocks_rows8(out, in, len, s, tail);
done:
    hush_wipe(s, sizeof s);
    if (tail != NULL) {
        hush_chacha_xor_bytes(tail_out, tail_in, tail_ks, tail_len);
        hush_wipe(tail_ks, sizeof tail_ks);
    }
}

/* Up to HUSH_CHACHA20_SCALAR_MAX bytes: scalar_block, then its frame
 * scrubbed (from this small frame, or from the caller's stack pointer
 * when the scrub is a tail call: both within the scrub). */
static void avx512_xor(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t state[16]) {
    if (len <= HUSH_CHACHA20_SCALAR_MAX) {
        if (len > 0) {
            scalar_block(out, in, len, state);
            hush_scrub_stack(HUSH_CHACHA20_SCALAR_SCRUB);
        }
        return;
    }
    vector_xor(out, in, len, state);
}

const hush_chacha20_ops hush_chacha20_avx512 = {avx512_xor};
