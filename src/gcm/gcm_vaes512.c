/*
 * Fused AES-GCM tier: VAES and VPCLMULQDQ on 512-bit registers, a whole
 * seal or open in one function.
 *
 * The long path takes 32 blocks (eight registers, 512 bytes) per step. On
 * the cores this tier runs on, 512-bit AES rounds issue on one port and
 * carry-less multiplies (and all shuffles) on another, with the plain vector
 * ALU operations free to go to either: an AES-128 step is 80 rounds, and
 * the GHASH of 32 blocks plus counters, data and reductions is ~34
 * multiplies and ~55 other operations. So the loop is written to feed both
 * ports at once and to spend as few non-AES operations as possible:
 *
 * - GHASH runs in a "twisted" V form (the powers of H are stored times
 *   x^-1), so a product needs no 1-bit shift and a reduction is two
 *   multiplies by the reflected polynomial, two half swaps and two
 *   three-way XORs, once per step, lane-wise, before the four lanes fold.
 * - Products are summed with three-way XORs, two products per operation.
 * - Counter blocks: with a 96-bit nonce the 32-bit counter of block b is
 *   b + 2, so a step that starts at block 32s uses counters 32s + 2 ..
 *   32s + 33. With base = 32s (low five bits zero) every counter block is
 *   B(base) XOR t in its last byte (t < 32), except the last two, which use
 *   B(base + 32). One XOR per register with a constant then makes the
 *   AES input (B(base) ^ K0) ^ t: counter formation and round 0 together.
 * - The last round takes the data XORed into its key (aesenclast(x, k ^ d)
 *   = aesenclast(x, k) ^ d).
 * - Seal hashes each step's ciphertext during the next step's rounds
 *   (read back from the output), open a step's ciphertext during its own
 *   rounds; the tail's AES takes the last step's GHASH along.
 *
 * Two schedules. On Intel (Ice Lake to Granite Rapids) 512-bit AES issues
 * on port 0 and multiplies and shuffles on port 5, and the ALU operations
 * share those two ports: every operation counts, so GHASH multiplies
 * schoolbook (four multiplies per register, no extra ALU work). On AMD
 * (Zen 4 and 5) AES and carry-less multiplies share the same two vector
 * pipes while two more pipes take only ALU work: there the multiplies
 * count, so GHASH multiplies Karatsuba (three per register, plus two half
 * swaps and XORs). llvm-mca's Zen 4 model: 120 -> 105 cycles per AES-128
 * step, 136 -> 120 for AES-256; its Intel model gets 8 cycles slower.
 * gcm.c picks by vendor (hush_gcm_fused_vaes512_kara on AMD); ghash
 * tiers vpclmul512s / vpclmul512k force either schedule, so both run
 * every test on every machine.
 *
 * Round keys and powers of H are read from the key state where they are
 * used (see fused_src), so that no key-derived value is spilled to the
 * stack. The body is instantiated per round count so every loop unrolls.
 *
 * Used when the state's tiers are exactly aes=vaes512 and ghash=vpclmul512
 * (gcm.c), which then fills the state's table of powers in this file's
 * twisted form (fused_setup_powers).
 *
 * Constant time: fixed-latency instructions; masks and branches depend
 * only on lengths and addresses.
 */
#include <stddef.h>

#include "aes/aes_vaes512.h"
#include "core/ct.h"
#include "core/registers.h"
#include "core/tail_avx512.h"
#include "gcm/gcm_impl.h"
#include "gcm/gcm_nonce.h"
#include "ghash/ghash_vpclmul512.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/* GCM's lengths block: the bit counts of the AD (high lane) and of the
 * text, each as a 64-bit number */
ALWAYS_INLINE __m128i lengths_block(size_t adlen, size_t len) {
    const uint64_t adbits = (uint64_t)adlen * 8, bits = (uint64_t)len * 8;
    return _mm_set_epi64x((long long)adbits, (long long)bits);
}

/* ---- GHASH in twisted V form ----
 *
 * V form (ghash_impl.h) is a block read as a big-endian 128-bit integer:
 * GCM's coefficient of x^i sits at bit 127 - i. A carry-less product of two
 * V-form values is then the reflected field product shifted right by one
 * bit; storing every power of H times x^-1 cancels that shift. The
 * 256-bit product (lo, mid, hi: a_lo*b_lo, the two cross terms, a_hi*b_hi)
 * reduces modulo x^128 + x^7 + x^2 + x + 1 by folding its low 64 bits
 * twice: lo into mid, then mid into hi, each as one multiply by the
 * reflected polynomial's upper word 0xc2 << 56 plus a swap of halves (the
 * polynomial's constant term lands the other half in place). The reduced
 * value is the fold of mid into hi. */

typedef struct tw_acc {
    __m512i lo, mid, hi;
} tw_acc;

ALWAYS_INLINE __m512i tw_poly512(void) {
    return _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)0xc200000000000000ull, 1));
}

/* acc = products of x and h (first pair of a sum) */
ALWAYS_INLINE void tw_mul_set(tw_acc *a, __m512i x, __m512i h) {
    a->lo = _mm512_clmulepi64_epi128(x, h, 0x00);
    a->hi = _mm512_clmulepi64_epi128(x, h, 0x11);
    a->mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(x, h, 0x01),
                              _mm512_clmulepi64_epi128(x, h, 0x10));
}

/* acc = products of x0*h0 and x1*h1 (the first two of a sum): the XOR
 * count of tw_mul_set then tw_mul_add, in the order the 64-block step was
 * tuned with (the 32-block steps keep set + add: this form changes their
 * register allocation) */
ALWAYS_INLINE void tw_mul_set2(tw_acc *a, __m512i x0, __m512i h0, __m512i x1,
                               __m512i h1) {
    a->lo = _mm512_xor_si512(_mm512_clmulepi64_epi128(x0, h0, 0x00),
                             _mm512_clmulepi64_epi128(x1, h1, 0x00));
    a->hi = _mm512_xor_si512(_mm512_clmulepi64_epi128(x0, h0, 0x11),
                             _mm512_clmulepi64_epi128(x1, h1, 0x11));
    a->mid =
        _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(x0, h0, 0x01),
                                  _mm512_clmulepi64_epi128(x0, h0, 0x10),
                                  _mm512_clmulepi64_epi128(x1, h1, 0x01), 0x96);
    a->mid = _mm512_xor_si512(a->mid, _mm512_clmulepi64_epi128(x1, h1, 0x10));
}

/* acc += products of x0*h0 and x1*h1: three-way XORs take two products
 * each, so two blocks cost four XOR operations */
ALWAYS_INLINE void tw_mul_add2(tw_acc *a, __m512i x0, __m512i h0, __m512i x1,
                               __m512i h1) {
    a->lo =
        _mm512_ternarylogic_epi64(a->lo, _mm512_clmulepi64_epi128(x0, h0, 0),
                                  _mm512_clmulepi64_epi128(x1, h1, 0), 0x96);
    a->mid = _mm512_ternarylogic_epi64(
        a->mid, _mm512_clmulepi64_epi128(x0, h0, 0x01),
        _mm512_clmulepi64_epi128(x0, h0, 0x10), 0x96);
    a->mid = _mm512_ternarylogic_epi64(
        a->mid, _mm512_clmulepi64_epi128(x1, h1, 0x01),
        _mm512_clmulepi64_epi128(x1, h1, 0x10), 0x96);
    a->hi =
        _mm512_ternarylogic_epi64(a->hi, _mm512_clmulepi64_epi128(x0, h0, 0x11),
                                  _mm512_clmulepi64_epi128(x1, h1, 0x11), 0x96);
}

/* acc += products of x*h */
ALWAYS_INLINE void tw_mul_add(tw_acc *a, __m512i x, __m512i h) {
    a->lo = _mm512_xor_si512(a->lo, _mm512_clmulepi64_epi128(x, h, 0x00));
    a->mid =
        _mm512_ternarylogic_epi64(a->mid, _mm512_clmulepi64_epi128(x, h, 0x01),
                                  _mm512_clmulepi64_epi128(x, h, 0x10), 0x96);
    a->hi = _mm512_xor_si512(a->hi, _mm512_clmulepi64_epi128(x, h, 0x11));
}

/* acc += Karatsuba products of x0*h0 and x1*h1 (first: assign): lo, hi and
 * the product of the half sums, whose lo and hi parts the caller removes
 * once per sum (tw_kara_fix). Three multiplies per register instead of
 * four, for two more ALU operations each (see "Two schedules" above). */
ALWAYS_INLINE void tw_kmul_add2(tw_acc *a, __m512i x0, __m512i h0, __m512i x1,
                                __m512i h1, int first) {
    __m512i s0 = _mm512_xor_si512(x0, _mm512_shuffle_epi32(x0, 0x4e));
    __m512i s1 = _mm512_xor_si512(x1, _mm512_shuffle_epi32(x1, 0x4e));
    __m512i k0 = _mm512_xor_si512(h0, _mm512_shuffle_epi32(h0, 0x4e));
    __m512i k1 = _mm512_xor_si512(h1, _mm512_shuffle_epi32(h1, 0x4e));
    __m512i l0 = _mm512_clmulepi64_epi128(x0, h0, 0x00);
    __m512i l1 = _mm512_clmulepi64_epi128(x1, h1, 0x00);
    __m512i g0 = _mm512_clmulepi64_epi128(x0, h0, 0x11);
    __m512i g1 = _mm512_clmulepi64_epi128(x1, h1, 0x11);
    __m512i m0 = _mm512_clmulepi64_epi128(s0, k0, 0x00);
    __m512i m1 = _mm512_clmulepi64_epi128(s1, k1, 0x00);
    if (first) {
        a->lo = _mm512_xor_si512(l0, l1);
        a->hi = _mm512_xor_si512(g0, g1);
        a->mid = _mm512_xor_si512(m0, m1);
    } else {
        a->lo = _mm512_ternarylogic_epi64(a->lo, l0, l1, 0x96);
        a->hi = _mm512_ternarylogic_epi64(a->hi, g0, g1, 0x96);
        a->mid = _mm512_ternarylogic_epi64(a->mid, m0, m1, 0x96);
    }
}

/* Karatsuba's middle term: (x_lo+x_hi)(h_lo+h_hi) - lo - hi */
ALWAYS_INLINE void tw_kara_fix(tw_acc *a) {
    a->mid = _mm512_ternarylogic_epi64(a->mid, a->lo, a->hi, 0x96);
}

/* the two folds, split so that callers can place them between AES rounds */
ALWAYS_INLINE void tw_reduce_a(tw_acc *a) {
    __m512i t = _mm512_clmulepi64_epi128(tw_poly512(), a->lo, 0x01);
    a->mid = _mm512_ternarylogic_epi64(a->mid, t,
                                       _mm512_shuffle_epi32(a->lo, 0x4e), 0x96);
}
ALWAYS_INLINE __m512i tw_reduce_b(const tw_acc *a) {
    __m512i t = _mm512_clmulepi64_epi128(tw_poly512(), a->mid, 0x01);
    return _mm512_ternarylogic_epi64(a->hi, t,
                                     _mm512_shuffle_epi32(a->mid, 0x4e), 0x96);
}

/* lane-wise reduced products */
ALWAYS_INLINE __m512i tw_reduce512(tw_acc *a) {
    tw_reduce_a(a);
    return tw_reduce_b(a);
}

/* XOR of the four 128-bit lanes (the upper lanes of the result are zero) */
ALWAYS_INLINE __m128i tw_fold(__m512i v) {
    __m256i t = _mm256_xor_si256(_mm512_castsi512_si256(v),
                                 _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(t),
                         _mm256_extracti128_si256(t, 1));
}

/* 128-bit forms for the short paths */
typedef struct tw_acc128 {
    __m128i lo, mid, hi;
} tw_acc128;

ALWAYS_INLINE void tw_mul_add128(tw_acc128 *a, __m128i x, __m128i h) {
    a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
    a->mid = _mm_ternarylogic_epi64(a->mid, _mm_clmulepi64_si128(x, h, 0x01),
                                    _mm_clmulepi64_si128(x, h, 0x10), 0x96);
    a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
}

ALWAYS_INLINE __m128i tw_reduce128(__m128i lo, __m128i mid, __m128i hi) {
    const __m128i p = _mm_set_epi64x((long long)0xc200000000000000ull, 1);
    __m128i t = _mm_clmulepi64_si128(p, lo, 0x01);
    mid = _mm_ternarylogic_epi64(mid, t, _mm_shuffle_epi32(lo, 0x4e), 0x96);
    t = _mm_clmulepi64_si128(p, mid, 0x01);
    return _mm_ternarylogic_epi64(hi, t, _mm_shuffle_epi32(mid, 0x4e), 0x96);
}

/* lane-wise twisted product of a and b, reduced */
ALWAYS_INLINE __m512i tw_mul512(__m512i a, __m512i b) {
    tw_acc acc;
    tw_mul_set(&acc, a, b);
    return tw_reduce512(&acc);
}

/* H (GCM bytes) -> H * x^-1 in V form: a left shift by one bit of the V
 * form, and when a bit falls out, the reflected x^-1 (x^127 + x^6 + x + 1:
 * 0xc2 << 120 | 1) added back. Branch-free: the carry becomes a mask. */
ALWAYS_INLINE __m128i tw_twist(const uint8_t h[16]) {
    __m128i v = _mm_shuffle_epi8(
        _mm_loadu_si128((const __m128i *)(const void *)h), ghash_bswap_mask());
    __m128i carry = _mm_srai_epi32(_mm_shuffle_epi32(v, 0xff), 31);
    __m128i s = _mm_or_si128(_mm_slli_epi64(v, 1),
                             _mm_srli_epi64(_mm_slli_si128(v, 8), 63));
    return _mm_xor_si128(
        s, _mm_and_si128(carry,
                         _mm_set_epi64x((long long)0xc200000000000000ull, 1)));
}

/* H^1 .. H^n, twisted (n = 4, 8, 16 or 32, a constant after inlining;
 * pow[P - e] = H^e * x^-1, the rest zero), by doubling: H^(n+1..2n) =
 * H^(1..n) * H^n, four powers per multiplication from H^5 on, each level in
 * registers and stored once (see ghash_vpclmul_init_powers for why). With
 * n = 32 and hi set, one more level, H^64 .. H^33, goes to hi (POW_HI_AT). */
ALWAYS_INLINE void tw_init_powers(hush_ghash_key *k, const uint8_t h[16],
                                  const int n, uint8_t *hi) {
    __m128i *pw = (__m128i *)(void *)k->pow; /* pw[P - e] = H^e */
    const int P = HUSH_GHASH_POWERS;
    ghash_vpclmul_zero_key(k);
    __m128i h1 = tw_twist(h);
    tw_acc128 a = {_mm_setzero_si128(), _mm_setzero_si128(),
                   _mm_setzero_si128()};
    tw_mul_add128(&a, h1, h1);
    __m128i h2 = tw_reduce128(a.lo, a.mid, a.hi);
    /* (H^3, H^4) = (H, H^2) * H^2 in one lane-wise product */
    __m512i h34 =
        tw_mul512(_mm512_inserti32x4(_mm512_castsi128_si512(h1), h2, 1),
                  _mm512_broadcast_i32x4(h2));
    /* lanes from the lowest address: H^4, H^3, H^2, H */
    __m512i blk[8];
    blk[0] = _mm512_inserti32x4(
        _mm512_inserti32x4(
            _mm512_inserti32x4(
                _mm512_castsi128_si512(_mm512_extracti32x4_epi32(h34, 1)),
                _mm512_castsi512_si128(h34), 1),
            h2, 2),
        h1, 3);
    int have = 4;
#pragma GCC unroll 3
    for (int level = 0; level < 3 && have < n; level++) {
        __m512i hn = _mm512_broadcast_i32x4(_mm512_castsi512_si128(blk[0]));
        const int m = have / 4;
#pragma GCC unroll 4
        for (int j = m - 1; j >= 0; j--)
            blk[m + j] = blk[j];
#pragma GCC unroll 4
        for (int j = 0; j < m; j++)
            blk[j] = tw_mul512(blk[m + j], hn);
        have *= 2;
    }
#pragma GCC unroll 8
    for (int j = 0; j < have / 4; j++)
        _mm512_store_si512((void *)&pw[P - have + 4 * j], blk[j]);
    if (!hi) return;
    /* H^33 .. H^64 for AES-128's 64-block step: H^(1..32) * H^32 */
    __m512i h32 = _mm512_broadcast_i32x4(_mm512_castsi512_si128(blk[0]));
#pragma GCC unroll 8
    for (int j = 0; j < 8; j++)
        _mm512_store_si512((void *)(hi + 64 * j), tw_mul512(blk[j], h32));
}

/* ---- key material, read where it is used ----
 *
 * 15 broadcast round keys, 32 powers of H and the 16-24 data and product
 * registers of a step do not fit in 32 zmm registers, and whatever the
 * compiler spills lands in stack slots that C cannot wipe. fused_src is the
 * pair of pointers the loops read from; fused_launder() passes them through
 * an empty asm at the top of each step, so the compiler cannot prove a load
 * of an earlier step still holds and keep (and spill) it: every key-derived
 * value is loaded, used within a few instructions and dead again. A
 * broadcast load is a load-port operation only, and the loads of a step
 * (11-15 keys, 8 powers) are few next to its 80-112 AES rounds. */
typedef struct fused_src {
    const __m128i *ek;  /* round keys 0..R of the AES-NI layout */
    const uint8_t *pow; /* twisted H^32..H^1, 16 bytes each */
} fused_src;

/* H^64 .. H^33 (twisted, 16 bytes each, from the lowest address) for
 * AES-128's 64-block step: in the key's AES data past the AES-NI schedule
 * (ek, dk: 480 bytes), which the vaes512 AES tier does not use, because
 * gcm_state has no room left (it fills HUSH_AEAD_STATE_MAX). Written by
 * fused_setup_powers after the AES setup, wiped with the state. */
#define POW_HI_AT 512
_Static_assert(offsetof(aesni_key, ek) == 0 && sizeof(aesni_key) <= POW_HI_AT &&
                   POW_HI_AT + 32 * 16 <= HUSH_AES_KEY_DATA,
               "H^64..H^33 fit in the AES data past the schedule");

ALWAYS_INLINE fused_src fused_src_of(const gcm_state *s) {
    fused_src f = {aesni_key_of(&s->aes)->ek, (const uint8_t *)s->ghash.pow};
    return f;
}

ALWAYS_INLINE void fused_launder(fused_src *f) { HUSH_OPAQUE2(f->ek, f->pow); }

/* round key r broadcast to the four lanes */
ALWAYS_INLINE __m512i round_key(const fused_src *f, unsigned r) {
    return _mm512_broadcast_i32x4(_mm_load_si128(f->ek + r));
}

/* the four powers from H^(e) down to H^(e-3) (e >= 4), unaligned */
ALWAYS_INLINE __m512i pow_from(const fused_src *f, unsigned e) {
    return _mm512_loadu_si512(
        (const void *)(f->pow + 16 * (HUSH_GHASH_POWERS - e)));
}

/* H^(32-4i)..H^(29-4i): register i of a 32-block step */
ALWAYS_INLINE __m512i hpow(const fused_src *f, int i) {
    return _mm512_load_si512((const void *)(f->pow + 64 * i));
}

/* H^(64-4i)..H^(61-4i): register i of a 64-block step (the upper 32 from
 * the ek pointer, which is the AES data's start) */
ALWAYS_INLINE __m512i hpow64(const fused_src *f, int i) {
    if (i >= 8) return hpow(f, i - 8);
    return _mm512_load_si512(
        (const void *)((const uint8_t *)f->ek + POW_HI_AT + 64 * i));
}

/* ---- counters ----
 *
 * lanes (t = 2 .. 33 of the step): register i holds t = 4i + 2 .. 4i + 5;
 * the last register's upper two lanes are t = 32, 33, i.e. t = 0, 1 of the
 * next base. Stored as the XOR into the counter block's last byte. */
#define T_LANE(t) 0, (uint64_t)((t) % 32) << 56
#define T_REG(i)                                                               \
    {                                                                          \
        T_LANE(4 * (i) + 2), T_LANE(4 * (i) + 3), T_LANE(4 * (i) + 4),         \
            T_LANE(4 * (i) + 5)                                                \
    }
static const HUSH_ALIGNED(64) uint64_t ctr_t[8][8] = {
    T_REG(0), T_REG(1), T_REG(2), T_REG(3),
    T_REG(4), T_REG(5), T_REG(6), T_REG(7)};

/* byte reversal of each 128-bit lane */
ALWAYS_INLINE __m512i bswap512(__m512i x) {
    return _mm512_shuffle_epi8(x, _mm512_broadcast_i32x4(ghash_bswap_mask()));
}

/* The counter state between steps, public: be is B(base) in all four
 * lanes; low is base's low byte; le is base with that byte cleared,
 * byte-reversed (the 32-bit word in the low word of each lane). */
typedef struct ctr_state {
    __m512i le, be;
    unsigned low;
} ctr_state;

/* the state of base = lo's low 32-bit word, a multiple of 32 */
ALWAYS_INLINE ctr_state ctr_at(uint64_t hi, uint64_t lo) {
    ctr_state c;
    c.low = (unsigned)(lo & 0xff);
    c.le = _mm512_broadcast_i32x4(
        _mm_set_epi64x((long long)hi, (long long)(lo & ~UINT64_C(0xff))));
    const uint64_t last = (lo & 0xff) << 56; /* B(base)'s last byte */
    c.be = _mm512_add_epi64(
        bswap512(c.le),
        _mm512_broadcast_i32x4(_mm_set_epi64x((long long)last, 0)));
    return c;
}

ALWAYS_INLINE ctr_state ctr_start(uint64_t hi, uint64_t lo) {
    return ctr_at(hi, lo & ~UINT64_C(0xffffffff));
}

/* B(base) ^ K0 in every lane: the AES input of counter t is this ^ t */
ALWAYS_INLINE __m512i ctr_base_k0(const ctr_state *c, __m512i k0) {
    return _mm512_xor_si512(c->be, k0);
}

/* base += 32, wrapping in 32 bits as GCM's inc32. For 7 steps in 8 only
 * B(base)'s last byte (the top byte of each lane's high half) changes: one
 * add of 32 << 56 there, no byte shuffle on the shuffle port. When the byte
 * wraps (base is public, so is the branch), the upper bytes are rebuilt
 * from le. */
ALWAYS_INLINE void ctr_advance(ctr_state *c) {
    c->low = (c->low + 32) & 0xff;
    if (__builtin_expect(c->low != 0, 1)) {
        c->be = _mm512_add_epi64(
            c->be, _mm512_set_epi64((long long)(UINT64_C(32) << 56), 0,
                                    (long long)(UINT64_C(32) << 56), 0,
                                    (long long)(UINT64_C(32) << 56), 0,
                                    (long long)(UINT64_C(32) << 56), 0));
    } else {
        c->le = _mm512_add_epi32(c->le,
                                 _mm512_set_epi32(0, 0, 0, 256, 0, 0, 0, 256, 0,
                                                  0, 0, 256, 0, 0, 0, 256));
        c->be = bswap512(c->le);
    }
}

/* AES input of register i from xs = B(base) ^ K0, xn = B(base + 32) ^ K0,
 * the lane constants read from ct (ctr_t, or a laundered pointer to it) */
ALWAYS_INLINE __m512i ctr_input_at(const uint64_t (*ct)[8], int i, __m512i xs,
                                   __m512i xn) {
    __m512i b = i == 7 ? _mm512_mask_blend_epi64(0xf0, xs, xn) : xs;
    return _mm512_xor_si512(b, _mm512_load_si512((const void *)ct[i]));
}

ALWAYS_INLINE __m512i ctr_input(int i, __m512i xs, __m512i xn) {
    return ctr_input_at(ctr_t, i, xs, xn);
}

/* ---- the main step ----
 *
 * GHASH work of eight registers g[] (y already folded into g[0]), split in
 * six slices placed between AES rounds. */
/* The GHASH of a step's 32 blocks, read from memory where each register
 * is multiplied (seal reads back the ciphertext it stored a step before,
 * open the ciphertext it is about to decrypt): nothing of it is held in
 * registers across the AES rounds, which need 8 registers of state, and the
 * compiler needs to keep (and spill) nothing. */
typedef struct gh_work {
    const uint8_t *src; /* 512 bytes, GCM order */
    __m128i y;          /* the hash so far, folded into the first block */
    __m512i yw;         /* or, when wide: the hash as the XOR of 4 lanes */
    int wide;
    tw_acc a;
} gh_work;

/* g with the XOR of y's four lanes added to lane 0: two lane swaps and one
 * masked three-way XOR (4 uops; extracting the lanes took 5) */
ALWAYS_INLINE __m512i xor_folded_lane0(__m512i g, __m512i y) {
    __m512i u = _mm512_xor_si512(y, _mm512_shuffle_i64x2(y, y, 0x4e));
    return _mm512_mask_ternarylogic_epi64(
        g, 0x03, u, _mm512_shuffle_i64x2(u, u, 0xb1), 0x96);
}

/* register i of the blocks to hash, byte-reversed to V form */
ALWAYS_INLINE __m512i gh_get(const gh_work *w, int i) {
    __m512i g = bswap512(_mm512_loadu_si512(w->src + 64 * i));
    if (i) return g;
    return w->wide ? xor_folded_lane0(g, w->yw)
                   : _mm512_xor_si512(g, _mm512_zextsi128_si512(w->y));
}

ALWAYS_INLINE void gh_from_mem(gh_work *w, const uint8_t *p, __m128i y) {
    HUSH_OPAQUE(p); /* the compiler may not reuse what it stored */
    w->src = p;
    w->y = y;
    w->wide = 0;
}

/* the same with the hash so far in the wide form (the main loop's: the
 * previous step's reduced lanes, folded only where they are added) */
ALWAYS_INLINE void gh_from_mem_wide(gh_work *w, const uint8_t *p, __m512i y) {
    HUSH_OPAQUE(p);
    w->src = p;
    w->yw = y;
    w->wide = 1;
}

/* Slice `slice` of the GHASH of the n (8 or 4) registers of w: register i
 * is multiplied by H^(4(n-i))..H^(4(n-i)-3), i.e. by hpow(8 - n + i). */
ALWAYS_INLINE void gh_slice_n(gh_work *w, const fused_src *f, int slice,
                              const int kara, const int n) {
    const int po = 8 - n, pairs = n / 2;
    if (kara) {
        if (slice < pairs)
            tw_kmul_add2(&w->a, gh_get(w, 2 * slice), hpow(f, po + 2 * slice),
                         gh_get(w, 2 * slice + 1), hpow(f, po + 2 * slice + 1),
                         slice == 0);
        if (slice == 4) {
            tw_kara_fix(&w->a);
            tw_reduce_a(&w->a);
        }
        return;
    }
    if (slice == 0) tw_mul_set(&w->a, gh_get(w, 0), hpow(f, po));
    if (slice == 0) tw_mul_add(&w->a, gh_get(w, 1), hpow(f, po + 1));
    if (slice >= 1 && slice < pairs)
        tw_mul_add2(&w->a, gh_get(w, 2 * slice), hpow(f, po + 2 * slice),
                    gh_get(w, 2 * slice + 1), hpow(f, po + 2 * slice + 1));
    if (slice == 4) tw_reduce_a(&w->a);
}

ALWAYS_INLINE void gh_slice(gh_work *w, const fused_src *f, int slice,
                            const int kara) {
    gh_slice_n(w, f, slice, kara, 8);
}

/* gh_get for the 64-block step: the byte-reversal mask as a memory operand
 * (a volatile empty asm on its pointer at every use, so gcc can neither
 * keep it in a register nor merge the loads). With 16 registers of AES
 * state, the register it took made gcc spill a product to the stack. */
static const HUSH_ALIGNED(64) uint8_t bswap_lanes[64] = {
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0};

ALWAYS_INLINE __m512i gh_get64(const gh_work *w, int i) {
    const uint8_t *m = bswap_lanes;
    __asm__ __volatile__("" : "+r"(m));
    __m512i g = _mm512_shuffle_epi8(_mm512_loadu_si512(w->src + 64 * i),
                                    _mm512_load_si512((const void *)m));
    return i ? g : xor_folded_lane0(g, w->yw);
}

/* Slice `slice` (0..8) of the GHASH of 16 registers (64 blocks, register
 * i times H^(64-4i)..H^(61-4i)), schoolbook: pairs 0..7, then the first
 * fold of the one reduction. */
ALWAYS_INLINE void gh_slice64(gh_work *w, const fused_src *f, int slice) {
    if (slice == 0) {
        /* in this order: as call arguments gcc read them in another,
         * which moved register copies into the loop */
        __m512i x0 = gh_get64(w, 0), h0 = hpow64(f, 0);
        __m512i x1 = gh_get64(w, 1), h1 = hpow64(f, 1);
        tw_mul_set2(&w->a, x0, h0, x1, h1);
    } else if (slice < 8) {
        tw_mul_add2(&w->a, gh_get64(w, 2 * slice), hpow64(f, 2 * slice),
                    gh_get64(w, 2 * slice + 1), hpow64(f, 2 * slice + 1));
    } else {
        tw_reduce_a(&w->a);
    }
    /* the sums complete here: gcc's reassociation otherwise sinks XORs
     * of products into later rounds, and spilled one of them */
    __asm__("" : "+v"(w->a.lo), "+v"(w->a.mid), "+v"(w->a.hi));
}

/* the last slice: the reduced hash, its four lanes not yet folded */
ALWAYS_INLINE __m512i gh_finish_wide(gh_work *w) { return tw_reduce_b(&w->a); }

/* the last slice: the reduced, folded hash */
ALWAYS_INLINE __m128i gh_finish(gh_work *w) {
    return tw_fold(gh_finish_wide(w));
}

/* Which slice of GHASH runs after AES round r (1..R-1), -1 none: spread
 * over the rounds so that both ports stay busy. */
ALWAYS_INLINE int slice_after(unsigned r, const unsigned R) {
    if (R == 10) {
        static const signed char s10[10] = {-1, 0, -1, 1, -1, 2, -1, 3, 4, -1};
        return s10[r];
    }
    static const signed char s14[14] = {-1, 0,  -1, 1,  -1, 2,  -1,
                                        3,  -1, 4,  -1, -1, -1, -1};
    return s14[r];
}

/* The last round of n registers with the input folded into its key
 * (AESENCLAST(x, K ^ in) = keystream ^ in): out = in ^ keystream, the
 * ciphertext also left in x */
ALWAYS_INLINE void last_round_xor(__m512i *x, const int n, __m512i kl,
                                  uint8_t *out, const uint8_t *in) {
#pragma GCC unroll 16
    for (int i = 0; i < n; i++) {
        __m512i d = _mm512_xor_si512(kl, _mm512_loadu_si512(in + 64 * i));
        x[i] = _mm512_aesenclast_epi128(x[i], d);
        _mm512_storeu_si512(out + 64 * i, x[i]);
    }
}

/*
 * One 32-block step: x = AES of the counter registers (inputs given),
 * stitched with the GHASH of w when hash is set (its result returned);
 * then out = in ^ keystream. Returns the GHASH value when hash, else 0, in
 * the wide form (four lanes to XOR).
 */
ALWAYS_INLINE __m512i step32(__m512i x[8], gh_work *w, const fused_src *f,
                             uint8_t *out, const uint8_t *in, const unsigned R,
                             const int hash, const int kara) {
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        __m512i k = round_key(f, r);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
        if (hash && slice_after(r, R) >= 0)
            gh_slice(w, f, slice_after(r, R), kara);
    }
    __m512i y = hash ? gh_finish_wide(w) : _mm512_setzero_si512();
    last_round_xor(x, 8, round_key(f, R), out, in);
    return y;
}

/*
 * AES-128's 64-block step (1 KiB): 16 registers of state through rounds
 * 1..9, a GHASH slice of w's 64 blocks after each (gh_slice64), one
 * reduction and one lane fold for the 64 blocks instead of one per 32
 * (docs/perf/gcm.md, item 38); out = in ^ keystream. Returns the GHASH in
 * the wide form.
 */
ALWAYS_INLINE __m512i step64(__m512i x[16], gh_work *w, const fused_src *f,
                             uint8_t *out, const uint8_t *in) {
#pragma GCC unroll 10
    for (unsigned r = 1; r < 10; r++) {
        __m512i k = round_key(f, r);
#pragma GCC unroll 16
        for (int i = 0; i < 16; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
        gh_slice64(w, f, (int)r - 1);
    }
    __m512i y = gh_finish_wide(w);
    last_round_xor(x, 16, round_key(f, 10), out, in);
    return y;
}

/*
 * Half a step: x[0..3] (inputs given) through the rounds, stitched with the
 * GHASH of w's gh (0: none, 8: a whole step, 4: half a step); out = in ^
 * keystream, the ciphertext also left in x. Seal's last 512 bytes run as
 * two of these (see crypt_pass).
 */
ALWAYS_INLINE __m128i step16(__m512i x[4], gh_work *w, const fused_src *fs,
                             uint8_t *out, const uint8_t *in, const unsigned R,
                             const int gh, const int kara) {
    /* laundered in each instance, as in tail_aes (below): else gcc loaded
     * the round keys above crypt_pass's branch between the first half's
     * two, and the Karatsuba seal spilled four (AES-256) to the stack */
    fused_src fl = *fs, *f = &fl;
    fused_launder(f);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        __m512i k = round_key(f, r);
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
        if (gh && slice_after(r, R) >= 0)
            gh_slice_n(w, f, slice_after(r, R), kara, gh);
    }
    __m128i y = gh ? gh_finish(w) : _mm_setzero_si128();
    last_round_xor(x, 4, round_key(f, R), out, in);
    return y;
}

/*
 * The tail: len (1..511) bytes in one or two groups of four registers
 * (groups = 1 or 2, a constant), byte-masked, stitched with w's GHASH when
 * hash is set. The output registers (zero past len) go to o[].
 */
ALWAYS_INLINE __m128i tail_aes(__m512i o[8], gh_work *w, const fused_src *fs,
                               uint8_t *out, const uint8_t *in, size_t len,
                               __m512i xs, __m512i xn, const unsigned R,
                               const int groups, const int hash,
                               const int kara) {
    /* the pointers laundered in each of crypt_pass's four instances:
     * else gcc loaded the round keys once above its branches between
     * them, and the Karatsuba schedule's seal spilled round keys (five
     * of AES-256's) to the stack, never wiped */
    fused_src fl = *fs, *f = &fl;
    fused_launder(f);
    __m512i x[8];
    const int nr = 4 * groups;
#pragma GCC unroll 8
    for (int i = 0; i < nr; i++)
        x[i] = ctr_input(i, xs, xn);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        __m512i k = round_key(f, r);
#pragma GCC unroll 8
        for (int i = 0; i < nr; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
        if (hash && slice_after(r, R) >= 0)
            gh_slice(w, f, slice_after(r, R), kara);
    }
    __m128i y = hash ? gh_finish(w) : _mm_setzero_si128();
    __m512i kl = round_key(f, R);
#pragma GCC unroll 8 /* x[i] stays in registers */
    for (int i = 0; i < nr; i++) {
        size_t at = 64 * (size_t)i;
        if (at < len) { /* public */
            size_t n = len - at < 64 ? len - at : 64;
            __m512i d = hush_tail_load512(in + at, n);
            __m512i c = _mm512_aesenclast_epi128(x[i], _mm512_xor_si512(kl, d));
            c = _mm512_maskz_mov_epi8(vaes_byte_mask(n), c);
            hush_tail_store512(out + at, c, n);
            o[i] = c;
        } else {
            o[i] = _mm512_setzero_si512();
        }
    }
    return y;
}

/* The tag is E(J0) XOR the hash. j0_rounds: J0 (from its public words)
 * through rounds 0..R-1; tag_finish: the last round, the hash folded into
 * its key. crypt_pass runs the rounds before its final GHASH, whose
 * multiplies (port 5) they overlap, instead of after it: a chain of R
 * dependent rounds at the very end was ~3R cycles of latency per call. */
ALWAYS_INLINE __m128i j0_rounds(const fused_src *f, uint64_t hi, uint64_t lo,
                                const unsigned R) {
    __m128i x = _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo),
                                 ghash_bswap_mask());
    x = _mm_xor_si128(x, f->ek[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++)
        x = _mm_aesenc_si128(x, f->ek[r]);
    return x;
}

ALWAYS_INLINE __m128i tag_finish(const fused_src *f, __m128i x, __m128i y,
                                 const unsigned R) {
    return _mm_aesenclast_si128(
        x, _mm_xor_si128(f->ek[R], _mm_shuffle_epi8(y, ghash_bswap_mask())));
}

/* GHASH of len bytes (the last block zero-padded) into acc */
static inline __m128i ghash_bytes(__m128i acc, const fused_src *f,
                                  const uint8_t *p, size_t len) {
    for (; len >= 512; len -= 512, p += 512) {
        gh_work w;
        gh_from_mem(&w, p, acc);
        for (int s = 0; s < 5; s++)
            gh_slice(&w, f, s, 0);
        acc = gh_finish(&w);
    }
    if (len > 0) {
        unsigned nb = (unsigned)((len + 15) / 16);
        tw_acc a;
        a.lo = a.mid = a.hi = _mm512_setzero_si512();
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; i++) {
            size_t at = 64 * (size_t)i;
            if (at < len) {
                __m512i g = bswap512(
                    hush_tail_load512(p + at, len - at < 64 ? len - at : 64));
                if (i == 0)
                    g = _mm512_xor_si512(g, _mm512_zextsi128_si512(acc));
                tw_mul_add(&a, g, pow_from(f, nb - 4 * i));
            }
        }
        acc = tw_fold(tw_reduce512(&a));
    }
    return acc;
}

/* The GHASH of the last nb (1..32) blocks, in o[] (ciphertext, zero past
 * the message), continuing from acc: block i of nb times H^(nb+1-i) and
 * the lengths block times H, one reduction, when the table reaches
 * H^(nb+1) (*lens_done set); else blocks times H^nb..H^1 only. */
ALWAYS_INLINE __m128i last_ghash(const __m512i o[8], unsigned nb, __m128i acc,
                                 __m128i lens, const fused_src *f,
                                 int *lens_done) {
    const unsigned fold_lens = nb + 1 <= HUSH_GHASH_POWERS;
    const unsigned top = nb + fold_lens; /* power of the first block */
    tw_acc a;
    a.lo = a.mid = a.hi = _mm512_setzero_si512();
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; i++) {
        if (16 * 4 * i < 16 * nb) {
            __m512i g = bswap512(o[i]);
            if (i == 0) g = _mm512_xor_si512(g, _mm512_zextsi128_si512(acc));
            tw_mul_add(&a, g, pow_from(f, top - 4 * i));
        }
    }
    if (fold_lens)
        tw_mul_add(
            &a, _mm512_zextsi128_si512(lens),
            _mm512_zextsi128_si512(_mm_loadu_si128((
                const __m128i *)(const void *)(f->pow +
                                               16 * (HUSH_GHASH_POWERS - 1)))));
    *lens_done = (int)fold_lens;
    return tw_fold(tw_reduce512(&a));
}

/*
 * The message pass of a long message (len > 0 bytes): returns the GHASH
 * value after the message, with the lengths block folded in when that is
 * free (*lens_done set), from acc (the AD's hash). enc = 1: in is
 * plaintext, GHASH over out; enc = 0: the reverse, GHASH over in.
 */
#define PREFETCH_AHEAD 2048 /* bytes: four 512-byte steps */
/* Seal's step hashes the ciphertext of two steps before, not of the step
 * just before: that one's last rounds were still queued for the AES port
 * when the next step's GHASH reached the scheduler, and AES-256 seal ran
 * ~8 cycles per step slower than open (docs/perf/gcm.md, item 31). */
#define SEAL_LAG 2

/* The input PREFETCH_AHEAD bytes on, one line per register of a step of
 * `regs` registers: a 1 MiB seal with separate buffers (2 MiB in flight
 * against a 2 MiB L2) ran ~15% slower than in place, and the hardware
 * prefetcher did not close the gap (docs/perf/gcm.md, item 19);
 * prefetches never fault, so the last steps may point past the input. */
ALWAYS_INLINE void prefetch_ahead(const uint8_t *in, const int regs) {
#pragma GCC unroll 16
    for (int j = 0; j < regs; j++)
        _mm_prefetch(
            (const char *)((uintptr_t)in + PREFETCH_AHEAD + 64 * (uintptr_t)j),
            _MM_HINT_T0);
}

/* One 32-block step from the counter state c (advanced), stitched with
 * w's GHASH when hash is set (its value returned). */
ALWAYS_INLINE __m512i one_step(fused_src *f, ctr_state *c, gh_work *w,
                               uint8_t *out, const uint8_t *in,
                               const unsigned R, const int hash,
                               const int kara) {
    __m512i x[8];
    prefetch_ahead(in, 8);
    fused_launder(f);
    __m512i k0 = round_key(f, 0);
    __m512i xs = ctr_base_k0(c, k0);
    ctr_advance(c);
    __m512i xn = ctr_base_k0(c, k0);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        x[i] = ctr_input(i, xs, xn);
    return step32(x, w, f, out, in, R, hash, kara);
}

/* The 64-block step from c (advanced by 64 blocks): two 32-block steps'
 * counter registers, bases B(base), B(base + 32), B(base + 64). */
ALWAYS_INLINE __m512i one_step64(fused_src *f, ctr_state *c, gh_work *w,
                                 uint8_t *out, const uint8_t *in) {
    __m512i x[16];
    prefetch_ahead(in, 16);
    fused_launder(f);
    __m512i k0 = round_key(f, 0);
    __m512i xs = ctr_base_k0(c, k0);
    ctr_advance(c);
    __m512i xm = ctr_base_k0(c, k0);
    ctr_advance(c);
    __m512i xn = ctr_base_k0(c, k0);
    /* the lane constants through a laundered pointer: 16 registers of
     * state leave no room for gcc to keep them in registers, and it spilled
     * the hash when it tried */
    const uint64_t(*ct)[8] = ctr_t;
    HUSH_OPAQUE(ct);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        x[i] = ctr_input_at(ct, i, xs, xm);
        x[8 + i] = ctr_input_at(ct, i, xm, xn);
    }
    return step64(x, w, f, out, in);
}

/* Whether a state runs crypt_pass's 64-block steps, which read H^33..H^64:
 * AES-128 on the schoolbook schedule (docs/perf/gcm.md, item 38) */
ALWAYS_INLINE int runs_step64(unsigned rounds, int kara) {
    return rounds == 10 && !kara;
}

ALWAYS_INLINE __m128i crypt_pass(const gcm_state *s, uint8_t *out,
                                 const uint8_t *in, size_t len, ctr_state *c,
                                 __m128i acc, __m128i lens,
                                 const uint64_t j0[2], __m128i *xj,
                                 const unsigned R, const int enc,
                                 const int kara, const int steps_only) {
    fused_src f = fused_src_of(s);
    gh_work w = {.src = NULL, .y = _mm_setzero_si128()};
    /* Seal hashes, in a step's rounds, the ciphertext of the step SEAL_LAG
     * steps back, read from the output (q[0] is the oldest one not yet
     * hashed, pending how many are waiting). */
    const uint8_t *q[2] = {NULL, NULL};
    int pending = 0;
    /* seal of a multiple of 512 bytes: the last step as two halves (below) */
    const size_t halves = enc && !steps_only && len % 512 == 0 ? 512 : 0;
    /* seal: the first SEAL_LAG steps have nothing to hash yet; a loop of
     * their own, so the main loop has no branch and one body */
    for (; enc && pending < SEAL_LAG && len >= 512 && len > halves;
         len -= 512, in += 512, out += 512) {
        one_step(&f, c, &w, out, in, R, 0, kara);
        q[pending++] = out;
    }
    /* AES-128: the hash between steps in the wide form, its lanes folded
     * where the next step adds them (one uop less a step); AES-256 seal
     * at 16 KiB ran 1.4% slower with it (docs/perf/gcm.md, item 37) */
    __m512i accw = _mm512_zextsi128_si512(acc);
    /* AES-128, schoolbook: 64-block steps while 1 KiB (and seal's last
     * step, run as halves) is left; seal hashes the 1 KiB before, from
     * q[0] (the two 32-block steps above, then the previous 64-block step,
     * contiguous), open its own input (docs/perf/gcm.md, item 38). The
     * 32-block loop below takes the rest, in the same wide form. */
    if (runs_step64(R, kara))
        for (; len >= 1024 + halves && (!enc || pending == SEAL_LAG);
             len -= 1024, in += 1024, out += 1024) {
            gh_work w64; /* its own: w's fields outlived the loop, spilled */
            gh_from_mem_wide(&w64, enc ? q[0] : in, accw);
            accw = one_step64(&f, c, &w64, out, in);
            if (enc) {
                q[0] = out;
                q[1] = out + 512;
            }
        }
    for (; len >= 512 && len > halves; len -= 512, in += 512, out += 512) {
        if (R == 10) {
            gh_from_mem_wide(&w, enc ? q[0] : in, accw);
            accw = one_step(&f, c, &w, out, in, R, 1, kara);
        } else {
            gh_from_mem(&w, enc ? q[0] : in, acc);
            acc = tw_fold(one_step(&f, c, &w, out, in, R, 1, kara));
        }
        if (enc) {
            q[0] = q[1];
            q[SEAL_LAG - 1] = out;
        }
    }
    if (R == 10) acc = tw_fold(accw);
    if (pending == 2) { /* the older one alone: no AES is left to hide it */
        fused_launder(&f);
        gh_from_mem(&w, q[0], acc);
        for (int sl = 0; sl < 5; sl++)
            gh_slice(&w, &f, sl, kara);
        acc = gh_finish(&w);
        q[0] = q[1];
        pending = 1;
    }
    if (pending) gh_from_mem(&w, q[0], acc);
    if (steps_only) { /* the streaming core: whole steps, no lengths */
        if (pending) {
            fused_launder(&f);
            for (int sl = 0; sl < 5; sl++)
                gh_slice(&w, &f, sl, kara);
            acc = gh_finish(&w);
        }
        return acc;
    }
    if (halves && len == 512) {
        /* Seal's last step in two halves of 16 blocks: the first half's
         * rounds take the previous step's GHASH, the second half's the
         * first half's, and only the second half's 16 blocks (and the
         * lengths block) are hashed after the last round, instead of a
         * whole step's 32 with the lengths block reduced on its own. */
        fused_launder(&f);
        __m512i x[4], o[8], k0 = round_key(&f, 0);
        const __m512i be0 = c->be; /* public: B(base) */
        __m512i xs = ctr_base_k0(c, k0);
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++) /* registers 0..3 use B(base) only */
            x[i] = ctr_input(i, xs, xs);
        ctr_advance(c);
        if (pending)
            acc = step16(x, &w, &f, out, in, R, 8, kara);
        else
            step16(x, &w, &f, out, in, R, 0, kara);
        gh_from_mem(&w, out, acc);
        /* registers 4..7 of the step (the last one ends in B(base + 32)),
         * with K0 loaded anew rather than kept across the first half */
        fused_launder(&f);
        k0 = round_key(&f, 0);
        xs = _mm512_xor_si512(be0, k0);
        __m512i xn = ctr_base_k0(c, k0);
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            x[i] = ctr_input(4 + i, xs, xn);
        acc = step16(x, &w, &f, out + 256, in + 256, R, 4, kara);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            o[i] = i < 4 ? x[i] : _mm512_setzero_si512();
        fused_launder(&f);
        *xj = j0_rounds(&f, j0[0], j0[1], R); /* see tag_finish */
        fused_launder(&f);
        int lens_done; /* always: H^17 is in the table */
        return last_ghash(o, 16, acc, lens, &f, &lens_done);
    }
    /* the tail (< 512 bytes): its blocks times H^(nb+1) .. H^2 and the
     * lengths block times H (when nb + 1 <= 32 powers), one reduction */
    unsigned nb = (unsigned)((len + 15) / 16);
    fused_launder(&f);
    if (len == 0) {
        *xj = j0_rounds(&f, j0[0], j0[1], R); /* see tag_finish */
        fused_launder(&f);
        if (pending) {
            for (int sl = 0; sl < 5; sl++)
                gh_slice(&w, &f, sl, kara);
            acc = gh_finish(&w);
        }
    } else {
        __m512i o[8], k0 = round_key(&f, 0);
        __m512i xs = ctr_base_k0(c, k0);
        ctr_advance(c);
        __m512i xn = ctr_base_k0(c, k0);
        if (!enc) {
            /* open: the ciphertext, read before the output overwrites it */
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++) {
                size_t at = 64 * (size_t)i;
                o[i] = at < len ? hush_tail_load512(
                                      in + at, len - at < 64 ? len - at : 64)
                                : _mm512_setzero_si512();
            }
        }
        __m512i t[8];
        if (len > 256) {
            if (pending)
                acc = tail_aes(t, &w, &f, out, in, len, xs, xn, R, 2, 1, kara);
            else
                tail_aes(t, &w, &f, out, in, len, xs, xn, R, 2, 0, kara);
        } else {
            if (pending)
                acc = tail_aes(t, &w, &f, out, in, len, xs, xn, R, 1, 1, kara);
            else
                tail_aes(t, &w, &f, out, in, len, xs, xn, R, 1, 0, kara);
#pragma GCC unroll 4
            for (int i = 4; i < 8; i++)
                t[i] = _mm512_setzero_si512();
        }
        if (enc) {
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                o[i] = t[i];
        }
        /* J0's rounds after the tail's AES, not before: live across it,
         * the value (E_K(J0) but for the last round key) was spilled to
         * the stack by seal (all but AES-128 schoolbook), and never
         * wiped. Here it still overlaps last_ghash's multiplies. The
         * round keys are loaded anew, not taken from the tail's
         * registers (which the compiler would keep and spill). */
        fused_launder(&f);
        *xj = j0_rounds(&f, j0[0], j0[1], R); /* see tag_finish */
        fused_launder(&f);
        int lens_done;
        acc = last_ghash(o, nb, acc, lens, &f, &lens_done);
        if (lens_done) return acc;
    }
    /* the lengths block on its own */
    tw_acc128 a = {_mm_setzero_si128(), _mm_setzero_si128(),
                   _mm_setzero_si128()};
    tw_mul_add128(
        &a, _mm_xor_si128(acc, lens),
        _mm_loadu_si128(
            (const __m128i *)(const void *)(f.pow +
                                            16 * (HUSH_GHASH_POWERS - 1))));
    return tw_reduce128(a.lo, a.mid, a.hi);
}

/*
 * Short messages (len <= SHORT_MAX = 112): registers of counter blocks J0,
 * J0+1, J0+2, J0+3 (and J0+4 .. J0+7 beyond 48 bytes) give E(J0) in lane 0
 * and the keystream in the other lanes, in one or two AES chains with the
 * round keys broadcast from the schedule (nothing key-derived is copied to
 * the stack). GHASH multiplies every block by its own power of H -- the AD
 * summary, the ciphertext blocks and the lengths block -- and reduces once.
 */
#define SHORT_MAX 112

static inline __mmask8 block_mask(size_t blocks) {
    return blocks >= 4 ? 0xff : (__mmask8)((1u << (2 * blocks)) - 1);
}

/* ---- the short paths' 16-byte tails, without a stack buffer ----
 *
 * As hush_tail_load128 / hush_tail_store128 (core/tail_avx512.h): the
 * masked access of the 16 bytes from p when that window stays on the
 * pages of the n valid bytes. When it does not, the valid bytes are on one
 * page, within 15 bytes of its end, and so is the window that ends with
 * them, [p + n - 16, p + n): the same masked access there, the bytes moved
 * into place by a byte shuffle from a table. No byte before p or from p +
 * n on is read or written (their mask bits are clear), and no masked-off
 * byte lies on another page. tail_avx512.h's fallback copies through a
 * 64-byte aligned stack buffer, for which gcc realigned the tiny path's
 * frame on every call (docs/perf/gcm.md, item 24); byte loops in general
 * registers instead made it save two registers and keep a frame pointer.
 * Which access runs depends on addresses and lengths only. */
static const uint8_t tail_shift[48] = {
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0,    1,    2,    3,    4,    5,    6,    7,
    8,    9,    10,   11,   12,   13,   14,   15,   0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80};

ALWAYS_INLINE __m128i tail_shift_by(size_t at) {
    return _mm_loadu_si128((const __m128i *)(const void *)(tail_shift + at));
}

/* n (1..16) bytes at p, zero-padded */
ALWAYS_INLINE __m128i tail_load16(const uint8_t *p, size_t n) {
    if (n >= 16) return _mm_loadu_si128((const __m128i *)(const void *)p);
    if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 16)))
        return _mm_maskz_loadu_epi8((__mmask16)((1u << n) - 1), p);
    /* the top n bytes of the window ending at p + n, moved down 16 - n */
    __m128i w = _mm_maskz_loadu_epi8((__mmask16)(0xffffu << (16 - n)),
                                     (const void *)((uintptr_t)p + n - 16));
    return _mm_shuffle_epi8(w, tail_shift_by(32 - n));
}

/* the first n (1..16) bytes of x to p */
ALWAYS_INLINE void tail_store16(uint8_t *p, __m128i x, size_t n) {
    if (n >= 16)
        _mm_storeu_si128((__m128i *)(void *)p, x);
    else if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 16)))
        _mm_mask_storeu_epi8(p, (__mmask16)((1u << n) - 1), x);
    else /* moved up 16 - n, into the top n bytes of the window */
        _mm_mask_storeu_epi8((void *)((uintptr_t)p + n - 16),
                             (__mmask16)(0xffffu << (16 - n)),
                             _mm_shuffle_epi8(x, tail_shift_by(n)));
}

/* The same for 64-byte windows (n = 1..64), lane by lane when the window
 * leaves the pages of the data: whole lanes loaded or stored as they
 * are, the one partial lane by tail_load16 / tail_store16, the lanes past
 * the data not touched. Through hush_tail_load512's 64-byte stack buffers
 * gcc realigned the short path's frame and saved five registers. */
ALWAYS_INLINE __m128i lane_load(const uint8_t *p, size_t n, unsigned i) {
    return n > 16 * i
               ? tail_load16(p + 16 * i, n - 16 * i < 16 ? n - 16 * i : 16)
               : _mm_setzero_si128();
}

/* lane i (x, extracted by the caller: clang takes only a literal lane
 * index) of a 64-byte store */
ALWAYS_INLINE void lane_store(uint8_t *p, __m128i x, size_t n, unsigned i) {
    if (n > 16 * i)
        tail_store16(p + 16 * i, x, n - 16 * i < 16 ? n - 16 * i : 16);
}

ALWAYS_INLINE __m512i tail_load64(const uint8_t *p, size_t n) {
    if (n >= 64) return _mm512_loadu_si512((const void *)p);
    if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 64)))
        return _mm512_maskz_loadu_epi8(((__mmask64)1 << n) - 1, p);
    __m512i v = _mm512_castsi128_si512(lane_load(p, n, 0));
    v = _mm512_inserti32x4(v, lane_load(p, n, 1), 1);
    v = _mm512_inserti32x4(v, lane_load(p, n, 2), 2);
    return _mm512_inserti32x4(v, lane_load(p, n, 3), 3);
}

ALWAYS_INLINE void tail_store64(uint8_t *p, __m512i x, size_t n) {
    if (n >= 64) {
        _mm512_storeu_si512((void *)p, x);
    } else if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 64))) {
        _mm512_mask_storeu_epi8(p, ((__mmask64)1 << n) - 1, x);
    } else {
        lane_store(p, _mm512_castsi512_si128(x), n, 0);
        lane_store(p, _mm512_extracti32x4_epi32(x, 1), n, 1);
        lane_store(p, _mm512_extracti32x4_epi32(x, 2), n, 2);
        lane_store(p, _mm512_extracti32x4_epi32(x, 3), n, 3);
    }
}

/* J0 with a zero counter byte: the nonce's 12 bytes, one load each
 * (gcm_nonce.h). The combined entries read it and pass it in a register:
 * with the nonce pointer, the kernels' seventh argument, on the stack, gcc
 * built a frame pointer to read it (its frame flags keep one for any
 * access to the incoming arguments), and saved a register. */
ALWAYS_INLINE __m128i nonce_block(const uint8_t *nonce) {
    return gcm_nonce_block_xor(nonce, _mm_setzero_si128());
}

/* The counter bytes of J0 .. J0 + 7 in the lanes of two registers (byte
 * 15 of each lane; the nonce's register has zeros there) */
static const HUSH_ALIGNED(64) uint64_t short_ctr[2][8] = {
    {0, UINT64_C(1) << 56, 0, UINT64_C(2) << 56, 0, UINT64_C(3) << 56, 0,
     UINT64_C(4) << 56},
    {0, UINT64_C(5) << 56, 0, UINT64_C(6) << 56, 0, UINT64_C(7) << 56, 0,
     UINT64_C(8) << 56}};

/* The tag (returned, in a register) of 17 .. SHORT_MAX bytes, or, when
 * ad_any, of an AD over 16 bytes (len may then be 0). nb: the nonce's
 * block (nonce_block). Without ad_any the caller has seen adlen <= 16:
 * the AD's GHASH run (ghash_bytes, its stack buffer) is not compiled in,
 * and gcc does not realign the frame for it. */
ALWAYS_INLINE __m128i short_run(const gcm_state *s, uint8_t *out,
                                const uint8_t *in, size_t len,
                                const uint8_t *ad, size_t adlen, __m128i nb,
                                const unsigned R, const int enc,
                                const int ad_any) {
    const __m128i *ek = aesni_key_of(&s->aes)->ek;
    const hush_ghash_key *k = &s->ghash;
    fused_src f = fused_src_of(s);
    /* An AD over 16 bytes is hashed first, before anything key-derived is
     * live: clang does not inline ghash_bytes, and across the call every
     * vector register is caller-saved, so E_K(J0) and the key stream,
     * made before it, went to the stack and stayed there */
    __m128i yad = _mm_setzero_si128();
    if (ad_any && adlen > 16)
        yad = ghash_bytes(_mm_setzero_si128(), &f, ad, adlen);
    /* J0 ^ K0 with a zero counter byte in all four lanes; the counters go
     * in with one XOR per register */
    const __m512i n = _mm512_broadcast_i32x4(_mm_xor_si128(nb, ek[0]));
    __m512i x =
        _mm512_xor_si512(n, _mm512_load_si512((const void *)short_ctr[0]));
    __m512i x1 =
        _mm512_xor_si512(n, _mm512_load_si512((const void *)short_ctr[1]));
    __m512i rk;
    /* ek laundered before the branch: without it gcc hoisted the round-key
     * loads above the branch and broadcast them with vshufi32x4, ten
     * port-5 shuffles per call, instead of broadcast loads */
    const __m128i *ekb = ek;
    __asm__("" : "+r"(ekb));
    if (len > 48) { /* public: the message length */
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++) {
            rk = _mm512_broadcast_i32x4(ekb[r]);
            x = _mm512_aesenc_epi128(x, rk);
            x1 = _mm512_aesenc_epi128(x1, rk);
        }
        rk = _mm512_broadcast_i32x4(ekb[R]);
        x = _mm512_aesenclast_epi128(x, rk);
        x1 = _mm512_aesenclast_epi128(x1, rk);
    } else {
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++)
            x = _mm512_aesenc_epi128(x, _mm512_broadcast_i32x4(ekb[r]));
        x = _mm512_aesenclast_epi128(x, _mm512_broadcast_i32x4(ekb[R]));
        x1 = _mm512_setzero_si512();
    }
    __m128i ek0 = _mm512_castsi512_si128(x);
    /* keystream of blocks 1..7 moved down to lanes 0..3 and 0..2 */
    __m512i ks0 = _mm512_alignr_epi64(x1, x, 2);
    __m512i ks1 = _mm512_maskz_alignr_epi64(0x3f, x1, x1, 2);
    /* len may be 0 here (AD over 16 bytes): no access at all then */
    __mmask64 bm0 = vaes_byte_mask(len);
    __mmask64 bm1 = len > 64 ? vaes_byte_mask(len - 64) : 0;
    __m512i d0 = _mm512_setzero_si512(), d1 = _mm512_setzero_si512();
    if (len) d0 = tail_load64(in, len < 64 ? len : 64);
    if (len > 64) d1 = tail_load64(in + 64, len - 64);
    __m512i o0 = _mm512_maskz_mov_epi8(bm0, _mm512_xor_si512(ks0, d0));
    __m512i o1 = _mm512_maskz_mov_epi8(bm1, _mm512_xor_si512(ks1, d1));
    if (len) tail_store64(out, o0, len < 64 ? len : 64);
    if (len > 64) tail_store64(out + 64, o1, len - 64);
    __m512i gc0 = bswap512(enc ? o0 : d0);
    __m512i gc1 = bswap512(enc ? o1 : d1);

    size_t cb = (len + 15) / 16;
    tw_acc z;
    z.lo = z.mid = z.hi = _mm512_setzero_si512();
    /* the AD: one raw block (times H^(cb+2)) or its GHASH (times H^(cb+1)) */
    __m128i y = _mm_setzero_si128();
    __m128i ypow = _mm_setzero_si128();
    if (ad_any && adlen > 16) {
        y = yad;
        ypow = _mm_load_si128(
            (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - 1 - cb]);
    } else if (adlen > 0) {
        y = _mm_shuffle_epi8(tail_load16(ad, adlen), ghash_bswap_mask());
        ypow = _mm_load_si128(
            (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - 2 - cb]);
    }
    /* the lengths block times H in lane 1 of the same register */
    __m128i lens = lengths_block(adlen, len);
    __m512i yl = _mm512_inserti32x4(_mm512_castsi128_si512(y), lens, 1);
    __m512i ylp = _mm512_inserti32x4(
        _mm512_castsi128_si512(ypow),
        _mm_load_si128(
            (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - 1]),
        1);
    yl = _mm512_maskz_mov_epi64(0x0f, yl);
    ylp = _mm512_maskz_mov_epi64(0x0f, ylp);
    tw_mul_set(&z, yl, ylp);
    if (cb) {
        /* ciphertext block i (from 1) times H^(cb + 2 - i) */
        const uint64_t(*pw)[2] = k->pow + (HUSH_GHASH_POWERS - 1 - cb);
        tw_mul_add(&z, gc0, _mm512_maskz_loadu_epi64(block_mask(cb), pw));
        if (cb > 4) /* blocks 5.. (zero up to 64 bytes) */
            tw_mul_add(&z, gc1,
                       _mm512_maskz_loadu_epi64(block_mask(cb - 4), pw + 4));
    }
    y = tw_fold(tw_reduce512(&z));
    return _mm_xor_si128(_mm_shuffle_epi8(y, ghash_bswap_mask()), ek0);
}

/*
 * The smallest messages (len <= 16, adlen <= 16): at most one AD block,
 * one message block and the lengths block. Straight-line code: E(J0) and
 * the keystream block J0+1 in one 256-bit AES chain, the
 * three GHASH blocks times H^3, H^2, H^1 (an empty AD or message block is
 * zero and adds nothing) and one reduction. Round keys are broadcast from
 * the schedule where they are used, so nothing key-derived reaches the
 * stack. Returns the tag.
 */
ALWAYS_INLINE __m128i tiny_run(const gcm_state *s, uint8_t *out,
                               const uint8_t *in, size_t len, const uint8_t *ad,
                               size_t adlen, __m128i nb, const unsigned R,
                               const int enc, const int ad_any) {
    (void)ad_any; /* adlen <= 16 always */
    const __m128i *ek = aesni_key_of(&s->aes)->ek;
    const uint64_t(*pw)[2] = s->ghash.pow;
    const __m128i bswap = ghash_bswap_mask();
    /* J0 and J0+1 in the two lanes of one 256-bit register (one AES chain
     * of ymm rounds instead of two of xmm): the nonce's block XOR round
     * key 0 in both lanes, then the counter bytes */
    __m256i x = _mm256_xor_si256(
        _mm256_broadcastsi128_si256(_mm_xor_si128(nb, ek[0])),
        _mm256_load_si256((const __m256i *)(const void *)short_ctr[0]));
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++)
        x = _mm256_aesenc_epi128(x, _mm256_broadcastsi128_si256(ek[r]));
    __m128i x0 = _mm256_castsi256_si128(x);
    /* No access at all for an empty message or AD: callers pass NULL then,
     * and a fully masked access to an unmapped page is a slow microcode
     * assist (measured: ~85 ns per seal) even though it cannot fault; the
     * tail helpers avoid the same for windows that run past the buffer's
     * pages. Lengths are public. */
    const __m128i h1 = _mm_load_si128(
        (const __m128i *)(const void *)pw[HUSH_GHASH_POWERS - 1]);
    const __m128i lens = lengths_block(adlen, len);
    tw_acc128 acc;
    /* H^j is pow[HUSH_GHASH_POWERS - j]; the AD block is times H^3 when a
     * message block follows it, else H^2; an empty block adds nothing and
     * is skipped (lengths are public) */
    if (adlen) {
        acc.lo = acc.mid = acc.hi = _mm_setzero_si128();
        __m128i a = _mm_shuffle_epi8(tail_load16(ad, adlen), bswap);
        tw_mul_add128(
            &acc, a,
            _mm_load_si128((const __m128i *)(const void *)
                               pw[HUSH_GHASH_POWERS - (len ? 3 : 2)]));
        tw_mul_add128(&acc, lens, h1);
    } else {
        /* no AD: the lengths block's high qword is zero, so its product
         * with H is two multiplies (lo and one cross term), not four */
        acc.lo = _mm_clmulepi64_si128(lens, h1, 0x00);
        acc.mid = _mm_clmulepi64_si128(lens, h1, 0x10);
        acc.hi = _mm_setzero_si128();
    }
    if (len) {
        __m128i d = tail_load16(in, len);
        __m128i o = _mm_maskz_mov_epi8(
            (__mmask16)((1u << len) - 1),
            _mm_aesenclast_si128(_mm256_extracti128_si256(x, 1),
                                 _mm_xor_si128(ek[R], d)));
        tail_store16(out, o, len);
        tw_mul_add128(
            &acc, _mm_shuffle_epi8(enc ? o : d, bswap),
            _mm_load_si128(
                (const __m128i *)(const void *)pw[HUSH_GHASH_POWERS - 2]));
    }
    __m128i y = tw_reduce128(acc.lo, acc.mid, acc.hi);
    /* aesenclast(x, k) ^ v = aesenclast(x, k ^ v) */
    return _mm_aesenclast_si128(
        x0, _mm_xor_si128(ek[R], _mm_shuffle_epi8(y, bswap)));
}

/* Everything of a long seal or open but the verdict: the computed tag. */
ALWAYS_INLINE void fused_run(const gcm_state *s, uint8_t *out,
                             const uint8_t *in, size_t len, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             uint8_t tag[16], const unsigned R, const int enc,
                             const int kara) {
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    fused_src f = fused_src_of(s);
    __m128i acc = _mm_setzero_si128();
    if (adlen) acc = ghash_bytes(acc, &f, ad, adlen);
    ctr_state c = ctr_start(hi, lo);
    __m128i lens = lengths_block(adlen, len), xj;
    const uint64_t j0[2] = {hi, lo};
    acc = crypt_pass(s, out, in, len, &c, acc, lens, j0, &xj, R, enc, kara, 0);
    fused_launder(&f);
    _mm_storeu_si128((__m128i *)(void *)tag, tag_finish(&f, xj, acc, R));
}

/*
 * Neither path leaves key material on the stack (no scrub needed): the
 * short paths broadcast round keys from the schedule into registers, the
 * long path loads round keys and powers of H from the state at every step
 * (fused_src), and the stack slots the compiler uses hold only counters,
 * constants and public data. The leak census (tools/leakscan) and
 * tests/gcm/test_gcm_stack.c check both.
 */
/*
 * The streaming AEAD's whole-block step (gcm_impl.h, gcm_stream_blocks):
 * nblocks blocks from the counter block ctr, GHASH continued in y. The
 * fused steps need a step to start at a counter = 2 (mod 32) (see
 * "counters"); the blocks before that point and those after the last
 * whole step go through the AES tier's CTR and this tier's GHASH, in
 * order, so the bytes are the generic step's.
 */
ALWAYS_INLINE void stream_run(const gcm_state *s, uint8_t *out,
                              const uint8_t *in, size_t nblocks,
                              uint8_t ctr[16], uint64_t y[2], const unsigned R,
                              const int enc, const int kara) {
    fused_src f = fused_src_of(s);
    __m128i acc = _mm_loadu_si128((const __m128i *)(const void *)y);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    size_t head = (size_t)((2u - (uint32_t)lo) & 31u); /* public */
    if (head > nblocks) head = nblocks;
    size_t steps = (nblocks - head) / 32;
    size_t n[3] = {head, 32 * steps, nblocks - head - 32 * steps};
    for (int part = 0; part < 3; part++) {
        if (n[part] == 0) continue;
        if (part == 1) {
            /* base = the step's first counter - 2, a multiple of 32 */
            ctr_state c = ctr_at(hi, (lo & ~UINT64_C(0xffffffff)) |
                                         (uint32_t)((uint32_t)lo - 2u));
            acc = crypt_pass(s, out, in, 16 * n[1], &c, acc,
                             _mm_setzero_si128(), NULL, NULL, R, enc, kara, 1);
            hush_aes_ctr_add(&hi, &lo, n[1]);
            hush_aes_ctr_store(ctr, hi, lo);
        } else {
            if (!enc) acc = ghash_bytes(acc, &f, in, 16 * n[part]);
            s->aes.ops->ctr(&s->aes, out, in, 16 * n[part], ctr);
            if (enc) acc = ghash_bytes(acc, &f, out, 16 * n[part]);
            hush_aes_ctr_load(ctr, &hi, &lo);
        }
        in += 16 * n[part], out += 16 * n[part];
    }
    _mm_storeu_si128((__m128i *)(void *)y, acc);
}

#define STREAM_FN(name, enc, kara)                                             \
    static void name(const gcm_state *s, uint8_t *out, const uint8_t *in,      \
                     size_t nblocks, uint8_t ctr[16], uint64_t y[2]) {         \
        if (s->aes.rounds == 10)                                               \
            stream_run(s, out, in, nblocks, ctr, y, 10, enc, kara);            \
        else                                                                   \
            stream_run(s, out, in, nblocks, ctr, y, 14, enc, kara);            \
    }
STREAM_FN(stream_seal, 1, 0)
STREAM_FN(stream_open, 0, 0)
STREAM_FN(stream_seal_kara, 1, 1)
STREAM_FN(stream_open_kara, 0, 1)
#undef STREAM_FN

const gcm_stream_blocks hush_gcm_stream_vaes512 = {stream_seal, stream_open};
const gcm_stream_blocks hush_gcm_stream_vaes512_kara = {stream_seal_kara,
                                                        stream_open_kara};

/*
 * Each path in its own function, and seal_with / open_with only choose: the
 * long path's frame (stack realigned to 64, seven saved registers, 384
 * bytes) was built on entry for every call, short ones included
 * (docs/perf/gcm.md, item 18). Lengths and the round count are public.
 */
#define PATH_FN(name, run, R, enc)                                             \
    __attribute__((noinline)) static void name(                                \
        const gcm_state *s, uint8_t *out, uint8_t tag[16], const uint8_t *in,  \
        size_t len, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {   \
        _mm_storeu_si128(                                                      \
            (__m128i *)(void *)tag,                                            \
            run(s, out, in, len, ad, adlen, nonce_block(nonce), R, enc, 1));   \
    }
PATH_FN(tiny_seal10, tiny_run, 10, 1)
PATH_FN(tiny_seal14, tiny_run, 14, 1)
PATH_FN(tiny_open10, tiny_run, 10, 0)
PATH_FN(tiny_open14, tiny_run, 14, 0)
PATH_FN(short_seal10, short_run, 10, 1)
PATH_FN(short_seal14, short_run, 14, 1)
PATH_FN(short_open10, short_run, 10, 0)
PATH_FN(short_open14, short_run, 14, 0)
#undef PATH_FN
#define LONG_FN(name, R, enc, kara)                                            \
    __attribute__((noinline)) static void name(                                \
        const gcm_state *s, uint8_t *out, uint8_t tag[16], const uint8_t *in,  \
        size_t len, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {   \
        fused_run(s, out, in, len, ad, adlen, nonce, tag, R, enc, kara);       \
    }
LONG_FN(long_seal10, 10, 1, 0)
LONG_FN(long_seal14, 14, 1, 0)
LONG_FN(long_open10, 10, 0, 0)
LONG_FN(long_open14, 14, 0, 0)
LONG_FN(long_seal10_kara, 10, 1, 1)
LONG_FN(long_seal14_kara, 14, 1, 1)
LONG_FN(long_open10_kara, 10, 0, 1)
LONG_FN(long_open14_kara, 14, 0, 1)
#undef LONG_FN

/* R, the round count, is a constant in every instance below: the state's
 * seal and open (gcm_state.seal/open) are chosen per round count at setup,
 * so the call does not test s->aes.rounds (docs/perf/gcm.md, item 25). */
ALWAYS_INLINE void seal_with(const gcm_state *s, uint8_t *c, uint8_t *tag,
                             const uint8_t *m, size_t mlen, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             const unsigned R, const int kara) {
    if (mlen <= 16 && adlen <= 16)
        (R == 10 ? tiny_seal10 : tiny_seal14)(s, c, tag, m, mlen, ad, adlen,
                                              nonce);
    else if (mlen <= SHORT_MAX)
        (R == 10 ? short_seal10 : short_seal14)(s, c, tag, m, mlen, ad, adlen,
                                                nonce);
    else if (R == 10)
        (kara ? long_seal10_kara : long_seal10)(s, c, tag, m, mlen, ad, adlen,
                                                nonce);
    else
        (kara ? long_seal14_kara : long_seal14)(s, c, tag, m, mlen, ad, adlen,
                                                nonce);
}

ALWAYS_INLINE void open_with(const gcm_state *s, uint8_t *m, const uint8_t *c,
                             size_t clen, uint8_t want[16], const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             const unsigned R, const int kara) {
    if (clen <= 16 && adlen <= 16)
        (R == 10 ? tiny_open10 : tiny_open14)(s, m, want, c, clen, ad, adlen,
                                              nonce);
    else if (clen <= SHORT_MAX)
        (R == 10 ? short_open10 : short_open14)(s, m, want, c, clen, ad, adlen,
                                                nonce);
    else if (R == 10)
        (kara ? long_open10_kara : long_open10)(s, m, want, c, clen, ad, adlen,
                                                nonce);
    else
        (kara ? long_open14_kara : long_open14)(s, m, want, c, clen, ad, adlen,
                                                nonce);
}

/* The two schedules of the long path (see "Two schedules" above), each for
 * both round counts: the short paths are the same in both schedules. */
#define ENTRY_FNS(suffix, R, kara)                                             \
    static void fused_seal##suffix(                                            \
        const gcm_state *s, uint8_t *c, uint8_t *tag, const uint8_t *m,        \
        size_t mlen, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {  \
        seal_with(s, c, tag, m, mlen, ad, adlen, nonce, R, kara);              \
    }                                                                          \
    static void fused_open##suffix(const gcm_state *s, uint8_t *m,             \
                                   const uint8_t *c, size_t clen,              \
                                   uint8_t want[16], const uint8_t *ad,        \
                                   size_t adlen, const uint8_t *nonce) {       \
        open_with(s, m, c, clen, want, ad, adlen, nonce, R, kara);             \
    }
ENTRY_FNS(10, 10, 0)
ENTRY_FNS(14, 14, 0)
ENTRY_FNS(10_kara, 10, 1)
ENTRY_FNS(14_kara, 14, 1)
#undef ENTRY_FNS

/* ---- the combined forms (gcm_state.seal_c / open_c) ----
 *
 * The tag at out + len for a seal, at in + len for an open; they return
 * with the vector registers cleared (the AEAD layer reaches them by tail
 * calls: docs/perf/gcm.md, items 27 and 29). The tiny and short paths
 * keep the tag in its register: a seal stores it where it goes, an open
 * compares it there, and both then zero the register file inline instead
 * of calling hush_clear_vector_registers (its call, its load and test of
 * the CPU's register file, its return). All 32 registers: this file is
 * built with AVX-512, so the compiler may use any of zmm0-31, and the
 * contract of hush_clear_vector_registers (core/registers.h) is every
 * register the CPU has. An xmm write zeroes the whole zmm register; the
 * zeroing idioms take no execution port. The compiler's own VZEROUPPER
 * follows at the return (these functions write ymm/zmm registers). The
 * long path clears the whole file after the entries above. */
#define ZERO_X(n)  "vpxor %%xmm" #n ", %%xmm" #n ", %%xmm" #n "\n\t"
#define ZERO_XE(n) "vpxord %%xmm" #n ", %%xmm" #n ", %%xmm" #n "\n\t"
ALWAYS_INLINE void clear_register_file(void) {
    __asm__ __volatile__(
        ZERO_X(0) ZERO_X(1) ZERO_X(2) ZERO_X(3) ZERO_X(4) ZERO_X(5) ZERO_X(6)
            ZERO_X(7) ZERO_X(8) ZERO_X(9) ZERO_X(10) ZERO_X(11) ZERO_X(12)
                ZERO_X(13) ZERO_X(14) ZERO_X(15) ZERO_XE(16) ZERO_XE(17)
                    ZERO_XE(18) ZERO_XE(19) ZERO_XE(20) ZERO_XE(21) ZERO_XE(22)
                        ZERO_XE(23) ZERO_XE(24) ZERO_XE(25) ZERO_XE(26)
                            ZERO_XE(27) ZERO_XE(28) ZERO_XE(29) ZERO_XE(30)
                                ZERO_XE(31)
        :
        :
        : HUSH_CLOBBERS_XMM0_15, "xmm16", "xmm17", "xmm18", "xmm19", "xmm20",
          "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",
          "xmm28", "xmm29", "xmm30", "xmm31");
}
#undef ZERO_X
#undef ZERO_XE

/* An open's verdict from the computed tag t in its register: t XOR tag
 * tested for zero (VPTEST; a general register after it), the register
 * file cleared, the public verdict declassified and branched on, and on a
 * mismatch the output wiped. No computed tag is stored anywhere. */
ALWAYS_INLINE int verdict_of(__m128i t, const uint8_t *tag, uint8_t *m,
                             size_t len) {
    __m128i d =
        _mm_xor_si128(t, _mm_loadu_si128((const __m128i *)(const void *)tag));
    uint32_t eq = (uint32_t)_mm_testz_si128(d, d);
    clear_register_file();
    return gcm_verdict_of(eq, m, len);
}

#define PATH_C_FN(name, run, R, enc)                                           \
    __attribute__((noinline)) static int name(                                 \
        const gcm_state *s, uint8_t *out, const uint8_t *in, size_t len,       \
        const uint8_t *ad, size_t adlen, __m128i nb) {                         \
        __m128i t = run(s, out, in, len, ad, adlen, nb, R, enc, 0);            \
        if (!(enc)) return verdict_of(t, in + len, out, len);                  \
        _mm_storeu_si128((__m128i *)(void *)(out + len), t);                   \
        clear_register_file();                                                 \
        return HUSH_OK;                                                        \
    }
PATH_C_FN(tiny_seal10_c, tiny_run, 10, 1)
PATH_C_FN(tiny_seal14_c, tiny_run, 14, 1)
PATH_C_FN(tiny_open10_c, tiny_run, 10, 0)
PATH_C_FN(tiny_open14_c, tiny_run, 14, 0)
PATH_C_FN(short_seal10_c, short_run, 10, 1)
PATH_C_FN(short_seal14_c, short_run, 14, 1)
PATH_C_FN(short_open10_c, short_run, 10, 0)
PATH_C_FN(short_open14_c, short_run, 14, 0)
#undef PATH_C_FN

/* The combined forms (gcm_impl.h): the path by the lengths (public) and
 * the round count constant in every instance, the same for both
 * schedules (the short paths are shared); the long path, and AD over 16
 * bytes, through gcm.c's combined forms (the state's seal or open, the
 * schedule's entry above, then the whole register file cleared). */
#define ENTRY_C_FNS(R)                                                         \
    static int fused_seal##R##_c(                                              \
        const gcm_state *s, uint8_t *c, const uint8_t *m, size_t mlen,         \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        if (adlen <= 16) {                                                     \
            if (mlen <= 16)                                                    \
                return tiny_seal##R##_c(s, c, m, mlen, ad, adlen,              \
                                        nonce_block(nonce));                   \
            if (mlen <= SHORT_MAX)                                             \
                return short_seal##R##_c(s, c, m, mlen, ad, adlen,             \
                                         nonce_block(nonce));                  \
        }                                                                      \
        return hush_gcm_seal_c_any(s, c, m, mlen, ad, adlen, nonce);           \
    }                                                                          \
    static int fused_open##R##_c(                                              \
        const gcm_state *s, uint8_t *m, const uint8_t *c, size_t mlen,         \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        if (adlen <= 16) {                                                     \
            if (mlen <= 16)                                                    \
                return tiny_open##R##_c(s, m, c, mlen, ad, adlen,              \
                                        nonce_block(nonce));                   \
            if (mlen <= SHORT_MAX)                                             \
                return short_open##R##_c(s, m, c, mlen, ad, adlen,             \
                                         nonce_block(nonce));                  \
        }                                                                      \
        return hush_gcm_open_c_any(s, m, c, mlen, ad, adlen, nonce);           \
    }
ENTRY_C_FNS(10)
ENTRY_C_FNS(14)
#undef ENTRY_C_FNS

/* How many powers of H (4, 8, 16, 32 or GCM_POWERS_ALL) the paths above
 * read for these lengths: tiny_run H^3; short_run H^(cb+2) (cb <= 7
 * message blocks); ghash_bytes H^(blocks of the AD's last run);
 * crypt_pass's tail H^(nb+1), its 32-block steps H^32, its 64-block steps
 * (1 KiB or more) H^64. */
static int fused_powers_for(size_t mlen, size_t adlen) {
    _Static_assert((SHORT_MAX + 15) / 16 + 2 <= 16, "short_run powers");
    size_t need;
    if (mlen <= 16 && adlen <= 16)
        need = 3;
    else if (mlen <= SHORT_MAX)
        need = (mlen + 15) / 16 + 2;
    else
        need = mlen >= 1024  ? GCM_POWERS_ALL
               : mlen >= 512 ? HUSH_GHASH_POWERS
                             : (mlen + 15) / 16 + 1;
    if (adlen > 16 || (adlen && mlen > SHORT_MAX)) {
        const size_t ad_need =
            adlen >= 512 ? HUSH_GHASH_POWERS : (adlen + 15) / 16;
        need = ad_need > need ? ad_need : need;
    }
    return need <= 4    ? 4
           : need <= 8  ? 8
           : need <= 16 ? 16
           : need <= 32 ? HUSH_GHASH_POWERS
                        : GCM_POWERS_ALL;
}

static void fused_setup_powers(gcm_state *s, const uint8_t h[16], int n) {
    hush_ghash_key *k = &s->ghash;
    if (n <= 4)
        tw_init_powers(k, h, 4, NULL);
    else if (n <= 8)
        tw_init_powers(k, h, 8, NULL);
    else if (n <= 16)
        tw_init_powers(k, h, 16, NULL);
    else if (n <= HUSH_GHASH_POWERS ||
             !runs_step64(s->aes.rounds, s->fused != &hush_gcm_fused_vaes512))
        tw_init_powers(k, h, 32, NULL);
    else /* and H^33..H^64 for the 64-block steps */
        tw_init_powers(k, h, 32, s->aes.data + POW_HI_AT);
}

/* GHASH of whole blocks with the twisted table, for the streaming AEAD
 * (gcm_stream.c): the keyed state holds all 32 powers. */
static void fused_ghash(const gcm_state *s, uint64_t y[2], const uint8_t *in,
                        size_t nblocks) {
    fused_src f = fused_src_of(s);
    __m128i acc = _mm_loadu_si128((const __m128i *)(const void *)y);
    acc = ghash_bytes(acc, &f, in, 16 * nblocks);
    _mm_storeu_si128((__m128i *)(void *)y, acc);
}

const gcm_fused_ops hush_gcm_fused_vaes512 = {
    fused_seal10,   fused_open10,   fused_powers_for, fused_setup_powers,
    fused_ghash,    fused_seal14,   fused_open14,     fused_seal10_c,
    fused_seal14_c, fused_open10_c, fused_open14_c};
const gcm_fused_ops hush_gcm_fused_vaes512_kara = {
    fused_seal10_kara, fused_open10_kara, fused_powers_for,  fused_setup_powers,
    fused_ghash,       fused_seal14_kara, fused_open14_kara, fused_seal10_c,
    fused_seal14_c,    fused_open10_c,    fused_open14_c};
