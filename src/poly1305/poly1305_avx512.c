/*
 * Poly1305, AVX-512F (for AVX-512 CPUs without IFMA; see
 * docs/perf/poly1305.md): eight blocks per step in radix 2^26, one block per
 * 64-bit lane, multiplied with vpmuludq (32x32 -> 64). Lane j accumulates
 * blocks j, j+8, j+16, ... as acc = acc * r^8 + m; at the end lane j is
 * multiplied by r^(8-j) and the lanes are summed, which is Horner's rule
 * reordered. Short inputs (< 256 bytes) and the blocks left over stay on the
 * shared scalar code, so a short message pays no vector set-up; the powers
 * r^1..r^8 are computed on the first vector call only. Constant time:
 * multiplications, additions, shifts and masks only.
 */
#include <immintrin.h>

#include "poly1305/poly1305_impl.h"

/* poly1305_radix26.h at this tier's width (512 bits) */
#define R26_VEC        __m512i
#define R26_MUL(x, y)  _mm512_mul_epu32(x, y)
#define R26_ADD(x, y)  _mm512_add_epi64(x, y)
#define R26_AND(x, y)  _mm512_and_si512(x, y)
#define R26_OR(x, y)   _mm512_or_si512(x, y)
#define R26_SRLI(x, n) _mm512_srli_epi64(x, n)
#define R26_SLLI(x, n) _mm512_slli_epi64(x, n)
#define R26_SET1(c)    _mm512_set1_epi64((long long)(c))
#include "poly1305/poly1305_radix26.h"

typedef struct avx512_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;               /* public: depends on lengths only */
    HUSH_ALIGNED(64) uint64_t rp[5][8]; /* limb i of r^(8-j) in lane j */
    HUSH_ALIGNED(64) uint64_t sp[5][8]; /* 5 * rp */
} avx512_state;

_Static_assert(sizeof(avx512_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 avx512 state too large");

static __attribute__((noinline)) void compute_powers(avx512_state *st) {
    uint64_t p[3] = {st->sc.r[0], st->sc.r[1], 0};
    for (int k = 1; k <= 8; k++) {
        if (k > 1) hush_poly1305_mul(p, st->sc.r[0], st->sc.r[1]);
        uint64_t l[5];
        hush_poly1305_to_radix26(l, p);
        for (int i = 0; i < 5; i++) {
            st->rp[i][8 - k] = l[i];
            st->sp[i][8 - k] = l[i] * 5;
        }
        hush_wipe(l, sizeof l); /* limbs of a power of r */
    }
    hush_wipe(p, sizeof p);
    st->have_powers = 1;
}

/* Eight blocks (128 bytes) split into radix-2^26 limbs, block j in lane j,
 * each with 2^128 added. */
static inline void load_blocks(__m512i m[5], const uint8_t *in) {
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    __m512i v0 = _mm512_loadu_si512(in), v1 = _mm512_loadu_si512(in + 64);
    __m512i lo = _mm512_permutex2var_epi64(v0, even, v1);
    __m512i hi = _mm512_permutex2var_epi64(v0, odd, v1);
    hush_r26_split_blocks(m, lo, hi);
}

/* Absorbs groups * 128 bytes (groups >= 1) with the vector code. */
static __attribute__((noinline)) void
vector_blocks(avx512_state *st, const uint8_t *in, size_t groups) {
    __m512i r[5], s[5], a[5], m[5];
    for (int i = 0; i < 5; i++) {
        r[i] = _mm512_set1_epi64((long long)st->rp[i][0]); /* r^8 */
        s[i] = _mm512_set1_epi64((long long)st->sp[i][0]);
    }
    uint64_t l[5];
    hush_poly1305_to_radix26(l, st->sc.h);
    load_blocks(m, in);
    for (int i = 0; i < 5; i++)
        a[i] = _mm512_add_epi64(
            m[i], _mm512_setr_epi64((long long)l[i], 0, 0, 0, 0, 0, 0, 0));
    for (size_t g = 1; g < groups; g++) {
        in += 128;
        load_blocks(m, in);
        hush_r26_mul_carry(a, a, r, s);
        for (int i = 0; i < 5; i++)
            a[i] = _mm512_add_epi64(a[i], m[i]);
    }
    for (int i = 0; i < 5; i++) {
        r[i] = _mm512_load_si512(st->rp[i]);
        s[i] = _mm512_load_si512(st->sp[i]);
    }
    hush_r26_mul_carry(a, a, r, s);
    for (int i = 0; i < 5; i++)
        l[i] = (uint64_t)_mm512_reduce_add_epi64(a[i]);
    /* back to radix 2^64; each sum is below 2^30 */
    hush_poly1305_scalar_from_radix26(&st->sc, l);
    hush_wipe(l, sizeof l);
}

/* Bytes wiped beneath avx512_blocks after its vector functions (see
 * HUSH_POLY1305_SCALAR_SCRUB). */
#define VECTOR_SCRUB 2048

static void avx512_init(void *state, const uint8_t key[32]) {
    avx512_state *st = state;
    hush_poly1305_scalar_init(&st->sc, key);
    st->have_powers = 0;
}

static void avx512_blocks(void *state, const uint8_t *in, size_t len,
                          unsigned hibit) {
    avx512_state *st = state;
    /* lengths and hibit are public */
    if (hibit && len >= 256) {
        if (!st->have_powers) compute_powers(st);
        size_t groups = len / 128;
        vector_blocks(st, in, groups);
        in += groups * 128, len -= groups * 128;
        /* their frames hold limbs of r^8 and others (gcc 12:
         * vector_blocks 0x400 bytes, 64-byte aligned) */
        hush_scrub_stack(VECTOR_SCRUB);
    }
    hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void avx512_finish(void *state, uint8_t tag[16]) {
    avx512_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_avx512 = {avx512_init, avx512_blocks,
                                                avx512_finish};
