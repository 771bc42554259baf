/*
 * Streaming Ascon-AEAD128 (aead_stream.h) on the keyed state of
 * ascon_aead.c: the duplex of SP 800-232 section 4 with its state kept in
 * the stream between calls. The whole 16-byte blocks of a call go to the
 * tier in one call (hush_ascon_ops.aead_*_blocks); the bytes of a block cut
 * by a call boundary are XORed into (or taken from) the rate words S0, S1
 * one byte at a time, which is what the one-shot code does with the whole
 * last block, so no plaintext or ciphertext is buffered.
 *
 * The state of any moment gives the key away (the permutation is
 * invertible): it lives only in the stream, which the generic layer wipes
 * when the message ends. Compiled with -mgeneral-regs-only like the rest of
 * the Ascon AEAD (sources.cmake), so it never reaches a vector register.
 * Constant time: lengths decide loops and branches, data never does.
 */
#include "aead/aead_impl.h"
#include "ascon/ascon_impl.h"
#include "core/ct.h"

typedef struct ascon_stream_state {
    uint64_t s[5];
    uint32_t fill; /* bytes of the current rate block already absorbed */
} ascon_stream_state;

_Static_assert(sizeof(ascon_stream_state) <= HUSH_AEAD_STREAM_STATE_MAX,
               "Ascon stream state fits");

/* Byte i (0..15) of the rate, S0 then S1, little-endian. */
static uint64_t *rate_word(ascon_stream_state *st, size_t i) {
    return &st->s[i / 8];
}
static unsigned rate_shift(size_t i) { return 8 * (unsigned)(i % 8); }

static void as_start(void *ms, const void *key, const uint8_t *nonce,
                     int encrypt) {
    const ascon_aead_key *k = key;
    ascon_stream_state *st = ms;
    (void)encrypt;
    st->s[0] = ASCON_AEAD128_IV;
    st->s[1] = k->k[0];
    st->s[2] = k->k[1];
    st->s[3] = hush_load64_le(nonce);
    st->s[4] = hush_load64_le(nonce + 8);
    k->ops->permute(st->s, 12);
    st->s[3] ^= k->k[0];
    st->s[4] ^= k->k[1];
}

static void as_ad(void *ms, const void *key, const uint8_t *ad, size_t len) {
    const ascon_aead_key *k = key;
    ascon_stream_state *st = ms;
    while (st->fill && len) {
        *rate_word(st, st->fill) ^= (uint64_t)*ad++ << rate_shift(st->fill);
        len--;
        if (++st->fill == ASCON_AEAD_RATE) {
            k->ops->permute(st->s, 8);
            st->fill = 0;
        }
    }
    size_t whole = len / ASCON_AEAD_RATE;
    if (whole) k->ops->aead_ad_blocks(st->s, ad, whole);
    ad += whole * ASCON_AEAD_RATE, len -= whole * ASCON_AEAD_RATE;
    for (; len; len--, st->fill++)
        *rate_word(st, st->fill) ^= (uint64_t)*ad++ << rate_shift(st->fill);
}

/* The padded last AD block (only when there is AD), then the domain
 * separation bit. */
static void as_ad_end(void *ms, const void *key, uint64_t adlen) {
    const ascon_aead_key *k = key;
    ascon_stream_state *st = ms;
    if (adlen) {
        *rate_word(st, st->fill) ^= UINT64_C(1) << rate_shift(st->fill);
        k->ops->permute(st->s, 8);
    }
    st->s[4] ^= ASCON_AEAD_DSEP;
    st->fill = 0;
}

/* One byte of a cut block. Encrypting, S ^= m and c = S; decrypting,
 * m = S ^ c and S takes c (that is, S ^= m). */
static uint8_t crypt_byte(ascon_stream_state *st, uint8_t in, int encrypt) {
    uint64_t *w = rate_word(st, st->fill);
    unsigned sh = rate_shift(st->fill);
    uint8_t out = (uint8_t)((*w >> sh) ^ in);
    *w ^= (uint64_t)(encrypt ? in : out) << sh;
    st->fill++;
    return out;
}

static void as_update(void *ms, const void *key, uint8_t *out,
                      const uint8_t *in, size_t len, int encrypt) {
    const ascon_aead_key *k = key;
    ascon_stream_state *st = ms;
    while (st->fill && len) {
        *out++ = crypt_byte(st, *in++, encrypt);
        len--;
        if (st->fill == ASCON_AEAD_RATE) {
            k->ops->permute(st->s, 8);
            st->fill = 0;
        }
    }
    size_t whole = len / ASCON_AEAD_RATE;
    if (whole) {
        if (encrypt)
            k->ops->aead_encrypt_blocks(st->s, out, in, whole);
        else
            k->ops->aead_decrypt_blocks(st->s, out, in, whole);
    }
    out += whole * ASCON_AEAD_RATE, in += whole * ASCON_AEAD_RATE;
    len -= whole * ASCON_AEAD_RATE;
    for (; len; len--)
        *out++ = crypt_byte(st, *in++, encrypt);
}

/* The padding of the last (possibly empty) message block, then the
 * finalisation: K into S2, S3; p[12]; the tag is S3, S4 XOR K. */
static uint32_t as_finish(void *ms, const void *key, uint64_t adlen,
                          uint64_t mlen, uint8_t tag[16],
                          const uint8_t *expected) {
    const ascon_aead_key *k = key;
    ascon_stream_state *st = ms;
    (void)adlen, (void)mlen;
    *rate_word(st, st->fill) ^= UINT64_C(1) << rate_shift(st->fill);
    st->s[2] ^= k->k[0];
    st->s[3] ^= k->k[1];
    k->ops->permute(st->s, 12);
    uint64_t t0 = st->s[3] ^ k->k[0], t1 = st->s[4] ^ k->k[1];
    if (expected == NULL) {
        hush_store64_le(tag, t0);
        hush_store64_le(tag + 8, t1);
        return 1;
    }
    /* compared in registers, as the one-shot open does; the verdict is
     * public: declassified */
    uint64_t diff =
        (t0 ^ hush_load64_le(expected)) | (t1 ^ hush_load64_le(expected + 8));
    return hush_ct_declassify32(
        (uint32_t)(1 ^ hush_ct_nonzero64(hush_ct_barrier64(diff))));
}

const hush_aead_stream_ops hush_ascon_aead128_stream = {
    sizeof(ascon_stream_state),
    as_start,
    as_ad,
    as_ad_end,
    as_update,
    as_finish,
};
