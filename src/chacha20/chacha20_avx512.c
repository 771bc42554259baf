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
#include <immintrin.h>

#include "chacha20/chacha20_impl.h"
#include "core/tail_avx512.h"
#include "cpu/features.h"

#define ROL(v, n) _mm512_rol_epi32((v), (n))

#define QR16(a, b, c, d)                                                       \
    do {                                                                       \
        a = _mm512_add_epi32(a, b), d = ROL(_mm512_xor_si512(d, a), 16);       \
        c = _mm512_add_epi32(c, d), b = ROL(_mm512_xor_si512(b, c), 12);       \
        a = _mm512_add_epi32(a, b), d = ROL(_mm512_xor_si512(d, a), 8);        \
        c = _mm512_add_epi32(c, d), b = ROL(_mm512_xor_si512(b, c), 7);        \
    } while (0)

/* 1 when the 64-byte window of a final partial block of n (0..63) bytes
 * at out or in reaches a page that the block's own bytes do not: a masked
 * access there costs a microcode assist of 200-400 ns on Zen 5
 * (src/core/tail_avx512.h). 0 for n == 0 (no partial block). Depends on
 * addresses and the length only, both public. */
static inline int hush_chacha_tail_leaves_pages(const uint8_t *out,
                                                const uint8_t *in, size_t n) {
    return n != 0 && (hush_tail_leaves_pages(out, n, 64) |
                      hush_tail_leaves_pages(in, n, 64));
}

/* out = in XOR ks for n (0..63) bytes, touching exactly those bytes: 8
 * bytes at a time through general registers (the empty asm on each word
 * keeps gcc from turning the loop into vector accesses, whose masked
 * epilogue would be the very access this avoids), then byte by byte
 * through volatile pointers. */
static inline void hush_chacha_xor_bytes(uint8_t *out, const uint8_t *in,
                                         const uint8_t *ks, size_t n) {
    size_t j = 0;
    for (; j + 8 <= n; j += 8) {
        uint64_t w, k;
        memcpy(&w, in + j, 8);
        memcpy(&k, ks + j, 8);
        w ^= k;
        __asm__("" : "+r"(w));
        memcpy(out + j, &w, 8);
    }
    volatile uint8_t *o = out;
    const volatile uint8_t *i = in;
    for (; j < n; j++)
        o[j] = (uint8_t)(i[j] ^ ks[j]);
}

/* XORs one 64-byte keystream block into len (1..64) bytes. A partial
 * block takes byte-masked accesses, unless the caller found their window
 * would leave the data's pages (tail_ks != NULL): then the keystream goes
 * to tail_ks, and the caller xors it in with hush_chacha_xor_bytes and
 * wipes it once no vector is live. The byte loop and the wipe call are
 * kept out of the batch functions on purpose: inlined there (as
 * hush_tail_load512/store512 would be), gcc spills dozens of key-derived
 * state vectors to stack slots nobody wipes (docs/perf/chacha20.md #9). */
static inline void hush_chacha_xor_block(uint8_t *out, const uint8_t *in,
                                         __m512i ks, size_t len,
                                         uint8_t *tail_ks) {
    if (len >= 64) {
        _mm512_storeu_si512(out, _mm512_xor_si512(_mm512_loadu_si512(in), ks));
    } else if (tail_ks != NULL) {
        _mm512_store_si512((void *)tail_ks, ks);
    } else {
        __mmask64 m = (1ull << len) - 1; /* len < 64 here */
        __m512i v = _mm512_maskz_loadu_epi8(m, in);
        _mm512_mask_storeu_epi8(out, m, _mm512_xor_si512(v, ks));
    }
}

/* The 4x4 transpose of 128-bit lanes: out[k] = lane k of a, b, c, d. */
static inline void hush_chacha_transpose_lanes(__m512i out[4], __m512i a,
                                               __m512i b, __m512i c,
                                               __m512i d) {
    __m512i ab_lo = _mm512_shuffle_i32x4(a, b, 0x44);
    __m512i ab_hi = _mm512_shuffle_i32x4(a, b, 0xee);
    __m512i cd_lo = _mm512_shuffle_i32x4(c, d, 0x44);
    __m512i cd_hi = _mm512_shuffle_i32x4(c, d, 0xee);
    out[0] = _mm512_shuffle_i32x4(ab_lo, cd_lo, 0x88);
    out[1] = _mm512_shuffle_i32x4(ab_lo, cd_lo, 0xdd);
    out[2] = _mm512_shuffle_i32x4(ab_hi, cd_hi, 0x88);
    out[3] = _mm512_shuffle_i32x4(ab_hi, cd_hi, 0xdd);
}

/* x = the 16 states of blocks s, s+1, ..., s+15 (64-bit counter in
 * words 12-13, carried per lane). Returns the counter words in ctr. */
static inline void hush_chacha16_setup(__m512i x[16], __m512i ctr[2],
                                       const uint32_t s[16]) {
    for (int i = 0; i < 16; i++)
        x[i] = _mm512_set1_epi32((int)s[i]);
    const __m512i lane =
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    x[12] = _mm512_add_epi32(x[12], lane);
    __mmask16 carry = _mm512_cmplt_epu32_mask(x[12], lane);
    x[13] = _mm512_mask_add_epi32(x[13], carry, x[13], _mm512_set1_epi32(1));
    ctr[0] = x[12], ctr[1] = x[13];
}

/* One double round (column round, then diagonal round). */
static inline void hush_chacha16_double_round(__m512i x[16]) {
    QR16(x[0], x[4], x[8], x[12]);
    QR16(x[1], x[5], x[9], x[13]);
    QR16(x[2], x[6], x[10], x[14]);
    QR16(x[3], x[7], x[11], x[15]);
    QR16(x[0], x[5], x[10], x[15]);
    QR16(x[1], x[6], x[11], x[12]);
    QR16(x[2], x[7], x[8], x[13]);
    QR16(x[3], x[4], x[9], x[14]);
}

/* One double round of two independent 16-block batches, quarter round by
 * quarter round. On this core vpaddd/vpxord/vprold have a latency of 2
 * cycles: one batch offers 4 independent chains per round, i.e. at most
 * 2 operations per cycle, while the vector unit issues ~4 (2 of them
 * rotates). Two batches give 8 chains. All operations are in place, so
 * the 32 state registers need no scratch register. */
static inline void hush_chacha16x2_double_round(__m512i x[16], __m512i y[16]) {
    QR16(x[0], x[4], x[8], x[12]);
    QR16(y[0], y[4], y[8], y[12]);
    QR16(x[1], x[5], x[9], x[13]);
    QR16(y[1], y[5], y[9], y[13]);
    QR16(x[2], x[6], x[10], x[14]);
    QR16(y[2], y[6], y[10], y[14]);
    QR16(x[3], x[7], x[11], x[15]);
    QR16(y[3], y[7], y[11], y[15]);
    QR16(x[0], x[5], x[10], x[15]);
    QR16(y[0], y[5], y[10], y[15]);
    QR16(x[1], x[6], x[11], x[12]);
    QR16(y[1], y[6], y[11], y[12]);
    QR16(x[2], x[7], x[8], x[13]);
    QR16(y[2], y[7], y[8], y[13]);
    QR16(x[3], x[4], x[9], x[14]);
    QR16(y[3], y[4], y[9], y[14]);
}

/* Feed-forward, transpose to blocks, and out = in XOR keystream for
 * min(len, 1024) bytes; a final partial block as hush_chacha_xor_block
 * does it with tail_ks. Only the counter words differ from a broadcast of
 * s: the others are broadcast again (a memory operand) rather than held
 * in registers beside the 16 working words. */
static inline void hush_chacha16_output(uint8_t *out, const uint8_t *in,
                                        size_t len, __m512i x[16],
                                        const __m512i ctr[2],
                                        const uint32_t s[16],
                                        uint8_t *tail_ks) {
    /* hide s from the optimiser, which would otherwise keep the setup's
     * broadcasts alive across the rounds and spill 14 registers */
    __asm__("" : "+r"(s));
    for (int i = 0; i < 16; i++)
        if (i != 12 && i != 13)
            x[i] = _mm512_add_epi32(x[i], _mm512_set1_epi32((int)s[i]));
    x[12] = _mm512_add_epi32(x[12], ctr[0]);
    x[13] = _mm512_add_epi32(x[13], ctr[1]);
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
    /* o[k] = block 4k+i: xored as soon as it exists, so no block waits
     * in memory */
    if (len >= 1024) {
        for (int i = 0; i < 4; i++) {
            __m512i o[4];
            hush_chacha_transpose_lanes(o, r[0][i], r[1][i], r[2][i], r[3][i]);
            for (int k = 0; k < 4; k++)
                hush_chacha_xor_block(out + 64 * (4 * k + i),
                                      in + 64 * (4 * k + i), o[k], 64, NULL);
        }
        return;
    }
    for (int i = 0; i < 4; i++) {
        __m512i o[4];
        hush_chacha_transpose_lanes(o, r[0][i], r[1][i], r[2][i], r[3][i]);
        for (int k = 0; k < 4; k++) {
            size_t at = (size_t)64 * (4 * k + i);
            if (at < len)
                hush_chacha_xor_block(out + at, in + at, o[k],
                                      len - at < 64 ? len - at : 64, tail_ks);
        }
    }
}

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

/* Up to HUSH_CHACHA20_SCALAR_MAX bytes with scalar_short: scalar_block,
 * then its frame scrubbed (from this small frame, or from the caller's
 * stack pointer when the scrub is a tail call: both within the scrub).
 * Otherwise the vector path, then the frames of vector_xor and its batch
 * scrubbed: gcc 12 -O3 keeps state words (key words among them) from
 * the 64-bit loads of blocks32's set-up in its 1472-byte frame, outside
 * the s2 copy it wipes; test_chacha_stack finds them without the scrub. */
static inline void xor_with(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t state[16], int scalar_short) {
    if (scalar_short && len <= HUSH_CHACHA20_SCALAR_MAX) {
        if (len > 0) {
            scalar_block(out, in, len, state);
            hush_scrub_stack(HUSH_CHACHA20_SCALAR_SCRUB);
        }
        return;
    }
    if (len == 0) return;
    vector_xor(out, in, len, state);
    hush_scrub_stack(HUSH_CHACHA20_VECTOR_SCRUB);
}

/* Where one block goes depends on the core: on Zen 5 vpaddd, vpxord and
 * vprold have a latency of 2 and the scalar block wins (chacha20.md #5);
 * on Intel (Granite Rapids class, latency 1) the vector path's one- and
 * two-block layout takes 120-160 ns against the scalar block's 175-190
 * (docs/perf/chacha20.md #16). The vendor is a public fact of the CPU. */
static void avx512_xor(uint8_t *out, const uint8_t *in, size_t len,
                       const uint32_t state[16]) {
    xor_with(out, in, len, state,
             (hush_cpu_features_present() & HUSH_CPU_AMD) != 0);
}
/* The two choices forced (never default), so both run every test on
 * every AVX-512 machine. */
static void avx512s_xor(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t state[16]) {
    xor_with(out, in, len, state, 1);
}
static void avx512v_xor(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t state[16]) {
    xor_with(out, in, len, state, 0);
}

const hush_chacha20_ops hush_chacha20_avx512 = {avx512_xor};
const hush_chacha20_ops hush_chacha20_avx512s = {avx512s_xor};
const hush_chacha20_ops hush_chacha20_avx512v = {avx512v_xor};
