/*
 * Fused AES-GCM tier for AES-NI + PCLMULQDQ (128-bit registers, SSE only):
 * six blocks per step, their AES rounds stitched with the products of six
 * blocks of ciphertext by the twisted powers H^6..H^1 (x^-1 H^e, the short
 * path's factors), one reduction per step. Two schedules of that product
 * (docs/perf/gcm.md, item 29): on Intel four PCLMULs a block into two
 * sums and one fold a step (the fewest vector ops: the loop is bound by
 * the three vector ports), on AMD Karatsuba, three PCLMULs a block and two
 * folds (the fewest multiplies: Zen issues a PCLMUL every second cycle on
 * the pipes of the AES rounds). Sized so that every live value fits the 16
 * xmm registers: round keys and factors are read from the state where
 * they are used, and no AES state, product or running hash is spilled to
 * the stack (docs/perf/gcm.md, "AES-NI + PCLMUL fused tier above
 * OpenSSL"). Used when the state's tiers are exactly aes=aesni and
 * ghash=pclmul (or its twins pclmuls / pclmulk, which force a schedule).
 * Messages of at most GCM_SHORT_MAX bytes with AD <= 16 take the short
 * path of gcm_short.h (parallel AES chains, GHASH with one fold).
 *
 * With a 96-bit nonce the low 64 bits of the counter never carry (see
 * gcm_vaes512.c), so counters advance with 64-bit vector adds. Constant
 * time: fixed-latency instructions; branches depend on lengths, on the
 * public counter and on the public verdict of the tag check only.
 */
#include "aes/aes_ni.h"
#include "core/ct.h"
#include "gcm/gcm_impl.h"
#include "ghash/ghash_clmul.h"

#define ALWAYS_INLINE static inline __attribute__((always_inline))
#define LOADU(p)      _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v)  _mm_storeu_si128((__m128i *)(void *)(p), (v))

/* the short path (gcm_short.h) hands AD over 16 bytes to the long one */
#define LONG_DECL(name)                                                        \
    static void name(const gcm_state *s, uint8_t *out, uint8_t tag[16],        \
                     const uint8_t *in, size_t len, const uint8_t *ad,         \
                     size_t adlen, const uint8_t *nonce);
LONG_DECL(long_seal10)
LONG_DECL(long_seal14)
LONG_DECL(long_open10)
LONG_DECL(long_open14)
#undef LONG_DECL
#define SHORT_FALLBACK(R, enc, ...)                                            \
    ((enc) ? long_seal##R(__VA_ARGS__) : long_open##R(__VA_ARGS__))
#include "gcm/gcm_short.h"

static inline __m128i pow_of(const hush_ghash_key *k, size_t e) {
    return _mm_load_si128(
        (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - e]);
}

/* One block's product x * H^e (e = 1 .. STEP) into a, with the twisted
 * factors of the short path (gcm_short.h, sfold_mul: four PCLMULs, no
 * Karatsuba middle term, and the whole sum reduced by one fold). Each
 * factor is read by the PCLMUL that uses it (a memory operand: the
 * pointer passes an empty asm before each), so none is held in a
 * register: with two factors live per block gcc spilled a product. The
 * products are summed as they come (an empty asm on the sums): left
 * alone, gcc reassociates a step's XORs into a tree that keeps all the
 * products live, and spills them. */
ALWAYS_INLINE __m128i factor(const gcm_state *s, size_t e, int j) {
    HUSH_OPAQUE(s);
    return _mm_load_si128((const __m128i *)(const void *)s->sh[e - 1][j]);
}
ALWAYS_INLINE void fold_mul(sfold *a, __m128i x, const gcm_state *s, size_t e) {
    a->u = _mm_xor_si128(a->u, _mm_clmulepi64_si128(x, factor(s, e, 0), 0x01));
    HUSH_OPAQUE_VEC(a->u);
    a->u = _mm_xor_si128(a->u, _mm_clmulepi64_si128(x, factor(s, e, 1), 0x00));
    HUSH_OPAQUE_VEC(a->u);
    a->w = _mm_xor_si128(a->w, _mm_clmulepi64_si128(x, factor(s, e, 0), 0x11));
    HUSH_OPAQUE_VEC(a->w);
    a->w = _mm_xor_si128(a->w, _mm_clmulepi64_si128(x, factor(s, e, 1), 0x10));
    HUSH_OPAQUE_VEC(a->w);
}

/* The reduced sum (V form) of a's products */
ALWAYS_INLINE __m128i fold_reduce(sfold a) {
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 0);
    return _mm_xor_si128(_mm_xor_si128(a.w, _mm_shuffle_epi32(a.u, 0x4e)),
                         _mm_clmulepi64_si128(a.u, poly, 0x10));
}

/* n (1..GCM_SHORT_POWERS) blocks at p hashed into acc (folded into the
 * first), one reduction; products accumulate in order, so nothing is
 * spilled */
ALWAYS_INLINE __m128i fold_run(__m128i acc, const gcm_state *k,
                               const uint8_t *p, size_t n) {
    const __m128i bswap = ghash_bswap_mask();
    sfold a = {_mm_setzero_si128(), _mm_setzero_si128()};
    /* no factors hoisted out of the caller's loop (and spilled) */
    HUSH_OPAQUE(k);
    for (size_t i = 0; i < n; i++) {
        __m128i b = _mm_shuffle_epi8(LOADU(p + 16 * i), bswap);
        if (i == 0) b = _mm_xor_si128(b, acc);
        fold_mul(&a, b, k, n - i);
    }
    return fold_reduce(a);
}

/* The AMD schedule's product (hush_gcm_fused_aesni_kara): Zen 3 issues a
 * PCLMUL every second cycle on the two pipes that also run the AES rounds
 * (docs/perf/gcm.md, "Zen 3 / VAES-256 tier"), so there a step wants the
 * fewest multiplies, not the fewest vector ops: Karatsuba, three PCLMULs
 * a block (lo, hi, and the half sums by s->kara), by the same twisted
 * factor H^e x^-1, and two folds a step. */
ALWAYS_INLINE void kara_mul(ghash_acc *a, __m128i x, const gcm_state *s,
                            size_t e) {
    a->lo =
        _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, factor(s, e, 0), 0x00));
    a->hi =
        _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, factor(s, e, 0), 0x11));
    const gcm_state *k = s;
    HUSH_OPAQUE(k);
    const __m128i hk =
        _mm_load_si128((const __m128i *)(const void *)k->kara[e - 1]);
    __m128i xk = _mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(xk, hk, 0x00));
    HUSH_OPAQUE_VEC3(a->lo, a->mid, a->hi);
}

/* A Karatsuba sum by twisted factors reduced to V form: the middle term
 * less lo and hi into the 256-bit product, then the two folds of
 * ghash_reduce_clmul; the twist stands for its 1-bit shift. */
ALWAYS_INLINE __m128i kara_reduce(ghash_acc a) {
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ULL, 0);
    __m128i mid = _mm_xor_si128(a.mid, _mm_xor_si128(a.lo, a.hi));
    __m128i lo = _mm_xor_si128(a.lo, _mm_slli_si128(mid, 8));
    __m128i hi = _mm_xor_si128(a.hi, _mm_srli_si128(mid, 8));
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e),
                       _mm_clmulepi64_si128(lo, poly, 0x10));
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e),
                       _mm_clmulepi64_si128(lo, poly, 0x10));
    return _mm_xor_si128(hi, lo);
}

/* A step's GHASH sums in either schedule (kara a constant): lo and hi are
 * the one-fold sums u and w when !kara, and mid is unused */
ALWAYS_INLINE void step_mul(ghash_acc *a, __m128i x, const gcm_state *s,
                            size_t e, const int kara) {
    if (kara) {
        kara_mul(a, x, s, e);
    } else {
        sfold f = {a->lo, a->hi};
        fold_mul(&f, x, s, e);
        a->lo = f.u;
        a->hi = f.w;
    }
}
ALWAYS_INLINE __m128i step_reduce(ghash_acc a, const int kara) {
    if (kara) return kara_reduce(a);
    return fold_reduce((sfold){a.lo, a.hi});
}

/* GHASH of len bytes (the last block zero-padded) into acc */
ALWAYS_INLINE __m128i ghash_bytes(__m128i acc, const gcm_state *k,
                                  const uint8_t *p, size_t len,
                                  uint8_t pad[16]) {
    for (; len >= 16 * GCM_SHORT_POWERS;
         len -= 16 * GCM_SHORT_POWERS, p += 16 * GCM_SHORT_POWERS)
        acc = fold_run(acc, k, p, GCM_SHORT_POWERS);
    if (len >= 16) {
        acc = fold_run(acc, k, p, len / 16);
        p += len & ~(size_t)15;
        len &= 15;
    }
    if (len) {
        load_partial(pad, p, len);
        acc = fold_run(acc, k, pad, 1);
    }
    return acc;
}

/* CTR for the last len (< 16 * STEP) bytes, a block at a time; the key
 * stream stays in registers (the partial block goes through pad as data).
 * The partial block is copied in before its key stream is computed, and
 * ak passes an empty asm between the two: else clang loads all R + 1
 * round keys ahead of the copy loop and spills the two that do not fit
 * to the stack, where the leak census finds them. */
ALWAYS_INLINE void ctr_tail(const aesni_key *ak, const unsigned R, uint8_t *out,
                            const uint8_t *in, size_t len, __m128i ctr,
                            uint8_t pad[16]) {
    const __m128i bswap = ghash_bswap_mask();
    for (; len >= 16; len -= 16, in += 16, out += 16) {
        __m128i ks = aesni_encrypt1(ak, R, _mm_shuffle_epi8(ctr, bswap));
        ctr = _mm_add_epi64(ctr, _mm_set_epi64x(0, 1));
        STOREU(out, _mm_xor_si128(ks, LOADU(in)));
    }
    if (len) {
        __m128i m = load_partial(pad, in, len);
        HUSH_OPAQUE(ak);
        __m128i ks = aesni_encrypt1(ak, R, _mm_shuffle_epi8(ctr, bswap));
        STOREU(pad, _mm_xor_si128(ks, m));
        for (size_t i = 0; i < len; i++) {
            HUSH_OPAQUE(i);
            out[i] = pad[i];
        }
    }
}

/* blocks per step: six AES states, the two or three GHASH sums, the
 * running hash and a few temporaries fit the 16 xmm registers of SSE, so
 * nothing key-derived is spilled (eight blocks did spill, with three sums
 * and the factors in registers) */
#define STEP 6
_Static_assert(STEP <= GCM_SHORT_POWERS, "a step's factors are the short ones");

/*
 * One step: CTR over STEP blocks of in -> out and, when hash (a constant),
 * GHASH of the STEP blocks at gh into *acc. The caller's pointers pass an
 * empty asm first, which hides that they are the same every step, so gcc
 * cannot hoist loads of round keys or factors of H out of the loop and
 * spill them: every key-derived value is
 * loaded where it is used and dies soon.
 */
ALWAYS_INLINE void fused_step(const aesni_key *sk, const gcm_state *sh,
                              __m128i *ctr, __m128i *acc, uint8_t *out,
                              const uint8_t *in, const uint8_t *gh,
                              const unsigned R, const int hash,
                              const int bytectr, const int kara) {
    const __m128i bswap = ghash_bswap_mask();
    const __m128i one = _mm_set_epi64x(0, 1);
    /* gh too: seal's gh is the previous step's out, and knowing that, gcc
     * kept six ciphertext blocks in registers instead of reloading them */
    HUSH_OPAQUE4(sk, sh, gh, in);
    ghash_acc a = {_mm_setzero_si128(), _mm_setzero_si128(),
                   _mm_setzero_si128()};
    /* the first block takes the running hash, which then dies: before the
     * AES states come alive */
    if (hash)
        step_mul(&a, _mm_xor_si128(_mm_shuffle_epi8(LOADU(gh), bswap), *acc),
                 sh, STEP, kara);
    __m128i x[STEP];
    if (bytectr) {
        /* the counter's low byte does not wrap within the step (the
         * caller checked): count in the big-endian block itself, one
         * byte add per block instead of a 64-bit add and a byte swap */
        const __m128i one_be =
            _mm_set_epi8(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        __m128i c = _mm_shuffle_epi8(*ctr, bswap);
#pragma GCC unroll 8
        for (int i = 0; i < STEP; i++) {
            x[i] = _mm_xor_si128(c, sk->ek[0]);
            c = _mm_add_epi8(c, one_be);
            /* one add after another: else gcc keeps c + 1..5 as five
             * constants (registers, then stack) */
            HUSH_OPAQUE_VEC(c);
        }
        *ctr = _mm_add_epi64(*ctr, _mm_set_epi64x(0, STEP));
    } else {
#pragma GCC unroll 8
        for (int i = 0; i < STEP; i++) {
            x[i] = _mm_xor_si128(_mm_shuffle_epi8(*ctr, bswap), sk->ek[0]);
            *ctr = _mm_add_epi64(*ctr, one);
            HUSH_OPAQUE_VEC(*ctr);
        }
    }
    /* one block's product after each of the first rounds: the source
     * order the register allocator sees is the interleaving */
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
#pragma GCC unroll 8
        for (int i = 0; i < STEP; i++)
            x[i] = _mm_aesenc_si128(x[i], sk->ek[r]);
        if (r < STEP && hash)
            step_mul(&a, _mm_shuffle_epi8(LOADU(gh + 16 * r), bswap), sh,
                     STEP - r, kara);
    }
#pragma GCC unroll 8
    for (int i = 0; i < STEP; i++) {
        x[i] = _mm_aesenclast_si128(x[i], sk->ek[R]);
        STOREU(out + 16 * i, _mm_xor_si128(x[i], LOADU(in + 16 * i)));
    }
    /* reduce after the stores, where the AES states are dead: placed among
     * the rounds it needs more registers than are left (gcc spilled its
     * temporaries and the running hash). The core still overlaps it with
     * the next step's rounds. */
    if (hash) *acc = step_reduce(a, kara);
}

ALWAYS_INLINE void fused_run(const gcm_state *s, uint8_t *out,
                             const uint8_t *in, size_t len, const uint8_t *ad,
                             size_t adlen, const uint8_t *nonce,
                             uint8_t tag[16], const unsigned R, const int enc,
                             const int kara) {
    const aesni_key *ak = aesni_key_of(&s->aes);
    const __m128i bswap = ghash_bswap_mask();
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    __m128i ctr = _mm_set_epi64x((long long)hi, (long long)lo);
    __m128i acc = _mm_setzero_si128();
    uint8_t pad[16]; /* partial blocks (data only), wiped at the end */
    if (adlen) acc = ghash_bytes(acc, s, ad, adlen, pad);
    ctr = _mm_add_epi64(ctr, _mm_set_epi64x(0, 1));
    size_t left = len;
    /* sealing hashes each step's ciphertext during the next step's AES
     * rounds, read back from `out` (L1); opening hashes the step's own
     * input. Either way the GHASH operands come from memory, not from
     * registers the AES rounds need. */
    /* seal hashes the ciphertext of two steps back (LAG): the step before
     * is still in its last rounds when this one starts */
    const size_t lag = enc ? 2 : 0;
    size_t pending = 0;
    for (; enc && pending < lag && left >= 16 * STEP; pending++) {
        fused_step(ak, s, &ctr, &acc, out, in, NULL, R, 0, 0, kara);
        left -= 16 * STEP, in += 16 * STEP, out += 16 * STEP;
    }
    for (; left >= 16 * STEP;
         left -= 16 * STEP, in += 16 * STEP, out += 16 * STEP) {
        const uint8_t *gh = enc ? out - 16 * STEP * lag : in;
        /* the counter is public: a branch on it is constant time. Once
         * in ~43 steps its low byte wraps within the step; that step hashes
         * first and then runs CTR alone (stitched, the slower counter
         * arithmetic needed more registers and gcc spilled AES states) */
        if (HUSH_LIKELY((uint8_t)_mm_cvtsi128_si32(ctr) <= 256 - STEP)) {
            fused_step(ak, s, &ctr, &acc, out, in, gh, R, 1, 1, kara);
        } else {
            acc = fold_run(acc, s, gh, STEP);
            fused_step(ak, s, &ctr, &acc, out, in, NULL, R, 0, 0, kara);
        }
    }
    /* the last steps' ciphertext */
    for (; pending > 0; pending--)
        acc = fold_run(acc, s, out - 16 * STEP * pending, STEP);
    if (left) {
        /* at most STEP - 1 whole blocks and a partial one */
        if (!enc) acc = ghash_bytes(acc, s, in, left, pad);
        ctr_tail(ak, R, out, in, left, ctr, pad);
        if (enc) acc = ghash_bytes(acc, s, out, left, pad);
    }
    const uint64_t adbits = (uint64_t)adlen * 8, bits = (uint64_t)len * 8;
    __m128i lens = _mm_set_epi64x((long long)adbits, (long long)bits);
    {
        sfold a = {_mm_setzero_si128(), _mm_setzero_si128()};
        fold_mul(&a, _mm_xor_si128(acc, lens), s, 1);
        acc = fold_reduce(a);
    }
    /* E(J0) last: public counter in, independent of the hash, so it
     * overlaps the final multiplication and is never live across the
     * loop (where it would be spilled) */
    __m128i ek0 = aesni_encrypt1(
        ak, R,
        _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo), bswap));
    STOREU(tag, _mm_xor_si128(_mm_shuffle_epi8(acc, bswap), ek0));
    if ((len | adlen) & 15) hush_wipe(pad, sizeof pad);
}

/* One product for the set-up of the short factors, with the fold by two
 * PCLMULs (ghash_reduce_clmul, the same value as ghash_mul1's shifts):
 * ~13 instructions a product instead of ~60, which a one-shot call pays
 * on every message. */
ALWAYS_INLINE __m128i setup_mul(__m128i a, __m128i b) {
    ghash_acc acc = {_mm_setzero_si128(), _mm_setzero_si128(),
                     _mm_setzero_si128()};
    ghash_acc_mul(&acc, a, b);
    return ghash_reduce_clmul(acc.lo, acc.mid, acc.hi);
}

/* x^-1 = x^127 + x^6 + x + 1 and x^63, in V form: sh[e - 1] of H^e */
ALWAYS_INLINE void short_factor(gcm_state *s, int e, __m128i he) {
    const __m128i xinv = _mm_set_epi64x((long long)0xc200000000000000ULL, 1);
    const __m128i x63 = _mm_set_epi64x(1, 0);
    STOREU(s->sh[e - 1][0], setup_mul(he, xinv));
    STOREU(s->sh[e - 1][1], setup_mul(he, x63));
}

void hush_gcm_aesni_short_factors(gcm_state *s, int n) {
    for (int e = 1; e <= n && e <= GCM_SHORT_POWERS; e++) {
        short_factor(s, e, pow_of(&s->ghash, (size_t)e));
        /* the Karatsuba half sums of H^e x^-1 (the AMD schedule's) */
        const uint64_t *t = s->sh[e - 1][0];
        s->kara[e - 1][0] = s->kara[e - 1][1] = t[0] ^ t[1];
    }
}

void hush_gcm_aesni_short_only(gcm_state *s, const uint8_t h[16], int n) {
    /* H^1 .. H^n in registers (named, so none is spilled), each from the
     * nearest lower powers: H^3 and H^4 side by side, then H^5 and H^6,
     * three multiplication latencies for n = 6; the table is not written.
     * n is public (the message's block count). */
    _Static_assert(GCM_SHORT_POWERS == 6, "the powers below");
    __m128i h1 = _mm_shuffle_epi8(LOADU(h), ghash_bswap_mask());
    short_factor(s, 1, h1);
    if (n < 2) return;
    __m128i h2 = setup_mul(h1, h1);
    short_factor(s, 2, h2);
    if (n < 3) return;
    __m128i h3 = setup_mul(h1, h2);
    short_factor(s, 3, h3);
    if (n >= 4) short_factor(s, 4, setup_mul(h2, h2));
    if (n >= 5) short_factor(s, 5, setup_mul(h2, h3));
    if (n >= 6) short_factor(s, 6, setup_mul(h3, h3));
}

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
LONG_FN(long_seal10k, 10, 1, 1)
LONG_FN(long_seal14k, 14, 1, 1)
LONG_FN(long_open10k, 10, 0, 1)
LONG_FN(long_open14k, 14, 0, 1)
#undef LONG_FN

/* The entries: the path by length (public), the round count fixed per
 * entry (gcm.c picks seal or seal14 at setup); K is the long path's
 * schedule, empty (one fold) or k (Karatsuba). */
#define ENTRY_FNS(SC, seal, open, R, K)                                        \
    SC void seal(const gcm_state *s, uint8_t *c, uint8_t *tag,                 \
                 const uint8_t *m, size_t mlen, const uint8_t *ad,             \
                 size_t adlen, const uint8_t *nonce) {                         \
        if (mlen <= GCM_SHORT_MAX)                                             \
            short_seal##R(s, c, tag, m, mlen, ad, adlen, nonce);               \
        else                                                                   \
            long_seal##R##K(s, c, tag, m, mlen, ad, adlen, nonce);             \
    }                                                                          \
    SC void open(const gcm_state *s, uint8_t *m, const uint8_t *c,             \
                 size_t clen, uint8_t want[16], const uint8_t *ad,             \
                 size_t adlen, const uint8_t *nonce) {                         \
        if (clen <= GCM_SHORT_MAX)                                             \
            short_open##R(s, m, want, c, clen, ad, adlen, nonce);              \
        else                                                                   \
            long_open##R##K(s, m, want, c, clen, ad, adlen, nonce);            \
    }
ENTRY_FNS(, hush_gcm_aesni_seal10, hush_gcm_aesni_open10, 10, )
ENTRY_FNS(, hush_gcm_aesni_seal14, hush_gcm_aesni_open14, 14, )
ENTRY_FNS(static, seal10k, open10k, 10, k)
ENTRY_FNS(static, seal14k, open14k, 14, k)
#undef ENTRY_FNS

/* The combined forms (gcm_impl.h), one per round count for both
 * schedules: the short path clears the registers inline (gcm_short.h);
 * longer messages take gcm.c's combined forms (the state's seal or open,
 * which is the schedule's entry above, then the clearing). */
#define ENTRY_C_FNS(R)                                                         \
    static int seal##R##_c(const gcm_state *s, uint8_t *c, const uint8_t *m,   \
                           size_t mlen, const uint8_t *ad, size_t adlen,       \
                           const uint8_t *nonce) {                             \
        if (mlen <= GCM_SHORT_MAX)                                             \
            return short_seal##R##_c(s, c, m, mlen, ad, adlen, nonce);         \
        return hush_gcm_seal_c_any(s, c, m, mlen, ad, adlen, nonce);           \
    }                                                                          \
    static int open##R##_c(const gcm_state *s, uint8_t *m, const uint8_t *c,   \
                           size_t mlen, const uint8_t *ad, size_t adlen,       \
                           const uint8_t *nonce) {                             \
        if (mlen <= GCM_SHORT_MAX)                                             \
            return short_open##R##_c(s, m, c, mlen, ad, adlen, nonce);         \
        return hush_gcm_open_c_any(s, m, c, mlen, ad, adlen, nonce);           \
    }
ENTRY_C_FNS(10)
ENTRY_C_FNS(14)
#undef ENTRY_C_FNS

/* Two schedules of one tier, the long path's GHASH: one fold (Intel, the
 * fewest vector ops) and Karatsuba (AMD, the fewest multiplies); gcm.c
 * picks by CPU vendor, the ghash tiers pclmuls and pclmulk force one. */
const gcm_fused_ops hush_gcm_fused_aesni = {hush_gcm_aesni_seal10,
                                            hush_gcm_aesni_open10,
                                            NULL /* every power */,
                                            NULL /* the pclmul table */,
                                            NULL /* so its update */,
                                            hush_gcm_aesni_seal14,
                                            hush_gcm_aesni_open14,
                                            seal10_c,
                                            seal14_c,
                                            open10_c,
                                            open14_c};
const gcm_fused_ops hush_gcm_fused_aesni_kara = {
    seal10k, open10k,  NULL,     NULL,     NULL,    seal14k,
    open14k, seal10_c, seal14_c, open10_c, open14_c};
