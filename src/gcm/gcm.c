/*
 * AES-128-GCM and AES-256-GCM through the generic AEAD layer (which has
 * already checked every argument and the length limits below).
 *
 * Only 96-bit nonces: J0 = nonce || 0^31 || 1, so the 32-bit counter of
 * GCM starts at 2 and, within the length limit of 2^32 - 2 blocks, never
 * wraps; a 128-bit CTR step is then identical to GCM's inc32, and the AES
 * tiers' CTR is used as is. The API takes exactly 12-byte nonces; other
 * lengths cannot be expressed and are refused (docs/perf/gcm.md, Design).
 *
 * Without a fused tier, the message goes in chunks small enough to stay in
 * L1: CTR over a chunk, then GHASH over the same chunk of ciphertext.
 */
#include "aead/aead_impl.h"
#include "core/ct.h"
#include "core/registers.h"
#include "cpu/features.h"
#include "gcm/gcm_impl.h"

#define GCM_CHUNK 4096 /* bytes, a multiple of 16 */

static void gcm_seal_two_pass(const gcm_state *s, uint8_t *c, uint8_t *tag,
                              const uint8_t *m, size_t mlen, const uint8_t *ad,
                              size_t adlen, const uint8_t *nonce);
static void gcm_open_two_pass(const gcm_state *s, uint8_t *m, const uint8_t *c,
                              size_t clen, uint8_t want[16], const uint8_t *ad,
                              size_t adlen, const uint8_t *nonce);

#if defined(HUSH_X86_64)
/* A fused tier with two schedules: the schoolbook one (Intel) and the
 * Karatsuba one (AMD, whose multiplies share the AES pipes), chosen by
 * CPU vendor for the GHASH tier `by_vendor`, forced by its twins
 * `schoolbook` and `karatsuba`; NULL for any other GHASH tier. */
static const gcm_fused_ops *fused_schedule(const hush_ghash_ops *gh,
                                           const hush_ghash_ops *by_vendor,
                                           const hush_ghash_ops *schoolbook,
                                           const hush_ghash_ops *karatsuba,
                                           const gcm_fused_ops *plain,
                                           const gcm_fused_ops *kara) {
    if (gh == by_vendor)
        return hush_cpu_features() & HUSH_CPU_AMD ? kara : plain;
    if (gh == schoolbook) return plain;
    if (gh == karatsuba) return kara;
    return NULL;
}
#endif

/* one_message: a one-shot state for a single message of mlen bytes and
 * adlen bytes of AD (the fused tier may then need fewer powers of H);
 * otherwise a keyed object's state, good for every message. */
static void gcm_setup(gcm_state *s, const uint8_t *key, size_t keylen,
                      int one_message, size_t mlen, size_t adlen) {
    const hush_aes_ops *aes = hush_ops(&hush_prim_aes);
    const hush_ghash_ops *gh = hush_ops(&hush_prim_ghash);
    uint8_t h[16] = {0};
    hush_aes_setup_with(&s->aes, aes, key, keylen);
    aes->encrypt(&s->aes, h, h, 1);
    s->ghash_ops = gh;
    s->fused = NULL;
#if defined(HUSH_X86_64)
    /* the vpclmul512 and pclmul tiers take the schedule of this CPU's
     * vendor; their twins (...s, ...k: the same GHASH) force one */
    if (aes == &hush_aes_vaes512)
        s->fused =
            fused_schedule(gh, &hush_ghash_vpclmul512, &hush_ghash_vpclmul512s,
                           &hush_ghash_vpclmul512k, &hush_gcm_fused_vaes512,
                           &hush_gcm_fused_vaes512_kara);
    if (aes == &hush_aes_vaes256 && gh == &hush_ghash_vpclmul256)
        s->fused = &hush_gcm_fused_vaes256;
    if (aes == &hush_aes_aesni)
        s->fused = fused_schedule(gh, &hush_ghash_pclmul, &hush_ghash_pclmuls,
                                  &hush_ghash_pclmulk, &hush_gcm_fused_aesni,
                                  &hush_gcm_fused_aesni_kara);
#endif
    /* the aesni and vaes256 tiers' short path (mlen <= GCM_SHORT_MAX,
     * adlen <= 16) reads only the short factors: a one-shot state for such
     * a message gets those, from H, and not the table (8 powers, their
     * Karatsuba factors and a 576-byte memset took ~220 of a
     * one-shot 16-byte seal's ~690 TSC ticks on Zen 3: gcm.md, item 28) */
    int short_aesni = s->fused == &hush_gcm_fused_aesni ||
                      s->fused == &hush_gcm_fused_aesni_kara ||
                      s->fused == &hush_gcm_fused_vaes256;
    int short_only =
        short_aesni && one_message && mlen <= GCM_SHORT_MAX && adlen <= 16;
    /* a fused tier may keep the powers in its own form, and a one-shot
     * state computes only those its message reads; the generic path's
     * ghash update reads the whole table of the GHASH tier */
    if (short_only)
        hush_gcm_aesni_short_only(s, h,
                                  (adlen != 0) + (int)((mlen + 15) / 16) + 1);
    else if (s->fused && s->fused->setup_powers)
        s->fused->setup_powers(s, h,
                               one_message && s->fused->powers_for
                                   ? s->fused->powers_for(mlen, adlen)
                                   : GCM_POWERS_ALL);
    else
        gh->init(&s->ghash, h);
    /* the short factors are also the aesni tier's long path's (and the
     * vaes256 tier's short messages run the aesni tier's code) */
    if (short_aesni && !short_only)
        hush_gcm_aesni_short_factors(s, GCM_SHORT_POWERS);
    s->seal = gcm_seal_two_pass;
    s->open = gcm_open_two_pass;
    s->seal_c = hush_gcm_seal_c_any;
    s->open_c = hush_gcm_open_c_any;
    if (s->fused) {
        int r14 = s->aes.rounds == 14 && s->fused->seal14;
        s->seal = r14 ? s->fused->seal14 : s->fused->seal;
        s->open = r14 ? s->fused->open14 : s->fused->open;
        if (s->fused->seal_c) {
            s->seal_c = r14 ? s->fused->seal14_c : s->fused->seal_c;
            s->open_c = r14 ? s->fused->open14_c : s->fused->open_c;
        }
    }
    hush_wipe(h, sizeof h);
}

static void setup128(void *state, const uint8_t *key) {
    gcm_setup(state, key, 16, 0, 0, 0);
}
static void setup256(void *state, const uint8_t *key) {
    gcm_setup(state, key, 32, 0, 0, 0);
}
static void setup128_for(void *state, const uint8_t *key, size_t mlen,
                         size_t adlen) {
    gcm_setup(state, key, 16, 1, mlen, adlen);
}
static void setup256_for(void *state, const uint8_t *key, size_t mlen,
                         size_t adlen) {
    gcm_setup(state, key, 32, 1, mlen, adlen);
}

/* GHASH over len bytes, the last partial block padded with zeros */
static void ghash_padded(const gcm_state *s, uint64_t y[2], const uint8_t *p,
                         size_t len) {
    size_t full = len / 16;
    if (full) s->ghash_ops->update(&s->ghash, y, p, full);
    if (len % 16) {
        uint8_t block[16] = {0};
        memcpy(block, p + 16 * full, len % 16);
        s->ghash_ops->update(&s->ghash, y, block, 1);
        hush_wipe(block, sizeof block);
    }
}

/* The tag: GHASH of the lengths block, then E(J0) XOR y. */
static void gcm_finish(const gcm_state *s, uint8_t tag[16], uint64_t y[2],
                       const uint8_t j0[16], size_t adlen, size_t mlen) {
    uint8_t block[16], ek0[16];
    hush_store64_be(block, (uint64_t)adlen * 8);
    hush_store64_be(block + 8, (uint64_t)mlen * 8);
    s->ghash_ops->update(&s->ghash, y, block, 1);
    s->aes.ops->encrypt(&s->aes, ek0, j0, 1);
    hush_ghash_store_v(block, y);
    for (int i = 0; i < 16; i++)
        tag[i] = block[i] ^ ek0[i];
    hush_wipe(block, sizeof block);
    hush_wipe(ek0, sizeof ek0);
}

static void gcm_start(const gcm_state *s, uint8_t j0[16], uint8_t ctr[16],
                      uint64_t y[2], const uint8_t *nonce, const uint8_t *ad,
                      size_t adlen) {
    uint64_t hi, lo;
    gcm_j0_words(nonce, &hi, &lo);
    hush_store64_be(j0, hi);
    hush_store64_be(j0 + 8, lo);
    hush_store64_be(ctr, hi);
    hush_store64_be(ctr + 8, lo + 1);
    y[0] = y[1] = 0;
    ghash_padded(s, y, ad, adlen);
}

/* The two-pass seal, out of line: inlined into gcm_seal, its frame (six
 * saved registers, 150 bytes of stack) was built before the test for a
 * fused tier, on every call (docs/perf/gcm.md, item 18); now gcm_seal
 * calls the state's seal. */
__attribute__((noinline)) static void
gcm_seal_two_pass(const gcm_state *s, uint8_t *c, uint8_t *tag,
                  const uint8_t *m, size_t mlen, const uint8_t *ad,
                  size_t adlen, const uint8_t *nonce) {
    uint8_t j0[16], ctr[16];
    uint64_t y[2];
    gcm_start(s, j0, ctr, y, nonce, ad, adlen);
    size_t done = 0;
    while (done < mlen) {
        size_t n = mlen - done < GCM_CHUNK ? mlen - done : GCM_CHUNK;
        s->aes.ops->ctr(&s->aes, c + done, m + done, n, ctr);
        ghash_padded(s, y, c + done, n);
        done += n;
    }
    gcm_finish(s, tag, y, j0, adlen, mlen);
    hush_wipe(y, sizeof y);
}

static void gcm_seal(const void *state, uint8_t *c, uint8_t *tag,
                     const uint8_t *m, size_t mlen, const uint8_t *ad,
                     size_t adlen, const uint8_t *nonce) {
    const gcm_state *s = state;
    s->seal(s, c, tag, m, mlen, ad, adlen, nonce);
}

/* The two-pass open without the verdict: m, and the expected tag in want. */
__attribute__((noinline)) static void
gcm_open_two_pass(const gcm_state *s, uint8_t *m, const uint8_t *c, size_t clen,
                  uint8_t want[16], const uint8_t *ad, size_t adlen,
                  const uint8_t *nonce) {
    uint8_t j0[16], ctr[16];
    uint64_t y[2];
    gcm_start(s, j0, ctr, y, nonce, ad, adlen);
    size_t done = 0;
    while (done < clen) {
        size_t n = clen - done < GCM_CHUNK ? clen - done : GCM_CHUNK;
        ghash_padded(s, y, c + done, n); /* before m overwrites c in place */
        s->aes.ops->ctr(&s->aes, m + done, c + done, n, ctr);
        done += n;
    }
    gcm_finish(s, want, y, j0, adlen, clen);
    hush_wipe(y, sizeof y);
}

/* Every tier's open ends here: one constant-time comparison, and on a
 * mismatch the output is wiped. */
static int gcm_open(const void *state, uint8_t *m, const uint8_t *c,
                    size_t clen, const uint8_t *tag, const uint8_t *ad,
                    size_t adlen, const uint8_t *nonce) {
    const gcm_state *s = state;
    HUSH_ALIGNED(16) uint8_t want[16];
    s->open(s, m, c, clen, want, ad, adlen, nonce);
    return gcm_verdict(want, tag, m, clen);
}

/* The combined forms of any state (gcm_impl.h): seal or open, then the
 * registers cleared. */
int hush_gcm_seal_c_any(const gcm_state *s, uint8_t *c, const uint8_t *m,
                        size_t mlen, const uint8_t *ad, size_t adlen,
                        const uint8_t *nonce) {
    s->seal(s, c, c + mlen, m, mlen, ad, adlen, nonce);
    hush_clear_vector_registers();
    return HUSH_OK;
}
int hush_gcm_open_c_any(const gcm_state *s, uint8_t *m, const uint8_t *c,
                        size_t mlen, const uint8_t *ad, size_t adlen,
                        const uint8_t *nonce) {
    HUSH_ALIGNED(16) uint8_t want[16];
    s->open(s, m, c, mlen, want, ad, adlen, nonce);
    hush_clear_vector_registers();
    return gcm_verdict(want, c + mlen, m, mlen);
}

/* The AEAD layer's combined hooks: one load and a tail jump */
static int gcm_seal_combined(const void *state, uint8_t *c, const uint8_t *m,
                             size_t mlen, const uint8_t *ad, size_t adlen,
                             const uint8_t *nonce) {
    const gcm_state *s = state;
    return s->seal_c(s, c, m, mlen, ad, adlen, nonce);
}
static int gcm_open_combined(const void *state, uint8_t *m, const uint8_t *c,
                             size_t mlen, const uint8_t *ad, size_t adlen,
                             const uint8_t *nonce) {
    const gcm_state *s = state;
    return s->open_c(s, m, c, mlen, ad, adlen, nonce);
}

/* SP 800-38D: plaintext <= 2^39 - 256 bits, AAD <= 2^64 - 1 bits */
#define GCM_MAX_MLEN  ((UINT64_C(1) << 36) - 32)
#define GCM_MAX_ADLEN ((UINT64_C(1) << 61) - 1)

const hush_aead_desc hush_aead_desc_aes128gcm = {
    HUSH_AES128GCM,
    "AES-128-GCM",
    16,
    12,
    GCM_MAX_MLEN,
    GCM_MAX_ADLEN,
    sizeof(gcm_state),
    setup128,
    gcm_seal,
    gcm_open,
    setup128_for,
    0, /* general_regs_only: AES-NI and carry-less multiply use them */
    &hush_gcm_stream};
const hush_aead_desc hush_aead_desc_aes256gcm = {
    HUSH_AES256GCM,
    "AES-256-GCM",
    32,
    12,
    GCM_MAX_MLEN,
    GCM_MAX_ADLEN,
    sizeof(gcm_state),
    setup256,
    gcm_seal,
    gcm_open,
    setup256_for,
    0, /* general_regs_only: AES-NI and carry-less multiply use them */
    &hush_gcm_stream};

_Static_assert(sizeof(gcm_state) <= HUSH_AEAD_STATE_MAX,
               "GCM state fits the AEAD state");

const hush_aead_combined_ops hush_aead_combined_aes128gcm = {
    &hush_aead_desc_aes128gcm, gcm_seal_combined, gcm_open_combined};
const hush_aead_combined_ops hush_aead_combined_aes256gcm = {
    &hush_aead_desc_aes256gcm, gcm_seal_combined, gcm_open_combined};
