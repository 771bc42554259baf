/*
 * Fused AES-GCM tier for VAES and VPCLMULQDQ on 256-bit registers without
 * AVX-512 (AMD Zen 3, Intel Alder Lake and later client cores).
 *
 * The long path takes 16 blocks (eight ymm registers, 256 bytes) per step:
 * the AES rounds of eight counter registers stitched with the GHASH of 16
 * blocks of ciphertext, one reduction per step. On Zen 3 (measured,
 * docs/perf/gcm.md "Zen 3"), a 256-bit vaesenc issues twice per cycle but
 * a vpclmulqdq (xmm or ymm alike) only every second cycle, and the two
 * compete for the same pipes: the carry-less multiplies bound the loop, so
 * GHASH multiplies Karatsuba (three multiplies per register of two blocks
 * instead of four), with the middle factors of H^16..H^1 precomputed.
 *
 * - Counter blocks: with a 96-bit nonce the 32-bit counter of message
 *   block b is b + 2, so the step of blocks 16s .. 16s + 15 uses counters
 *   16s + 2 .. 16s + 17. Every one of them is B(16s) XOR t in its last
 *   byte (t < 16), except the last register's two, which are B(16s + 16)
 *   XOR 0 and 1: one XOR per register with a constant turns
 *   B(base) ^ K0 into the AES input (counter formation and round 0).
 * - The last round takes the data XORed into its key (aesenclast(x, k ^ d)
 *   = aesenclast(x, k) ^ d).
 * - Seal hashes each step's ciphertext during the next step's rounds (read
 *   back from the output), open a step's ciphertext during its own rounds:
 *   the GHASH operands come from memory, never from registers the AES
 *   rounds need.
 *
 * Messages of at most GCM_SHORT_MAX bytes (AD <= 16) take the short path
 * of gcm_short.h, compiled here VEX-encoded; the rest under LONG_MIN bytes
 * the aesni+pclmul fused tier's code (gcm_aesni.c) on the same state: the
 * short paths are latency bound and gain nothing from wider registers. The
 * table of powers is this tier's own form (setup_powers): H^16 .. H^1 where the
 * pclmul tier keeps them (pow[P - e] = H^e, V form), which is all the aesni
 * tier's code reads, and the packed Karatsuba factors in the slots of H^32 ..
 * H^25 (kara_word).
 *
 * Round keys and powers of H are read from the state where they are used;
 * the pointers pass an empty asm at the top of each step (HUSH_OPAQUE), so
 * no key-derived value is hoisted out of the loop and spilled.
 *
 * Constant time: fixed-latency instructions; branches depend only on
 * lengths and the public counter.
 */
#include "aes/aes_vaes256.h"
#include "core/ct.h"
#include "gcm/gcm_impl.h"
#include "ghash/ghash_vpclmul256.h"

#define ALWAYS_INLINE   static inline __attribute__((always_inline))
#define LOADU(p)        _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v)    _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LOADU256(p)     _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU256(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* the short path (gcm_short.h) hands AD over 16 bytes to the aesni
 * tier's entry, which takes it to its long path */
#define SHORT_FALLBACK(R, enc, s, out, tag, in, len, ad, adlen, nonce)         \
    ((enc) ? hush_gcm_aesni_seal##R(s, out, tag, in, len, ad, adlen, nonce)    \
           : hush_gcm_aesni_open##R(s, out, in, len, tag, ad, adlen, nonce))
#define SHORT_PAIRS /* two to four blocks in ymm pairs */
#include "gcm/gcm_short.h"

#define STEP_BLOCKS 16
#define STEP_BYTES  (16 * STEP_BLOCKS)
/* shorter messages take gcm_aesni.c's paths */
#define LONG_MIN 256
/* the powers this tier keeps: H^1 .. H^16 */
#define POWERS 16

/* ---- the table ----
 *
 * pow[P - e] = H^e (V form, e = 1..16), as the pclmul tier keeps them.
 * pow[0..7] (the slots of H^32..H^25, unused here) hold the Karatsuba
 * factors f(e) = lo(H^e) ^ hi(H^e) of H^16..H^1 for the step's eight
 * registers of two blocks: pair p (blocks 2p, 2p + 1, times H^(16 - 2p),
 * H^(15 - 2p)) reads the 256-bit word p / 2, qword p % 2 of each lane:
 * word q = {f(16 - 4q), f(14 - 4q) | f(15 - 4q), f(13 - 4q)}. */

ALWAYS_INLINE __m128i pow1(const hush_ghash_key *k, unsigned e) {
    return _mm_load_si128(
        (const __m128i *)(const void *)k->pow[HUSH_GHASH_POWERS - e]);
}

ALWAYS_INLINE __m256i kara_word(const hush_ghash_key *k, int q) {
    return _mm256_load_si256((const __m256i *)(const void *)k->pow[2 * q]);
}

static void fused_setup_powers(gcm_state *s, const uint8_t h[16], int n) {
    hush_ghash_key *k = &s->ghash;
    __m128i *pw = (__m128i *)(void *)k->pow; /* pw[P - e] = H^e */
    const int P = HUSH_GHASH_POWERS;
    memset(k, 0, sizeof *k);
    pw[P - 1] = _mm_shuffle_epi8(LOADU(h), ghash_bswap_mask());
    /* by doubling: H^(m+1..2m) = H^(1..m) * H^m, independent products */
    int top = n >= POWERS ? POWERS : 8;
    for (int m = 1; m < top; m *= 2) {
        __m128i hm = pw[P - m];
        for (int e = 1; e <= m; e++)
            pw[P - m - e] = ghash_mul1(pw[P - e], hm);
    }
    if (top < POWERS) return; /* the short paths: no step reads factors */
    uint64_t *f = (uint64_t *)(void *)k->pow;
    for (int q = 0; q < 4; q++) {
        static const int e_of[4] = {16, 14, 15, 13};
        for (int j = 0; j < 4; j++) {
            const uint64_t *he = k->pow[P - (e_of[j] - 4 * q)];
            f[4 * q + j] = he[0] ^ he[1];
        }
    }
}

/* The powers (8 or 16) a message of these lengths reads: the aesni tier's
 * paths the short factors (gcm_state.sh, made from H^1..H^6), the long
 * path H^1..H^16 and the factors above. */
static int fused_powers_for(size_t mlen, size_t adlen) {
    (void)adlen; /* an AD's runs read no more than the message's path */
    return mlen >= LONG_MIN ? POWERS : 8;
}

/* ---- GHASH without AES ---- */

/* n (1..16) whole blocks, y folded into the first, one reduction */
ALWAYS_INLINE __m128i ghash_run(const hush_ghash_key *k, __m128i y,
                                const uint8_t *p, size_t n) {
    return ghash_vpclmul256_run(k, y, p, n);
}

/* GHASH of len bytes (the last block zero-padded through pad, which only
 * ever holds data) into acc */
ALWAYS_INLINE __m128i ghash_bytes(__m128i acc, const hush_ghash_key *k,
                                  const uint8_t *p, size_t len,
                                  uint8_t pad[16]) {
    for (; len >= STEP_BYTES; len -= STEP_BYTES, p += STEP_BYTES)
        acc = ghash_run(k, acc, p, STEP_BLOCKS);
    size_t whole = len / 16;
    if (whole) acc = ghash_run(k, acc, p, whole);
    p += 16 * whole;
    len &= 15;
    if (len) {
        STOREU(pad, _mm_setzero_si128());
        for (size_t i = 0; i < len; i++) {
            HUSH_OPAQUE(i); /* a byte loop, not a memcpy call */
            pad[i] = p[i];
        }
        acc = ghash_run(k, acc, pad, 1);
    }
    return acc;
}

/* ---- the step ---- */

/* the XOR into the last byte of each counter register (t = 2i + 2,
 * 2i + 3, modulo 16 for the last register) */
#define T_LANE(t) 0, (uint64_t)((t) % 16) << 56
#define T_REG(i)                                                               \
    { T_LANE(2 * (i) + 2), T_LANE(2 * (i) + 3) }
static const HUSH_ALIGNED(32) uint64_t ctr_t[8][4] = {
    T_REG(0), T_REG(1), T_REG(2), T_REG(3),
    T_REG(4), T_REG(5), T_REG(6), T_REG(7)};

ALWAYS_INLINE __m256i ctr_xor(int i) {
    return _mm256_load_si256((const __m256i *)(const void *)ctr_t[i]);
}

/* One step's GHASH state: the 16 blocks at src (GCM order), the running
 * hash folded into the first, the Karatsuba sums. */
typedef struct gh_work {
    const uint8_t *src;
    __m256i y; /* the hash so far in the low lane */
    __m256i lo, mid, hi;
} gh_work;

/* the product of pair p (0..7) into w: lo and hi of x * H, and the
 * product of the half sums with the precomputed factors */
ALWAYS_INLINE void gh_pair(gh_work *w, const hush_ghash_key *k, int p) {
    __m256i x = ghash_bswap256(LOADU256(w->src + 32 * p));
    if (p == 0) x = _mm256_xor_si256(x, w->y);
    __m256i h = ghash_pow2(k, (unsigned)(STEP_BLOCKS - 2 * p));
    __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    __m256i f = kara_word(k, p / 2);
    __m256i m = (p & 1) ? _mm256_clmulepi64_epi128(xk, f, 0x10)
                        : _mm256_clmulepi64_epi128(xk, f, 0x00);
    __m256i l = _mm256_clmulepi64_epi128(x, h, 0x00);
    __m256i g = _mm256_clmulepi64_epi128(x, h, 0x11);
    if (p == 0) { /* the first product of the step */
        w->lo = l, w->mid = m, w->hi = g;
    } else {
        w->lo = _mm256_xor_si256(w->lo, l);
        w->mid = _mm256_xor_si256(w->mid, m);
        w->hi = _mm256_xor_si256(w->hi, g);
    }
    /* accumulate now: else the compiler may reassociate the XORs of a
     * step into a tree that keeps all products live, and spill them */
    HUSH_OPAQUE_VEC3(w->lo, w->mid, w->hi);
}

/* the reduced hash of the step */
ALWAYS_INLINE __m128i gh_finish(const gh_work *w) {
    __m128i lo = ghash_fold256(w->lo), hi = ghash_fold256(w->hi);
    __m128i mid = _mm_xor_si128(ghash_fold256(w->mid), _mm_xor_si128(lo, hi));
    return ghash_reduce_clmul(lo, mid, hi);
}

/* Which pair is multiplied after AES round r (1..8), -1 none. The pair
 * holding the running hash (0) comes first, so that the hash dies before
 * the AES states are all live: held until round 8, it was spilled to the
 * stack (16 ymm registers: eight AES states, a round key, three sums and
 * the operands of one product). */
ALWAYS_INLINE int pair_after(unsigned r) {
    return r >= 1 && r <= 8 ? (int)(r - 1) : -1;
}

/*
 * One step: CTR over 16 blocks of in -> out with the counters of base
 * (le, advanced by 16) and, when hash, the GHASH of the 16 blocks at
 * w->src (its reduced value returned).
 */
ALWAYS_INLINE __m128i step(const __m256i *ek, const hush_ghash_key *k,
                           __m256i *le, gh_work *w, uint8_t *out,
                           const uint8_t *in, const unsigned R,
                           const int hash) {
    __m256i k0 = vaes256_key(ek, 0);
    __m256i xs = _mm256_xor_si256(vaes256_bswap(*le), k0);
    *le = _mm256_add_epi32(*le, _mm256_set_epi32(0, 0, 0, 16, 0, 0, 0, 16));
    __m256i xn = _mm256_xor_si256(vaes256_bswap(*le), k0);
    __m256i x[8];
#pragma GCC unroll 8
    for (int i = 0; i < 7; i++)
        x[i] = _mm256_xor_si256(xs, ctr_xor(i));
    x[7] = _mm256_xor_si256(xn, ctr_xor(7));
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        __m256i kr = vaes256_key(ek, r);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            x[i] = _mm256_aesenc_epi128(x[i], kr);
        if (hash && pair_after(r) >= 0) gh_pair(w, k, pair_after(r));
    }
    __m256i kl = vaes256_key(ek, R);
    /* the data is loaded here, not early (gcc hoisted a load to the top
     * of the step and kept it on the stack across the rounds) */
    HUSH_OPAQUE(in);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        __m256i d = _mm256_xor_si256(kl, LOADU256(in + 32 * i));
        STOREU256(out + 32 * i, _mm256_aesenclast_epi128(x[i], d));
    }
    /* reduced after the stores, where the AES states are dead; the core
     * still overlaps it with the next step's rounds */
    return hash ? gh_finish(w) : _mm_setzero_si128();
}

/* the GHASH of one step's blocks at p on its own (Karatsuba, as in the
 * step) */
ALWAYS_INLINE __m128i step_ghash(const hush_ghash_key *k, __m128i acc,
                                 const uint8_t *p) {
    gh_work w;
    w.src = p;
    w.y = _mm256_zextsi128_si256(acc);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        gh_pair(&w, k, i);
    return gh_finish(&w);
}

/*
 * The whole-step part of a message: nsteps steps of 16 blocks from the
 * counter state le, GHASH continued from acc. enc = 1: in is plaintext,
 * GHASH over out; enc = 0: GHASH over in.
 */
ALWAYS_INLINE __m128i crypt_steps(const gcm_state *s, uint8_t *out,
                                  const uint8_t *in, size_t nsteps, __m256i *le,
                                  __m128i acc, const unsigned R,
                                  const int enc) {
    const __m256i *ek = vaes256_ek2(&s->aes);
    const hush_ghash_key *k = &s->ghash;
    gh_work w;
    w.src = NULL;
    w.y = _mm256_setzero_si256();
    w.lo = w.mid = w.hi = _mm256_setzero_si256();
    int pending = 0; /* seal: the previous step's ciphertext to hash */
    for (; nsteps > 0; nsteps--, in += STEP_BYTES, out += STEP_BYTES) {
        /* the compiler may not reuse a load of an earlier step */
        HUSH_OPAQUE2(ek, k);
        if (enc) {
            if (pending)
                acc = step(ek, k, le, &w, out, in, R, 1);
            else
                step(ek, k, le, &w, out, in, R, 0);
            pending = 1;
            const uint8_t *src = out;
            HUSH_OPAQUE(src); /* read back what was stored */
            w.src = src;
        } else {
            const uint8_t *src = in;
            HUSH_OPAQUE(src);
            w.src = src;
            w.y = _mm256_zextsi128_si256(acc);
            acc = step(ek, k, le, &w, out, in, R, 1);
        }
        w.y = _mm256_zextsi128_si256(acc);
    }
    if (pending) {
        HUSH_OPAQUE(k);
        acc = step_ghash(k, acc, w.src);
    }
    return acc;
}

/* Everything of a long seal or open but the verdict: the computed tag. */
ALWAYS_INLINE void long_run(const gcm_state *s, uint8_t *out, const uint8_t *in,
                            size_t len, const uint8_t *ad, size_t adlen,
                            const uint8_t *nonce, uint8_t tag[16],
                            const unsigned R, const int enc) {
    const hush_ghash_key *k = &s->ghash;
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    uint8_t pad[32]; /* partial blocks (data only), wiped at the end */
    HUSH_ALIGNED(32) uint8_t hold[32]; /* the hash across the tail's CTR */
    __m128i acc = _mm_setzero_si128();
    if (adlen) acc = ghash_bytes(acc, k, ad, adlen, pad);
    size_t nsteps = len / STEP_BYTES, tail = len % STEP_BYTES;
    /* the counter between steps, public: B(base) byte-reversed, base (a
     * multiple of 16) in the low 32-bit word of both lanes; base 0 first,
     * so the first step's counters are 2 .. 17 */
    __m256i le = _mm256_broadcastsi128_si256(
        _mm_set_epi64x((long long)hi, (long long)(lo & ~UINT64_C(0xffffffff))));
    acc = crypt_steps(s, out, in, nsteps, &le, acc, R, enc);
    if (tail) {
        in += len - tail, out += len - tail;
        /* the tail's first counter: J0 + 1 + 16 nsteps (the counter word
         * never wraps within GCM's length limit) */
        uint8_t cb[16];
        hush_aes_ctr_store(cb, hi, lo + 1 + STEP_BLOCKS * (uint64_t)nsteps);
        if (!enc) acc = ghash_bytes(acc, k, in, tail, pad);
        /* The tail's CTR is the AES tier's own function, called: inlined
         * here, next to the running hash, gcc ran the eight registers one
         * after another and spilled AES-256 round keys to the stack. The
         * hash waits in hold, which is wiped at the end (a spill slot of
         * the compiler's could not be). */
        STOREU(hold, acc);
        s->aes.ops->ctr(&s->aes, out, in, tail, cb);
        acc = LOADU(hold);
        if (enc) acc = ghash_bytes(acc, k, out, tail, pad);
    }
    const uint64_t adbits = (uint64_t)adlen * 8, bits = (uint64_t)len * 8;
    __m128i lens = _mm_set_epi64x((long long)adbits, (long long)bits);
    HUSH_OPAQUE(k);
    acc = ghash_mul1(_mm_xor_si128(acc, lens), pow1(k, 1));
    /* E(J0) last: public counter in, so it overlaps the final product */
    __m128i ek0 = aesni_encrypt1(
        aesni_key_of(&s->aes), R,
        _mm_shuffle_epi8(_mm_set_epi64x((long long)hi, (long long)lo),
                         ghash_bswap_mask()));
    STOREU(tag, _mm_xor_si128(_mm_shuffle_epi8(acc, ghash_bswap_mask()), ek0));
    if ((len & 15) || (adlen & 15)) vaes256_wipe32(pad);
    if (len % STEP_BYTES) vaes256_wipe32(hold);
}

/*
 * Each path in its own function, and the entries only choose by length
 * (public): a short call does not build the long path's frame. The round
 * count is a constant in every instance (gcm.c picks seal or seal14 at
 * setup).
 */
#define LONG_FN(name, R, enc)                                                  \
    __attribute__((noinline)) static void name(                                \
        const gcm_state *s, uint8_t *out, uint8_t tag[16], const uint8_t *in,  \
        size_t len, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {   \
        long_run(s, out, in, len, ad, adlen, nonce, tag, R, enc);              \
    }
LONG_FN(long_seal10, 10, 1)
LONG_FN(long_seal14, 14, 1)
LONG_FN(long_open10, 10, 0)
LONG_FN(long_open14, 14, 0)
#undef LONG_FN

#define ENTRY_FNS(suffix, R)                                                   \
    static void fused_seal##suffix(                                            \
        const gcm_state *s, uint8_t *c, uint8_t *tag, const uint8_t *m,        \
        size_t mlen, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {  \
        if (mlen <= GCM_SHORT_MAX)                                             \
            short_seal##R(s, c, tag, m, mlen, ad, adlen, nonce);               \
        else if (mlen < LONG_MIN)                                              \
            hush_gcm_aesni_seal##R(s, c, tag, m, mlen, ad, adlen, nonce);      \
        else                                                                   \
            long_seal##suffix(s, c, tag, m, mlen, ad, adlen, nonce);           \
    }                                                                          \
    static void fused_open##suffix(const gcm_state *s, uint8_t *m,             \
                                   const uint8_t *c, size_t clen,              \
                                   uint8_t want[16], const uint8_t *ad,        \
                                   size_t adlen, const uint8_t *nonce) {       \
        if (clen <= GCM_SHORT_MAX)                                             \
            short_open##R(s, m, want, c, clen, ad, adlen, nonce);              \
        else if (clen < LONG_MIN)                                              \
            hush_gcm_aesni_open##R(s, m, c, clen, want, ad, adlen, nonce);     \
        else                                                                   \
            long_open##suffix(s, m, want, c, clen, ad, adlen, nonce);          \
    }
ENTRY_FNS(10, 10)
ENTRY_FNS(14, 14)
#undef ENTRY_FNS

/* The combined forms (gcm_impl.h): the short path clears the registers
 * inline (gcm_short.h); longer messages take gcm.c's combined forms (the
 * state's seal or open, the entries above, then the clearing). */
#define ENTRY_C_FNS(R)                                                         \
    static int fused_seal##R##_c(                                              \
        const gcm_state *s, uint8_t *c, const uint8_t *m, size_t mlen,         \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        if (mlen <= GCM_SHORT_MAX)                                             \
            return short_seal##R##_c(s, c, m, mlen, ad, adlen, nonce);         \
        return hush_gcm_seal_c_any(s, c, m, mlen, ad, adlen, nonce);           \
    }                                                                          \
    static int fused_open##R##_c(                                              \
        const gcm_state *s, uint8_t *m, const uint8_t *c, size_t mlen,         \
        const uint8_t *ad, size_t adlen, const uint8_t *nonce) {               \
        if (mlen <= GCM_SHORT_MAX)                                             \
            return short_open##R##_c(s, m, c, mlen, ad, adlen, nonce);         \
        return hush_gcm_open_c_any(s, m, c, mlen, ad, adlen, nonce);           \
    }
ENTRY_C_FNS(10)
ENTRY_C_FNS(14)
#undef ENTRY_C_FNS

/* GHASH of whole blocks with this tier's table, for the streaming AEAD
 * (gcm_stream.c): runs of 16 blocks, H^16..H^1. */
static void fused_ghash(const gcm_state *s, uint64_t y[2], const uint8_t *in,
                        size_t nblocks) {
    __m128i acc = ghash_load_y(y);
    for (; nblocks >= STEP_BLOCKS; nblocks -= STEP_BLOCKS, in += STEP_BYTES)
        acc = ghash_run(&s->ghash, acc, in, STEP_BLOCKS);
    if (nblocks) acc = ghash_run(&s->ghash, acc, in, nblocks);
    ghash_store_y(y, acc);
}

const gcm_fused_ops hush_gcm_fused_vaes256 = {
    fused_seal10,   fused_open10,   fused_powers_for, fused_setup_powers,
    fused_ghash,    fused_seal14,   fused_open14,     fused_seal10_c,
    fused_seal14_c, fused_open10_c, fused_open14_c};
