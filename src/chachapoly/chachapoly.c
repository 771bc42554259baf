/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha section 2) for the generic AEAD layer.
 *
 * One pass: the message is walked in chunks small enough to stay in L1;
 * each chunk is encrypted and then authenticated while it is still cache
 * hot (opening authenticates the chunk first, then decrypts it). A short
 * message (up to SHORT_MAX bytes) takes one keystream call that also
 * yields block 0 (the Poly1305 key), so it pays one short vector latency
 * chain, and opening it writes the output only after the tag has passed.
 * Where the chachapoly primitive's avx2 row applies (AVX2 ChaCha20 with
 * the avx2 or portable Poly1305), a longer message instead takes the
 * stitched loop of chachapoly_avx2.c.
 */
#include "chachapoly/chachapoly_impl.h"
#include "core/ct.h"

#define CHUNK     8192 /* bytes per encrypt-then-MAC step: in+out fit L1 */
#define SHORT_MAX 960  /* block 0 + message in one 1024-byte keystream call */

static const hush_chachapoly_ops two_pass = {NULL};

static const hush_impl_entry chachapoly_impls[] = {
#if defined(HUSH_X86_64)
    {"avx2", HUSH_NEEDS_AVX2 | HUSH_CPU_BMI2, 0, &hush_chachapoly_avx2},
#endif
    {"portable", 0, 0, &two_pass},
};
HUSH_DEFINE_PRIMITIVE(chachapoly, chachapoly_impls);

static void setup(void *state, const uint8_t *key) {
    chachapoly_state *st = state;
    memcpy(st->key, key, 32);
    st->chacha = hush_ops(&hush_prim_chacha20);
    st->poly = hush_ops(&hush_prim_poly1305);
    st->stitched = NULL;
#if defined(HUSH_X86_64)
    /* the stitched loop is AVX2 ChaCha20 and scalar Poly1305: it stands in
     * for that pairing only (a forced chacha20 or an AVX-512 poly1305
     * tier keeps its own code) */
    const hush_chachapoly_ops *cp = hush_ops(&hush_prim_chachapoly);
    if (cp->run_long != NULL && st->chacha == &hush_chacha20_avx2 &&
        (st->poly == &hush_poly1305_avx2 ||
         st->poly == &hush_poly1305_portable))
        st->stitched = cp;
#endif
}

/* Authenticates len bytes followed by zero padding to 16 bytes. */
static void mac_padded(const hush_poly1305_ops *poly, void *ps,
                       const uint8_t *p, size_t len) {
    size_t whole = len & ~(size_t)15;
    if (whole) poly->blocks(ps, p, whole, 1);
    if (len > whole) {
        uint8_t block[16] = {0};
        memcpy(block, p + whole, len - whole);
        poly->blocks(ps, block, 16, 1);
        hush_wipe(block, sizeof block);
    }
}

static void mac_lengths(const hush_poly1305_ops *poly, void *ps, size_t adlen,
                        size_t len) {
    uint8_t block[16];
    hush_store64_le(block, (uint64_t)adlen);
    hush_store64_le(block + 8, (uint64_t)len);
    poly->blocks(ps, block, 16, 1);
}

/*
 * The whole construction for both directions. s is the ChaCha state at
 * block 0. Sealing writes out and computes tag; opening (encrypt == 0)
 * computes the tag of in into tag and writes the plaintext to out, except
 * for short messages, where it is written only when `expected` matches.
 * Returns 1 when the computed tag equals expected (opening), else 0.
 */
static uint32_t run(const chachapoly_state *st, uint32_t s[16], uint8_t *out,
                    const uint8_t *in, size_t len, const uint8_t *ad,
                    size_t adlen, uint8_t tag[16], const uint8_t *expected,
                    int encrypt) {
    const hush_chacha20_ops *cc = st->chacha;
    const hush_poly1305_ops *poly = st->poly;
    HUSH_ALIGNED(64) uint8_t ps[HUSH_POLY1305_STATE_BYTES];
    uint32_t ok = 1;
    if (len <= SHORT_MAX) {
        HUSH_ALIGNED(64) uint8_t buf[64 + SHORT_MAX];
        memset(buf, 0, 64);
        if (len) memcpy(buf + 64, in, len);
        cc->xor_stream(buf, buf, 64 + len, s);
        poly->init(ps, buf);
        mac_padded(poly, ps, ad, adlen);
        mac_padded(poly, ps, encrypt ? buf + 64 : in, len);
        mac_lengths(poly, ps, adlen, len);
        poly->finish(ps, tag);
        /* the verdict is public (the caller is told it): declassified;
         * releasing nothing on failure is the point of branching here */
        if (!encrypt) ok = hush_ct_declassify32(hush_ct_equal16(tag, expected));
        if (len && ok) memcpy(out, buf + 64, len);
        hush_wipe(buf, 64 + len);
    } else if (st->stitched != NULL) {
        st->stitched->run_long(s, out, in, len, ad, adlen, tag, encrypt);
        if (!encrypt) ok = hush_ct_declassify32(hush_ct_equal16(tag, expected));
    } else {
        uint8_t otk[64] = {0};
        cc->xor_stream(otk, otk, 64, s);
        hush_chacha20_advance(s, 1);
        poly->init(ps, otk);
        hush_wipe(otk, sizeof otk);
        mac_padded(poly, ps, ad, adlen);
        size_t done = 0;
        while (done < len) {
            size_t n = len - done < CHUNK ? len - done : CHUNK;
            if (encrypt) {
                cc->xor_stream(out + done, in + done, n, s);
                mac_padded(poly, ps, out + done, n);
            } else {
                mac_padded(poly, ps, in + done, n);
                cc->xor_stream(out + done, in + done, n, s);
            }
            hush_chacha20_advance(s, CHUNK / 64);
            done += n;
        }
        mac_lengths(poly, ps, adlen, len);
        poly->finish(ps, tag);
        if (!encrypt) ok = hush_ct_declassify32(hush_ct_equal16(tag, expected));
    }
    hush_wipe(ps, sizeof ps);
    /* the Poly1305 tier's frames beneath this one hold forms of the
     * one-time key r (the generic layer clears the vector registers) */
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
    return ok;
}

static void chacha_state(const chachapoly_state *st, uint32_t s[16],
                         const uint8_t *nonce) {
    hush_chacha20_ietf_state(s, st->key, nonce, 0);
}

static void xchacha_state(const chachapoly_state *st, uint32_t s[16],
                          const uint8_t *nonce) {
    hush_xchacha20_state(s, st->key, nonce, 0);
}

static void
seal_with(void (*init)(const chachapoly_state *, uint32_t *, const uint8_t *),
          const void *state, uint8_t *c, uint8_t *tag, const uint8_t *m,
          size_t mlen, const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    const chachapoly_state *st = state;
    uint32_t s[16];
    uint8_t t[16];
    init(st, s, nonce);
    run(st, s, c, m, mlen, ad, adlen, t, NULL, 1);
    memcpy(tag, t, 16); /* last: the tag may sit right after c */
    hush_wipe(s, sizeof s);
}

static int open_with(void (*init)(const chachapoly_state *, uint32_t *,
                                  const uint8_t *),
                     const void *state, uint8_t *m, const uint8_t *c,
                     size_t clen, const uint8_t *tag, const uint8_t *ad,
                     size_t adlen, const uint8_t *nonce) {
    const chachapoly_state *st = state;
    uint32_t s[16];
    uint8_t expected[16], t[16];
    memcpy(expected, tag, 16); /* in place, m may overwrite nothing of it,
                                  but keep a copy before any output */
    init(st, s, nonce);
    uint32_t ok = run(st, s, m, c, clen, ad, adlen, t, expected, 0);
    hush_wipe(s, sizeof s);
    hush_wipe(t, sizeof t);
    if (!ok) {
        /* public verdict: no plaintext is released */
        if (clen) hush_wipe(m, clen);
        return HUSH_ERR_AUTH;
    }
    return HUSH_OK;
}

static void cp_seal(const void *state, uint8_t *c, uint8_t *tag,
                    const uint8_t *m, size_t mlen, const uint8_t *ad,
                    size_t adlen, const uint8_t *nonce) {
    seal_with(chacha_state, state, c, tag, m, mlen, ad, adlen, nonce);
}
static int cp_open(const void *state, uint8_t *m, const uint8_t *c, size_t clen,
                   const uint8_t *tag, const uint8_t *ad, size_t adlen,
                   const uint8_t *nonce) {
    return open_with(chacha_state, state, m, c, clen, tag, ad, adlen, nonce);
}
static void xcp_seal(const void *state, uint8_t *c, uint8_t *tag,
                     const uint8_t *m, size_t mlen, const uint8_t *ad,
                     size_t adlen, const uint8_t *nonce) {
    seal_with(xchacha_state, state, c, tag, m, mlen, ad, adlen, nonce);
}
static int xcp_open(const void *state, uint8_t *m, const uint8_t *c,
                    size_t clen, const uint8_t *tag, const uint8_t *ad,
                    size_t adlen, const uint8_t *nonce) {
    return open_with(xchacha_state, state, m, c, clen, tag, ad, adlen, nonce);
}

/* RFC 8439 section 2.8: the 32-bit counter covers blocks 1..2^32-1 of
 * message keystream, so at most (2^32 - 1) * 64 = 274,877,906,880 bytes;
 * associated data up to 2^64 - 1 bytes. */
const hush_aead_desc hush_aead_desc_chacha20poly1305 = {
    HUSH_CHACHA20POLY1305,
    "ChaCha20-Poly1305",
    32,
    12,
    ((uint64_t)1 << 32) * 64 - 64,
    UINT64_MAX,
    sizeof(chachapoly_state),
    setup,
    cp_seal,
    cp_open,
    NULL, /* setup_for: one-shot calls use setup */
    0,    /* general_regs_only: the SIMD tiers use vector registers */
    &hush_chacha20poly1305_stream,
};

/* XChaCha20's block counter is 64 bits (words 12-13): starting at block 1
 * it cannot wrap for any length that Poly1305's 64-bit length field can
 * state, so the only limit is that field. */
const hush_aead_desc hush_aead_desc_xchacha20poly1305 = {
    HUSH_XCHACHA20POLY1305,
    "XChaCha20-Poly1305",
    32,
    24,
    UINT64_MAX,
    UINT64_MAX,
    sizeof(chachapoly_state),
    setup,
    xcp_seal,
    xcp_open,
    NULL, /* setup_for: one-shot calls use setup */
    0,    /* general_regs_only: the SIMD tiers use vector registers */
    &hush_xchacha20poly1305_stream,
};
