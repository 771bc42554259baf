/*
 * Streaming ChaCha20-Poly1305 and XChaCha20-Poly1305 (aead_stream.h) on
 * the keyed state of chachapoly.c: the same construction as its one-shot
 * `run`, cut at arbitrary points.
 *
 * The message state keeps the ChaCha state at the next unused block, the
 * rest of a partly used keystream block, the Poly1305 state and a partial
 * 16-byte block of MAC input. Whole keystream blocks and whole MAC blocks
 * of each call go to the implementation tables in one call per chunk (a
 * chunk stays in L1 between encrypting and authenticating it, as in the
 * one-shot code); only the bytes around the cuts take the buffers.
 */
#include "chachapoly/chachapoly_impl.h"
#include "core/ct.h"

#define CHUNK 8192 /* bytes per encrypt-then-MAC step, as in chachapoly.c */

typedef struct cp_stream {
    HUSH_ALIGNED(64) uint8_t poly[HUSH_POLY1305_STATE_BYTES];
    uint32_t s[16];    /* ChaCha state at the next unused block */
    uint8_t ks[64];    /* the current keystream block, ks_used bytes spent */
    uint8_t block[16]; /* MAC input not yet a whole block */
    uint32_t ks_used;  /* 64: nothing left of ks */
    uint32_t fill;     /* bytes in block */
} cp_stream;

_Static_assert(sizeof(cp_stream) <= HUSH_AEAD_STREAM_STATE_MAX,
               "ChaCha20-Poly1305 stream state fits");

static void start_with(cp_stream *st, const chachapoly_state *k) {
    uint8_t otk[64] = {0};
    /* block 0 keys Poly1305; the message starts at block 1 */
    k->chacha->xor_stream(otk, otk, 64, st->s);
    hush_chacha20_advance(st->s, 1);
    k->poly->init(st->poly, otk);
    hush_wipe(otk, sizeof otk);
    st->ks_used = 64;
}

static void cp_start(void *ms, const void *key, const uint8_t *nonce,
                     int encrypt) {
    const chachapoly_state *k = key;
    (void)encrypt;
    hush_chacha20_ietf_state(((cp_stream *)ms)->s, k->key, nonce, 0);
    start_with(ms, k);
}

static void xcp_start(void *ms, const void *key, const uint8_t *nonce,
                      int encrypt) {
    const chachapoly_state *k = key;
    (void)encrypt;
    hush_xchacha20_state(((cp_stream *)ms)->s, k->key, nonce, 0);
    start_with(ms, k);
}

/* Authenticates len bytes, completing the partial block first. */
static void mac(cp_stream *st, const hush_poly1305_ops *poly, const uint8_t *p,
                size_t len) {
    if (st->fill) {
        size_t n = 16 - st->fill < len ? 16 - st->fill : len;
        memcpy(st->block + st->fill, p, n);
        st->fill += (uint32_t)n;
        p += n, len -= n;
        if (st->fill < 16) return;
        poly->blocks(st->poly, st->block, 16, 1);
        st->fill = 0;
    }
    size_t whole = len & ~(size_t)15;
    if (whole) poly->blocks(st->poly, p, whole, 1);
    if (len > whole) {
        memcpy(st->block, p + whole, len - whole);
        st->fill = (uint32_t)(len - whole);
    }
}

/* Pads the partial block with zeros and authenticates it. */
static void mac_pad(cp_stream *st, const hush_poly1305_ops *poly) {
    if (st->fill == 0) return;
    memset(st->block + st->fill, 0, 16 - st->fill);
    poly->blocks(st->poly, st->block, 16, 1);
    st->fill = 0;
}

/* out = in XOR the next len bytes of keystream. */
static void keystream_xor(cp_stream *st, const hush_chacha20_ops *cc,
                          uint8_t *out, const uint8_t *in, size_t len) {
    if (st->ks_used < 64) {
        size_t n = 64 - st->ks_used < len ? 64 - st->ks_used : len;
        for (size_t i = 0; i < n; i++)
            out[i] = in[i] ^ st->ks[st->ks_used + i];
        st->ks_used += (uint32_t)n;
        out += n, in += n, len -= n;
    }
    size_t whole = len & ~(size_t)63;
    if (whole) {
        cc->xor_stream(out, in, whole, st->s);
        hush_chacha20_advance(st->s, whole / 64);
    }
    if (len > whole) {
        memset(st->ks, 0, 64);
        cc->xor_stream(st->ks, st->ks, 64, st->s);
        hush_chacha20_advance(st->s, 1);
        st->ks_used = (uint32_t)(len - whole);
        for (size_t i = 0; i < len - whole; i++)
            out[whole + i] = in[whole + i] ^ st->ks[i];
    }
}

/* After each call into the Poly1305 tier: its frames beneath this one
 * hold forms of the one-time key r (the generic layer clears the vector
 * registers). */
static void cp_ad(void *ms, const void *key, const uint8_t *ad, size_t len) {
    mac(ms, ((const chachapoly_state *)key)->poly, ad, len);
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
}

static void cp_ad_end(void *ms, const void *key, uint64_t adlen) {
    (void)adlen;
    mac_pad(ms, ((const chachapoly_state *)key)->poly);
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
}

static void cp_update(void *ms, const void *key, uint8_t *out,
                      const uint8_t *in, size_t len, int encrypt) {
    const chachapoly_state *k = key;
    cp_stream *st = ms;
    size_t done = 0;
    while (done < len) {
        size_t n = len - done < CHUNK ? len - done : CHUNK;
        if (encrypt) {
            keystream_xor(st, k->chacha, out + done, in + done, n);
            mac(st, k->poly, out + done, n);
        } else {
            /* in place, the ciphertext is gone once decrypted */
            mac(st, k->poly, in + done, n);
            keystream_xor(st, k->chacha, out + done, in + done, n);
        }
        done += n;
    }
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
}

static uint32_t cp_finish(void *ms, const void *key, uint64_t adlen,
                          uint64_t mlen, uint8_t tag[16],
                          const uint8_t *expected) {
    const chachapoly_state *k = key;
    cp_stream *st = ms;
    uint8_t lengths[16], t[16];
    mac_pad(st, k->poly);
    hush_store64_le(lengths, adlen);
    hush_store64_le(lengths + 8, mlen);
    k->poly->blocks(st->poly, lengths, 16, 1);
    k->poly->finish(st->poly, t);
    uint32_t ok = 1;
    if (expected) /* the verdict is public: declassified */
        ok = hush_ct_declassify32(hush_ct_equal16(t, expected));
    else
        memcpy(tag, t, 16);
    hush_wipe(t, sizeof t);
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
    return ok; /* the generic layer wipes the state */
}

const hush_aead_stream_ops hush_chacha20poly1305_stream = {
    sizeof(cp_stream), cp_start, cp_ad, cp_ad_end, cp_update, cp_finish,
};

const hush_aead_stream_ops hush_xchacha20poly1305_stream = {
    sizeof(cp_stream), xcp_start, cp_ad, cp_ad_end, cp_update, cp_finish,
};
