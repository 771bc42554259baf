/*
 * The AVX2 ChaCha20 8-block batch (column layout: one ymm per state word,
 * one lane per block) of the AVX2 tier (chacha20_avx2.c), in a header so
 * that other AVX2 code (a stitched AEAD) can run it between its own work.
 * static inline: each includer compiles it with its own -mavx2.
 *
 * Sixteen state words and the scratch of a shift-pair rotation do not fit
 * sixteen ymm registers. Rather than let the compiler choose what to spill
 * (it spilled whole rows and the counter words on every quarter round),
 * two of the four c words (words 8-11) live in a stack slot on purpose:
 * a half round needs only two of them, so between the two halves of every
 * round the pair in registers is exchanged with the pair in memory (two
 * loads and two stores per half round). The rest is 14 state registers
 * and two scratch registers; the rotations by 16 and 8 are vpshufb with
 * their control vector as a memory operand.
 *
 * Constant time: additions, xors, fixed shifts and shuffles only.
 */
#ifndef HUSH_CHACHA20_AVX2_H
#define HUSH_CHACHA20_AVX2_H

#include <immintrin.h>

#include "chacha20/chacha20_impl.h"
#include "core/registers.h"

/* The state of one batch lives in 14 locals of the caller named x0..x13
 * (HUSH_CHACHA8_LOCALS): x0-x3 a, x4-x7 b, x8 and x9 the two c words in
 * registers, x10-x13 d (state words 12-15). Locals rather than an array:
 * gcc 12 keeps a 448-byte array or struct in memory (it is over its
 * scalar-replacement size limit), spilling on every step. The slots below
 * hold the other two c words (which pair is where alternates, see the
 * double round) and the counter words for the feed-forward: the caller's
 * frame, wiped by the caller. */
typedef struct hush_chacha8_mem {
    __m256i cm[2];
    __m256i ctr[2];
} hush_chacha8_mem;

#define HUSH_CHACHA8_LOCALS                                                    \
    __m256i x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13

static const HUSH_ALIGNED(32) uint8_t hush_chacha8_rot16[32] = {
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13};
static const HUSH_ALIGNED(32) uint8_t hush_chacha8_rot8[32] = {
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
    3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14};

#define HUSH_C8_ADD(a, b) a = _mm256_add_epi32(a, b)
#define HUSH_C8_XOR(a, b) a = _mm256_xor_si256(a, b)
/* vpshufb with the control vector read from memory: written as asm because
 * both compilers otherwise hoist the two control vectors into registers
 * for the whole loop, which the 14 state words and 2 scratch need. */
#define HUSH_C8_SHUF(v, tab)                                                   \
    __asm__("vpshufb %1, %0, %0" : "+x"(v) : "m"(*(const __m256i *)(tab)))
#define HUSH_C8_ROL(v, n, t)                                                   \
    t = _mm256_slli_epi32(v, n), v = _mm256_srli_epi32(v, 32 - (n)),           \
    v = _mm256_or_si256(v, t)

/* Two quarter rounds, step by step side by side: two independent chains
 * for the 1-cycle vector latency of AVX2 cores; t and u are the scratch. */
#define HUSH_C8_QR2(a, b, c, d, e, f, g, h)                                    \
    do {                                                                       \
        __m256i t_, u_;                                                        \
        HUSH_C8_ADD(a, b), HUSH_C8_ADD(e, f);                                  \
        HUSH_C8_XOR(d, a), HUSH_C8_XOR(h, e);                                  \
        HUSH_C8_SHUF(d, hush_chacha8_rot16);                                   \
        HUSH_C8_SHUF(h, hush_chacha8_rot16);                                   \
        HUSH_C8_ADD(c, d), HUSH_C8_ADD(g, h);                                  \
        HUSH_C8_XOR(b, c), HUSH_C8_XOR(f, g);                                  \
        HUSH_C8_ROL(b, 12, t_), HUSH_C8_ROL(f, 12, u_);                        \
        HUSH_C8_ADD(a, b), HUSH_C8_ADD(e, f);                                  \
        HUSH_C8_XOR(d, a), HUSH_C8_XOR(h, e);                                  \
        HUSH_C8_SHUF(d, hush_chacha8_rot8);                                    \
        HUSH_C8_SHUF(h, hush_chacha8_rot8);                                    \
        HUSH_C8_ADD(c, d), HUSH_C8_ADD(g, h);                                  \
        HUSH_C8_XOR(b, c), HUSH_C8_XOR(f, g);                                  \
        HUSH_C8_ROL(b, 7, t_), HUSH_C8_ROL(f, 7, u_);                          \
    } while (0)

/* Words 12 and 13 of blocks 0..7 from a 64-bit counter (lo, hi): lane
 * i gets counter + i, with the carry where the low word wraps. */
static inline void hush_chacha8_counters(__m256i *lo, __m256i *hi,
                                         uint32_t c_lo, uint32_t c_hi) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i l = _mm256_add_epi32(_mm256_set1_epi32((int)c_lo), lane);
    /* unsigned l < lane where it wrapped */
    const __m256i bias = _mm256_set1_epi32((int)0x80000000u);
    __m256i wrapped = _mm256_cmpgt_epi32(_mm256_xor_si256(lane, bias),
                                         _mm256_xor_si256(l, bias));
    *lo = l;
    *hi = _mm256_sub_epi32(_mm256_set1_epi32((int)c_hi), wrapped);
}

/* Exchanges the two c words in registers (x8, x9) with the two in
 * memory. The empty asm says the slots were read and may have changed, so
 * the values really go through memory instead of the compiler keeping all
 * four c words in registers (and spilling something else). */
#define HUSH_C8_SWAP_C(m)                                                      \
    do {                                                                       \
        __m256i t0_ = (m)->cm[0], t1_ = (m)->cm[1];                            \
        (m)->cm[0] = x8, (m)->cm[1] = x9;                                      \
        x8 = t0_, x9 = t1_;                                                    \
        __asm__("" : "+m"((m)->cm));                                           \
    } while (0)

/* Set-up from state s (64-bit counter per lane, carried into word 13).
 * Registers hold c words 8 and 9, memory 10 and 11. */
#define HUSH_CHACHA8_SETUP(m, s)                                               \
    do {                                                                       \
        x0 = _mm256_set1_epi32((int)(s)[0]);                                   \
        x1 = _mm256_set1_epi32((int)(s)[1]);                                   \
        x2 = _mm256_set1_epi32((int)(s)[2]);                                   \
        x3 = _mm256_set1_epi32((int)(s)[3]);                                   \
        x4 = _mm256_set1_epi32((int)(s)[4]);                                   \
        x5 = _mm256_set1_epi32((int)(s)[5]);                                   \
        x6 = _mm256_set1_epi32((int)(s)[6]);                                   \
        x7 = _mm256_set1_epi32((int)(s)[7]);                                   \
        x8 = _mm256_set1_epi32((int)(s)[8]);                                   \
        x9 = _mm256_set1_epi32((int)(s)[9]);                                   \
        (m)->cm[0] = _mm256_set1_epi32((int)(s)[10]);                          \
        (m)->cm[1] = _mm256_set1_epi32((int)(s)[11]);                          \
        hush_chacha8_counters(&x10, &x11, (s)[12], (s)[13]);                   \
        x12 = _mm256_set1_epi32((int)(s)[14]);                                 \
        x13 = _mm256_set1_epi32((int)(s)[15]);                                 \
        (m)->ctr[0] = x10, (m)->ctr[1] = x11;                                  \
        __asm__("" : "+m"((m)->cm), "+m"((m)->ctr));                           \
    } while (0)

/* One double round. On entry registers hold c words 8, 9 and memory 10,
 * 11; the column round's second half and the diagonal round's first half
 * both use 10 and 11, so one exchange per half round suffices and the
 * round ends as it began. */
#define HUSH_CHACHA8_DOUBLE_ROUND(m)                                           \
    do {                                                                       \
        /* columns (0,4,8,12) (1,5,9,13) */                                    \
        HUSH_C8_QR2(x0, x4, x8, x10, x1, x5, x9, x11);                         \
        HUSH_C8_SWAP_C(m); /* registers: 10, 11 */                             \
        /* columns (2,6,10,14) (3,7,11,15) */                                  \
        HUSH_C8_QR2(x2, x6, x8, x12, x3, x7, x9, x13);                         \
        /* diagonals (0,5,10,15) (1,6,11,12) */                                \
        HUSH_C8_QR2(x0, x5, x8, x13, x1, x6, x9, x10);                         \
        HUSH_C8_SWAP_C(m); /* registers: 8, 9 */                               \
        /* diagonals (2,7,8,13) (3,4,9,14) */                                  \
        HUSH_C8_QR2(x2, x7, x8, x11, x3, x4, x9, x12);                         \
    } while (0)

/* Lane k of x then lane k of y. */
static inline __m256i hush_chacha8_lanes(__m256i x, __m256i y, int k) {
    return k == 0 ? _mm256_permute2x128_si256(x, y, 0x20)
                  : _mm256_permute2x128_si256(x, y, 0x31);
}

/* Words w..w+3 of the 8 blocks transposed: r[i] lane k holds words
 * w..w+3 of block 4k+i. */
static inline void hush_chacha8_transpose4(__m256i r[4], __m256i w0, __m256i w1,
                                           __m256i w2, __m256i w3) {
    __m256i t0 = _mm256_unpacklo_epi32(w0, w1);
    __m256i t1 = _mm256_unpackhi_epi32(w0, w1);
    __m256i t2 = _mm256_unpacklo_epi32(w2, w3);
    __m256i t3 = _mm256_unpackhi_epi32(w2, w3);
    r[0] = _mm256_unpacklo_epi64(t0, t2);
    r[1] = _mm256_unpackhi_epi64(t0, t2);
    r[2] = _mm256_unpacklo_epi64(t1, t3);
    r[3] = _mm256_unpackhi_epi64(t1, t3);
}

/* Feed-forward and transpose of words 8h..8h+7 (h = 0: bytes 0-31 of each
 * block, h = 1: bytes 32-63), xored with in into out (the 8 blocks' 512
 * bytes; in == out allowed). */
static inline void hush_chacha8_half_out(uint8_t *out, const uint8_t *in,
                                         const __m256i w[8]) {
    __m256i lo[4], hi[4];
    hush_chacha8_transpose4(lo, w[0], w[1], w[2], w[3]);
    hush_chacha8_transpose4(hi, w[4], w[5], w[6], w[7]);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 4; i++) {
            size_t at = (size_t)64 * (4 * (size_t)k + (size_t)i);
            __m256i ks = hush_chacha8_lanes(lo[i], hi[i], k);
            _mm256_storeu_si256(
                (void *)(out + at),
                _mm256_xor_si256(_mm256_loadu_si256((const void *)(in + at)),
                                 ks));
        }
    }
}

/* The finished batch: out = in XOR the 512 bytes of keystream. s is the
 * state the batch was set up from; its words are added again from memory
 * (the empty asm hides s, so the compiler cannot keep the set-up
 * broadcasts live across the rounds). Words 8-15 first: 8, 9 and 12-15
 * are in registers, 10 and 11 in memory, so that half frees six
 * registers before the other. */
static inline void hush_chacha8_finish(uint8_t *out, const uint8_t *in,
                                       const hush_chacha8_mem *m,
                                       const uint32_t *s, const __m256i a[8],
                                       __m256i x8, __m256i x9, __m256i x10,
                                       __m256i x11, __m256i x12, __m256i x13) {
    HUSH_OPAQUE(s);
    __m256i w[8];
    w[0] = _mm256_add_epi32(x8, _mm256_set1_epi32((int)s[8]));
    w[1] = _mm256_add_epi32(x9, _mm256_set1_epi32((int)s[9]));
    w[2] = _mm256_add_epi32(m->cm[0], _mm256_set1_epi32((int)s[10]));
    w[3] = _mm256_add_epi32(m->cm[1], _mm256_set1_epi32((int)s[11]));
    w[4] = _mm256_add_epi32(x10, m->ctr[0]);
    w[5] = _mm256_add_epi32(x11, m->ctr[1]);
    w[6] = _mm256_add_epi32(x12, _mm256_set1_epi32((int)s[14]));
    w[7] = _mm256_add_epi32(x13, _mm256_set1_epi32((int)s[15]));
    hush_chacha8_half_out(out + 32, in + 32, w);
    for (int i = 0; i < 8; i++)
        w[i] = _mm256_add_epi32(a[i], _mm256_set1_epi32((int)s[i]));
    hush_chacha8_half_out(out, in, w);
}

#define HUSH_CHACHA8_OUT512(out, in, m, s)                                     \
    do {                                                                       \
        const __m256i ab_[8] = {x0, x1, x2, x3, x4, x5, x6, x7};               \
        hush_chacha8_finish(out, in, m, s, ab_, x8, x9, x10, x11, x12, x13);   \
    } while (0)

/* 8 blocks of keystream xored into 512 bytes. */
static inline void hush_chacha8_xor512(uint8_t *out, const uint8_t *in,
                                       const uint32_t s[16],
                                       hush_chacha8_mem *m) {
    HUSH_CHACHA8_LOCALS;
    HUSH_CHACHA8_SETUP(m, s);
#pragma GCC unroll 10
    for (int r = 0; r < 10; r++)
        HUSH_CHACHA8_DOUBLE_ROUND(m);
    HUSH_CHACHA8_OUT512(out, in, m, s);
}

/* ---- The same double round as asm text, registers fixed ----
 *
 * For a loop that needs its schedule exactly as written: the stitched
 * AEAD (chachapoly_avx2.c) puts pieces of scalar Poly1305 between the
 * steps, which the compilers would otherwise move and spill around. The
 * register plan is the one above: ymm0-3 words 0-3, ymm4-7 words 4-7,
 * ymm8 and ymm9 two c words (8 and 9, or 10 and 11 between the two
 * exchanges), ymm10-13 words 12-15, ymm14 and ymm15 the scratch of the
 * shift pairs. The words live in a hush_chacha8_asm block between
 * batches; x[8]..x[11] are also the c-word slots (each word has its own,
 * so an exchange is two stores and two loads with no copy). The text
 * names the block as %[xp] (a register holding its address) and the
 * shuffle controls as the memory operands %[r16] and %[r8]. The block is
 * in the caller's frame, which wipes it. */
typedef struct hush_chacha8_asm {
    __m256i x[16];
    uint64_t r0, r1, s1, end; /* Poly1305 r, s1 = r1 + r1 / 4; mac end */
} hush_chacha8_asm;

#define HUSH_C8A_S1(a, b, d, e, f, h, ROT)                                     \
    "vpaddd %%ymm" #b ", %%ymm" #a ", %%ymm" #a "\n\t"                         \
    "vpaddd %%ymm" #f ", %%ymm" #e ", %%ymm" #e "\n\t"                         \
    "vpxor %%ymm" #a ", %%ymm" #d ", %%ymm" #d "\n\t"                          \
    "vpxor %%ymm" #e ", %%ymm" #h ", %%ymm" #h "\n\t"                          \
    "vpshufb " ROT ", %%ymm" #d ", %%ymm" #d "\n\t"                            \
    "vpshufb " ROT ", %%ymm" #h ", %%ymm" #h "\n\t"
#define HUSH_C8A_S2(b, c, d, f, g, h, L, R)                                    \
    "vpaddd %%ymm" #d ", %%ymm" #c ", %%ymm" #c "\n\t"                         \
    "vpaddd %%ymm" #h ", %%ymm" #g ", %%ymm" #g "\n\t"                         \
    "vpxor %%ymm" #c ", %%ymm" #b ", %%ymm" #b "\n\t"                          \
    "vpxor %%ymm" #g ", %%ymm" #f ", %%ymm" #f "\n\t"                          \
    "vpslld $" #L ", %%ymm" #b ", %%ymm14\n\t"                                 \
    "vpsrld $" #R ", %%ymm" #b ", %%ymm" #b "\n\t"                             \
    "vpslld $" #L ", %%ymm" #f ", %%ymm15\n\t"                                 \
    "vpsrld $" #R ", %%ymm" #f ", %%ymm" #f "\n\t"                             \
    "vpor %%ymm14, %%ymm" #b ", %%ymm" #b "\n\t"                               \
    "vpor %%ymm15, %%ymm" #f ", %%ymm" #f "\n\t"
/* Two quarter rounds (a, b, c, d) and (e, f, g, h), with p0..p3 (asm
 * text, may be empty) after each of the four steps. */
#define HUSH_C8A_QR2(a, b, c, d, e, f, g, h, p0, p1, p2, p3)                   \
    HUSH_C8A_S1(a, b, d, e, f, h, "%[r16]")                                    \
    p0 HUSH_C8A_S2(b, c, d, f, g, h, 12, 20) p1 HUSH_C8A_S1(a, b, d, e, f, h,  \
                                                            "%[r8]") p2        \
    HUSH_C8A_S2(b, c, d, f, g, h, 7, 25) p3
/* registers: c words 8, 9 -> 10, 11, and back */
#define HUSH_C8A_SWAP1                                                         \
    "vmovdqa %%ymm8, 256(%[xp])\n\t"                                           \
    "vmovdqa %%ymm9, 288(%[xp])\n\t"                                           \
    "vmovdqa 320(%[xp]), %%ymm8\n\t"                                           \
    "vmovdqa 352(%[xp]), %%ymm9\n\t"
#define HUSH_C8A_SWAP2                                                         \
    "vmovdqa %%ymm8, 320(%[xp])\n\t"                                           \
    "vmovdqa %%ymm9, 352(%[xp])\n\t"                                           \
    "vmovdqa 256(%[xp]), %%ymm8\n\t"                                           \
    "vmovdqa 288(%[xp]), %%ymm9\n\t"
/* One double round with sixteen pieces of other work between its steps. */
#define HUSH_C8A_DOUBLE_ROUND(p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10,     \
                              p11, p12, p13, p14, p15)                         \
    HUSH_C8A_QR2(0, 4, 8, 10, 1, 5, 9, 11, p0, p1, p2, p3)                     \
    HUSH_C8A_SWAP1                                                             \
    HUSH_C8A_QR2(2, 6, 8, 12, 3, 7, 9, 13, p4, p5, p6, p7)                     \
    HUSH_C8A_QR2(0, 5, 8, 13, 1, 6, 9, 10, p8, p9, p10, p11)                   \
    HUSH_C8A_SWAP2                                                             \
    HUSH_C8A_QR2(2, 7, 8, 11, 3, 4, 9, 12, p12, p13, p14, p15)
#define HUSH_C8A_PLAIN_ROUND                                                   \
    HUSH_C8A_DOUBLE_ROUND("", "", "", "", "", "", "", "", "", "", "", "", "",  \
                          "", "", "")
#define HUSH_C8A_LOAD                                                          \
    "vmovdqa 0(%[xp]), %%ymm0\n\t"                                             \
    "vmovdqa 32(%[xp]), %%ymm1\n\t"                                            \
    "vmovdqa 64(%[xp]), %%ymm2\n\t"                                            \
    "vmovdqa 96(%[xp]), %%ymm3\n\t"                                            \
    "vmovdqa 128(%[xp]), %%ymm4\n\t"                                           \
    "vmovdqa 160(%[xp]), %%ymm5\n\t"                                           \
    "vmovdqa 192(%[xp]), %%ymm6\n\t"                                           \
    "vmovdqa 224(%[xp]), %%ymm7\n\t"                                           \
    "vmovdqa 256(%[xp]), %%ymm8\n\t"                                           \
    "vmovdqa 288(%[xp]), %%ymm9\n\t"                                           \
    "vmovdqa 384(%[xp]), %%ymm10\n\t"                                          \
    "vmovdqa 416(%[xp]), %%ymm11\n\t"                                          \
    "vmovdqa 448(%[xp]), %%ymm12\n\t"                                          \
    "vmovdqa 480(%[xp]), %%ymm13\n\t"
#define HUSH_C8A_STORE                                                         \
    "vmovdqa %%ymm0, 0(%[xp])\n\t"                                             \
    "vmovdqa %%ymm1, 32(%[xp])\n\t"                                            \
    "vmovdqa %%ymm2, 64(%[xp])\n\t"                                            \
    "vmovdqa %%ymm3, 96(%[xp])\n\t"                                            \
    "vmovdqa %%ymm4, 128(%[xp])\n\t"                                           \
    "vmovdqa %%ymm5, 160(%[xp])\n\t"                                           \
    "vmovdqa %%ymm6, 192(%[xp])\n\t"                                           \
    "vmovdqa %%ymm7, 224(%[xp])\n\t"                                           \
    "vmovdqa %%ymm8, 256(%[xp])\n\t"                                           \
    "vmovdqa %%ymm9, 288(%[xp])\n\t"                                           \
    "vmovdqa %%ymm10, 384(%[xp])\n\t"                                          \
    "vmovdqa %%ymm11, 416(%[xp])\n\t"                                          \
    "vmovdqa %%ymm12, 448(%[xp])\n\t"                                          \
    "vmovdqa %%ymm13, 480(%[xp])\n\t"
#define HUSH_C8A_CLOBBERS HUSH_CLOBBERS_XMM0_15

/* The block's 16 words from state s (64-bit counter per lane). */
static inline void hush_chacha8_asm_setup(hush_chacha8_asm *b,
                                          const uint32_t s[16]) {
    for (int i = 0; i < 16; i++)
        b->x[i] = _mm256_set1_epi32((int)s[i]);
    hush_chacha8_counters(&b->x[12], &b->x[13], s[12], s[13]);
}

/* Feed-forward from block b (the counters recomputed from s), transpose,
 * xor into 512 bytes. */
static inline void hush_chacha8_asm_out(uint8_t *out, const uint8_t *in,
                                        const hush_chacha8_asm *b,
                                        const uint32_t s[16]) {
    __m256i w[8], c12, c13;
    hush_chacha8_counters(&c12, &c13, s[12], s[13]);
    for (int i = 0; i < 8; i++) {
        __m256i f = i == 4   ? c12
                    : i == 5 ? c13
                             : _mm256_set1_epi32((int)s[8 + i]);
        w[i] = _mm256_add_epi32(b->x[8 + i], f);
    }
    hush_chacha8_half_out(out + 32, in + 32, w);
    for (int i = 0; i < 8; i++)
        w[i] = _mm256_add_epi32(b->x[i], _mm256_set1_epi32((int)s[i]));
    hush_chacha8_half_out(out, in, w);
}

#endif
