/*
 * Streaming AEAD: one message given in pieces. The associated data and the
 * message may each arrive in any number of calls of any lengths; the
 * ciphertext, the plaintext and the tag are byte for byte those of the
 * one-shot functions (aead.h) on the concatenated pieces, for every
 * algorithm and implementation. This is how OpenSSL's EVP interface drives
 * a cipher, and what hush's OpenSSL provider is built on.
 *
 * A stream runs one message under a keyed object (hush_aead_new): the key
 * and its expansion stay in the keyed object's secret memory, and the
 * stream refers to it, so the keyed object must outlive every stream
 * started from it. The stream itself holds the state of that one message
 * (counters, the running MAC, a partial block of keystream): secret, in a
 * fixed-size public struct the caller places where it likes (on the stack,
 * or in secret memory as the provider does).
 *
 * State machine (any other order returns HUSH_ERR_STATE and changes
 * nothing):
 *
 *         init                update             seal_final / open_final
 *   none ------> AD ---------------------> DATA ------------------------> none
 *               | ^ ad (any number)        | ^ update (any number)   (wiped)
 *               +-+                        +-+
 *
 *   "none" is a stream that is zero: never used, wiped by hush_wipe or
 *   hush_aead_stream_abort, or finished. init may be called in any state and
 *   abandons a message in progress. The first update ends the associated
 *   data, even with len 0; a final without any update is a message of
 *   length 0.
 *
 * Errors leave the stream as it was (nothing is processed): HUSH_ERR_INVALID
 * for a NULL buffer with a nonzero length, partially overlapping buffers
 * (exactly equal ones are in-place and allowed), or a total length over the
 * algorithm's limit (the one-shot functions' limits, aead.h); HUSH_ERR_STATE
 * for a call out of order; HUSH_ERR_UNSUPPORTED for an algorithm built
 * without its streaming form (none today).
 *
 * Decryption differs from hush_aead_open in one way, which streaming cannot
 * avoid: update writes plaintext before the tag has been checked (the whole
 * message is needed to check it, and OpenSSL's EVP_DecryptUpdate contract
 * requires that output). That plaintext is unauthenticated until
 * hush_aead_stream_open_final returns HUSH_OK. On HUSH_ERR_AUTH the library
 * cannot zero what it has already handed out: the caller must discard it.
 * Nothing else is released on failure (no buffered bytes, no computed tag),
 * and a caller that must never see unauthenticated plaintext uses
 * hush_aead_open instead.
 *
 * Constant time and wiping follow the rest of the library: no branch or
 * index depends on key, data or tag (lengths and the tag verdict are
 * public); both finals wipe the whole stream; vector registers are cleared
 * after each call.
 */
#ifndef HUSH_AEAD_STREAM_H
#define HUSH_AEAD_STREAM_H

#include "aead.h"
#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A stream: 1280 bytes, 64-byte aligned, stack-allocatable. A 64-byte
 * header (algorithm, direction, keyed object, phase, lengths so far) and
 * up to 1152 bytes of the algorithm's message state (the largest today is
 * ChaCha20-Poly1305's, about 930 bytes with the Poly1305 state of the
 * vector tiers) at the first 64-aligned offset after the header, so a
 * stream works at any 8-byte alignment too (inside a malloc'd block).
 * Holds secrets: wipe it with hush_wipe(s, sizeof *s) or
 * hush_aead_stream_abort when abandoning a message. */
#define HUSH_AEAD_STREAM_BYTES 1280
typedef struct hush_aead_stream {
    HUSH_ALIGNED(64) unsigned char opaque[HUSH_AEAD_STREAM_BYTES];
} hush_aead_stream;

/* Directions of a stream. */
#define HUSH_AEAD_SEAL 1 /* encrypt, then seal_final writes the tag */
#define HUSH_AEAD_OPEN 2 /* decrypt, then open_final checks the tag */

/*
 * Starts one message under keyed object k, in direction HUSH_AEAD_SEAL or
 * HUSH_AEAD_OPEN, with the algorithm's nonce (hush_aead_noncebytes(alg)
 * bytes; read now, not kept). The stream uses the implementations k was
 * made with. Overwrites whatever s held.
 * Errors: HUSH_ERR_INVALID (s, k or nonce NULL, direction unknown; s is
 * then left as it was), HUSH_ERR_UNSUPPORTED.
 */
HUSH_API HUSH_NODISCARD int
hush_aead_stream_init(hush_aead_stream *s, const hush_aead_ctx *k,
                      int direction, const uint8_t *nonce)
    HUSH_NONNULL(1, 2, 4);

/*
 * Adds adlen bytes of associated data (ad may be NULL when adlen is 0).
 * Only before the first update.
 * Errors: HUSH_ERR_STATE (not in the AD phase), HUSH_ERR_INVALID (s NULL,
 * ad NULL with adlen > 0, the total over the algorithm's AD limit).
 */
HUSH_API HUSH_NODISCARD int hush_aead_stream_ad(hush_aead_stream *s,
                                                const uint8_t *ad, size_t adlen)
    HUSH_NONNULL(1);

/*
 * Encrypts (SEAL) or decrypts (OPEN) len bytes of in into out: all len bytes
 * of output are written before it returns, none held back. out == in is
 * allowed; NULL is allowed for both when len is 0. Decrypted output is not
 * yet authenticated (see the top of this header).
 * Errors: HUSH_ERR_STATE (no message started), HUSH_ERR_INVALID (s NULL,
 * NULL buffer with len > 0, partial overlap, the total message length over
 * the algorithm's limit).
 */
HUSH_API HUSH_NODISCARD int hush_aead_stream_update(hush_aead_stream *s,
                                                    uint8_t *out,
                                                    const uint8_t *in,
                                                    size_t len) HUSH_NONNULL(1);

/*
 * SEAL only: ends the message, writes its 16-byte tag and wipes the stream.
 * Errors: HUSH_ERR_STATE (no message started, or an OPEN stream: it is left
 * as it was), HUSH_ERR_INVALID (s or tag NULL).
 */
HUSH_API HUSH_NODISCARD int hush_aead_stream_seal_final(hush_aead_stream *s,
                                                        uint8_t tag[16])
    HUSH_NONNULL(1, 2);

/*
 * OPEN only: ends the message, checks its tag against `tag` in constant
 * time and wipes the stream. HUSH_OK: everything update wrote is authentic.
 * HUSH_ERR_AUTH: it is not, and the caller must discard it.
 * Errors: HUSH_ERR_STATE (no message started, or a SEAL stream: it is left
 * as it was), HUSH_ERR_INVALID (s or tag NULL).
 */
HUSH_API HUSH_NODISCARD int hush_aead_stream_open_final(hush_aead_stream *s,
                                                        const uint8_t tag[16])
    HUSH_NONNULL(1, 2);

/*
 * Copies the message in progress in src to dst (which may be src), to
 * continue on keyed object k: the object src runs on, or one with the same
 * key, expansion and implementations (hush_aead_dup of it). The two then
 * run independently: each must end with its own final or abort. Whatever
 * dst held is overwritten.
 * Errors: HUSH_ERR_INVALID (a NULL argument, or k is not such an object,
 * decided in constant time; dst unchanged), HUSH_ERR_STATE (src holds no
 * message; dst unchanged).
 */
HUSH_API HUSH_NODISCARD int hush_aead_stream_copy(hush_aead_stream *dst,
                                                  const hush_aead_stream *src,
                                                  const hush_aead_ctx *k)
    HUSH_NONNULL(1, 2, 3);

/* Abandons the message and wipes the stream; NULL is a no-op. The same as
 * hush_wipe(s, sizeof *s). */
HUSH_API void hush_aead_stream_abort(hush_aead_stream *s);

#ifdef __cplusplus
}
#endif
#endif
