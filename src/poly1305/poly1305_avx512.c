/*
 * Poly1305, AVX-512 IFMA: radix 2^44 (limbs of 44, 44 and 42 bits), one
 * block per 64-bit lane, products with vpmadd52luq/vpmadd52huq (the low
 * and high 52 bits of a 52x52-bit product). Sixteen blocks per step in two
 * independent accumulators A (blocks 0-7 of each 256 bytes) and B (blocks
 * 8-15), each advanced as acc = acc * r^16 + m, so two multiply chains are
 * in flight; at the end A is multiplied lane-wise by r^16..r^9, B by
 * r^8..r^1, and all lanes are summed: Horner's rule reordered. A leftover
 * group of eight blocks takes one single-accumulator step with r^8..r^1.
 * Inputs below 256 bytes and the last blocks stay on the shared scalar
 * code; the powers are computed on the first vector call only.
 *
 * Why 2^44: three limbs give 9 products (18 madd52) per eight blocks where
 * radix 2^26 needs 25 vpmuludq plus a longer carry chain (measured in
 * docs/perf/poly1305.md). Constant time: multiplications, additions,
 * shifts and masks only.
 */
#include <immintrin.h>

#include "poly1305/poly1305_impl.h"

typedef struct ifma_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;                /* public: depends on lengths */
    HUSH_ALIGNED(64) uint64_t rp[3][16]; /* limb i of r^(16-j) in lane j */
    HUSH_ALIGNED(64) uint64_t sp[2][16]; /* 20 * limbs 1 and 2 of rp */
} ifma_state;

_Static_assert(sizeof(ifma_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 avx512 state too large");

#define MASK44 0xfffffffffffull
#define MASK42 0x3ffffffffffull

static void to_radix44(uint64_t l[3], const uint64_t h[3]) {
    l[0] = h[0] & MASK44;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & MASK44;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}

static void compute_powers(ifma_state *st) {
    uint64_t p[3] = {st->sc.r[0], st->sc.r[1], 0};
    for (int k = 1; k <= 16; k++) {
        if (k > 1) hush_poly1305_mul(p, st->sc.r[0], st->sc.r[1]);
        uint64_t l[3];
        to_radix44(l, p);
        for (int i = 0; i < 3; i++)
            st->rp[i][16 - k] = l[i];
        st->sp[0][16 - k] = l[1] * 20;
        st->sp[1][16 - k] = l[2] * 20;
    }
    hush_wipe(p, sizeof p);
    st->have_powers = 1;
}

#define LO(acc, x, y) _mm512_madd52lo_epu64(acc, x, y)
#define HI(acc, x, y) _mm512_madd52hi_epu64(acc, x, y)

/* a = a * r mod 2^130-5, limbs carried to about 44/44/42 bits (limb 0 may
 * exceed 44 bits slightly: every operand stays far below 2^52). s1, s2
 * are 20 * r1, 20 * r2: 2^132 = 4 * 2^130 = 20 mod p. */
static inline void mul(__m512i a[3], __m512i r0, __m512i r1, __m512i r2,
                       __m512i s1, __m512i s2) {
    const __m512i z = _mm512_setzero_si512();
    __m512i d0l = LO(LO(LO(z, a[0], r0), a[1], s2), a[2], s1);
    __m512i d0h = HI(HI(HI(z, a[0], r0), a[1], s2), a[2], s1);
    __m512i d1l = LO(LO(LO(z, a[0], r1), a[1], r0), a[2], s2);
    __m512i d1h = HI(HI(HI(z, a[0], r1), a[1], r0), a[2], s2);
    __m512i d2l = LO(LO(LO(z, a[0], r2), a[1], r1), a[2], r0);
    __m512i d2h = HI(HI(HI(z, a[0], r2), a[1], r1), a[2], r0);
    /* high halves weigh 2^52 = 2^8 times the next limb; d2's high half
     * weighs 2^140 = 5 * 2^10 mod p */
    __m512i t0 =
        _mm512_add_epi64(d0l, _mm512_add_epi64(_mm512_slli_epi64(d2h, 10),
                                               _mm512_slli_epi64(d2h, 12)));
    __m512i t1 = _mm512_add_epi64(d1l, _mm512_slli_epi64(d0h, 8));
    __m512i t2 = _mm512_add_epi64(d2l, _mm512_slli_epi64(d1h, 8));
    const __m512i m44 = _mm512_set1_epi64((long long)MASK44);
    const __m512i m42 = _mm512_set1_epi64((long long)MASK42);
    t1 = _mm512_add_epi64(t1, _mm512_srli_epi64(t0, 44));
    t0 = _mm512_and_si512(t0, m44);
    t2 = _mm512_add_epi64(t2, _mm512_srli_epi64(t1, 44));
    t1 = _mm512_and_si512(t1, m44);
    __m512i c = _mm512_srli_epi64(t2, 42);
    t2 = _mm512_and_si512(t2, m42);
    t0 = _mm512_add_epi64(t0, _mm512_add_epi64(c, _mm512_slli_epi64(c, 2)));
    a[0] = t0, a[1] = t1, a[2] = t2;
}

/* Eight blocks (128 bytes) as radix-2^44 limbs with 2^128 added, block j
 * in lane j, added to a. */
static inline void add_blocks(__m512i a[3], const uint8_t *in) {
    const __m512i even = _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14);
    const __m512i odd = _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15);
    __m512i v0 = _mm512_loadu_si512(in), v1 = _mm512_loadu_si512(in + 64);
    __m512i lo = _mm512_permutex2var_epi64(v0, even, v1);
    __m512i hi = _mm512_permutex2var_epi64(v0, odd, v1);
    const __m512i m44 = _mm512_set1_epi64((long long)MASK44);
    __m512i m0 = _mm512_and_si512(lo, m44);
    __m512i m1 = _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(lo, 44), _mm512_slli_epi64(hi, 20)),
        m44);
    __m512i m2 = _mm512_or_si512(_mm512_srli_epi64(hi, 24),
                                 _mm512_set1_epi64((long long)1 << 40));
    a[0] = _mm512_add_epi64(a[0], m0);
    a[1] = _mm512_add_epi64(a[1], m1);
    a[2] = _mm512_add_epi64(a[2], m2);
}

/* Sums the lanes of a back into the scalar accumulator. */
static void fold_lanes(ifma_state *st, const __m512i a[3]) {
    uint64_t l0 = (uint64_t)_mm512_reduce_add_epi64(a[0]);
    uint64_t l1 = (uint64_t)_mm512_reduce_add_epi64(a[1]);
    uint64_t l2 = (uint64_t)_mm512_reduce_add_epi64(a[2]);
    /* each sum is below 2^49 */
    hush_u128 t = (hush_u128)l0 + ((hush_u128)l1 << 44);
    uint64_t h0 = (uint64_t)t;
    t = (t >> 64) + ((hush_u128)l2 << 24);
    uint64_t h1 = (uint64_t)t, h2 = (uint64_t)(t >> 64);
    uint64_t c = (h2 >> 2) * 5; /* keep h2 small for the scalar code */
    h2 &= 3;
    t = (hush_u128)h0 + c;
    st->sc.h[0] = (uint64_t)t;
    t = (hush_u128)h1 + (uint64_t)(t >> 64);
    st->sc.h[1] = (uint64_t)t;
    st->sc.h[2] = h2 + (uint64_t)(t >> 64);
}

static inline __m512i lane0(uint64_t v) {
    return _mm512_setr_epi64((long long)v, 0, 0, 0, 0, 0, 0, 0);
}

/* pairs * 256 bytes (pairs >= 1) with two accumulators. */
static void vector_pairs(ifma_state *st, const uint8_t *in, size_t pairs) {
    const __m512i r0 = _mm512_set1_epi64((long long)st->rp[0][0]); /* r^16 */
    const __m512i r1 = _mm512_set1_epi64((long long)st->rp[1][0]);
    const __m512i r2 = _mm512_set1_epi64((long long)st->rp[2][0]);
    const __m512i s1 = _mm512_set1_epi64((long long)st->sp[0][0]);
    const __m512i s2 = _mm512_set1_epi64((long long)st->sp[1][0]);
    uint64_t l[3];
    to_radix44(l, st->sc.h);
    __m512i a[3] = {lane0(l[0]), lane0(l[1]), lane0(l[2])};
    __m512i b[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(),
                    _mm512_setzero_si512()};
    add_blocks(a, in);
    add_blocks(b, in + 128);
    for (size_t p = 1; p < pairs; p++) {
        in += 256;
        mul(a, r0, r1, r2, s1, s2);
        mul(b, r0, r1, r2, s1, s2);
        add_blocks(a, in);
        add_blocks(b, in + 128);
    }
    mul(a, _mm512_load_si512(st->rp[0]), _mm512_load_si512(st->rp[1]),
        _mm512_load_si512(st->rp[2]), _mm512_load_si512(st->sp[0]),
        _mm512_load_si512(st->sp[1]));
    mul(b, _mm512_load_si512(st->rp[0] + 8), _mm512_load_si512(st->rp[1] + 8),
        _mm512_load_si512(st->rp[2] + 8), _mm512_load_si512(st->sp[0] + 8),
        _mm512_load_si512(st->sp[1] + 8));
    for (int i = 0; i < 3; i++)
        a[i] = _mm512_add_epi64(a[i], b[i]);
    fold_lanes(st, a);
    hush_wipe(l, sizeof l);
}

/* One group of eight blocks (128 bytes). */
static void vector_group(ifma_state *st, const uint8_t *in) {
    uint64_t l[3];
    to_radix44(l, st->sc.h);
    __m512i a[3] = {lane0(l[0]), lane0(l[1]), lane0(l[2])};
    add_blocks(a, in);
    mul(a, _mm512_load_si512(st->rp[0] + 8), _mm512_load_si512(st->rp[1] + 8),
        _mm512_load_si512(st->rp[2] + 8), _mm512_load_si512(st->sp[0] + 8),
        _mm512_load_si512(st->sp[1] + 8));
    fold_lanes(st, a);
    hush_wipe(l, sizeof l);
}

static void ifma_init(void *state, const uint8_t key[32]) {
    ifma_state *st = state;
    hush_poly1305_scalar_init(&st->sc, key);
    st->have_powers = 0;
}

static void ifma_blocks(void *state, const uint8_t *in, size_t len,
                        unsigned hibit) {
    ifma_state *st = state;
    /* lengths and hibit are public */
    if (hibit && len >= 256) {
        if (!st->have_powers) compute_powers(st);
        size_t pairs = len / 256;
        vector_pairs(st, in, pairs);
        in += pairs * 256, len -= pairs * 256;
        if (len >= 128) {
            vector_group(st, in);
            in += 128, len -= 128;
        }
    }
    hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void ifma_finish(void *state, uint8_t tag[16]) {
    ifma_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_avx512 = {ifma_init, ifma_blocks,
                                                ifma_finish};
