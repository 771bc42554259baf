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
#include "poly1305/poly1305_mulx.h"

typedef struct hush_ifma_state {
    hush_poly1305_scalar sc;
    uint64_t have_powers;                /* public: depends on lengths */
    HUSH_ALIGNED(64) uint64_t rp[3][16]; /* limb i of r^(16-j) in lane j */
    HUSH_ALIGNED(64) uint64_t sp[2][16]; /* 20 * limbs 1 and 2 of rp */
} hush_ifma_state;

_Static_assert(sizeof(hush_ifma_state) <= HUSH_POLY1305_STATE_BYTES,
               "poly1305 ifma state too large");

#define MASK44 0xfffffffffffull
#define MASK42 0x3ffffffffffull

static inline void hush_ifma_to_radix44(uint64_t l[3], const uint64_t h[3]) {
    l[0] = h[0] & MASK44;
    l[1] = ((h[0] >> 44) | (h[1] << 20)) & MASK44;
    l[2] = (h[1] >> 24) | (h[2] << 40);
}

#define LO(acc, x, y) _mm512_madd52lo_epu64(acc, x, y)
#define HI(acc, x, y) _mm512_madd52hi_epu64(acc, x, y)

/* a = a * r + m mod 2^130-5, limbs carried to about 44/44/42 bits (limb
 * 0 may exceed 44 bits slightly: every operand stays far below 2^52). s1,
 * s2 are 20 * r1, 20 * r2: 2^132 = 4 * 2^130 = 20 mod p. The addend m
 * (limbs below 2^45) seeds the low product chains, so adding it costs no
 * instruction of its own (docs/perf/chachapoly.md #11); the sums stay
 * below 2^55. */
static inline void hush_ifma_mul_add(__m512i a[3], const __m512i m[3],
                                     __m512i r0, __m512i r1, __m512i r2,
                                     __m512i s1, __m512i s2) {
    const __m512i z = _mm512_setzero_si512();
    __m512i d0l = LO(LO(LO(m[0], a[0], r0), a[1], s2), a[2], s1);
    __m512i d0h = HI(HI(HI(z, a[0], r0), a[1], s2), a[2], s1);
    __m512i d1l = LO(LO(LO(m[1], a[0], r1), a[1], r0), a[2], s2);
    __m512i d1h = HI(HI(HI(z, a[0], r1), a[1], r0), a[2], s2);
    __m512i d2l = LO(LO(LO(m[2], a[0], r2), a[1], r1), a[2], r0);
    __m512i d2h = HI(HI(HI(z, a[0], r2), a[1], r1), a[2], r0);
    /* High halves weigh 2^52 = 2^8 times the next limb, and d2's high
     * half 2^140 = 5 * 2^10 mod p. Those scalings are done by madd52lo
     * with a constant (one instruction instead of shift and add): every
     * product stays below 2^52 because the high halves are below 2^38. */
    const __m512i k256 = _mm512_set1_epi64(256);
    __m512i t0 = LO(d0l, d2h, _mm512_set1_epi64(5 << 10));
    __m512i t1 = LO(d1l, d0h, k256);
    __m512i t2 = LO(d2l, d1h, k256);
    const __m512i m44 = _mm512_set1_epi64((long long)MASK44);
    const __m512i m42 = _mm512_set1_epi64((long long)MASK42);
    t1 = _mm512_add_epi64(t1, _mm512_srli_epi64(t0, 44));
    t0 = _mm512_and_si512(t0, m44);
    t2 = _mm512_add_epi64(t2, _mm512_srli_epi64(t1, 44));
    t1 = _mm512_and_si512(t1, m44);
    __m512i c = _mm512_srli_epi64(t2, 42);
    t2 = _mm512_and_si512(t2, m42);
    t0 = LO(t0, c, _mm512_set1_epi64(5));
    a[0] = t0, a[1] = t1, a[2] = t2;
}

/* a = a * r mod 2^130-5 (hush_ifma_mul_add with m = 0). */
static inline void hush_ifma_mul(__m512i a[3], __m512i r0, __m512i r1,
                                 __m512i r2, __m512i s1, __m512i s2) {
    const __m512i z[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(),
                          _mm512_setzero_si512()};
    hush_ifma_mul_add(a, z, r0, r1, r2, s1, s2);
}

static inline __m512i hush_ifma_times20(__m512i v) {
    return _mm512_add_epi64(_mm512_slli_epi64(v, 4), _mm512_slli_epi64(v, 2));
}

/* r^1..r^16 into rp/sp, with vector multiplications: a prefix product
 * over the lanes (three steps, lane j ends as r^(j+1)), then one product
 * by r^8 for r^9..r^16. Half the latency of 15 scalar multiplications. */
static __attribute__((noinline)) void
hush_ifma_compute_powers(hush_ifma_state *st) {
    const uint64_t r[3] = {st->sc.r[0], st->sc.r[1], 0};
    uint64_t l[3];
    hush_ifma_to_radix44(l, r);
    __m512i x[3];
    for (int i = 0; i < 3; i++)
        x[i] = _mm512_set1_epi64((long long)l[i]);
    const __m512i iota = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    for (int sh = 1; sh < 8; sh <<= 1) {
        /* y = x moved up sh lanes, 1 in the lanes below sh */
        __mmask8 up = (__mmask8)(0xffu << sh);
        __m512i idx = _mm512_sub_epi64(iota, _mm512_set1_epi64(sh));
        __m512i y0 =
            _mm512_mask_permutexvar_epi64(_mm512_set1_epi64(1), up, idx, x[0]);
        __m512i y1 = _mm512_maskz_permutexvar_epi64(up, idx, x[1]);
        __m512i y2 = _mm512_maskz_permutexvar_epi64(up, idx, x[2]);
        hush_ifma_mul(x, y0, y1, y2, hush_ifma_times20(y1),
                      hush_ifma_times20(y2));
    }
    __m512i hi[3], b[3];
    for (int i = 0; i < 3; i++) {
        b[i] = _mm512_permutexvar_epi64(_mm512_set1_epi64(7), x[i]); /* r^8 */
        hi[i] = x[i];
    }
    hush_ifma_mul(hi, b[0], b[1], b[2], hush_ifma_times20(b[1]),
                  hush_ifma_times20(b[2]));
    /* lane j of rp holds r^(16-j): reverse both halves */
    const __m512i rev = _mm512_setr_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    for (int i = 0; i < 3; i++) {
        hi[i] = _mm512_permutexvar_epi64(rev, hi[i]);
        x[i] = _mm512_permutexvar_epi64(rev, x[i]);
        _mm512_store_si512(st->rp[i], hi[i]);
        _mm512_store_si512(st->rp[i] + 8, x[i]);
    }
    for (int i = 0; i < 2; i++) {
        _mm512_store_si512(st->sp[i], hush_ifma_times20(hi[i + 1]));
        _mm512_store_si512(st->sp[i] + 8, hush_ifma_times20(x[i + 1]));
    }
    hush_wipe(l, sizeof l);
    st->have_powers = 1;
}

/* Eight blocks (128 bytes) as radix-2^44 limbs with 2^128 added, block j
 * in lane j. */
static inline void hush_ifma_load_blocks(__m512i m[3], const uint8_t *in) {
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
    m[0] = m0, m[1] = m1, m[2] = m2;
}

/* The same eight blocks added to a. */
static inline void hush_ifma_add_blocks(__m512i a[3], const uint8_t *in) {
    __m512i m[3];
    hush_ifma_load_blocks(m, in);
    for (int i = 0; i < 3; i++)
        a[i] = _mm512_add_epi64(a[i], m[i]);
}

/* Sums the lanes of a back into the scalar accumulator. */
static inline void hush_ifma_fold_lanes(hush_ifma_state *st,
                                        const __m512i a[3]) {
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

static inline __m512i hush_ifma_lane0(uint64_t v) {
    return _mm512_setr_epi64((long long)v, 0, 0, 0, 0, 0, 0, 0);
}

/* Two accumulators of eight lanes: A takes blocks 0-7 of each 256 bytes,
 * B blocks 8-15. */
typedef struct hush_ifma_acc {
    __m512i a[3], b[3];
} hush_ifma_acc;

/* r^16 broadcast, the multiplier of every step. */
typedef struct hush_ifma_r16 {
    __m512i r0, r1, r2, s1, s2;
} hush_ifma_r16;

static inline hush_ifma_r16 hush_ifma_load_r16(const hush_ifma_state *st) {
    hush_ifma_r16 k;
    k.r0 = _mm512_set1_epi64((long long)st->rp[0][0]);
    k.r1 = _mm512_set1_epi64((long long)st->rp[1][0]);
    k.r2 = _mm512_set1_epi64((long long)st->rp[2][0]);
    k.s1 = _mm512_set1_epi64((long long)st->sp[0][0]);
    k.s2 = _mm512_set1_epi64((long long)st->sp[1][0]);
    return k;
}

/* First 256 bytes: the scalar accumulator joins lane 0 of A. */
static inline void hush_ifma_begin(hush_ifma_acc *acc,
                                   const hush_ifma_state *st,
                                   const uint8_t *in) {
    uint64_t l[3];
    hush_ifma_to_radix44(l, st->sc.h);
    for (int i = 0; i < 3; i++) {
        acc->a[i] = hush_ifma_lane0(l[i]);
        acc->b[i] = _mm512_setzero_si512();
    }
    hush_ifma_add_blocks(acc->a, in);
    hush_ifma_add_blocks(acc->b, in + 128);
    hush_wipe(l, sizeof l);
}

/* Next 256 bytes: acc = acc * r^16 + m. */
static inline void hush_ifma_step(hush_ifma_acc *acc, const hush_ifma_r16 *k,
                                  const uint8_t *in) {
    __m512i ma[3], mb[3];
    hush_ifma_load_blocks(ma, in);
    hush_ifma_load_blocks(mb, in + 128);
    hush_ifma_mul_add(acc->a, ma, k->r0, k->r1, k->r2, k->s1, k->s2);
    hush_ifma_mul_add(acc->b, mb, k->r0, k->r1, k->r2, k->s1, k->s2);
}

/* A times r^16..r^9, B times r^8..r^1, all lanes summed into st->sc.h. */
static inline void hush_ifma_end(hush_ifma_acc *acc, hush_ifma_state *st) {
    hush_ifma_mul(acc->a, _mm512_load_si512(st->rp[0]),
                  _mm512_load_si512(st->rp[1]), _mm512_load_si512(st->rp[2]),
                  _mm512_load_si512(st->sp[0]), _mm512_load_si512(st->sp[1]));
    hush_ifma_mul(
        acc->b, _mm512_load_si512(st->rp[0] + 8),
        _mm512_load_si512(st->rp[1] + 8), _mm512_load_si512(st->rp[2] + 8),
        _mm512_load_si512(st->sp[0] + 8), _mm512_load_si512(st->sp[1] + 8));
    for (int i = 0; i < 3; i++)
        acc->a[i] = _mm512_add_epi64(acc->a[i], acc->b[i]);
    hush_ifma_fold_lanes(st, acc->a);
}

/* pairs * 256 bytes (pairs >= 1) with two accumulators. */
static __attribute__((noinline)) void
vector_pairs(hush_ifma_state *st, const uint8_t *in, size_t pairs) {
    const hush_ifma_r16 k = hush_ifma_load_r16(st);
    hush_ifma_acc acc;
    hush_ifma_begin(&acc, st, in);
    for (size_t p = 1; p < pairs; p++)
        hush_ifma_step(&acc, &k, in + 256 * p);
    hush_ifma_end(&acc, st);
}

/* One group of eight blocks (128 bytes): times r^8..r^1. */
static __attribute__((noinline)) void vector_group(hush_ifma_state *st,
                                                   const uint8_t *in) {
    uint64_t l[3];
    hush_ifma_to_radix44(l, st->sc.h);
    __m512i a[3] = {hush_ifma_lane0(l[0]), hush_ifma_lane0(l[1]),
                    hush_ifma_lane0(l[2])};
    hush_ifma_add_blocks(a, in);
    hush_ifma_mul(
        a, _mm512_load_si512(st->rp[0] + 8), _mm512_load_si512(st->rp[1] + 8),
        _mm512_load_si512(st->rp[2] + 8), _mm512_load_si512(st->sp[0] + 8),
        _mm512_load_si512(st->sp[1] + 8));
    hush_ifma_fold_lanes(st, a);
    hush_wipe(l, sizeof l);
}

/* Bytes wiped beneath ifma_blocks after its vector functions (see
 * HUSH_POLY1305_SCALAR_SCRUB). */
#define VECTOR_SCRUB 1536

static void ifma_init(void *state, const uint8_t key[32]) {
    hush_ifma_state *st = state;
    hush_poly1305_scalar_init(&st->sc, key);
    st->have_powers = 0;
}

static void ifma_blocks(void *state, const uint8_t *in, size_t len,
                        unsigned hibit) {
    hush_ifma_state *st = state;
    /* lengths and hibit are public */
    if (hibit && len >= 256) {
        if (!st->have_powers) hush_ifma_compute_powers(st);
        size_t pairs = len / 256;
        vector_pairs(st, in, pairs);
        in += pairs * 256, len -= pairs * 256;
        if (len >= 128) {
            vector_group(st, in);
            in += 128, len -= 128;
        }
        /* the frames of the three functions above hold limbs of r^16 and
         * others (gcc 12: vector_pairs 0x300 bytes, 64-byte aligned) */
        hush_scrub_stack(VECTOR_SCRUB);
    }
    if (hibit)
        hush_poly1305_mulx_blocks(&st->sc, in, len);
    else
        hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void ifma_finish(void *state, uint8_t tag[16]) {
    hush_ifma_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_ifma = {ifma_init, ifma_blocks,
                                              ifma_finish};
