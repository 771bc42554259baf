/*
 * The short path of the aesni and vaes256 fused GCM tiers (messages of at
 * most GCM_SHORT_MAX bytes, AD of at most 16), included by gcm_aesni.c
 * (SSE) and gcm_vaes256.c (the same code VEX-encoded: three-operand forms,
 * no register copies). Include after ghash/ghash_clmul.h and
 * aes/aes_ni.h, with ALWAYS_INLINE, LOADU and STOREU defined.
 */
#ifndef HUSH_GCM_SHORT_H
#define HUSH_GCM_SHORT_H

#include "core/ct.h"
#include "core/registers.h"
#include "gcm/gcm_impl.h"
#include "gcm/gcm_nonce.h"

/* body for v = 0 .. n - 1 (n <= 5, a constant), spelled out: clang
 * unrolled neither these loops nor (so) kept the arrays they index in
 * registers: AES states went through the stack. */
#define SHORT_EACH_AT(v, i, n, ...)                                            \
    if ((i) < (n)) {                                                           \
        const unsigned v = (i);                                                \
        __VA_ARGS__                                                            \
    }
#define SHORT_EACH(v, n, ...)                                                  \
    do {                                                                       \
        SHORT_EACH_AT(v, 0, n, __VA_ARGS__)                                    \
        SHORT_EACH_AT(v, 1, n, __VA_ARGS__)                                    \
        SHORT_EACH_AT(v, 2, n, __VA_ARGS__)                                    \
        SHORT_EACH_AT(v, 3, n, __VA_ARGS__)                                    \
        SHORT_EACH_AT(v, 4, n, __VA_ARGS__)                                    \
    } while (0)

/* the same for n <= 2 (the pairs): SHORT_EACH on their 2-element arrays
 * trips clang's -Warray-bounds on the dead branches' indices */
#define SHORT_EACH2(v, n, ...)                                                 \
    do {                                                                       \
        SHORT_EACH_AT(v, 0, n, __VA_ARGS__)                                    \
        SHORT_EACH_AT(v, 1, n, __VA_ARGS__)                                    \
    } while (0)

/*
 * The len (< 16) bytes at p, zero-padded, through pad. pad only ever holds
 * message, ciphertext or AD bytes (never a key stream), and the caller
 * wipes it at the end, when nothing key-derived is live: a wipe here, a
 * call, would make gcc spill the running hash around it (every xmm
 * register is caller-saved). The empty asm keeps the copy a plain loop,
 * not a memcpy call, for the same reason.
 */
ALWAYS_INLINE __m128i load_partial(uint8_t pad[16], const uint8_t *p,
                                   size_t len) {
    STOREU(pad, _mm_setzero_si128());
    for (size_t i = 0; i < len; i++) {
        HUSH_OPAQUE(i);
        pad[i] = p[i];
    }
    return LOADU(pad);
}

/* ---- the short path: at most GCM_SHORT_MAX bytes, at most 16 of AD ----
 *
 * Latency bound: the tag waits for the AES chain of the last counter
 * block (R rounds of 4 cycles on Zen 3), then for the GHASH of the
 * ciphertext. So every counter block and E(J0) run as parallel chains
 * from one J0 (a block's counter XORed into its last byte), the AD and
 * lengths products are made during the rounds, and the ciphertext's
 * products need one fold, not two:
 *
 * In V form, with twisted factors H' = H^e x^-1 and G' = H^e x^63 (so
 * G' = x^64 H'), a block X = x0 + x1 x^64 (x0 in the high qword) times
 * H^e is x0 H' + x1 G' up to the twist: four PCLMULs, a 191-bit sum with
 * no part above x^191. Its top 64 coefficients (the low qword of
 * U = x0 H'lo + x1 G'lo) fold back with one PCLMUL by x^7 + x^2 + x and
 * the qword itself (x^128 = x^7 + x^2 + x + 1):
 *   X H^e = W ^ swap(U) ^ clmul(U.q0, 0xc2 << 56),  W = x0 H'hi + x1 G'hi.
 * U and W add over the blocks, so the whole hash is one fold (5 cycles
 * after the last product) where a Karatsuba sum takes two and a shift.
 */
typedef struct sfold {
    __m128i u, w;
} sfold;

/* x times H^e into a (e = 1 .. GCM_SHORT_POWERS); the factors are read
 * where they are used */
ALWAYS_INLINE void sfold_mul(sfold *a, __m128i x, const gcm_state *s,
                             unsigned e) {
    const __m128i h =
        _mm_load_si128((const __m128i *)(const void *)s->sh[e - 1][0]);
    const __m128i g =
        _mm_load_si128((const __m128i *)(const void *)s->sh[e - 1][1]);
    a->u = _mm_xor_si128(a->u, _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x01),
                                             _mm_clmulepi64_si128(x, g, 0x00)));
    a->w = _mm_xor_si128(a->w, _mm_xor_si128(_mm_clmulepi64_si128(x, h, 0x11),
                                             _mm_clmulepi64_si128(x, g, 0x10)));
}

/* The lengths block (times H) and the AD block, if any (times
 * H^(nb + 2)), into a, which they start. Without AD the lengths block
 * has a zero high qword, so its product is two PCLMULs, not four (and no
 * insert): 5 instructions fewer in the common case. */
ALWAYS_INLINE void short_lengths_ad(sfold *a, const gcm_state *s,
                                    const uint8_t *ad, size_t adlen, size_t len,
                                    uint8_t pad[16], const unsigned nb) {
    const uint64_t adbits = (uint64_t)adlen * 8, bits = (uint64_t)len * 8;
    if (adlen) {
        a->u = a->w = _mm_setzero_si128();
        sfold_mul(a, _mm_set_epi64x((long long)adbits, (long long)bits), s, 1);
        __m128i d = adlen == 16 ? LOADU(ad) : load_partial(pad, ad, adlen);
        sfold_mul(a, _mm_shuffle_epi8(d, ghash_bswap_mask()), s, nb + 2);
    } else {
        /* x0 = 0: x H = x1 G' (u and w its low and high products) */
        const __m128i x = _mm_cvtsi64_si128((long long)bits);
        const __m128i g =
            _mm_load_si128((const __m128i *)(const void *)s->sh[0][1]);
        a->u = _mm_clmulepi64_si128(x, g, 0x00);
        a->w = _mm_clmulepi64_si128(x, g, 0x10);
    }
}

/* The reduced sum plus v (V form): v and the terms that do not wait for
 * the fold go in while its PCLMUL runs, so the fold is followed by one
 * XOR. */
ALWAYS_INLINE __m128i sfold_reduce(sfold a, __m128i v) {
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 0);
    __m128i f = _mm_clmulepi64_si128(a.u, poly, 0x10);
    __m128i t =
        _mm_xor_si128(_mm_xor_si128(a.w, v), _mm_shuffle_epi32(a.u, 0x4e));
    HUSH_OPAQUE_VEC(t); /* else gcc moves XORs after the fold */
    return _mm_xor_si128(t, f);
}

/* the bytes below len (1..15) of a block: 0xff, the rest 0 */
static const uint8_t short_mask[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0,    0,    0,    0,    0,    0};

/* pad wiped by a vector store the compiler must keep (the empty asm
 * reads it): a call to hush_wipe made gcc keep the arguments in saved
 * registers, a frame of four pushes, for the verdict after it */
ALWAYS_INLINE void short_wipe_pad(uint8_t pad[16]) {
    STOREU(pad, _mm_setzero_si128());
    __asm__ __volatile__("" : : "r"(pad) : "memory");
}

/* The message blocks of the short path: data XORed into the last round
 * key, the ciphertext stored (a partial block through pad, masked) and
 * its product added to a. */
ALWAYS_INLINE void short_blocks(sfold *a, __m128i *x, uint8_t *out,
                                const uint8_t *in, size_t part, uint8_t pad[16],
                                __m128i klast, const gcm_state *s,
                                const int enc, const unsigned nb) {
    const __m128i bswap = ghash_bswap_mask();
    SHORT_EACH(
        i, nb, __m128i d, o; if (i + 1 < nb || part == 0) {
            d = LOADU(in + 16 * i);
            /* aesenclast(x, k) ^ d = aesenclast(x, k ^ d) */
            o = _mm_aesenclast_si128(x[i], _mm_xor_si128(klast, d));
            STOREU(out + 16 * i, o);
        } else {
            d = load_partial(pad, in + 16 * i, part);
            o = _mm_aesenclast_si128(x[i], _mm_xor_si128(klast, d));
            o = _mm_and_si128(o, LOADU(short_mask + 16 - part));
            STOREU(pad, o);
            for (size_t k = 0; k < part; k++) {
                HUSH_OPAQUE(k);
                out[16 * i + k] = pad[k];
            }
        } sfold_mul(a, _mm_shuffle_epi8(enc ? o : d, bswap), s, nb + 1 - i););
}

#if defined(SHORT_PAIRS)
/*
 * The vaes256 tier's form of two to four blocks: message blocks in pairs,
 * each pair one ymm AES chain from the broadcast round keys (J0 alone in
 * an xmm chain), and each pair's products with one 256-bit PCLMUL per
 * term: the ciphertext's 4 nb products issue in half the cycles (one
 * PCLMUL every two cycles, ymm or xmm alike), the AES instructions drop
 * from 5 to 3 per round at 64 bytes. The lanes are added before the one
 * fold.
 */
static const uint8_t short_mask32[64] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/* the factors of blocks of powers e0 (lane 0) and e1 (lane 1) */
ALWAYS_INLINE __m256i sfold_pair(const gcm_state *s, unsigned e0, unsigned e1,
                                 int j) {
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(
            _mm_load_si128((const __m128i *)(const void *)s->sh[e0 - 1][j])),
        _mm_load_si128((const __m128i *)(const void *)s->sh[e1 - 1][j]), 1);
}

/* The len (< 32) bytes at p, zero-padded, through pad (data only) */
ALWAYS_INLINE __m256i load_partial32(uint8_t pad[32], const uint8_t *p,
                                     size_t len) {
    _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_setzero_si256());
    for (size_t i = 0; i < len; i++) {
        HUSH_OPAQUE(i);
        pad[i] = p[i];
    }
    return _mm256_loadu_si256((const __m256i *)(const void *)pad);
}

ALWAYS_INLINE __m128i short_run_pairs(const gcm_state *s, uint8_t *out,
                                      const uint8_t *in, size_t len,
                                      const uint8_t *ad, size_t adlen,
                                      const uint8_t *nonce, const unsigned R,
                                      const int enc, const unsigned nb) {
    const aesni_key *ak = aesni_key_of(&s->aes);
    const __m256i *ek2 = vaes256_ek2(&s->aes);
    const __m128i bswap = ghash_bswap_mask();
    const __m256i bswap2 = _mm256_broadcastsi128_si256(bswap);
    const unsigned np = nb / 2; /* pairs; block 2 np, if any, alone */
    HUSH_ALIGNED(32) uint8_t pad[32];
    __m128i n = gcm_nonce_block_xor(nonce, _mm_setzero_si128());
    __m128i x0 = _mm_xor_si128(
        n, _mm_xor_si128(ak->ek[0],
                         _mm_set_epi64x((long long)(UINT64_C(1) << 56), 0)));
    __m128i xs = _mm_setzero_si128(); /* the odd block's chain */
    const uint64_t odd_ctr = ((uint64_t)nb + 1) << 56; /* its counter byte */
    if (nb & 1)
        xs = _mm_xor_si128(
            n, _mm_xor_si128(ak->ek[0], _mm_set_epi64x((long long)odd_ctr, 0)));
    /* pair p: blocks 2p, 2p + 1, counters 2p + 2, 2p + 3 */
    /* an insert (1 cycle on Zen 3), not a broadcast (VPERM2I128, 3) */
    __m256i nn = _mm256_inserti128_si256(_mm256_castsi128_si256(n), n, 1);
    __m256i y[2];
    SHORT_EACH2(
        p, np,
        y[p] = _mm256_xor_si256(
            nn, _mm256_xor_si256(
                    vaes256_key(ek2, 0),
                    _mm256_set_epi64x(
                        (long long)((2 * (uint64_t)p + 3) << 56), 0,
                        (long long)((2 * (uint64_t)p + 2) << 56), 0))););
    sfold a;
    short_lengths_ad(&a, s, ad, adlen, len, pad, nb);
    /* the pairs' factors, assembled during the rounds */
    __m256i hp[2], gp[2];
    SHORT_EACH2(p, np, hp[p] = sfold_pair(s, nb + 1 - 2 * p, nb - 2 * p, 0);
                gp[p] = sfold_pair(s, nb + 1 - 2 * p, nb - 2 * p, 1););
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        x0 = _mm_aesenc_si128(x0, ak->ek[r]);
        SHORT_EACH2(p, np,
                    y[p] = _mm256_aesenc_epi128(y[p], vaes256_key(ek2, r)););
        if (nb & 1) xs = _mm_aesenc_si128(xs, ak->ek[r]);
    }
    __m128i ek0 = _mm_aesenclast_si128(x0, ak->ek[R]);
    const size_t part = len & 15; /* public */
    __m256i xg[2];
    SHORT_EACH2(
        p, np, /* the pair holds the partial block when it is the last one */
        const int whole = part == 0 || 2 * p + 2 < nb;
        __m256i d = whole ? LOADU256(in + 32 * p)
                          : load_partial32(pad, in + 32 * p, 16 + part);
        __m256i o = _mm256_aesenclast_epi128(
            y[p], _mm256_xor_si256(vaes256_key(ek2, R), d));
        if (whole) { STOREU256(out + 32 * p, o); } else {
            o = _mm256_and_si256(
                o,
                _mm256_loadu_si256(
                    (const __m256i *)(const void *)(short_mask32 + 16 - part)));
            _mm256_store_si256((__m256i *)(void *)pad, o);
            for (size_t k = 0; k < 16 + part; k++) {
                HUSH_OPAQUE(k);
                out[32 * p + k] = pad[k];
            }
        } xg[p] = _mm256_shuffle_epi8(enc ? o : d, bswap2););
    /* every pair's U products before the W ones: U waits for the fold */
    __m256i u2 = _mm256_setzero_si256(), w2 = _mm256_setzero_si256();
    SHORT_EACH2(p, np,
                u2 = _mm256_xor_si256(
                    u2, _mm256_xor_si256(
                            _mm256_clmulepi64_epi128(xg[p], hp[p], 0x01),
                            _mm256_clmulepi64_epi128(xg[p], gp[p], 0x00))););
    SHORT_EACH2(p, np,
                w2 = _mm256_xor_si256(
                    w2, _mm256_xor_si256(
                            _mm256_clmulepi64_epi128(xg[p], hp[p], 0x11),
                            _mm256_clmulepi64_epi128(xg[p], gp[p], 0x10))););
    if (nb & 1)
        short_blocks(&a, &xs, out + 32 * np, in + 32 * np, part, pad, ak->ek[R],
                     s, enc, 1);
    a.u = _mm_xor_si128(a.u, _mm_xor_si128(_mm256_castsi256_si128(u2),
                                           _mm256_extracti128_si256(u2, 1)));
    a.w = _mm_xor_si128(a.w, _mm_xor_si128(_mm256_castsi256_si128(w2),
                                           _mm256_extracti128_si256(w2, 1)));
    __m128i yv = sfold_reduce(a, _mm_shuffle_epi8(ek0, bswap));
    if ((adlen | len) & 15) vaes256_wipe32(pad);
    return _mm_shuffle_epi8(yv, bswap);
}
#endif

/*
 * nb (0..4, a constant) blocks of message, the last one partial when
 * len % 16; adlen <= 16. Nothing key-derived is stored but the tag; pad
 * only holds AD, message or ciphertext bytes (the ciphertext masked),
 * and is wiped when it was used.
 */
ALWAYS_INLINE __m128i short_run(const gcm_state *s, uint8_t *out,
                                const uint8_t *in, size_t len,
                                const uint8_t *ad, size_t adlen,
                                const uint8_t *nonce, const unsigned R,
                                const int enc, const unsigned nb) {
#if defined(SHORT_PAIRS)
    if (nb >= 2)
        return short_run_pairs(s, out, in, len, ad, adlen, nonce, R, enc, nb);
#endif
    const aesni_key *ak = aesni_key_of(&s->aes);
    const __m128i bswap = ghash_bswap_mask();
    uint8_t pad[16];
    /* x[0]: J0 (counter 1), x[1 + i]: message block i (counter 2 + i):
     * the nonce XOR (round key 0 XOR the counter byte), one XOR after the
     * loads */
    __m128i x[5];
    SHORT_EACH(j, (nb) + 1,
               x[j] = gcm_nonce_block_xor(
                   nonce, _mm_xor_si128(
                              ak->ek[0],
                              _mm_set_epi64x(
                                  (long long)(((uint64_t)j + 1) << 56), 0))););
    /* the products that do not wait for AES: lengths (times H) and AD
     * (times H^(nb + 2)); message block i is times H^(nb + 1 - i) */
    sfold a;
    short_lengths_ad(&a, s, ad, adlen, len, pad, nb);
    const size_t part = len & 15; /* public */
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        SHORT_EACH(j, (nb) + 1, x[j] = _mm_aesenc_si128(x[j], ak->ek[r]););
    }
    __m128i ek0 = _mm_aesenclast_si128(x[0], ak->ek[R]);
    short_blocks(&a, x + 1, out, in, part, pad, ak->ek[R], s, enc, nb);
    /* tag = bswap(y) ^ E(J0) = bswap(y ^ bswap(E(J0))) */
    __m128i y = sfold_reduce(a, _mm_shuffle_epi8(ek0, bswap));
    if ((adlen | len) & 15) short_wipe_pad(pad);
    return _mm_shuffle_epi8(y, bswap);
}

/* One function per round count, direction and block count; the entries
 * test the message length only (AD longer than 16 bytes goes on to
 * SHORT_FALLBACK, defined by the includer, from the short function: a
 * test of adlen in the entry, a stack argument, made gcc load and store
 * back both stack arguments and shuffle three registers around the tail
 * call, 8 instructions per call). */
#define SHORT_NB(name, R, enc, nb)                                             \
    __attribute__((noinline)) static void name##_##nb(                         \
        const gcm_state *s, uint8_t *out, uint8_t tag[16], const uint8_t *in,  \
        size_t len, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {   \
        if (adlen > 16) {                                                      \
            SHORT_FALLBACK(R, enc, s, out, tag, in, len, ad, adlen, nonce);    \
            return;                                                            \
        }                                                                      \
        STOREU(tag, short_run(s, out, in, len, ad, adlen, nonce, R, enc, nb)); \
    }
#define SHORT_FN(name, R, enc)                                                 \
    SHORT_NB(name, R, enc, 0)                                                  \
    SHORT_NB(name, R, enc, 1)                                                  \
    SHORT_NB(name, R, enc, 2)                                                  \
    SHORT_NB(name, R, enc, 3)                                                  \
    SHORT_NB(name, R, enc, 4)                                                  \
    ALWAYS_INLINE void name(const gcm_state *s, uint8_t *out, uint8_t tag[16], \
                            const uint8_t *in, size_t len, const uint8_t *ad,  \
                            size_t adlen, const uint8_t *nonce) {              \
        switch ((len + 15) / 16) {                                             \
        case 0: name##_0(s, out, tag, in, len, ad, adlen, nonce); break;       \
        case 1: name##_1(s, out, tag, in, len, ad, adlen, nonce); break;       \
        case 2: name##_2(s, out, tag, in, len, ad, adlen, nonce); break;       \
        case 3: name##_3(s, out, tag, in, len, ad, adlen, nonce); break;       \
        default: name##_4(s, out, tag, in, len, ad, adlen, nonce); break;      \
        }                                                                      \
    }
SHORT_FN(short_seal10, 10, 1)
SHORT_FN(short_seal14, 14, 1)
SHORT_FN(short_open10, 10, 0)
SHORT_FN(short_open14, 14, 0)
#undef SHORT_FN
#undef SHORT_NB

/*
 * The combined forms (gcm_state.seal_c / open_c: the tag at out + len for
 * a seal, at in + len for an open), which return with the vector
 * registers cleared: every register this code can write, xmm0-15 (the
 * tier's flags allow no other; an SSE write leaves the upper ymm bits it
 * never touched), zeroed inline as the last thing, where the generic
 * layer called hush_clear_vector_registers (a call, a load and two tests
 * of the CPU's register file, 16 zeroing idioms, the return): 11
 * instructions fewer per call, and the AEAD layer reaches this function
 * by tail calls without building a frame (docs/perf/gcm.md, item 27).
 * The AD fallback (adlen > 16) clears the whole register file after the
 * long path, as every other path does.
 */
#if defined(__AVX__)
#define SHORT_Z(n) "vpxor %%xmm" #n ", %%xmm" #n ", %%xmm" #n "\n\t"
#else
#define SHORT_Z(n) "pxor %%xmm" #n ", %%xmm" #n "\n\t"
#endif
ALWAYS_INLINE void short_clear_registers(void) {
    __asm__ __volatile__(SHORT_Z(0) SHORT_Z(1) SHORT_Z(2) SHORT_Z(3) SHORT_Z(4)
                             SHORT_Z(5) SHORT_Z(6) SHORT_Z(7) SHORT_Z(8)
                                 SHORT_Z(9) SHORT_Z(10) SHORT_Z(11) SHORT_Z(12)
                                     SHORT_Z(13) SHORT_Z(14) SHORT_Z(15)
                         :
                         :
                         : HUSH_CLOBBERS_XMM0_15);
}
#undef SHORT_Z

/*
 * An open's verdict from the computed tag t in its register: t XOR tag
 * tested for zero (PTEST, general registers after it), the registers
 * cleared, the public verdict declassified and branched on, and on a
 * mismatch the output wiped. No computed tag is stored anywhere.
 */
ALWAYS_INLINE int short_verdict(__m128i t, const uint8_t *tag, uint8_t *m,
                                size_t len) {
    __m128i d = _mm_xor_si128(t, LOADU(tag));
    uint32_t eq = (uint32_t)_mm_testz_si128(d, d);
    short_clear_registers();
    return gcm_verdict_of(eq, m, len);
}

/* AD over 16 bytes: the includer's SHORT_FALLBACK, then the whole
 * register file cleared, as every path but the short one does */
__attribute__((noinline)) static int
short_fallback_c(const gcm_state *s, uint8_t *out, const uint8_t *in,
                 size_t len, const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce, const unsigned R, const int enc) {
    HUSH_ALIGNED(16) uint8_t want[16];
    uint8_t *tag = enc ? out + len : want;
    if (R == 10)
        SHORT_FALLBACK(10, enc, s, out, tag, in, len, ad, adlen, nonce);
    else
        SHORT_FALLBACK(14, enc, s, out, tag, in, len, ad, adlen, nonce);
    hush_clear_vector_registers();
    return enc ? HUSH_OK : gcm_verdict(want, in + len, out, len);
}

#define SHORT_NB_C(name, R, enc, nb)                                           \
    __attribute__((noinline)) static int name##_c##nb(                         \
        const gcm_state *s, uint8_t *out, const uint8_t *in, size_t len,       \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        if (adlen > 16)                                                        \
            return short_fallback_c(s, out, in, len, ad, adlen, nonce, R,      \
                                    enc);                                      \
        __m128i t = short_run(s, out, in, len, ad, adlen, nonce, R, enc, nb);  \
        if (enc) {                                                             \
            STOREU(out + len, t);                                              \
            short_clear_registers();                                           \
            return HUSH_OK;                                                    \
        }                                                                      \
        return short_verdict(t, in + len, out, len);                           \
    }
#define SHORT_FN_C(name, R, enc, T)                                            \
    SHORT_NB_C(name, R, enc, 0)                                                \
    SHORT_NB_C(name, R, enc, 1)                                                \
    SHORT_NB_C(name, R, enc, 2)                                                \
    SHORT_NB_C(name, R, enc, 3)                                                \
    SHORT_NB_C(name, R, enc, 4)                                                \
    static T *const name##_c_nb[5] = {name##_c0, name##_c1, name##_c2,         \
                                      name##_c3, name##_c4};                   \
    /* len <= GCM_SHORT_MAX: one indexed jump (a switch was a tree of          \
     * compares) */                                                            \
    ALWAYS_INLINE int name##_c(                                                \
        const gcm_state *s, uint8_t *out, const uint8_t *in, size_t len,       \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        return name##_c_nb[(len + 15) / 16](s, out, in, len, ad, adlen,        \
                                            nonce);                            \
    }
_Static_assert((GCM_SHORT_MAX + 15) / 16 == 4, "five entries per table");
SHORT_FN_C(short_seal10, 10, 1, gcm_seal_c_fn)
SHORT_FN_C(short_seal14, 14, 1, gcm_seal_c_fn)
SHORT_FN_C(short_open10, 10, 0, gcm_open_c_fn)
SHORT_FN_C(short_open14, 14, 0, gcm_open_c_fn)
#undef SHORT_FN_C
#undef SHORT_NB_C
#undef SHORT_EACH
#undef SHORT_EACH2
#undef SHORT_EACH_AT

#endif
