/*
 * Fused AES-GCM tier: VAES and VPCLMULQDQ on 512-bit registers, a whole
 * seal or open in one function. Each main step takes 32 blocks (eight
 * registers): the AES rounds of the counters and the carry-less products
 * of the ciphertext are independent work the core runs side by side, and
 * the ciphertext is hashed straight from registers (seal) or as it is
 * loaded (open), never re-read from memory. The body is instantiated per
 * round count so every loop over rounds and registers unrolls; the long
 * path reads round keys and powers of H from the key state at each step
 * (see fused_src) so that no key-derived value is spilled to the stack. Tails
 * (< 256 bytes, including a partial last block) are one byte-masked step; the
 * AD's partial block is a byte-masked load, zero-padded by the mask.
 *
 * Used when the state's tiers are exactly aes=vaes512 and
 * ghash=vpclmul512 (gcm.c). With a 96-bit nonce the low 64 bits of the
 * counter are (nonce word 2 << 32) | ctr32 and ctr32 <= 2^32 - 1 within
 * GCM's length limit, so counters advance with plain 64-bit vector adds.
 *
 * Constant time: fixed-latency instructions; masks and branches depend
 * only on lengths and on the public verdict of the tag check.
 */
#include "aes/aes_vaes512.h"
#include "core/ct.h"
#include "core/tail_avx512.h"
#include "gcm/gcm_impl.h"
#include "ghash/ghash_vpclmul512.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/*
 * The long path reads round keys and powers of H from the key state (secret
 * memory) at every step instead of keeping them in registers across the
 * loop: 15 broadcast round keys, 32 powers of H and 16 data vectors do not
 * fit in 32 zmm registers, and whatever the compiler spills lands in stack
 * slots that C cannot wipe. fused_src is the pair of pointers the loops
 * read from; fused_launder() passes them through an empty asm at the top of
 * each step, so the compiler cannot prove a load of an earlier step still
 * holds and keep (and spill) it: every key-derived value is loaded, used
 * within a few instructions and dead again. Loads are cheap (three load
 * ports; a broadcast load is one uop) next to eight vaesenc per key.
 */
typedef struct fused_src {
    const __m128i *ek;  /* round keys 0..R of the AES-NI layout */
    const uint8_t *pow; /* H^32..H^1, 16 bytes each, 64-byte aligned */
} fused_src;

ALWAYS_INLINE fused_src fused_src_of(const gcm_state *s) {
    fused_src f = {aesni_key_of(&s->aes)->ek, (const uint8_t *)s->ghash.pow};
    return f;
}

ALWAYS_INLINE void fused_launder(fused_src *f) {
    __asm__("" : "+r"(f->ek), "+r"(f->pow));
}

/* round key r broadcast to the four lanes, loaded where it is used */
ALWAYS_INLINE __m512i round_key(const fused_src *f, unsigned r) {
    return _mm512_broadcast_i32x4(_mm_load_si128(f->ek + r));
}

/* H^(32-4i)..H^(29-4i): register i of the 32-power table */
ALWAYS_INLINE __m512i hpow(const fused_src *f, int i) {
    return _mm512_load_si512((const void *)(f->pow + 64 * i));
}

ALWAYS_INLINE void aes4(__m512i *x0, __m512i *x1, __m512i *x2, __m512i *x3,
                        const fused_src *f, const unsigned R) {
    __m512i k = round_key(f, 0);
    *x0 = _mm512_xor_si512(*x0, k);
    *x1 = _mm512_xor_si512(*x1, k);
    *x2 = _mm512_xor_si512(*x2, k);
    *x3 = _mm512_xor_si512(*x3, k);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        k = round_key(f, r);
        *x0 = _mm512_aesenc_epi128(*x0, k);
        *x1 = _mm512_aesenc_epi128(*x1, k);
        *x2 = _mm512_aesenc_epi128(*x2, k);
        *x3 = _mm512_aesenc_epi128(*x3, k);
    }
    k = round_key(f, R);
    *x0 = _mm512_aesenclast_epi128(*x0, k);
    *x1 = _mm512_aesenclast_epi128(*x1, k);
    *x2 = _mm512_aesenclast_epi128(*x2, k);
    *x3 = _mm512_aesenclast_epi128(*x3, k);
}

/* The round function of eight registers (32 blocks): eight independent
 * chains are enough to keep both AES units busy through their latency. */
ALWAYS_INLINE void aes8(__m512i x[8], const fused_src *f, const unsigned R) {
    __m512i k = round_key(f, 0);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        x[i] = _mm512_xor_si512(x[i], k);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        k = round_key(f, r);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            x[i] = _mm512_aesenc_epi128(x[i], k);
    }
    k = round_key(f, R);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        x[i] = _mm512_aesenclast_epi128(x[i], k);
}

/* acc = (acc ^ g[0..7] as 32 blocks) * matching powers, reduced once */
ALWAYS_INLINE __m128i ghash32(__m128i acc, __m512i g[8], const fused_src *f) {
    ghash_acc512 a;
    __m512i h = hpow(f, 0);
    g[0] = _mm512_xor_si512(g[0], _mm512_zextsi128_si512(acc));
    a.lo = _mm512_clmulepi64_epi128(g[0], h, 0x00);
    a.hi = _mm512_clmulepi64_epi128(g[0], h, 0x11);
    a.mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(g[0], h, 0x01),
                             _mm512_clmulepi64_epi128(g[0], h, 0x10));
#pragma GCC unroll 8
    for (int i = 1; i < 8; i++)
        ghash_acc512_mul(&a, g[i], hpow(f, i));
    return ghash_acc512_reduce(&a);
}

static inline __mmask8 block_mask(size_t blocks) {
    return blocks >= 4 ? 0xff : (__mmask8)((1u << (2 * blocks)) - 1);
}

/* GHASH of len bytes (the last block zero-padded) into acc */
static inline __m128i ghash_bytes(__m128i acc, const hush_ghash_key *k,
                                  const uint8_t *p, size_t len) {
    for (; len >= 256; len -= 256, p += 256)
        acc = ghash_vpclmul_run(k, acc, p, 16);
    if (len > 0) {
        size_t blocks = (len + 15) / 16;
        __m512i g[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(),
                        _mm512_setzero_si512(), _mm512_setzero_si512()};
        ghash_acc512 a;
        for (size_t i = 0; 64 * i < len; i++)
            g[i] = ghash_bswap512(hush_tail_load512(p + 64 * i, len - 64 * i));
        g[0] = _mm512_xor_si512(g[0], _mm512_zextsi128_si512(acc));
        ghash_acc512_zero(&a);
        ghash_acc512_blocks(&a, k, g, blocks);
        acc = ghash_acc512_reduce(&a);
    }
    return acc;
}

/*
 * The message pass. enc = 1: in is plaintext, out ciphertext, GHASH over
 * out; enc = 0: the reverse, GHASH over in. Returns the updated GHASH
 * accumulator; *ctr (four counters in native order, one per lane) is the
 * first counter block's, advanced as blocks are used.
 */
ALWAYS_INLINE __m128i crypt_pass(const gcm_state *s, uint8_t *out,
                                 const uint8_t *in, size_t len, __m512i ctr,
                                 __m128i acc, const unsigned R, const int enc) {
    const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    fused_src f = fused_src_of(s);
    for (; len >= 512; len -= 512, in += 512, out += 512) {
        __m512i x[8], g[8];
        fused_launder(&f);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            x[i] = vaes_bswap128(ctr);
            ctr = _mm512_add_epi64(ctr, four);
        }
        if (!enc) {
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                g[i] = ghash_bswap512(_mm512_loadu_si512(in + 64 * i));
            acc = ghash32(acc, g, &f);
        }
        aes8(x, &f, R);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            x[i] = _mm512_xor_si512(x[i], _mm512_loadu_si512(in + 64 * i));
            _mm512_storeu_si512(out + 64 * i, x[i]);
        }
        if (enc) {
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                g[i] = ghash_bswap512(x[i]);
            acc = ghash32(acc, g, &f);
        }
    }
    /* what is left (< 512 bytes): steps of at most 16 blocks */
    for (; len > 256; len -= 256, in += 256, out += 256) {
        __m512i x[4], d[4], g[4];
        ghash_acc512 a;
        fused_launder(&f);
        for (int i = 0; i < 4; i++) {
            d[i] = _mm512_loadu_si512(in + 64 * i);
            x[i] = vaes_bswap128(ctr);
            ctr = _mm512_add_epi64(ctr, four);
        }
        aes4(&x[0], &x[1], &x[2], &x[3], &f, R);
        for (int i = 0; i < 4; i++) {
            x[i] = _mm512_xor_si512(x[i], d[i]);
            _mm512_storeu_si512(out + 64 * i, x[i]);
            g[i] = ghash_bswap512(enc ? x[i] : d[i]);
        }
        g[0] = _mm512_xor_si512(g[0], _mm512_zextsi128_si512(acc));
        ghash_acc512_zero(&a);
        ghash_acc512_blocks(&a, &s->ghash, g, 16);
        acc = ghash_acc512_reduce(&a);
    }
    if (len > 0) {
        /* one masked step: whole blocks and a zero-padded partial one */
        size_t blocks = (len + 15) / 16;
        __m512i x[4], d[4], g[4];
        ghash_acc512 a;
        __mmask64 bm[4];
#pragma GCC unroll 4 /* x[i] stays in registers */
        for (int i = 0; i < 4; i++) {
            size_t at = 64 * (size_t)i;
            bm[i] = at < len ? vaes_byte_mask(len - at) : 0;
            d[i] = at < len ? hush_tail_load512(in + at, len - at)
                            : _mm512_setzero_si512();
            x[i] = vaes_bswap128(ctr);
            ctr = _mm512_add_epi64(ctr, four);
        }
        aes4(&x[0], &x[1], &x[2], &x[3], &f, R);
#pragma GCC unroll 4 /* x[i] stays in registers */
        for (int i = 0; i < 4; i++) {
            size_t at = 64 * (size_t)i;
            x[i] = _mm512_maskz_xor_epi64(0xff, x[i], d[i]);
            x[i] = _mm512_maskz_mov_epi8(bm[i], x[i]);
            if (at < len) hush_tail_store512(out + at, x[i], len - at);
            g[i] = ghash_bswap512(enc ? x[i] : d[i]);
        }
        g[0] = _mm512_xor_si512(g[0], _mm512_zextsi128_si512(acc));
        ghash_acc512_zero(&a);
        ghash_acc512_blocks(&a, &s->ghash, g, blocks);
        acc = ghash_acc512_reduce(&a);
    }
    return acc;
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

ALWAYS_INLINE void short_run(const gcm_state *s, uint8_t *out,
                             const uint8_t *in, size_t len, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             uint8_t tag[16], const unsigned R, const int enc) {
    const __m128i *ek = aesni_key_of(&s->aes)->ek;
    const hush_ghash_key *k = &s->ghash;
    const int two = len > 48; /* public: the message length */
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    __m512i c0 = _mm512_add_epi64(
        _mm512_broadcast_i32x4(_mm_set_epi64x((long long)hi, (long long)lo)),
        _mm512_set_epi64(0, 3, 0, 2, 0, 1, 0, 0));
    __m512i x = vaes_bswap128(c0);
    __m512i x1 = vaes_bswap128(
        _mm512_add_epi64(c0, _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4)));
    __m512i rk = _mm512_broadcast_i32x4(ek[0]);
    x = _mm512_xor_si512(x, rk);
    x1 = _mm512_xor_si512(x1, rk);
    if (two) {
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++) {
            rk = _mm512_broadcast_i32x4(ek[r]);
            x = _mm512_aesenc_epi128(x, rk);
            x1 = _mm512_aesenc_epi128(x1, rk);
        }
        rk = _mm512_broadcast_i32x4(ek[R]);
        x = _mm512_aesenclast_epi128(x, rk);
        x1 = _mm512_aesenclast_epi128(x1, rk);
    } else {
#pragma GCC unroll 14
        for (unsigned r = 1; r < R; r++)
            x = _mm512_aesenc_epi128(x, _mm512_broadcast_i32x4(ek[r]));
        x = _mm512_aesenclast_epi128(x, _mm512_broadcast_i32x4(ek[R]));
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
    if (len) d0 = hush_tail_load512(in, len < 64 ? len : 64);
    if (len > 64) d1 = hush_tail_load512(in + 64, len - 64);
    __m512i o0 = _mm512_maskz_mov_epi8(bm0, _mm512_xor_si512(ks0, d0));
    __m512i o1 = _mm512_maskz_mov_epi8(bm1, _mm512_xor_si512(ks1, d1));
    if (len) hush_tail_store512(out, o0, len < 64 ? len : 64);
    if (len > 64) hush_tail_store512(out + 64, o1, len - 64);
    __m512i gc0 = ghash_bswap512(enc ? o0 : d0);
    __m512i gc1 = ghash_bswap512(enc ? o1 : d1);

    size_t cb = (len + 15) / 16;
    ghash_acc a = {_mm_setzero_si128(), _mm_setzero_si128(),
                   _mm_setzero_si128()};
    /* the AD: one raw block (times H^(cb+2)) or its GHASH (times H^(cb+1)) */
    if (adlen > 16) {
        __m128i y = ghash_bytes(_mm_setzero_si128(), k, ad, adlen);
        ghash_acc_mul(&a, y,
                      _mm_load_si128((const __m128i *)(const void *)
                                         k->pow[HUSH_GHASH_POWERS - 1 - cb]));
    } else if (adlen > 0) {
        __m128i y =
            _mm_shuffle_epi8(hush_tail_load128(ad, adlen), ghash_bswap_mask());
        ghash_acc_mul(&a, y,
                      _mm_load_si128((const __m128i *)(const void *)
                                         k->pow[HUSH_GHASH_POWERS - 2 - cb]));
    }
    /* the lengths block times H */
    __m128i lens = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                  (long long)((uint64_t)len * 8));
    ghash_acc_mul(
        &a, lens,
        _mm_load_si128(
            (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - 1]));
    __m128i y;
    if (cb) {
        /* ciphertext block i (from 1) times H^(cb + 2 - i) */
        ghash_acc512 z;
        ghash_acc512_zero(&z);
        const uint64_t(*pw)[2] = k->pow + (HUSH_GHASH_POWERS - 1 - cb);
        ghash_acc512_mul(&z, gc0, _mm512_maskz_loadu_epi64(block_mask(cb), pw));
        if (two)
            ghash_acc512_mul(
                &z, gc1, _mm512_maskz_loadu_epi64(block_mask(cb - 4), pw + 4));
        y = ghash_reduce(_mm_xor_si128(a.lo, ghash_fold_lanes(z.lo)),
                         _mm_xor_si128(a.mid, ghash_fold_lanes(z.mid)),
                         _mm_xor_si128(a.hi, ghash_fold_lanes(z.hi)));
    } else {
        y = ghash_reduce(a.lo, a.mid, a.hi);
    }
    __m128i t = _mm_xor_si128(_mm_shuffle_epi8(y, ghash_bswap_mask()), ek0);
    _mm_storeu_si128((__m128i *)(void *)tag, t);
}

/*
 * The smallest messages (len <= 16, adlen <= 16): at most one AD block,
 * one message block and the lengths block. Straight-line 128-bit code:
 * E(J0) and the keystream block J0+1 in two interleaved AES-NI chains, the
 * three GHASH blocks times H^3, H^2, H^1 (an empty AD or message block is
 * zero and adds nothing) and one reduction. The 512-bit short_run spends
 * its time on lane moves, masks and folds for work that is one block wide.
 * Round keys are read from the schedule as memory operands, so nothing
 * key-derived reaches the stack.
 */
ALWAYS_INLINE void tiny_run(const gcm_state *s, uint8_t *out, const uint8_t *in,
                            size_t len, const uint8_t *ad, size_t adlen,
                            const uint8_t *nonce, uint8_t tag[16],
                            const unsigned R, const int enc) {
    const __m128i *ek = aesni_key_of(&s->aes)->ek;
    const uint64_t(*pw)[2] = s->ghash.pow;
    const __m128i bswap = ghash_bswap_mask();
    /* J0 = nonce || 0^31 || 1 in memory order: two little-endian words */
    uint64_t w0 = hush_load_le_bytewise(nonce, 8);
    uint64_t w1 = hush_load_le_bytewise(nonce + 8, 4);
    __m128i x0 =
        _mm_set_epi64x((long long)(w1 | (UINT64_C(1) << 56)), (long long)w0);
    __m128i x1 =
        _mm_set_epi64x((long long)(w1 | (UINT64_C(2) << 56)), (long long)w0);
    x0 = _mm_xor_si128(x0, ek[0]);
    x1 = _mm_xor_si128(x1, ek[0]);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        x0 = _mm_aesenc_si128(x0, ek[r]);
        x1 = _mm_aesenc_si128(x1, ek[r]);
    }
    x0 = _mm_aesenclast_si128(x0, ek[R]);
    x1 = _mm_aesenclast_si128(x1, ek[R]);
    /* No access at all for an empty message or AD: callers pass NULL then,
     * and a fully masked access to an unmapped page is a slow microcode
     * assist (measured: ~85 ns per seal) even though it cannot fault; the
     * tail helpers avoid the same for windows that run past the buffer's
     * pages. Lengths are public. */
    __m128i d = _mm_setzero_si128(), o = _mm_setzero_si128();
    if (len) {
        d = hush_tail_load128(in, len);
        o = _mm_maskz_mov_epi8((__mmask16)((1u << len) - 1),
                               _mm_xor_si128(x1, d));
        hush_tail_store128(out, o, len);
    }
    __m128i c = _mm_shuffle_epi8(enc ? o : d, bswap);
    __m128i a = _mm_setzero_si128();
    if (adlen) a = _mm_shuffle_epi8(hush_tail_load128(ad, adlen), bswap);
    __m128i lens = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                  (long long)((uint64_t)len * 8));
    /* H^j is pow[HUSH_GHASH_POWERS - j]; the AD block is times H^3 when a
     * message block follows it, else H^2 (lengths are public) */
    size_t apow = len ? 3 : 2;
    ghash_acc acc = {_mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128()};
    ghash_acc_mul(
        &acc, a,
        _mm_load_si128(
            (const __m128i *)(const void *)pw[HUSH_GHASH_POWERS - apow]));
    ghash_acc_mul(&acc, c,
                  _mm_load_si128((
                      const __m128i *)(const void *)pw[HUSH_GHASH_POWERS - 2]));
    ghash_acc_mul(&acc, lens,
                  _mm_load_si128((
                      const __m128i *)(const void *)pw[HUSH_GHASH_POWERS - 1]));
    __m128i y = ghash_reduce(acc.lo, acc.mid, acc.hi);
    _mm_storeu_si128((__m128i *)(void *)tag,
                     _mm_xor_si128(_mm_shuffle_epi8(y, bswap), x0));
}

/* Everything of a seal or open but the verdict: the computed tag. */
ALWAYS_INLINE void fused_run(const gcm_state *s, uint8_t *out,
                             const uint8_t *in, size_t len, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             uint8_t tag[16], const unsigned R, const int enc) {
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    __m512i ctr = _mm512_add_epi64(
        _mm512_broadcast_i32x4(_mm_set_epi64x((long long)hi, (long long)lo)),
        _mm512_set_epi64(0, 4, 0, 3, 0, 2, 0, 1));
    __m128i acc = _mm_setzero_si128();
    if (adlen) acc = ghash_bytes(acc, &s->ghash, ad, adlen);
    /* E(J0) is key-derived: it waits in the tag buffer (the caller's output
     * or open's wiped `want`), not in a register the loop below would
     * spill. The tag may alias the AD or the nonce (not the message), so
     * it is written only after both are read; the empty asm tells the
     * compiler the buffer may have changed, so it reloads it at the end
     * instead of keeping the value in a register. */
    __m128i j0 = _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo),
                                  ghash_bswap_mask());
    _mm_storeu_si128((__m128i *)(void *)tag,
                     aesni_encrypt1(aesni_key_of(&s->aes), R, j0));
    __asm__("" : "+m"(*(uint8_t(*)[16])tag));
    if (len) acc = crypt_pass(s, out, in, len, ctr, acc, R, enc);
    __m128i lens = _mm_set_epi64x((long long)((uint64_t)adlen * 8),
                                  (long long)((uint64_t)len * 8));
    acc = ghash_mul1(_mm_xor_si128(acc, lens),
                     _mm_load_si128((const __m128i *)(const void *)
                                        s->ghash.pow[HUSH_GHASH_POWERS - 1]));
    __m128i t = _mm_xor_si128(_mm_shuffle_epi8(acc, ghash_bswap_mask()),
                              _mm_loadu_si128((const __m128i *)(void *)tag));
    _mm_storeu_si128((__m128i *)(void *)tag, t);
}

/*
 * Neither path leaves key material on the stack (no scrub needed): the
 * short path broadcasts round keys from the schedule into registers, the
 * long path loads round keys and powers of H from the state at every step
 * (fused_src), E(J0) waits in the tag buffer, and the stack slots the
 * compiler uses hold only counters, constants, public AD blocks and `want`
 * (wiped). The leak census (tools/leakscan) checks both paths.
 */
static void fused_seal(const gcm_state *s, uint8_t *c, uint8_t *tag,
                       const uint8_t *m, size_t mlen, const uint8_t *ad,
                       size_t adlen, const uint8_t *nonce) {
    if (mlen <= 16 && adlen <= 16) {
        if (s->aes.rounds == 10)
            tiny_run(s, c, m, mlen, ad, adlen, nonce, tag, 10, 1);
        else
            tiny_run(s, c, m, mlen, ad, adlen, nonce, tag, 14, 1);
    } else if (mlen <= SHORT_MAX) {
        if (s->aes.rounds == 10)
            short_run(s, c, m, mlen, ad, adlen, nonce, tag, 10, 1);
        else
            short_run(s, c, m, mlen, ad, adlen, nonce, tag, 14, 1);
    } else if (s->aes.rounds == 10)
        fused_run(s, c, m, mlen, ad, adlen, nonce, tag, 10, 1);
    else
        fused_run(s, c, m, mlen, ad, adlen, nonce, tag, 14, 1);
}

static void fused_open(const gcm_state *s, uint8_t *m, const uint8_t *c,
                       size_t clen, uint8_t want[16], const uint8_t *ad,
                       size_t adlen, const uint8_t *nonce) {
    if (clen <= 16 && adlen <= 16) {
        if (s->aes.rounds == 10)
            tiny_run(s, m, c, clen, ad, adlen, nonce, want, 10, 0);
        else
            tiny_run(s, m, c, clen, ad, adlen, nonce, want, 14, 0);
    } else if (clen <= SHORT_MAX) {
        if (s->aes.rounds == 10)
            short_run(s, m, c, clen, ad, adlen, nonce, want, 10, 0);
        else
            short_run(s, m, c, clen, ad, adlen, nonce, want, 14, 0);
    } else if (s->aes.rounds == 10)
        fused_run(s, m, c, clen, ad, adlen, nonce, want, 10, 0);
    else
        fused_run(s, m, c, clen, ad, adlen, nonce, want, 14, 0);
}

/* The powers of H the paths above read: short_run H^1..H^(cb+2) (cb <= 7)
 * and, for AD over 16 bytes, ghash_bytes' runs of up to 16; crypt_pass
 * steps of at most 16 blocks below 512 bytes, H^32..H^1 from there on. */
static int fused_powers_for(size_t mlen, size_t adlen) {
    _Static_assert((SHORT_MAX + 15) / 16 + 2 <= 16, "short_run powers");
    if (mlen >= 512) return HUSH_GHASH_POWERS;
    if (mlen <= 96 && adlen <= 16) return 8; /* cb <= 6: H^8 at most */
    return 16;
}

const gcm_fused_ops hush_gcm_fused_vaes512 = {fused_seal, fused_open,
                                              fused_powers_for};
