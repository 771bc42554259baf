/*
 * The Ascon modes of NIST SP 800-232 (the AEAD128 duplex and the rate-64
 * sponge of Hash256/XOF128/CXOF128) written once over an abstract state, so
 * each tier file supplies only its state representation and permutation
 * and gets the whole operations with the permutation inlined into the
 * loops. Include this header at file scope, after defining:
 *
 *   ascon_state                    the state type (registers, ideally)
 *   st_load(st, const uint64_t s[5]) / st_save(uint64_t s[5], st)
 *   st_set5(st, w0, w1, w2, w3, w4)
 *   st_xor(st, i, v)               word i ^= v
 *   st_get(st, i)                  word i
 *   st_xor_mem(st, i, p)           word i ^= le64(p)
 *   st_encrypt_mem(st, i, out, in) word i ^= le64(in); le64(out) = word i
 *   st_decrypt_mem(st, i, out, in) le64(out) = word i ^ le64(in);
 *                                  word i = le64(in)
 *   st_store_mem(st, i, out)       le64(out) = word i
 *   st_p8(st), st_p12(st), st_pn(st, rounds)   p[8], p[12], p[1..12]
 *
 * i is always a constant 0..4; st_encrypt_mem, st_decrypt_mem and
 * st_store_mem are used on the rate words S0, S1 only. Lengths decide
 * branches and loop counts (they are public); data never does.
 *
 * Defines the static functions modes_permute, modes_absorb,
 * modes_squeeze, modes_aead_encrypt, modes_aead_decrypt and the block
 * steps of the streaming AEAD (modes_aead_ad_blocks,
 * modes_aead_encrypt_blocks, modes_aead_decrypt_blocks), ready for a
 * hush_ascon_ops table.
 */
#ifndef HUSH_ASCON_MODES_H
#define HUSH_ASCON_MODES_H

#include "ascon/ascon_impl.h"

static void modes_permute(uint64_t s[5], unsigned rounds) {
    ascon_state st;
    st_load(&st, s);
    st_pn(&st, rounds);
    st_save(s, &st);
}

static void modes_absorb(uint64_t s[5], const uint8_t *in, size_t nblocks) {
    ascon_state st;
    st_load(&st, s);
    for (size_t i = 0; i < nblocks; i++, in += ASCON_HASH_RATE) {
        st_xor_mem(&st, 0, in);
        st_p12(&st);
    }
    st_save(s, &st);
}

static void modes_squeeze(uint64_t s[5], uint8_t *out, size_t nblocks) {
    ascon_state st;
    st_load(&st, s);
    for (size_t i = 0; i < nblocks; i++, out += ASCON_HASH_RATE) {
        st_p12(&st);
        st_store_mem(&st, 0, out);
    }
    st_save(s, &st);
}

/* Initialisation: IV || K || N, p[12], then K XORed into the last words. */
ASCON_INLINE void modes_aead_start(ascon_state *st, const uint64_t key[2],
                                   const uint8_t nonce[16]) {
    st_set5(st, ASCON_AEAD128_IV, key[0], key[1], hush_load64_le(nonce),
            hush_load64_le(nonce + 8));
    st_p12(st);
    st_xor(st, 3, key[0]);
    st_xor(st, 4, key[1]);
}

/* Associated data: 16-byte blocks with p[8] after each, the last one
 * padded (only when there is AD), then the domain separation bit. */
ASCON_INLINE void modes_aead_ad(ascon_state *st, const uint8_t *ad,
                                size_t adlen) {
    if (adlen) {
        for (; adlen >= ASCON_AEAD_RATE; adlen -= ASCON_AEAD_RATE) {
            st_xor_mem(st, 0, ad);
            st_xor_mem(st, 1, ad + 8);
            st_p8(st);
            ad += ASCON_AEAD_RATE;
        }
        if (adlen >= 8) {
            st_xor_mem(st, 0, ad);
            st_xor(st, 1,
                   ascon_load_partial(ad + 8, adlen - 8) ^
                       ascon_pad(adlen - 8));
        } else {
            st_xor(st, 0, ascon_load_partial(ad, adlen) ^ ascon_pad(adlen));
        }
        st_p8(st);
    }
    st_xor(st, 4, ASCON_AEAD_DSEP);
}

/* Finalisation: K into S2, S3; p[12]; the tag is S3, S4 XOR K. */
ASCON_INLINE void modes_aead_final_permute(ascon_state *st,
                                           const uint64_t key[2]) {
    st_xor(st, 2, key[0]);
    st_xor(st, 3, key[1]);
    st_p12(st);
}
ASCON_INLINE void modes_aead_finish(ascon_state *st, const uint64_t key[2],
                                    uint8_t tag[16]) {
    modes_aead_final_permute(st, key);
    hush_store64_le(tag, st_get(st, 3) ^ key[0]);
    hush_store64_le(tag + 8, st_get(st, 4) ^ key[1]);
}

static void modes_aead_encrypt(const uint64_t key[2], uint8_t *c,
                               uint8_t tag[16], const uint8_t *m, size_t mlen,
                               const uint8_t *ad, size_t adlen,
                               const uint8_t nonce[16]) {
    ascon_state st;
    modes_aead_start(&st, key, nonce);
    modes_aead_ad(&st, ad, adlen);
    for (; mlen >= ASCON_AEAD_RATE; mlen -= ASCON_AEAD_RATE) {
        st_encrypt_mem(&st, 0, c, m);
        st_encrypt_mem(&st, 1, c + 8, m + 8);
        st_p8(&st);
        m += ASCON_AEAD_RATE;
        c += ASCON_AEAD_RATE;
    }
    /* the last block, 0..15 bytes, padded; no permutation after it */
    if (mlen >= 8) {
        st_encrypt_mem(&st, 0, c, m);
        size_t n = mlen - 8;
        st_xor(&st, 1, ascon_load_partial(m + 8, n));
        ascon_store_partial(c + 8, st_get(&st, 1), n);
        st_xor(&st, 1, ascon_pad(n));
    } else {
        st_xor(&st, 0, ascon_load_partial(m, mlen));
        ascon_store_partial(c, st_get(&st, 0), mlen);
        st_xor(&st, 0, ascon_pad(mlen));
    }
    modes_aead_finish(&st, key, tag);
}

static uint64_t modes_aead_decrypt(const uint64_t key[2], uint8_t *m,
                                   const uint8_t *c, size_t clen,
                                   const uint8_t tag[16], const uint8_t *ad,
                                   size_t adlen, const uint8_t nonce[16]) {
    ascon_state st;
    modes_aead_start(&st, key, nonce);
    modes_aead_ad(&st, ad, adlen);
    for (; clen >= ASCON_AEAD_RATE; clen -= ASCON_AEAD_RATE) {
        st_decrypt_mem(&st, 0, m, c);
        st_decrypt_mem(&st, 1, m + 8, c + 8);
        st_p8(&st);
        m += ASCON_AEAD_RATE;
        c += ASCON_AEAD_RATE;
    }
    /* The last block: the plaintext bytes are word ^ C; the word then
     * takes the ciphertext bytes and keeps its own above them, which is
     * word ^ (plaintext bytes, zero above). Then the padding. */
    if (clen >= 8) {
        st_decrypt_mem(&st, 0, m, c);
        size_t n = clen - 8;
        uint64_t p = st_get(&st, 1) ^ ascon_load_partial(c + 8, n);
        ascon_store_partial(m + 8, p, n);
        st_xor(&st, 1, (p & ascon_low_bytes(n)) ^ ascon_pad(n));
    } else {
        uint64_t p = st_get(&st, 0) ^ ascon_load_partial(c, clen);
        ascon_store_partial(m, p, clen);
        st_xor(&st, 0, (p & ascon_low_bytes(clen)) ^ ascon_pad(clen));
    }
    /* the expected tag is compared in registers, never stored */
    modes_aead_final_permute(&st, key);
    return (st_get(&st, 3) ^ key[0] ^ hush_load64_le(tag)) |
           (st_get(&st, 4) ^ key[1] ^ hush_load64_le(tag + 8));
}

/* The streaming AEAD's whole blocks (hush_ascon_ops): the same loops as
 * above, on a state kept in memory between calls. */
static void modes_aead_ad_blocks(uint64_t s[5], const uint8_t *ad,
                                 size_t nblocks) {
    ascon_state st;
    st_load(&st, s);
    for (; nblocks; nblocks--, ad += ASCON_AEAD_RATE) {
        st_xor_mem(&st, 0, ad);
        st_xor_mem(&st, 1, ad + 8);
        st_p8(&st);
    }
    st_save(s, &st);
}

static void modes_aead_encrypt_blocks(uint64_t s[5], uint8_t *c,
                                      const uint8_t *m, size_t nblocks) {
    ascon_state st;
    st_load(&st, s);
    for (; nblocks; nblocks--, m += ASCON_AEAD_RATE, c += ASCON_AEAD_RATE) {
        st_encrypt_mem(&st, 0, c, m);
        st_encrypt_mem(&st, 1, c + 8, m + 8);
        st_p8(&st);
    }
    st_save(s, &st);
}

static void modes_aead_decrypt_blocks(uint64_t s[5], uint8_t *m,
                                      const uint8_t *c, size_t nblocks) {
    ascon_state st;
    st_load(&st, s);
    for (; nblocks; nblocks--, m += ASCON_AEAD_RATE, c += ASCON_AEAD_RATE) {
        st_decrypt_mem(&st, 0, m, c);
        st_decrypt_mem(&st, 1, m + 8, c + 8);
        st_p8(&st);
    }
    st_save(s, &st);
}

#endif
