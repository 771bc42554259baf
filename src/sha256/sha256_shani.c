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

/* Big-endian words to the lane order the SHA instructions expect. */
static inline __m128i load_be(const uint8_t *p) {
    const __m128i bswap32 =
        _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap32);
}

static inline __m128i round_keys(int quad) {
    return _mm_load_si128((const __m128i *)&hush_sha256_k[4 * quad]);
}

/* state[0..7] = A..H  ->  (ABEF, CDGH), and back. */
static inline void state_to_lanes(const uint32_t state[8], __m128i *abef,
                                  __m128i *cdgh) {
    __m128i dcba = _mm_loadu_si128((const __m128i *)&state[0]);
    __m128i hgfe = _mm_loadu_si128((const __m128i *)&state[4]);
    __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
    __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
    *abef = _mm_alignr_epi8(cdab, efgh, 8);
    *cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

static inline void lanes_to_state(uint32_t state[8], __m128i abef,
                                  __m128i cdgh) {
    __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
    __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
    _mm_storeu_si128((__m128i *)&state[0], _mm_blend_epi16(feba, dchg, 0xF0));
    _mm_storeu_si128((__m128i *)&state[4], _mm_alignr_epi8(dchg, feba, 8));
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
    /* The message words die in xmm registers that later code overwrites;
     * nothing of them is spilled to the stack (see the assembly note in
     * docs/perf/sha256-shani.md), so there is no stack buffer to wipe. */
}

/* Two streams, round for round: while one SHA256RNDS2 waits for its
 * predecessor, the other stream's is independent and issues.
 *
 * Sixteen xmm registers do not hold two streams' state, message words and
 * the block-start state, so the block-start state is kept in the callers'
 * own state arrays (in lane order during the loop) instead of in compiler
 * spill slots on the stack, which nobody would wipe. */
static void sha256_blocks_x2_shani(uint32_t state0[8], const uint8_t *in0,
                                   uint32_t state1[8], const uint8_t *in1,
                                   size_t nblocks) {
    __m128i abef0, cdgh0, abef1, cdgh1;
    state_to_lanes(state0, &abef0, &cdgh0);
    state_to_lanes(state1, &abef1, &cdgh1);
    __m128i *saved0 = (__m128i *)state0, *saved1 = (__m128i *)state1;
    do {
        _mm_storeu_si128(&saved0[0], abef0);
        _mm_storeu_si128(&saved0[1], cdgh0);
        _mm_storeu_si128(&saved1[0], abef1);
        _mm_storeu_si128(&saved1[1], cdgh1);
        __m128i a0 = load_be(in0), a1 = load_be(in0 + 16);
        __m128i a2 = load_be(in0 + 32), a3 = load_be(in0 + 48);
        __m128i b0 = load_be(in1), b1 = load_be(in1 + 16);
        __m128i b2 = load_be(in1 + 32), b3 = load_be(in1 + 48);
        ROUNDS4(abef0, cdgh0, a0, 0);
        ROUNDS4(abef1, cdgh1, b0, 0);
        ROUNDS4(abef0, cdgh0, a1, 1);
        ROUNDS4(abef1, cdgh1, b1, 1);
        ROUNDS4(abef0, cdgh0, a2, 2);
        ROUNDS4(abef1, cdgh1, b2, 2);
        ROUNDS4(abef0, cdgh0, a3, 3);
        ROUNDS4(abef1, cdgh1, b3, 3);
        for (int q = 4; q < 16; q += 4) {
            SCHEDULE4(a0, a1, a2, a3);
            SCHEDULE4(b0, b1, b2, b3);
            ROUNDS4(abef0, cdgh0, a0, q);
            ROUNDS4(abef1, cdgh1, b0, q);
            SCHEDULE4(a1, a2, a3, a0);
            SCHEDULE4(b1, b2, b3, b0);
            ROUNDS4(abef0, cdgh0, a1, q + 1);
            ROUNDS4(abef1, cdgh1, b1, q + 1);
            SCHEDULE4(a2, a3, a0, a1);
            SCHEDULE4(b2, b3, b0, b1);
            ROUNDS4(abef0, cdgh0, a2, q + 2);
            ROUNDS4(abef1, cdgh1, b2, q + 2);
            SCHEDULE4(a3, a0, a1, a2);
            SCHEDULE4(b3, b0, b1, b2);
            ROUNDS4(abef0, cdgh0, a3, q + 3);
            ROUNDS4(abef1, cdgh1, b3, q + 3);
        }
        abef0 = _mm_add_epi32(abef0, _mm_loadu_si128(&saved0[0]));
        cdgh0 = _mm_add_epi32(cdgh0, _mm_loadu_si128(&saved0[1]));
        abef1 = _mm_add_epi32(abef1, _mm_loadu_si128(&saved1[0]));
        cdgh1 = _mm_add_epi32(cdgh1, _mm_loadu_si128(&saved1[1]));
        in0 += 64;
        in1 += 64;
    } while (--nblocks != 0);
    lanes_to_state(state0, abef0, cdgh0);
    lanes_to_state(state1, abef1, cdgh1);
}

const hush_sha256_ops hush_sha256_shani = {
    sha256_blocks_shani,
    sha256_blocks_x2_shani,
};
