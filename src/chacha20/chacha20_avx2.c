/*
 * ChaCha20, AVX2: 8 blocks per iteration in the column layout (one ymm per
 * state word, one lane per block; the batch is in chacha20_avx2.h).
 * Rotations by 16 and 8 are byte shuffles, by 12 and 7 shift pairs. Tails
 * of 1..256 bytes use the row layout (one ymm per state row, two blocks
 * side by side, two sets interleaved), so a short message does not pay
 * for an 8-block batch. Constant time: additions, xors and fixed
 * rotations only.
 */
#include <immintrin.h>

#include "chacha20/chacha20_avx2.h"

static inline __m256i rol16(__m256i v) {
    return _mm256_shuffle_epi8(
        v, _mm256_load_si256((const void *)hush_chacha8_rot16));
}
static inline __m256i rol8(__m256i v) {
    return _mm256_shuffle_epi8(
        v, _mm256_load_si256((const void *)hush_chacha8_rot8));
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
    return hush_chacha8_lanes(x, y, k);
}

/* 8 blocks for the last 257..511 bytes: the batch xors a copy of the
 * message in a stack buffer, so its full-width stores stay inside it. */
static inline void blocks8_partial(uint8_t *out, const uint8_t *in, size_t len,
                                   const uint32_t s[16], hush_chacha8_mem *m) {
    HUSH_ALIGNED(32) uint8_t buf[512];
    memcpy(buf, in, len);
    hush_chacha8_xor512(buf, buf, s, m);
    memcpy(out, buf, len);
    hush_wipe(buf, sizeof buf);
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

#if defined(__x86_64__) && defined(__OPTIMIZE__)
/* Keystream word i (x) into bytes 4i..4i+3 of the message, or into the
 * 1-3 left of it and then out of the enclosing do-while. */
#define SHORT_WORD(i, x)                                                       \
    if (len >= 4 * (i) + 4) {                                                  \
        hush_store32_le(out + 4 * (i), hush_load32_le(in + 4 * (i)) ^ (x));    \
    } else {                                                                   \
        for (size_t k_ = 4 * (i); k_ < len; k_++)                              \
            out[k_] = in[k_] ^ (uint8_t)((x) >> (8 * (k_ - 4 * (i))));         \
        break;                                                                 \
    }

/* One block (len 1..64) in general registers: shorter latency than any
 * vector layout (HUSH_CHACHA20_SCALAR_MAX). The 16 words are locals and
 * the keystream is xored from them word by word, so the only copies of
 * key-derived words in memory are the compiler's spills; this function
 * calls nothing, so gcc and clang keep those in the 128-byte red zone
 * below rsp (the deepest slot: gcc 12 -O3 56 bytes, -O2 52, clang 14
 * 72), and the asm at the end zeroes all 128 bytes, as hchacha20.c does
 * (docs/perf/chacha20.md #13). No call to hush_wipe and no
 * hush_scrub_stack: the scrub alone was ~145 of this path's ~540 core
 * cycles. The test chacha_stack checks that no word of the state is left
 * below the caller's stack pointer. */
static __attribute__((noinline)) void scalar_block(uint8_t *out,
                                                   const uint8_t *in,
                                                   size_t len,
                                                   const uint32_t s[16]) {
    uint32_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4], x5 = s[5],
             x6 = s[6], x7 = s[7], x8 = s[8], x9 = s[9], x10 = s[10],
             x11 = s[11], x12 = s[12], x13 = s[13], x14 = s[14], x15 = s[15];
    for (int i = 0; i < 10; i++)
        HUSH_CHACHA_DOUBLE_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,
                                 x11, x12, x13, x14, x15);
    do {
        SHORT_WORD(0, x0 + s[0])
        SHORT_WORD(1, x1 + s[1])
        SHORT_WORD(2, x2 + s[2])
        SHORT_WORD(3, x3 + s[3])
        SHORT_WORD(4, x4 + s[4])
        SHORT_WORD(5, x5 + s[5])
        SHORT_WORD(6, x6 + s[6])
        SHORT_WORD(7, x7 + s[7])
        SHORT_WORD(8, x8 + s[8])
        SHORT_WORD(9, x9 + s[9])
        SHORT_WORD(10, x10 + s[10])
        SHORT_WORD(11, x11 + s[11])
        SHORT_WORD(12, x12 + s[12])
        SHORT_WORD(13, x13 + s[13])
        SHORT_WORD(14, x14 + s[14])
        SHORT_WORD(15, x15 + s[15])
    } while (0);
    __asm__ __volatile__("xorl %%eax, %%eax\n\t"
                         "movq %%rax, -8(%%rsp)\n\t"
                         "movq %%rax, -16(%%rsp)\n\t"
                         "movq %%rax, -24(%%rsp)\n\t"
                         "movq %%rax, -32(%%rsp)\n\t"
                         "movq %%rax, -40(%%rsp)\n\t"
                         "movq %%rax, -48(%%rsp)\n\t"
                         "movq %%rax, -56(%%rsp)\n\t"
                         "movq %%rax, -64(%%rsp)\n\t"
                         "movq %%rax, -72(%%rsp)\n\t"
                         "movq %%rax, -80(%%rsp)\n\t"
                         "movq %%rax, -88(%%rsp)\n\t"
                         "movq %%rax, -96(%%rsp)\n\t"
                         "movq %%rax, -104(%%rsp)\n\t"
                         "movq %%rax, -112(%%rsp)\n\t"
                         "movq %%rax, -120(%%rsp)\n\t"
                         "movq %%rax, -128(%%rsp)"
                         :
                         :
                         : "rax", "memory");
}
#undef SHORT_WORD
#define SCALAR_SCRUB 0
#else
/* Without optimisation (locals in a frame made with sub rsp, helpers
 * called) or off x86-64: the block in its own frame with an array, which
 * the caller scrubs (HUSH_CHACHA20_SCALAR_SCRUB bytes) afterwards. */
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
#define SCALAR_SCRUB HUSH_CHACHA20_SCALAR_SCRUB
#endif

/* More than one block: apart from the short path, so that the short path's
 * frame stays small (at -O2 the inlined vector code gave this function a
 * 1216-byte frame, and the short path's scrub, made as a tail call from
 * the caller's stack pointer, fell short of scalar_block's frame below it,
 * leaving key words in dead stack: issue 15, defect 2). */
static __attribute__((noinline)) void vector_xor(uint8_t *out,
                                                 const uint8_t *in, size_t len,
                                                 const uint32_t state[16]) {
    uint32_t s[16];
    hush_chacha8_mem m;
    memcpy(s, state, sizeof s);
    /* whole 8-block batches, then a partial one (257..511 bytes: one batch
     * beats two 4-block row passes, each a full latency chain) or the row
     * layout for the last 1..256 */
    for (; len >= 512; out += 512, in += 512, len -= 512) {
        hush_chacha8_xor512(out, in, s, &m);
        hush_chacha20_advance(s, 8);
    }
    if (len > 256)
        blocks8_partial(out, in, len, s, &m);
    else if (len > 0)
        blocks_rows4(out, in, len, s);
    hush_wipe(&m, sizeof m);
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
            if (SCALAR_SCRUB > 0) hush_scrub_stack(SCALAR_SCRUB);
        }
        return;
    }
    vector_xor(out, in, len, state);
    /* The batch keeps two c words and the counter words in vector_xor's
     * frame on purpose (wiped there), and the compilers still spill a few
     * state words: gcc 12 -O2 gives vector_xor an 800-byte frame and the
     * batch a 776-byte one below it, clang 14 one 1144-byte frame. */
    hush_scrub_stack(HUSH_CHACHA20_VECTOR_SCRUB);
}

const hush_chacha20_ops hush_chacha20_avx2 = {avx2_xor};
