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

typedef struct avx512_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;               /* public: depends on lengths only */
    HUSH_ALIGNED(64) uint64_t rp[5][8]; /* limb i of r^(8-j) in lane j */
    HUSH_ALIGNED(64) uint64_t sp[5][8]; /* 5 * rp */
} avx512_state;

_Static_assert(sizeof(avx512_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 avx512 state too large");

#define MASK26 HUSH_POLY1305_MASK26

static void compute_powers(avx512_state *st) {
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

/* d = a * r mod 2^130-5 in radix 2^26, carried to limbs of about 26 bits. */
static inline void mul_carry(__m512i d[5], const __m512i a[5],
                             const __m512i r[5], const __m512i s[5]) {
#define M(x, y) _mm512_mul_epu32(x, y)
#define A(x, y) _mm512_add_epi64(x, y)
    __m512i d0 = A(A(M(a[0], r[0]), M(a[1], s[4])),
                   A(A(M(a[2], s[3]), M(a[3], s[2])), M(a[4], s[1])));
    __m512i d1 = A(A(M(a[0], r[1]), M(a[1], r[0])),
                   A(A(M(a[2], s[4]), M(a[3], s[3])), M(a[4], s[2])));
    __m512i d2 = A(A(M(a[0], r[2]), M(a[1], r[1])),
                   A(A(M(a[2], r[0]), M(a[3], s[4])), M(a[4], s[3])));
    __m512i d3 = A(A(M(a[0], r[3]), M(a[1], r[2])),
                   A(A(M(a[2], r[1]), M(a[3], r[0])), M(a[4], s[4])));
    __m512i d4 = A(A(M(a[0], r[4]), M(a[1], r[3])),
                   A(A(M(a[2], r[2]), M(a[3], r[1])), M(a[4], r[0])));
    const __m512i m = _mm512_set1_epi64(MASK26);
    __m512i c;
    c = _mm512_srli_epi64(d0, 26), d0 = _mm512_and_si512(d0, m), d1 = A(d1, c);
    c = _mm512_srli_epi64(d3, 26), d3 = _mm512_and_si512(d3, m), d4 = A(d4, c);
    c = _mm512_srli_epi64(d1, 26), d1 = _mm512_and_si512(d1, m), d2 = A(d2, c);
    c = _mm512_srli_epi64(d4, 26), d4 = _mm512_and_si512(d4, m);
    d0 = A(d0, A(c, _mm512_slli_epi64(c, 2))); /* 2^130 = 5 */
    c = _mm512_srli_epi64(d2, 26), d2 = _mm512_and_si512(d2, m), d3 = A(d3, c);
    c = _mm512_srli_epi64(d0, 26), d0 = _mm512_and_si512(d0, m), d1 = A(d1, c);
    c = _mm512_srli_epi64(d3, 26), d3 = _mm512_and_si512(d3, m), d4 = A(d4, c);
    d[0] = d0, d[1] = d1, d[2] = d2, d[3] = d3, d[4] = d4;
#undef M
#undef A
}

/* Eight blocks (128 bytes) split into radix-2^26 limbs, block j in lane j,
 * each with 2^128 added. */
static inline void load_blocks(__m512i m[5], const uint8_t *in) {
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    const __m512i mask = _mm512_set1_epi64(MASK26);
    __m512i v0 = _mm512_loadu_si512(in), v1 = _mm512_loadu_si512(in + 64);
    __m512i lo = _mm512_permutex2var_epi64(v0, even, v1);
    __m512i hi = _mm512_permutex2var_epi64(v0, odd, v1);
    m[0] = _mm512_and_si512(lo, mask);
    m[1] = _mm512_and_si512(_mm512_srli_epi64(lo, 26), mask);
    m[2] = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(lo, 52), _mm512_slli_epi64(hi, 12)),
        mask);
    m[3] = _mm512_and_si512(_mm512_srli_epi64(hi, 14), mask);
    m[4] = _mm512_or_si512(_mm512_srli_epi64(hi, 40),
                           _mm512_set1_epi64((uint64_t)1 << 24));
}

/* Absorbs groups * 128 bytes (groups >= 1) with the vector code. */
static void vector_blocks(avx512_state *st, const uint8_t *in, size_t groups) {
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
        mul_carry(a, a, r, s);
        for (int i = 0; i < 5; i++)
            a[i] = _mm512_add_epi64(a[i], m[i]);
    }
    for (int i = 0; i < 5; i++) {
        r[i] = _mm512_load_si512(st->rp[i]);
        s[i] = _mm512_load_si512(st->sp[i]);
    }
    mul_carry(a, a, r, s);
    for (int i = 0; i < 5; i++)
        l[i] = (uint64_t)_mm512_reduce_add_epi64(a[i]);
    /* back to radix 2^64; each sum is below 2^30 */
    hush_poly1305_scalar_from_radix26(&st->sc, l);
    hush_wipe(l, sizeof l);
}

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
    }
    hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void avx512_finish(void *state, uint8_t tag[16]) {
    avx512_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_avx512 = {avx512_init, avx512_blocks,
                                                avx512_finish};
