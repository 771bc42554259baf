/*
 * SHA-256 with the SHA extensions (SHA256RNDS2, SHA256MSG1, SHA256MSG2),
 * compiled alone with -msha -msse4.1 -mssse3.
 *
 * The unit keeps the state as two vectors, ABEF and CDGH; SHA256RNDS2 runs
 * two rounds and swaps their roles. One block is a chain of 32 dependent
 * SHA256RNDS2, so a single message is bound by that instruction's latency
 * (about 2 cycles per byte); the x2 entry interleaves two independent
 * chains so the unit's pipeline fills (docs/perf/sha256-x2.md).
 *
 * Constant time: the SHA instructions, shuffles and additions have fixed
 * latency; nothing is indexed by data.
 */
#include <immintrin.h>

#include "sha256/sha256_impl.h"

/*
 * Message bytes and state words carry no alignment promise: they are read
 * and written through __m128i_u, the vector type of alignment 1 that the
 * unaligned intrinsics take, so no pointer of a stricter type ever points
 * at them. The round constants are 64-byte aligned (sha256_impl.h) and are
 * read with aligned loads.
 */

/* Big-endian words to the lane order the SHA instructions expect. */
static inline __m128i load_be(const uint8_t *p) {
    const __m128i bswap32 =
        _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i_u *)p), bswap32);
}

/* The 64 round constants as 16 vectors. The table's declaration carries
 * its 64-byte alignment (sha256_impl.h), so the compiler knows this cast
 * is sound (clang checks it under -Wcast-align). Not
 * __builtin_assume_aligned: clang 14 crashes on it applied to an array
 * under -fsanitize=alignment. */
static inline const __m128i *hush_sha256_k_quads(void) {
    return (const __m128i *)hush_sha256_k;
}

/* K[4q..4q+3] from the table `k` (a local pointer, see below) */
#define round_keys(quad) _mm_load_si128(&k[quad])

/* state[0..7] = A..H  ->  (ABEF, CDGH), and back. */
static inline void state_to_lanes(const uint32_t state[8], __m128i *abef,
                                  __m128i *cdgh) {
    __m128i dcba = _mm_loadu_si128((const __m128i_u *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i_u *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    *abef = _mm_alignr_epi8(cdab, efgh, 8);
    *cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

static inline void lanes_to_state(uint32_t state[8], __m128i abef,
                                  __m128i cdgh) {
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i_u *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i_u *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
}

/* Four rounds with message quad m (already including nothing but W):
 * the low two words feed the first SHA256RNDS2, the high two the second. */
#define ROUNDS4(abef, cdgh, m, quad)                                           \
    do {                                                                       \
        __m128i wk_ = _mm_add_epi32((m), round_keys(quad));                    \
        (cdgh) = _mm_sha256rnds2_epu32((cdgh), (abef), wk_);                   \
        (abef) = _mm_sha256rnds2_epu32((abef), (cdgh),                         \
                                       _mm_shuffle_epi32(wk_, 0x0E));          \
    } while (0)

/* W[4q..4q+3] from the four previous quads: w4 (oldest, overwritten),
 * w3, w2, w1 (newest). FIPS 180-4 (6.2.2) step 1, four words at once. */
#define SCHEDULE4(w4, w3, w2, w1)                                              \
    ((w4) =                                                                    \
         _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w4), (w3)),  \
                                            _mm_alignr_epi8((w1), (w2), 4)),   \
                              (w1)))

/* Rounds 16..63 of one stream: twelve scheduled quads. Written out so the
 * four message registers rotate by name instead of by copies. */
#define ROUNDS_16_63(abef, cdgh, m0, m1, m2, m3)                               \
    do {                                                                       \
        for (int q_ = 4; q_ < 16; q_ += 4) {                                   \
            SCHEDULE4(m0, m1, m2, m3);                                         \
            ROUNDS4(abef, cdgh, m0, q_);                                       \
            SCHEDULE4(m1, m2, m3, m0);                                         \
            ROUNDS4(abef, cdgh, m1, q_ + 1);                                   \
            SCHEDULE4(m2, m3, m0, m1);                                         \
            ROUNDS4(abef, cdgh, m2, q_ + 2);                                   \
            SCHEDULE4(m3, m0, m1, m2);                                         \
            ROUNDS4(abef, cdgh, m3, q_ + 3);                                   \
        }                                                                      \
    } while (0)

static void sha256_blocks_shani(uint32_t state[8], const uint8_t *in,
                                size_t nblocks) {
    __m128i abef, cdgh;
    state_to_lanes(state, &abef, &cdgh);
    do {
        /* Hidden from the optimiser per block: otherwise GCC hoists all 16
         * round-constant loads out of the loop and copies them to stack
         * slots, 26 extra instructions that a one- or two-block call (the
         * 16- and 64-byte hashes) pays in full. */
        const __m128i *k = hush_sha256_k_quads();
        HUSH_OPAQUE(k);
        const __m128i abef_in = abef, cdgh_in = cdgh;
        __m128i m0 = load_be(in), m1 = load_be(in + 16);
        __m128i m2 = load_be(in + 32), m3 = load_be(in + 48);
        ROUNDS4(abef, cdgh, m0, 0);
        ROUNDS4(abef, cdgh, m1, 1);
        ROUNDS4(abef, cdgh, m2, 2);
        ROUNDS4(abef, cdgh, m3, 3);
        ROUNDS_16_63(abef, cdgh, m0, m1, m2, m3);
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
        in += 64;
    } while (--nblocks != 0);
    lanes_to_state(state, abef, cdgh);
    /* The message words stay in xmm registers: GCC's only stack slots in
     * this function hold copies of the public round constants (checked in
     * the assembly, docs/perf/sha256.md), so there is no stack to wipe. */
}

/*
 * Two streams in one asm block, so that every write to xmm0 (the implicit
 * operand of SHA256RNDS2) is a load, an add or a shuffle and never a
 * register-to-register copy: on Zen 5 a renamed (eliminated) copy into
 * xmm0 slows the two interleaved chains by about 15%, and the compiler's
 * register allocator inserts such copies (docs/perf/sha256-x2.md).
 *
 * Registers: xmm0 the round input; stream 0 in xmm1 (ABEF), xmm2 (CDGH),
 * message quads xmm3-xmm6; stream 1 in xmm7, xmm8, xmm9-xmm12; xmm13 and
 * xmm14 hold each stream's W+K of the current quad; xmm15 and xmm0 are the
 * schedule temporaries. The block-start state lives in the callers' state
 * arrays (lane order), not on the stack: nothing is spilled, and every
 * register that held message words is cleared before the asm ends.
 */

/* W+K of quad q for both streams into xmm13 (stream 0) and xmm14 */
#define X2_WK(koff, ma, mb)                                                    \
    "movdqa " koff "(%[k]), %%xmm13\n\t"                                       \
    "paddd %%" ma ", %%xmm13\n\t"                                              \
    "movdqa " koff "(%[k]), %%xmm14\n\t"                                       \
    "paddd %%" mb ", %%xmm14\n\t"

/* Four rounds of both streams, alternating two rounds at a time; xmm0 is
 * written by a shuffle each time (0xe4 is the identity), not by a copy. */
#define X2_RNDS                                                                \
    "pshufd $0xe4, %%xmm13, %%xmm0\n\t"                                        \
    "sha256rnds2 %%xmm0, %%xmm1, %%xmm2\n\t"                                   \
    "pshufd $0xe4, %%xmm14, %%xmm0\n\t"                                        \
    "sha256rnds2 %%xmm0, %%xmm7, %%xmm8\n\t"                                   \
    "pshufd $0x0e, %%xmm13, %%xmm0\n\t"                                        \
    "sha256rnds2 %%xmm0, %%xmm2, %%xmm1\n\t"                                   \
    "pshufd $0x0e, %%xmm14, %%xmm0\n\t"                                        \
    "sha256rnds2 %%xmm0, %%xmm8, %%xmm7\n\t"

#define X2_QUAD(koff, ma, mb) X2_WK(koff, ma, mb) X2_RNDS

/* w4 = msg2(msg1(w4, w3) + alignr(w1, w2), w1), as SCHEDULE4 above */
#define X2_SCHED(w4, w3, w2, w1, tmp)                                          \
    "sha256msg1 %%" w3 ", %%" w4 "\n\t"                                        \
    "movdqa %%" w1 ", %%" tmp "\n\t"                                           \
    "palignr $4, %%" w2 ", %%" tmp "\n\t"                                      \
    "paddd %%" tmp ", %%" w4 "\n\t"                                            \
    "sha256msg2 %%" w1 ", %%" w4 "\n\t"

/* Quad q: its W+K first, then the schedule of quad q + 4 into the
 * registers quad q has just read, then the rounds. Placing the schedule
 * before the rounds gave 1.69x instead of 1.66x (docs/perf/sha256-x2.md). */
#define X2_QUAD_SCHED(koff, a4, a3, a2, a1, b4, b3, b2, b1)                    \
    X2_WK(koff, a4, b4)                                                        \
    X2_SCHED(a4, a3, a2, a1, "xmm15") X2_SCHED(b4, b3, b2, b1, "xmm0") X2_RNDS

#define X2_LOAD(off, in, m)                                                    \
    "movdqu " off "(%[" in "]), %%" m "\n\t"                                   \
    "pshufb (%[mask]), %%" m "\n\t"

static void sha256_blocks_x2_shani(uint32_t state0[8], const uint8_t *in0,
                                   uint32_t state1[8], const uint8_t *in1,
                                   size_t nblocks) {
    __m128i abef, cdgh;
    state_to_lanes(state0, &abef, &cdgh);
    _mm_storeu_si128((__m128i_u *)&state0[0], abef);
    _mm_storeu_si128((__m128i_u *)&state0[4], cdgh);
    state_to_lanes(state1, &abef, &cdgh);
    _mm_storeu_si128((__m128i_u *)&state1[0], abef);
    _mm_storeu_si128((__m128i_u *)&state1[4], cdgh);
    static const uint8_t bswap32[16] HUSH_ALIGNED(16) = {
        3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12};

    /* clang-format off */
    __asm__ volatile(
        "movdqu (%[s0]), %%xmm1\n\t"
        "movdqu 16(%[s0]), %%xmm2\n\t"
        "movdqu (%[s1]), %%xmm7\n\t"
        "movdqu 16(%[s1]), %%xmm8\n\t"
        "1:\n\t"
        X2_LOAD("0", "in0", "xmm3")  X2_LOAD("16", "in0", "xmm4")
        X2_LOAD("32", "in0", "xmm5") X2_LOAD("48", "in0", "xmm6")
        X2_LOAD("0", "in1", "xmm9")  X2_LOAD("16", "in1", "xmm10")
        X2_LOAD("32", "in1", "xmm11") X2_LOAD("48", "in1", "xmm12")
        /*            K      stream 0: w4 w3 w2 w1       stream 1: w4 w3 w2 w1 */
        X2_QUAD_SCHED("0",   "xmm3", "xmm4", "xmm5", "xmm6", "xmm9", "xmm10", "xmm11", "xmm12")
        X2_QUAD_SCHED("16",  "xmm4", "xmm5", "xmm6", "xmm3", "xmm10", "xmm11", "xmm12", "xmm9")
        X2_QUAD_SCHED("32",  "xmm5", "xmm6", "xmm3", "xmm4", "xmm11", "xmm12", "xmm9", "xmm10")
        X2_QUAD_SCHED("48",  "xmm6", "xmm3", "xmm4", "xmm5", "xmm12", "xmm9", "xmm10", "xmm11")
        X2_QUAD_SCHED("64",  "xmm3", "xmm4", "xmm5", "xmm6", "xmm9", "xmm10", "xmm11", "xmm12")
        X2_QUAD_SCHED("80",  "xmm4", "xmm5", "xmm6", "xmm3", "xmm10", "xmm11", "xmm12", "xmm9")
        X2_QUAD_SCHED("96",  "xmm5", "xmm6", "xmm3", "xmm4", "xmm11", "xmm12", "xmm9", "xmm10")
        X2_QUAD_SCHED("112", "xmm6", "xmm3", "xmm4", "xmm5", "xmm12", "xmm9", "xmm10", "xmm11")
        X2_QUAD_SCHED("128", "xmm3", "xmm4", "xmm5", "xmm6", "xmm9", "xmm10", "xmm11", "xmm12")
        X2_QUAD_SCHED("144", "xmm4", "xmm5", "xmm6", "xmm3", "xmm10", "xmm11", "xmm12", "xmm9")
        X2_QUAD_SCHED("160", "xmm5", "xmm6", "xmm3", "xmm4", "xmm11", "xmm12", "xmm9", "xmm10")
        X2_QUAD_SCHED("176", "xmm6", "xmm3", "xmm4", "xmm5", "xmm12", "xmm9", "xmm10", "xmm11")
        X2_QUAD("192", "xmm3", "xmm9")
        X2_QUAD("208", "xmm4", "xmm10")
        X2_QUAD("224", "xmm5", "xmm11")
        X2_QUAD("240", "xmm6", "xmm12")
        /* add the block-start state and keep the sum as the next one */
        "movdqu (%[s0]), %%xmm13\n\t"
        "paddd %%xmm13, %%xmm1\n\t"
        "movdqu 16(%[s0]), %%xmm14\n\t"
        "paddd %%xmm14, %%xmm2\n\t"
        "movdqu %%xmm1, (%[s0])\n\t"
        "movdqu %%xmm2, 16(%[s0])\n\t"
        "movdqu (%[s1]), %%xmm13\n\t"
        "paddd %%xmm13, %%xmm7\n\t"
        "movdqu 16(%[s1]), %%xmm14\n\t"
        "paddd %%xmm14, %%xmm8\n\t"
        "movdqu %%xmm7, (%[s1])\n\t"
        "movdqu %%xmm8, 16(%[s1])\n\t"
        "add $64, %[in0]\n\t"
        "add $64, %[in1]\n\t"
        "dec %[n]\n\t"
        "jnz 1b\n\t"
        /* the message words and schedule die here, not in later code */
        "pxor %%xmm3, %%xmm3\n\t"  "pxor %%xmm4, %%xmm4\n\t"
        "pxor %%xmm5, %%xmm5\n\t"  "pxor %%xmm6, %%xmm6\n\t"
        "pxor %%xmm9, %%xmm9\n\t"  "pxor %%xmm10, %%xmm10\n\t"
        "pxor %%xmm11, %%xmm11\n\t" "pxor %%xmm12, %%xmm12\n\t"
        "pxor %%xmm0, %%xmm0\n\t"  "pxor %%xmm13, %%xmm13\n\t"
        "pxor %%xmm14, %%xmm14\n\t" "pxor %%xmm15, %%xmm15\n\t"
        : [in0] "+r"(in0), [in1] "+r"(in1), [n] "+r"(nblocks)
        : [s0] "r"(state0), [s1] "r"(state1), [k] "r"(hush_sha256_k),
          [mask] "r"(bswap32)
        : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
          "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
          "xmm14", "xmm15");
    /* clang-format on */

    lanes_to_state(state0, _mm_loadu_si128((const __m128i_u *)&state0[0]),
                   _mm_loadu_si128((const __m128i_u *)&state0[4]));
    lanes_to_state(state1, _mm_loadu_si128((const __m128i_u *)&state1[0]),
                   _mm_loadu_si128((const __m128i_u *)&state1[4]));
}

const hush_sha256_ops hush_sha256_shani = {
    sha256_blocks_shani,
    sha256_blocks_x2_shani,
};
