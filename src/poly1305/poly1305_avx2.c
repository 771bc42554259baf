/*
 * Poly1305, AVX2: eight blocks per step in radix 2^26, one block per
 * 64-bit lane, multiplied with vpmuludq (32x32 -> 64), in two independent
 * accumulators A and B so two multiply-and-carry chains are in flight
 * (one chain is latency-bound: docs/perf/poly1305.md). Lane j of A
 * accumulates blocks j, j+8, j+16, ..., lane j of B blocks 4+j, 12+j, ...,
 * each as acc = acc * r^8 + m; at the end lane j of A is multiplied by
 * r^(8-j), lane j of B by r^(4-j), and all lanes are summed: Horner's rule
 * reordered. Inputs below 128 bytes and the blocks left over stay on the
 * shared scalar code; the powers r^1..r^8 are computed on the first
 * vector call.
 * Constant time: multiplications, additions, shifts and masks only.
 */
#include <immintrin.h>

#include "poly1305/poly1305_impl.h"

/* poly1305_radix26.h at this tier's width (256 bits) */
#define R26_VEC        __m256i
#define R26_MUL(x, y)  _mm256_mul_epu32(x, y)
#define R26_ADD(x, y)  _mm256_add_epi64(x, y)
#define R26_AND(x, y)  _mm256_and_si256(x, y)
#define R26_OR(x, y)   _mm256_or_si256(x, y)
#define R26_SRLI(x, n) _mm256_srli_epi64(x, n)
#define R26_SLLI(x, n) _mm256_slli_epi64(x, n)
#define R26_SET1(c)    _mm256_set1_epi64x((long long)(c))
#include "poly1305/poly1305_radix26.h"

typedef struct avx2_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;               /* public: depends on lengths only */
    HUSH_ALIGNED(32) uint64_t rp[5][4]; /* limb i of r^(4-j) in lane j */
    HUSH_ALIGNED(32) uint64_t sp[5][4]; /* 5 * rp */
    HUSH_ALIGNED(32) uint64_t rq[5][4]; /* limb i of r^(8-j) in lane j */
    HUSH_ALIGNED(32) uint64_t sq[5][4]; /* 5 * rq */
} avx2_state;

_Static_assert(sizeof(avx2_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 avx2 state too large");

static void compute_powers(avx2_state *st) {
    uint64_t p[3] = {st->sc.r[0], st->sc.r[1], 0};
    for (int k = 1; k <= 8; k++) {
        if (k > 1) hush_poly1305_mul(p, st->sc.r[0], st->sc.r[1]);
        uint64_t l[5];
        hush_poly1305_to_radix26(l, p);
        for (int i = 0; i < 5; i++) {
            if (k <= 4) {
                st->rp[i][4 - k] = l[i];
                st->sp[i][4 - k] = l[i] * 5;
            } else {
                st->rq[i][8 - k] = l[i];
                st->sq[i][8 - k] = l[i] * 5;
            }
        }
        hush_wipe(l, sizeof l);
    }
    hush_wipe(p, sizeof p);
    st->have_powers = 1;
}

/* Four blocks (64 bytes) split into radix-2^26 limbs, block j in lane j,
 * each with 2^128 added. */
static inline void load_blocks(__m256i m[5], const uint8_t *in) {
    __m256i v0 = _mm256_loadu_si256((const void *)in);
    __m256i v1 = _mm256_loadu_si256((const void *)(in + 32));
    /* unpack gives lanes in block order 0, 2, 1, 3; 0xd8 restores it */
    __m256i lo = _mm256_permute4x64_epi64(_mm256_unpacklo_epi64(v0, v1), 0xd8);
    __m256i hi = _mm256_permute4x64_epi64(_mm256_unpackhi_epi64(v0, v1), 0xd8);
    hush_r26_split_blocks(m, lo, hi);
}

static inline uint64_t sum_lanes(__m256i v) {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v),
                              _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

static inline void load_powers(__m256i r[5], __m256i s[5],
                               const uint64_t rl[5][4],
                               const uint64_t sl[5][4]) {
    for (int i = 0; i < 5; i++) {
        r[i] = _mm256_load_si256((const void *)rl[i]);
        s[i] = _mm256_load_si256((const void *)sl[i]);
    }
}

/* Absorbs pairs * 128 bytes (pairs >= 1) with the vector code. */
static void vector_pairs(avx2_state *st, const uint8_t *in, size_t pairs) {
    __m256i r[5], s[5], a[5], b[5], m[5];
    for (int i = 0; i < 5; i++) {
        r[i] = _mm256_set1_epi64x((long long)st->rq[i][0]); /* r^8 */
        s[i] = _mm256_set1_epi64x((long long)st->sq[i][0]);
    }
    uint64_t l[5];
    hush_poly1305_to_radix26(l, st->sc.h);
    load_blocks(m, in);
    for (int i = 0; i < 5; i++)
        a[i] = _mm256_add_epi64(m[i],
                                _mm256_setr_epi64x((long long)l[i], 0, 0, 0));
    load_blocks(b, in + 64);
    for (size_t p = 1; p < pairs; p++) {
        in += 128;
        hush_r26_mul_carry(a, a, r, s);
        hush_r26_mul_carry(b, b, r, s);
        load_blocks(m, in);
        for (int i = 0; i < 5; i++)
            a[i] = _mm256_add_epi64(a[i], m[i]);
        load_blocks(m, in + 64);
        for (int i = 0; i < 5; i++)
            b[i] = _mm256_add_epi64(b[i], m[i]);
    }
    load_powers(r, s, st->rq, st->sq); /* r^8..r^5 */
    hush_r26_mul_carry(a, a, r, s);
    load_powers(r, s, st->rp, st->sp); /* r^4..r^1 */
    hush_r26_mul_carry(b, b, r, s);
    for (int i = 0; i < 5; i++)
        l[i] = sum_lanes(_mm256_add_epi64(a[i], b[i]));
    /* back to radix 2^64; each sum is below 2^31 */
    hush_poly1305_scalar_from_radix26(&st->sc, l);
    hush_wipe(l, sizeof l);
}

static void avx2_init(void *state, const uint8_t key[32]) {
    avx2_state *st = state;
    hush_poly1305_scalar_init(&st->sc, key);
    st->have_powers = 0;
}

static void avx2_blocks(void *state, const uint8_t *in, size_t len,
                        unsigned hibit) {
    avx2_state *st = state;
    /* lengths and hibit are public */
    if (hibit && len >= 128) {
        if (!st->have_powers) compute_powers(st);
        size_t pairs = len / 128;
        vector_pairs(st, in, pairs);
        in += pairs * 128, len -= pairs * 128;
    }
    hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void avx2_finish(void *state, uint8_t tag[16]) {
    avx2_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_avx2 = {avx2_init, avx2_blocks,
                                              avx2_finish};
