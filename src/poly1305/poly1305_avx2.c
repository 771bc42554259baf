/*
 * Poly1305, AVX2: radix 2^26, one block per 64-bit lane, products with
 * vpmuludq (32x32 -> 64), four lanes. The input is taken in groups of
 * four blocks (64 bytes); lane j accumulates blocks j, j+4, j+8, ... so
 * that the tag is sum_j acc_j * r^(4-j) (Horner's rule reordered). Each
 * loop step absorbs two groups G1, G2 with one carry chain:
 *   acc = carry(acc * r^8 + G1 * r^4) + G2,
 * so only the acc * r^8 products and the carry are on the dependent chain;
 * G1 * r^4 is independent work (docs/perf/poly1305.md #6). The broadcast
 * powers are memory operands (a stack table), so acc, the five sums and
 * the message limbs fit in the 16 ymm registers without spills.
 * Lanes hold blocks in the order 0, 2, 1, 3 (what vpunpck{l,h}qdq gives
 * from two 32-byte loads); the final powers are stored in that order.
 * Inputs below 832 bytes and the last 16-48 bytes take one scalar chain
 * of the mulx block step (so this tier needs BMI2 as well), the padded
 * final block the shared scalar code; the powers r^1..r^8 are computed on
 * the first vector call.
 * Constant time: multiplications, additions, shifts and masks only.
 */
#include <immintrin.h>

#include "poly1305/poly1305_impl.h"
#include "poly1305/poly1305_mulx.h"

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

/* Lane p holds block LANE_BLOCK(p) of a group: 0, 2, 1, 3. */
#define LANE_BLOCK(p) ((((p)&1) << 1) | ((p) >> 1))

typedef struct avx2_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;               /* public: depends on lengths only */
    HUSH_ALIGNED(32) uint64_t rp[5][4]; /* limb i of r^(4-b) in lane p */
    HUSH_ALIGNED(32) uint64_t sp[5][4]; /* 5 * rp */
    HUSH_ALIGNED(32) uint64_t rq[5][4]; /* limb i of r^(8-b) in lane p */
    HUSH_ALIGNED(32) uint64_t sq[5][4]; /* 5 * rq */
} avx2_state;                           /* (b = LANE_BLOCK(p)) */

_Static_assert(sizeof(avx2_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 avx2 state too large");

static __attribute__((noinline)) void compute_powers(avx2_state *st) {
    uint64_t p[3] = {st->sc.r[0], st->sc.r[1], 0};
    for (int k = 1; k <= 8; k++) {
        if (k > 1) hush_poly1305_mul(p, st->sc.r[0], st->sc.r[1]);
        uint64_t l[5];
        hush_poly1305_to_radix26(l, p);
        /* r^k belongs to block b = 4 - k (rp) or 8 - k (rq) */
        int lane = LANE_BLOCK((8 - k) & 3); /* the map is its own inverse */
        for (int i = 0; i < 5; i++) {
            if (k <= 4) {
                st->rp[i][lane] = l[i];
                st->sp[i][lane] = l[i] * 5;
            } else {
                st->rq[i][lane] = l[i];
                st->sq[i][lane] = l[i] * 5;
            }
        }
        hush_wipe(l, sizeof l);
    }
    hush_wipe(p, sizeof p);
    st->have_powers = 1;
}

/* Four blocks (64 bytes) split into radix-2^26 limbs, blocks 0, 2, 1, 3
 * in lanes 0..3, each with 2^128 added. */
static inline void load_group(__m256i m[5], const uint8_t *in) {
    __m256i v0 = _mm256_loadu_si256((const void *)in);
    __m256i v1 = _mm256_loadu_si256((const void *)(in + 32));
    hush_r26_split_blocks(m, _mm256_unpacklo_epi64(v0, v1),
                          _mm256_unpackhi_epi64(v0, v1));
}

static inline uint64_t sum_lanes(__m256i v) {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v),
                              _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(s) + (uint64_t)_mm_extract_epi64(s, 1);
}

/* Rows of a power table: r[i] limb i of the power(s), s[i] = 5 * r[i]. */
typedef struct pow_rows {
    HUSH_ALIGNED(32) uint64_t r[5][4];
    HUSH_ALIGNED(32) uint64_t s[5][4];
} pow_rows;

#define ROW(t) _mm256_load_si256((const void *)(t))

/* d += a * (r, s) in radix 2^26, not carried (2^130 = 5: s = 5r). */
static inline void mul_acc(__m256i d[5], const __m256i a[5],
                           const uint64_t (*r)[4], const uint64_t (*s)[4]) {
#define M(x, y) _mm256_mul_epu32(x, ROW(y))
#define A(x, y) _mm256_add_epi64(x, y)
    d[0] = A(d[0], A(A(M(a[0], r[0]), M(a[1], s[4])),
                     A(A(M(a[2], s[3]), M(a[3], s[2])), M(a[4], s[1]))));
    d[1] = A(d[1], A(A(M(a[0], r[1]), M(a[1], r[0])),
                     A(A(M(a[2], s[4]), M(a[3], s[3])), M(a[4], s[2]))));
    d[2] = A(d[2], A(A(M(a[0], r[2]), M(a[1], r[1])),
                     A(A(M(a[2], r[0]), M(a[3], s[4])), M(a[4], s[3]))));
    d[3] = A(d[3], A(A(M(a[0], r[3]), M(a[1], r[2])),
                     A(A(M(a[2], r[1]), M(a[3], r[0])), M(a[4], s[4]))));
    d[4] = A(d[4], A(A(M(a[0], r[4]), M(a[1], r[3])),
                     A(A(M(a[2], r[2]), M(a[3], r[1])), M(a[4], r[0]))));
#undef M
#undef A
}

/* d = a * (r, s), not carried. */
static inline void mul(__m256i d[5], const __m256i a[5], const uint64_t (*r)[4],
                       const uint64_t (*s)[4]) {
    for (int i = 0; i < 5; i++)
        d[i] = _mm256_setzero_si256();
    mul_acc(d, a, r, s);
}

/*
 * The loop, in inline assembly: compilers (gcc -O3) hoist and reorder the
 * 50 products of a step and spill most of them (docs/perf/poly1305.md #6).
 * Registers: acc in ymm0-4, the sums d in ymm5-9, a group's limbs in
 * ymm10-14, ymm15 a product or carry. Rows of a pow_rows table (32 bytes
 * apart: r0..r4 at 0..128, s1..s4 at 192..288) are memory operands.
 */
/* clang-format off */
#define R0 "0"
#define R1 "32"
#define R2 "64"
#define R3 "96"
#define R4 "128"
#define S1 "192"
#define S2 "224"
#define S3 "256"
#define S4 "288"
#define YMM(n) "%%ymm" #n
/* d = x * row, or d += x * row */
#define P_SET(o, t, x, d)                                                      \
    "vpmuludq " o "(%[" t "]), " YMM(x) ", " YMM(d) "\n\t"
#define P_ADD(o, t, x, d)                                                      \
    "vpmuludq " o "(%[" t "]), " YMM(x) ", %%ymm15\n\t"                        \
    "vpaddq %%ymm15, " YMM(d) ", " YMM(d) "\n\t"
/* limb d - 5 of the product of x (ymm x0..x4) and table t, into ymm d */
#define LIMB(P, t, x0, x1, x2, x3, x4, o0, o1, o2, o3, o4, d)                  \
    P(o0, t, x0, d) P_ADD(o1, t, x1, d) P_ADD(o2, t, x2, d)                    \
    P_ADD(o3, t, x3, d) P_ADD(o4, t, x4, d)
#define MUL5(P, t, x0, x1, x2, x3, x4)                                         \
    LIMB(P, t, x0, x1, x2, x3, x4, R0, S4, S3, S2, S1, 5)                      \
    LIMB(P, t, x0, x1, x2, x3, x4, R1, R0, S4, S3, S2, 6)                      \
    LIMB(P, t, x0, x1, x2, x3, x4, R2, R1, R0, S4, S3, 7)                      \
    LIMB(P, t, x0, x1, x2, x3, x4, R3, R2, R1, R0, S4, 8)                      \
    LIMB(P, t, x0, x1, x2, x3, x4, R4, R3, R2, R1, R0, 9)
/* a group at in + o (32-byte halves o, o2) split into ymm10-14 */
#define SPLIT(o, o2)                                                           \
    "vmovdqu " o "(%[in]), %%ymm15\n\t"                                        \
    "vpunpckhqdq " o2 "(%[in]), %%ymm15, %%ymm13\n\t"                          \
    "vpunpcklqdq " o2 "(%[in]), %%ymm15, %%ymm10\n\t"                          \
    "vpsrlq $26, %%ymm10, %%ymm11\n\t"                                         \
    "vpsrlq $52, %%ymm10, %%ymm12\n\t"                                         \
    "vpsllq $12, %%ymm13, %%ymm15\n\t"                                         \
    "vpor %%ymm15, %%ymm12, %%ymm12\n\t"                                       \
    "vpsrlq $40, %%ymm13, %%ymm14\n\t"                                         \
    "vpsrlq $14, %%ymm13, %%ymm13\n\t"                                         \
    "vpand (%[k]), %%ymm10, %%ymm10\n\t"                                       \
    "vpand (%[k]), %%ymm11, %%ymm11\n\t"                                       \
    "vpand (%[k]), %%ymm12, %%ymm12\n\t"                                       \
    "vpand (%[k]), %%ymm13, %%ymm13\n\t"                                       \
    "vpor 32(%[k]), %%ymm14, %%ymm14\n\t"
/* carry from limb ymm f into limb ymm t */
#define CARRY(f, t)                                                            \
    "vpsrlq $26, " YMM(f) ", %%ymm15\n\t"                                      \
    "vpand (%[k]), " YMM(f) ", " YMM(f) "\n\t"                                 \
    "vpaddq %%ymm15, " YMM(t) ", " YMM(t) "\n\t"
/* clang-format on */

/* mask of 26 bits, 2^24 (bit 128 of a block in limb 4) */
static const HUSH_ALIGNED(32) uint64_t loop_consts[2][4] = {
    {HUSH_POLY1305_MASK26, HUSH_POLY1305_MASK26, HUSH_POLY1305_MASK26,
     HUSH_POLY1305_MASK26},
    {1u << 24, 1u << 24, 1u << 24, 1u << 24}};

/* steps >= 1 times: acc = carry(acc * t8 + G1 * t4) + G2, G1 and G2 the
 * next two groups at in; acc in and out through a[5]. */
static const uint8_t *loop_steps(__m256i a[5], const uint8_t *in, size_t steps,
                                 const pow_rows *t4, const pow_rows *t8) {
    /* clang-format off */
    __asm__ volatile(
        "vmovdqa (%[a]), %%ymm0\n\t"
        "vmovdqa 32(%[a]), %%ymm1\n\t"
        "vmovdqa 64(%[a]), %%ymm2\n\t"
        "vmovdqa 96(%[a]), %%ymm3\n\t"
        "vmovdqa 128(%[a]), %%ymm4\n\t"
        "1:\n\t"
        /* d = G1 * r^4 + acc * r^8 */
        SPLIT("0", "32")
        MUL5(P_SET, "t4", 10, 11, 12, 13, 14)
        MUL5(P_ADD, "t8", 0, 1, 2, 3, 4)
        /* the carry chain of hush_r26_carry */
        CARRY(5, 6) CARRY(8, 9) CARRY(6, 7)
        "vpsrlq $26, %%ymm9, %%ymm15\n\t" /* limb 4 into limb 0, times 5 */
        "vpand (%[k]), %%ymm9, %%ymm9\n\t"
        "vpaddq %%ymm15, %%ymm5, %%ymm5\n\t"
        "vpsllq $2, %%ymm15, %%ymm15\n\t"
        "vpaddq %%ymm15, %%ymm5, %%ymm5\n\t"
        CARRY(7, 8) CARRY(5, 6) CARRY(8, 9)
        /* acc = d + G2 */
        SPLIT("64", "96")
        "vpaddq %%ymm10, %%ymm5, %%ymm0\n\t"
        "vpaddq %%ymm11, %%ymm6, %%ymm1\n\t"
        "vpaddq %%ymm12, %%ymm7, %%ymm2\n\t"
        "vpaddq %%ymm13, %%ymm8, %%ymm3\n\t"
        "vpaddq %%ymm14, %%ymm9, %%ymm4\n\t"
        "addq $128, %[in]\n\t"
        "decq %[n]\n\t"
        "jnz 1b\n\t"
        "vmovdqa %%ymm0, (%[a])\n\t"
        "vmovdqa %%ymm1, 32(%[a])\n\t"
        "vmovdqa %%ymm2, 64(%[a])\n\t"
        "vmovdqa %%ymm3, 96(%[a])\n\t"
        "vmovdqa %%ymm4, 128(%[a])\n\t"
        : [in] "+r"(in), [n] "+r"(steps)
        : [a] "r"(a), [t4] "r"(t4), [t8] "r"(t8), [k] "r"(loop_consts)
        : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
          "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
          "xmm14", "xmm15");
    /* clang-format on */
    return in;
}

/* Absorbs groups * 64 bytes (groups >= 2) with the vector code. */
static __attribute__((noinline)) void
vector_groups(avx2_state *st, const uint8_t *in, size_t groups) {
    pow_rows p4, p8; /* r^4 and r^8 in every lane */
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 4; j++) {
            p4.r[i][j] = st->rp[i][0], p4.s[i][j] = st->sp[i][0];
            p8.r[i][j] = st->rq[i][0], p8.s[i][j] = st->sq[i][0];
        }
    __m256i a[5], d[5], m[5];
    uint64_t l[5];
    hush_poly1305_to_radix26(l, st->sc.h);
    load_group(a, in);
    for (int i = 0; i < 5; i++)
        a[i] = _mm256_add_epi64(a[i],
                                _mm256_setr_epi64x((long long)l[i], 0, 0, 0));
    in += 64, groups--;
    if (groups >= 2) {
        in = loop_steps(a, in, groups / 2, &p4, &p8);
        groups &= 1;
    }
    if (groups) { /* one group left: acc * r^(8-b) + G * r^(4-b) */
        load_group(m, in);
        mul(d, m, st->rp, st->sp);
        mul_acc(d, a, st->rq, st->sq);
    } else {
        mul(d, a, st->rp, st->sp);
    }
    hush_r26_carry(d); /* limbs below 2^58.9 in (docs/perf/poly1305.md #6) */
    for (int i = 0; i < 5; i++)
        l[i] = sum_lanes(d[i]);
    /* back to radix 2^64; each sum is below 2^31 */
    hush_poly1305_scalar_from_radix26(&st->sc, l);
    hush_wipe(l, sizeof l);
    hush_wipe(a, sizeof a);
    hush_wipe(d, sizeof d);
    hush_wipe(&p4, sizeof p4);
    hush_wipe(&p8, sizeof p8);
}

/* Below this the vector path's set-up (powers, broadcast table, the final
 * lane sum) costs more than the scalar blocks it replaces (Zen 3: equal
 * near 384 bytes with the C block step, near 800 with the asm one;
 * docs/perf/poly1305.md #7, #8). At least 128 (two groups). */
#define VECTOR_MIN_BYTES 832

/* Bytes wiped beneath avx2_blocks after its vector functions (see
 * HUSH_POLY1305_SCALAR_SCRUB). */
#define VECTOR_SCRUB 2560

static void avx2_init(void *state, const uint8_t key[32]) {
    avx2_state *st = state;
    hush_poly1305_scalar_init(&st->sc, key);
    st->have_powers = 0;
}

static void avx2_blocks(void *state, const uint8_t *in, size_t len,
                        unsigned hibit) {
    avx2_state *st = state;
    /* lengths and hibit are public */
    if (hibit && len >= VECTOR_MIN_BYTES) {
        if (!st->have_powers) compute_powers(st);
        size_t groups = len / 64;
        vector_groups(st, in, groups);
        in += groups * 64, len -= groups * 64;
        /* their frames hold limbs of r^4 and r^8 (gcc 12: vector_groups
         * 0x700 bytes) */
        hush_scrub_stack(VECTOR_SCRUB);
    }
    if (hibit)
        hush_poly1305_mulx_blocks(&st->sc, in, len);
    else
        hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void avx2_finish(void *state, uint8_t tag[16]) {
    avx2_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_avx2 = {avx2_init, avx2_blocks,
                                              avx2_finish};
