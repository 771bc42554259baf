/*
 * ChaCha20, AVX2: 8 blocks per iteration in the column layout (one ymm per
 * state word, one lane per block). Rotations by 16 and 8 are byte shuffles,
 * by 12 and 7 shift pairs. Tails below 512 bytes use the row layout (one
 * ymm per state row, two blocks side by side, two sets interleaved), so a
 * short message does not pay for an 8-block batch. Constant time:
 * additions, xors and fixed rotations only.
 */
#include <immintrin.h>

#include "chacha20/chacha20_impl.h"

static inline __m256i rol16(__m256i v) {
    const __m256i idx =
        _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    return _mm256_shuffle_epi8(v, idx);
}
static inline __m256i rol8(__m256i v) {
    const __m256i idx =
        _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                         3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    return _mm256_shuffle_epi8(v, idx);
}
#define ROLS(v, n)                                                             \
    _mm256_or_si256(_mm256_slli_epi32(v, n), _mm256_srli_epi32(v, 32 - n))

#define QR8(a, b, c, d)                                                        \
    do {                                                                       \
        a = _mm256_add_epi32(a, b), d = rol16(_mm256_xor_si256(d, a));         \
        c = _mm256_add_epi32(c, d), b = _mm256_xor_si256(b, c);                \
        b = ROLS(b, 12);                                                       \
        a = _mm256_add_epi32(a, b), d = rol8(_mm256_xor_si256(d, a));          \
        c = _mm256_add_epi32(c, d), b = _mm256_xor_si256(b, c);                \
        b = ROLS(b, 7);                                                        \
    } while (0)

/* XORs a 32-byte keystream piece into len (1..32) bytes. */
static inline void xor32(uint8_t *out, const uint8_t *in, __m256i ks,
                         size_t len) {
    if (len >= 32) {
        _mm256_storeu_si256(
            (void *)out,
            _mm256_xor_si256(_mm256_loadu_si256((const void *)in), ks));
    } else {
        uint8_t buf[32];
        _mm256_storeu_si256((void *)buf, ks);
        for (size_t i = 0; i < len; i++)
            out[i] = in[i] ^ buf[i];
        hush_wipe(buf, sizeof buf);
    }
}

/* XORs a 64-byte block (lo, hi halves) into min(len, 64) bytes; returns
 * the bytes consumed. */
static inline size_t xor64(uint8_t *out, const uint8_t *in, __m256i lo,
                           __m256i hi, size_t len) {
    if (len >= 64) {
        xor32(out, in, lo, 32);
        xor32(out + 32, in + 32, hi, 32);
        return 64;
    }
    if (len > 32) {
        xor32(out, in, lo, 32);
        xor32(out + 32, in + 32, hi, len - 32);
    } else {
        xor32(out, in, lo, len);
    }
    return len;
}

/* Lane k of x then lane k of y. */
static inline __m256i lane_pair(__m256i x, __m256i y, int k) {
    return k == 0 ? _mm256_permute2x128_si256(x, y, 0x20)
                  : _mm256_permute2x128_si256(x, y, 0x31);
}

/* x = the 8 states of blocks s..s+7 (64-bit counter carried per lane);
 * returns the counter words in ctr. */
static inline void setup8(__m256i x[16], __m256i ctr[2], const uint32_t s[16]) {
    for (int i = 0; i < 16; i++)
        x[i] = _mm256_set1_epi32((int)s[i]);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    x[12] = _mm256_add_epi32(x[12], lane);
    /* carry into word 13 where the low word wrapped: unsigned x < lane */
    const __m256i bias = _mm256_set1_epi32((int)0x80000000u);
    __m256i wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(lane, bias),
                                         _mm256_xor_si256(x[12], bias));
    x[13] = _mm256_sub_epi32(x[13], wrapped); /* wrapped is 0 or -1 */
    ctr[0] = x[12], ctr[1] = x[13];
}

/* Feed-forward, transpose, out = in XOR keystream for min(len, 512)
 * bytes. Only the counter words differ from a broadcast of s: the other
 * words are broadcast again rather than kept live, since 16 ymm registers
 * hold just the working state. */
static inline void output8(uint8_t *out, const uint8_t *in, size_t len,
                           __m256i x[16], const __m256i ctr[2],
                           const uint32_t s[16]) {
    HUSH_OPAQUE(s); /* keep the broadcasts here, not live */
    for (int i = 0; i < 16; i++)
        if (i != 12 && i != 13)
            x[i] = _mm256_add_epi32(x[i], _mm256_set1_epi32((int)s[i]));
    x[12] = _mm256_add_epi32(x[12], ctr[0]);
    x[13] = _mm256_add_epi32(x[13], ctr[1]);
    /* r[g][i]: lane k holds words 4g..4g+3 of block 4k+i */
    __m256i r[4][4];
    for (int g = 0; g < 4; g++) {
        __m256i t0 = _mm256_unpacklo_epi32(x[4 * g], x[4 * g + 1]);
        __m256i t1 = _mm256_unpackhi_epi32(x[4 * g], x[4 * g + 1]);
        __m256i t2 = _mm256_unpacklo_epi32(x[4 * g + 2], x[4 * g + 3]);
        __m256i t3 = _mm256_unpackhi_epi32(x[4 * g + 2], x[4 * g + 3]);
        r[g][0] = _mm256_unpacklo_epi64(t0, t2);
        r[g][1] = _mm256_unpackhi_epi64(t0, t2);
        r[g][2] = _mm256_unpacklo_epi64(t1, t3);
        r[g][3] = _mm256_unpackhi_epi64(t1, t3);
    }
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 4; i++) {
            if (len == 0) return;
            __m256i lo = lane_pair(r[0][i], r[1][i], k);
            __m256i hi = lane_pair(r[2][i], r[3][i], k);
            size_t n = xor64(out, in, lo, hi, len);
            out += n, in += n, len -= n;
        }
    }
}

/* 8 blocks, column layout; xors min(len, 512) bytes. */
static inline void blocks8(uint8_t *out, const uint8_t *in, size_t len,
                           const uint32_t s[16]) {
    __m256i x[16], ctr[2];
    setup8(x, ctr, s);
    for (int r = 0; r < 10; r++) {
        QR8(x[0], x[4], x[8], x[12]);
        QR8(x[1], x[5], x[9], x[13]);
        QR8(x[2], x[6], x[10], x[14]);
        QR8(x[3], x[7], x[11], x[15]);
        QR8(x[0], x[5], x[10], x[15]);
        QR8(x[1], x[6], x[11], x[12]);
        QR8(x[2], x[7], x[8], x[13]);
        QR8(x[3], x[4], x[9], x[14]);
    }
    output8(out, in, len, x, ctr, s);
}

/* 16 blocks as two 8-block batches interleaved quarter round by quarter
 * round: one batch has 4 independent chains per round, too few for the
 * 2-cycle latency of the vector operations on this core
 * (docs/perf/chacha20.md #8). xors min(len, 1024) bytes, len > 512. */
static inline void blocks16(uint8_t *out, const uint8_t *in, size_t len,
                            const uint32_t s[16]) {
    uint32_t s2[16];
    memcpy(s2, s, sizeof s2);
    hush_chacha20_advance(s2, 8);
    __m256i x[16], y[16], cx[2], cy[2];
    setup8(x, cx, s);
    setup8(y, cy, s2);
    for (int r = 0; r < 10; r++) {
        QR8(x[0], x[4], x[8], x[12]);
        QR8(y[0], y[4], y[8], y[12]);
        QR8(x[1], x[5], x[9], x[13]);
        QR8(y[1], y[5], y[9], y[13]);
        QR8(x[2], x[6], x[10], x[14]);
        QR8(y[2], y[6], y[10], y[14]);
        QR8(x[3], x[7], x[11], x[15]);
        QR8(y[3], y[7], y[11], y[15]);
        QR8(x[0], x[5], x[10], x[15]);
        QR8(y[0], y[5], y[10], y[15]);
        QR8(x[1], x[6], x[11], x[12]);
        QR8(y[1], y[6], y[11], y[12]);
        QR8(x[2], x[7], x[8], x[13]);
        QR8(y[2], y[7], y[8], y[13]);
        QR8(x[3], x[4], x[9], x[14]);
        QR8(y[3], y[4], y[9], y[14]);
    }
    output8(out, in, 512, x, cx, s);
    output8(out + 512, in + 512, len - 512, y, cy, s2);
    hush_wipe(s2, sizeof s2);
}

/* Rows a, c and d move for the diagonal round, not b: b is the last
 * value a round produces and the first the next one needs (a += b), so
 * its shuffle would sit on the critical chain; a, c and d are ready
 * earlier. */
#define DIAG(a, c, d)                                                          \
    a = _mm256_shuffle_epi32(a, 0x93), c = _mm256_shuffle_epi32(c, 0x39),      \
    d = _mm256_shuffle_epi32(d, 0x4e)
#define UNDIAG(a, c, d)                                                        \
    a = _mm256_shuffle_epi32(a, 0x39), c = _mm256_shuffle_epi32(c, 0x93),      \
    d = _mm256_shuffle_epi32(d, 0x4e)

/* Up to 4 blocks in the row layout (two sets of two interleaved); xors
 * min(len, 256) bytes. */
static inline void blocks_rows4(uint8_t *out, const uint8_t *in, size_t len,
                                const uint32_t s[16]) {
    const __m256i a0 =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const void *)s));
    const __m256i b0 =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const void *)(s + 4)));
    const __m256i c0 =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const void *)(s + 8)));
    const __m256i d_base =
        _mm256_broadcastsi128_si256(_mm_loadu_si128((const void *)(s + 12)));
    const __m256i d0 = _mm256_add_epi64(d_base, _mm256_setr_epi64x(0, 0, 1, 0));
    const __m256i d1 = _mm256_add_epi64(d_base, _mm256_setr_epi64x(2, 0, 3, 0));
    __m256i a = a0, b = b0, c = c0, d = d0;
    __m256i e = a0, f = b0, g = c0, h = d1;
    int two = len > 128;
    if (two) {
        for (int r = 0; r < 10; r++) {
            QR8(a, b, c, d);
            QR8(e, f, g, h);
            DIAG(a, c, d);
            DIAG(e, g, h);
            QR8(a, b, c, d);
            QR8(e, f, g, h);
            UNDIAG(a, c, d);
            UNDIAG(e, g, h);
        }
    } else {
        for (int r = 0; r < 10; r++) {
            QR8(a, b, c, d);
            DIAG(a, c, d);
            QR8(a, b, c, d);
            UNDIAG(a, c, d);
        }
    }
    a = _mm256_add_epi32(a, a0), b = _mm256_add_epi32(b, b0);
    c = _mm256_add_epi32(c, c0), d = _mm256_add_epi32(d, d0);
    for (int k = 0; k < 2 && len > 0; k++) {
        size_t n = xor64(out, in, lane_pair(a, b, k), lane_pair(c, d, k), len);
        out += n, in += n, len -= n;
    }
    if (!two) return;
    e = _mm256_add_epi32(e, a0), f = _mm256_add_epi32(f, b0);
    g = _mm256_add_epi32(g, c0), h = _mm256_add_epi32(h, d1);
    for (int k = 0; k < 2 && len > 0; k++) {
        size_t n = xor64(out, in, lane_pair(e, f, k), lane_pair(g, h, k), len);
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
    HUSH_ALIGNED(32) uint32_t ks[16];
    hush_chacha20_block_words(ks, s);
    if (len == 64)
        hush_chacha20_xor_words64(out, in, ks);
    else
        xor64(out, in, _mm256_load_si256((const void *)ks),
              _mm256_load_si256((const void *)(ks + 8)), len);
    hush_wipe(ks, sizeof ks);
}

/* What avx2_xor scrubs after vector_xor: its frame and its callees'. */
#define HUSH_CHACHA20_VECTOR_SCRUB 4096

/* More than one block: apart from the short path, so that the short path's
 * frame stays small (at -O2 the inlined vector code gave this function a
 * 1216-byte frame, and the short path's scrub, made as a tail call from
 * the caller's stack pointer, fell short of scalar_block's frame below it,
 * leaving key words in dead stack: issue 15, defect 2). */
static __attribute__((noinline)) void vector_xor(uint8_t *out,
                                                 const uint8_t *in, size_t len,
                                                 const uint32_t state[16]) {
    uint32_t s[16];
    memcpy(s, state, sizeof s);
    /* over 512 bytes: 16-block double batches, the last one partial */
    while (len > 512) {
        blocks16(out, in, len, s);
        if (len <= 1024) goto done;
        hush_chacha20_advance(s, 16);
        out += 1024, in += 1024, len -= 1024;
    }
    /* 257..512 bytes: one 8-block batch beats two 4-block row passes
     * (each a full latency chain) */
    if (len > 256) {
        blocks8(out, in, len, s);
        goto done;
    }
    if (len > 0) blocks_rows4(out, in, len, s);
done:
    hush_wipe(s, sizeof s);
}

/* Up to HUSH_CHACHA20_SCALAR_MAX bytes: scalar_block, then its frame
 * scrubbed (from this small frame, or from the caller's stack pointer
 * when the scrub is a tail call: both within the scrub). */
static void avx2_xor(uint8_t *out, const uint8_t *in, size_t len,
                     const uint32_t state[16]) {
    if (len <= HUSH_CHACHA20_SCALAR_MAX) {
        if (len > 0) {
            scalar_block(out, in, len, state);
            hush_scrub_stack(HUSH_CHACHA20_SCALAR_SCRUB);
        }
        return;
    }
    vector_xor(out, in, len, state);
    /* The 8- and 16-block paths need more than 16 ymm registers: compilers
     * spill state rows (key words among them) to vector_xor's frame and to
     * output8's below it. clang 14 makes that about 3 KiB (a 2272-byte frame
     * plus output8's 632); the census found 4 key copies there. */
    hush_scrub_stack(HUSH_CHACHA20_VECTOR_SCRUB);
}

const hush_chacha20_ops hush_chacha20_avx2 = {avx2_xor};
