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
#include "poly1305/poly1305_ifma.h"

/* pairs * 256 bytes (pairs >= 1) with two accumulators. */
static void vector_pairs(hush_ifma_state *st, const uint8_t *in, size_t pairs) {
    const hush_ifma_r16 k = hush_ifma_load_r16(st);
    hush_ifma_acc acc;
    hush_ifma_begin(&acc, st, in);
    for (size_t p = 1; p < pairs; p++)
        hush_ifma_step(&acc, &k, in + 256 * p);
    hush_ifma_end(&acc, st);
}

/* One group of eight blocks (128 bytes): times r^8..r^1. */
static void vector_group(hush_ifma_state *st, const uint8_t *in) {
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
    }
    hush_poly1305_scalar_blocks(&st->sc, in, len, hibit);
}

static void ifma_finish(void *state, uint8_t tag[16]) {
    hush_ifma_state *st = state;
    hush_poly1305_scalar_finish(&st->sc, tag);
}

const hush_poly1305_ops hush_poly1305_ifma = {ifma_init, ifma_blocks,
                                              ifma_finish};
