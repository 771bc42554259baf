/*
 * AES-GCM (SP 800-38D) with 96-bit nonces: the expanded state and the
 * optional fused tiers.
 *
 * The state records the AES and GHASH tables in force at setup (keyed
 * objects keep them), and, when a fused CTR+GHASH implementation exists for
 * exactly that pair, its table too.
 */
#ifndef HUSH_GCM_IMPL_H
#define HUSH_GCM_IMPL_H

#include "aes/aes_impl.h"
#include "core/ct.h"
#include "ghash/ghash_impl.h"

typedef struct gcm_fused_ops gcm_fused_ops;
struct gcm_state;
/* The combined forms (gcm_state.seal_c, .open_c) */
typedef int gcm_seal_c_fn(const struct gcm_state *s, uint8_t *c,
                          const uint8_t *m, size_t mlen, const uint8_t *ad,
                          size_t adlen, const uint8_t *nonce);
typedef int gcm_open_c_fn(const struct gcm_state *s, uint8_t *m,
                          const uint8_t *c, size_t mlen, const uint8_t *ad,
                          size_t adlen, const uint8_t *nonce);
/* The combined forms of any state (gcm.c): the state's seal or open, then
 * the vector registers cleared (and gcm_verdict). Every state's default,
 * and the fused tiers' own combined forms go here for what their inline
 * clearing paths do not take (long messages, long AD). */
gcm_seal_c_fn hush_gcm_seal_c_any;
gcm_open_c_fn hush_gcm_open_c_any;

/* The short path of the aesni and vaes256 fused tiers: messages of at
 * most GCM_SHORT_MAX bytes with at most 16 bytes of AD, at most six GHASH
 * blocks (AD, four of message, lengths). */
#define GCM_SHORT_MAX    64
#define GCM_SHORT_POWERS 6

typedef struct gcm_state {
    hush_aes_key aes;     /* round keys (aes tier layout) */
    hush_ghash_key ghash; /* H^32 .. H^1 */
    /* The short path's factors (gcm_aesni.c, "the short path"): for
     * e = 1 .. GCM_SHORT_POWERS, sh[e - 1][0] = H^e x^-1 and
     * sh[e - 1][1] = H^e x^63 (V form), so a block's product needs one
     * fold, not two; the aesni tier's long path multiplies by them too.
     * Filled for the aesni and vaes256 fused tiers (a one-shot state for a
     * short message: only those its message reads). */
    HUSH_ALIGNED(16) uint64_t sh[GCM_SHORT_POWERS][2][2];
    /* kara[e - 1]: the low xor the high half of sh[e - 1][0] (H^e x^-1),
     * in both halves: the Karatsuba middle factors of the aesni tier's AMD
     * schedule (hush_gcm_fused_aesni_kara), filled with sh for the long
     * path. */
    HUSH_ALIGNED(16) uint64_t kara[GCM_SHORT_POWERS][2];
    const hush_ghash_ops *ghash_ops;
    const gcm_fused_ops *fused; /* NULL: CTR and GHASH in separate passes */
    /* The seal and open of this state, chosen at setup (the fused tier's,
     * or the two passes): gcm.c calls them without testing fused, one
     * load and a tail jump (docs/perf/gcm.md, item 23). */
    void (*seal)(const struct gcm_state *s, uint8_t *c, uint8_t *tag,
                 const uint8_t *m, size_t mlen, const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce);
    void (*open)(const struct gcm_state *s, uint8_t *m, const uint8_t *c,
                 size_t clen, uint8_t want[16], const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce);
    /* The combined seal and open of this state (the tag at c + mlen; the
     * AEAD layer's hooks, aead_impl.h), returning with the vector
     * registers cleared: the fused tier's seal_c / open_c when it has
     * them, else gcm.c's, around seal and open above. */
    gcm_seal_c_fn *seal_c;
    gcm_open_c_fn *open_c;
} gcm_state;

/* setup_powers' n for every power the tier reads (a keyed state): the
 * vaes512 tier's AES-128 steps read H^1..H^64 */
#define GCM_POWERS_ALL 64

/* A whole GCM seal or open in one function: AD, one pass of CTR and
 * GHASH over the message, lengths and tag (same contract as the AEAD
 * descriptor's seal and open, on a gcm_state). */
struct gcm_fused_ops {
    void (*seal)(const gcm_state *s, uint8_t *c, uint8_t *tag, const uint8_t *m,
                 size_t mlen, const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce);
    /* Open without the verdict: m, and in want the tag the ciphertext
     * should carry (gcm.c compares and, on a mismatch, wipes m). */
    void (*open)(const gcm_state *s, uint8_t *m, const uint8_t *c, size_t clen,
                 uint8_t want[16], const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce);
    /* Optional (NULL: all of them). How many powers of H (4, 8, 16, 32 or
     * GCM_POWERS_ALL) one seal or open of these lengths reads: a one-shot
     * state computes only those. Kept next to the code that reads them. */
    int (*powers_for)(size_t mlen, size_t adlen);
    /* Optional (NULL: the GHASH tier's init): fills the table of powers
     * from H = E_K(0^128) in the form this tier reads, H^1..H^n (n from
     * powers_for, or all of them), into s->ghash (and, for the vaes512
     * tier, H^33..H^64 beside its round keys: gcm_vaes512.c, POW_HI_AT). */
    void (*setup_powers)(struct gcm_state *s, const uint8_t h[16], int n);
    /* Required with setup_powers (NULL otherwise: the GHASH tier's update
     * reads the table): y = GHASH(y, in) over nblocks whole blocks with
     * this tier's table, y in V form. The streaming AEAD (gcm_stream.c)
     * hashes every AD, message and lengths block with it. */
    void (*ghash)(const gcm_state *s, uint64_t y[2], const uint8_t *in,
                  size_t nblocks);
    /* Optional (NULL: seal and open serve every key): seal and open for
     * 14-round (AES-256) keys; when they are set, seal and open above are
     * called with 10-round keys only. gcm_setup picks once per key. */
    void (*seal14)(const gcm_state *s, uint8_t *c, uint8_t *tag,
                   const uint8_t *m, size_t mlen, const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce);
    void (*open14)(const gcm_state *s, uint8_t *m, const uint8_t *c,
                   size_t clen, uint8_t want[16], const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce);
    /* Optional (NULL: gcm.c's wrappers of seal and open): the combined
     * forms of seal and open (and of seal14 and open14, set with them),
     * which return with the vector registers cleared and, for open, the
     * verdict of gcm_verdict. */
    gcm_seal_c_fn *seal_c, *seal14_c;
    gcm_open_c_fn *open_c, *open14_c;
};

/* The computed tag, wiped with two volatile stores: hush_wipe's call into
 * memset right after the comparison cost ~40 core cycles per 16-byte open
 * on a Granite Rapids-class Xeon (docs/perf/gcm.md, item 13), as much as
 * the whole fused open. A volatile store is never dropped either. */
static inline void gcm_wipe_tag(uint8_t want[16]) {
    volatile uint64_t *w = (volatile uint64_t *)(void *)want;
    w[0] = 0;
    w[1] = 0;
    __asm__ __volatile__("" : : "r"(want) : "memory");
}

/* The verdict from the comparison's result alone (1: the tags are equal),
 * for gcm_verdict and for the short kernels that compare in a register
 * and clear the registers first: declassified, branched on, and on a
 * mismatch the output m of clen bytes wiped. */
static inline int gcm_verdict_of(uint32_t equal, uint8_t *m, size_t clen) {
    if (!hush_ct_declassify32(hush_ct_barrier32(equal))) {
        if (clen) hush_wipe(m, clen);
        return HUSH_ERR_AUTH;
    }
    return HUSH_OK;
}

/* Every open's verdict: the computed tag want against tag in constant
 * time (general registers only), want wiped, and on a mismatch the
 * output m of clen bytes wiped. The verdict is public (the caller is told
 * it): declassified, and branched on. */
static inline int gcm_verdict(uint8_t want[16], const uint8_t *tag, uint8_t *m,
                              size_t clen) {
    uint32_t equal = hush_ct_equal16(want, tag);
    gcm_wipe_tag(want);
    return gcm_verdict_of(equal, m, clen);
}

/*
 * J0 = nonce || 0^31 || 1 as two big-endian integers: hi = nonce[0..8),
 * lo = nonce[8..12) << 32 | 1. The nonce is read byte by byte: callers
 * usually write it just before the call, and a wider load over a narrower
 * pending store (a bumped nonce byte) stalls (internal.h).
 */
static inline void gcm_j0_words(const uint8_t nonce[12], uint64_t *hi,
                                uint64_t *lo) {
    *hi = hush_load_be_bytewise(nonce, 8);
    *lo = hush_load_be_bytewise(nonce + 8, 4) << 32 | 1;
}

#if defined(HUSH_X86_64)
/* vaes512: the schoolbook (Intel) and Karatsuba (AMD) schedules of one
 * fused tier (gcm_vaes512.c) */
extern const gcm_fused_ops hush_gcm_fused_vaes512, hush_gcm_fused_vaes512_kara,
    hush_gcm_fused_aesni;
/* aesni: the one-fold (Intel) and Karatsuba (AMD) schedules of the long
 * path (gcm_aesni.c) */
extern const gcm_fused_ops hush_gcm_fused_aesni_kara;
/* vaes256: 256-bit VAES and VPCLMULQDQ without AVX-512 (gcm_vaes256.c);
 * its short messages run hush_gcm_fused_aesni's code on the same state */
extern const gcm_fused_ops hush_gcm_fused_vaes256;
/* The aesni tier's entries per round count (the vaes256 tier's short
 * messages call them directly), and the short path's factors: sh[] for
 * e = 1 .. n (n <= GCM_SHORT_POWERS) from the V-form powers in s->ghash. */
void hush_gcm_aesni_seal10(const gcm_state *s, uint8_t *c, uint8_t *tag,
                           const uint8_t *m, size_t mlen, const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce);
void hush_gcm_aesni_seal14(const gcm_state *s, uint8_t *c, uint8_t *tag,
                           const uint8_t *m, size_t mlen, const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce);
void hush_gcm_aesni_open10(const gcm_state *s, uint8_t *m, const uint8_t *c,
                           size_t clen, uint8_t want[16], const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce);
void hush_gcm_aesni_open14(const gcm_state *s, uint8_t *m, const uint8_t *c,
                           size_t clen, uint8_t want[16], const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce);
void hush_gcm_aesni_short_factors(gcm_state *s, int n);
/* The short factors of H^1 .. H^n (n <= GCM_SHORT_POWERS) from H itself,
 * in GCM byte order, with nothing else of the state: for a one-shot state
 * whose message takes the short path, which reads only s->sh (the table
 * stays unwritten). */
void hush_gcm_aesni_short_only(gcm_state *s, const uint8_t h[16], int n);
#endif

/*
 * Streaming GCM (gcm_stream.c). Each update takes the bytes up to a block
 * boundary through a one-block buffer; all the whole 16-byte blocks after
 * them go to one gcm_stream_blocks call; a partial last block is kept for
 * the next update. The call's contract, for a fast path (a fused tier) to
 * implement:
 *
 *   seal: c = m XOR CTR keystream from ctr, nblocks whole blocks (c == m
 *         allowed); y = GHASH(y, c); ctr advanced by nblocks.
 *   open: the same with the roles swapped: y = GHASH(y, c) over the input
 *         c, which it must read before writing m (m == c allowed).
 *
 * ctr is the 128-bit big-endian counter block (its low 32 bits never wrap
 * within GCM's length limit, so inc32 and a 128-bit step agree); y is the
 * running hash in V form (ghash_impl.h). nblocks may be anything from 1 to
 * the message's limit. Constant time; registers are cleared by the
 * streaming layer. The generic version (CTR, then GHASH, over L1-sized
 * chunks; the GHASH of a fused tier that keeps its own table of powers
 * is that tier's gcm_fused_ops.ghash) serves every pairing but the fused
 * vaes512 tier's, which has its own (gcm_vaes512.c); gcm_stream.c chooses
 * by s->fused.
 */
typedef struct gcm_stream_blocks {
    void (*seal)(const gcm_state *s, uint8_t *c, const uint8_t *m,
                 size_t nblocks, uint8_t ctr[16], uint64_t y[2]);
    void (*open)(const gcm_state *s, uint8_t *m, const uint8_t *c,
                 size_t nblocks, uint8_t ctr[16], uint64_t y[2]);
} gcm_stream_blocks;

extern const struct hush_aead_stream_ops hush_gcm_stream;

#if defined(HUSH_X86_64)
/* the fused vaes512 tier's whole-block steps, one per schedule */
extern const gcm_stream_blocks hush_gcm_stream_vaes512,
    hush_gcm_stream_vaes512_kara;
#endif

#endif
