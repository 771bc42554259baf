/*
 * The one-shot AEAD checks every algorithm runs, in the manner of
 * BearSSL's generic test bodies: a wrapper in the algorithm's own folder
 * (tests/gcm, tests/chachapoly, tests/ascon) supplies the algorithm, its
 * sizes and limits and a reference to compare with (OpenSSL, libsodium or
 * the project's Ascon model), and runs aead_generic_diff() in its `diff`
 * part and aead_generic_api() in its `api` part, once per tier combination
 * (diff.gcm.aesni+pclmul). What only one algorithm has (its KATs,
 * Wycheproof, its tiers' own edges) stays in the wrapper.
 *
 * aead_generic_diff checks, against the reference, on random keys, nonces,
 * messages and AD, with every buffer at a random alignment:
 *   - every message length 0..1100 (AD from 0 to 1700 bytes), every pair
 *     of a message and AD of at most 16 bytes, and the wrapper's longer
 *     messages, through the combined and detached forms, out of place and
 *     in place, and a sealing tag written over the AD, the nonce or the key;
 *   - a flipped bit in the ciphertext, the tag and the AD, each: refused
 *     with HUSH_ERR_AUTH and the plaintext output zeroed, out of place and
 *     in place;
 *   - every length 0..300 and some to 4080 bytes with message, AD,
 *     ciphertext, tag and plaintext each ending against a guard page,
 *     one-shot and keyed, combined and detached, in place and apart;
 *   - keyed objects give the bytes of the one-shot calls and open and
 *     refuse alike, over the lengths where a one-shot setup may prepare
 *     less (GCM's powers of H).
 * aead_generic_api checks the errors include/hush/aead.h documents: sizes
 * and name, unknown algorithms, NULL buffers, short ciphertexts (output
 * untouched), partial overlap, AD, nonce, key or tag inside the output,
 * keys of the wrong length, NULL keyed objects, and the algorithm's
 * message and AD limits + 1.
 */
#ifndef HUSH_TEST_AEAD_GENERIC_H
#define HUSH_TEST_AEAD_GENERIC_H

#include <stddef.h>
#include <stdint.h>

#include "hush.h"

/* The reference: the mlen bytes of ciphertext to c and the 16-byte tag. */
typedef void (*aead_oracle)(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                            size_t mlen, const uint8_t *ad, size_t adlen,
                            const uint8_t *nonce, const uint8_t *key);

/* A longer message the algorithm's tiers want covered, with its AD. */
typedef struct aead_more {
    size_t mlen, adlen;
} aead_more;

typedef struct aead_case {
    hush_aead_alg alg;
    const char *name; /* hush_aead_name(alg) */
    size_t keybytes, noncebytes;
    /* the longest message and AD (include/hush/aead.h); 0 when the only
     * limit is PTRDIFF_MAX (tests/aead/test_aead_limits.c checks that) */
    uint64_t max_mlen, max_adlen;
    aead_oracle oracle;
    const aead_more *more;
    size_t nmore;
} aead_case;

/* The checks above for one algorithm, on the tiers now in force. */
void aead_generic_diff(const aead_case *c);
void aead_generic_api(const aead_case *c);

#endif
