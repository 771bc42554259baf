/*
 * Authenticated encryption with associated data.
 *
 * Combined forms write mlen + HUSH_AEAD_TAGBYTES bytes (ciphertext then
 * tag); detached forms write the tag to a buffer of its own. On
 * HUSH_ERR_AUTH the plaintext output is zeroed: nothing unauthenticated is
 * ever released. No buffer needs any alignment. Apart from lengths,
 * addresses and the public verdict of a tag check, nothing about the time
 * taken depends on the key, nonce or data.
 *
 * Buffers: the message output (ciphertext when sealing, plaintext when
 * opening) may alias the message input exactly and must not overlap it
 * otherwise, and no other input (AD, nonce, key, an opening's tag) may
 * overlap it. A sealing tag may overlap neither message, but may lie on
 * the AD, nonce or key (it is written last). Inputs may overlap each other.
 * A call that breaks these rules returns HUSH_ERR_INVALID and writes
 * nothing; every call that keeps them gives, on every implementation, the
 * bytes it gives with all buffers apart. A length beyond the algorithm's
 * limit or above PTRDIFF_MAX, and a buffer whose end would wrap the
 * address space, are HUSH_ERR_INVALID too, and nothing is read or written.
 *
 *   algorithm               key  nonce  tag  longest message  longest AD
 *   HUSH_CHACHA20POLY1305    32     12   16  2^38 - 64 (a)    2^64 - 1
 *   HUSH_XCHACHA20POLY1305   32     24   16  2^64 - 1 (b)     2^64 - 1
 *   HUSH_AES128GCM           16     12   16  2^36 - 32 (c)    2^61 - 1
 *   HUSH_AES256GCM           32     12   16  2^36 - 32 (c)    2^61 - 1
 *   HUSH_ASCON_AEAD128       16     16   16  2^64 - 1 (b)     2^64 - 1
 *
 * Sizes in bytes. (a) RFC 8439: 2^32 - 1 blocks of 64 bytes after block 0.
 * (b) Any length up to PTRDIFF_MAX (the combined forms: PTRDIFF_MAX -
 * HUSH_AEAD_TAGBYTES, as c holds the tag too). (c) SP 800-38D: 2^39 - 256
 * bits of plaintext, 2^64 - 1 bits of AD. A longer message or AD is
 * HUSH_ERR_INVALID. A nonce must never repeat under one key
 * (XChaCha20-Poly1305's 24 bytes may be chosen at random); the GCM nonce is
 * exactly 12 bytes.
 */
#ifndef HUSH_AEAD_H
#define HUSH_AEAD_H

#include "common.h"
#include "secret.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HUSH_CHACHA20POLY1305 = 1,
    HUSH_XCHACHA20POLY1305,
    HUSH_AES128GCM,
    HUSH_AES256GCM,
    HUSH_ASCON_AEAD128
} hush_aead_alg;

/* The tag length of every algorithm above. */
#define HUSH_AEAD_TAGBYTES 16

/* Key length of `a` in bytes (the table above); 0 for an unknown value. */
HUSH_API size_t hush_aead_keybytes(hush_aead_alg a);
/* Nonce length of `a` in bytes; 0 for an unknown value. */
HUSH_API size_t hush_aead_noncebytes(hush_aead_alg a);
/* Tag length: HUSH_AEAD_TAGBYTES for every algorithm; 0 for an unknown
 * value. */
HUSH_API size_t hush_aead_tagbytes(hush_aead_alg a);
/* The algorithm's name, e.g. "ChaCha20-Poly1305" (a static string); NULL
 * for an unknown value. */
HUSH_API const char *hush_aead_name(hush_aead_alg a);

/*
 * One-shot encryption, combined form: encrypts the mlen bytes of m under
 * key (hush_aead_keybytes(a) bytes) and nonce (hush_aead_noncebytes(a)
 * bytes) into c, and writes the tag right after them, so c receives mlen +
 * HUSH_AEAD_TAGBYTES bytes. The adlen bytes of ad are authenticated, not
 * encrypted. The expanded key lives on the stack for the call only and is
 * wiped, as are the vector registers.
 *
 * Buffers as above: c == m encrypts in place; otherwise the ciphertext
 * part of c overlaps none of m, ad, nonce and key, and the tag part not m
 * (HUSH_ERR_INVALID). m and ad may be NULL when their length is 0.
 * HUSH_ERR_INVALID also for an unknown algorithm, a NULL c, nonce or key,
 * and an mlen or adlen over the algorithm's limit; c is then untouched.
 */
HUSH_API HUSH_NODISCARD int
hush_aead_encrypt(hush_aead_alg a, uint8_t *c, const uint8_t *m, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                  const uint8_t *key) HUSH_NONNULL(2, 7, 8);

/*
 * One-shot decryption, combined form: c holds clen bytes, the ciphertext
 * followed by its HUSH_AEAD_TAGBYTES-byte tag. When the tag matches (key,
 * nonce, ad and ciphertext), writes the clen - HUSH_AEAD_TAGBYTES bytes of
 * plaintext to m and returns HUSH_OK; otherwise returns HUSH_ERR_AUTH with
 * those bytes of m zeroed. The comparison is constant time; only its
 * verdict is public.
 *
 * Buffers as above: m == c decrypts in place; otherwise m overlaps none
 * of c (ciphertext and tag), ad, nonce and key (HUSH_ERR_INVALID). m may
 * be NULL when there is no plaintext (clen
 * == HUSH_AEAD_TAGBYTES), ad when adlen is 0. HUSH_ERR_INVALID, with m
 * untouched, for clen < HUSH_AEAD_TAGBYTES, an unknown algorithm, a NULL c,
 * nonce or key, and lengths over the limit.
 */
HUSH_API HUSH_NODISCARD int
hush_aead_decrypt(hush_aead_alg a, uint8_t *m, const uint8_t *c, size_t clen,
                  const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                  const uint8_t *key) HUSH_NONNULL(7, 8);

/*
 * One-shot encryption, detached form: as hush_aead_encrypt, but the mlen
 * bytes of ciphertext go to c and the HUSH_AEAD_TAGBYTES-byte tag to tag.
 * c == m is allowed; c may not overlap m partially, nor ad, nonce or key,
 * and the tag may overlap neither m nor c (it may lie on ad, nonce or key):
 * HUSH_ERR_INVALID. c may be NULL when mlen is 0.
 */
HUSH_API HUSH_NODISCARD int
hush_aead_encrypt_detached(hush_aead_alg a, uint8_t *c, uint8_t *tag,
                           const uint8_t *m, size_t mlen, const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce,
                           const uint8_t *key) HUSH_NONNULL(3, 8, 9);

/*
 * One-shot decryption, detached form: verifies tag (HUSH_AEAD_TAGBYTES
 * bytes) over the clen bytes of ciphertext c and ad, and on success writes
 * clen bytes of plaintext to m; HUSH_ERR_AUTH zeroes them. m == c is
 * allowed; m may not overlap c partially, nor tag, ad, nonce or key
 * (HUSH_ERR_INVALID). c and
 * m may be NULL when clen is 0 (only the tag over ad is then checked).
 */
HUSH_API HUSH_NODISCARD int
hush_aead_decrypt_detached(hush_aead_alg a, uint8_t *m, const uint8_t *c,
                           size_t clen, const uint8_t *tag, const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce,
                           const uint8_t *key) HUSH_NONNULL(5, 8, 9);

/*
 * Keyed object: the expanded key (round keys, powers of H, ...) lives in
 * secret memory of the key's tier, so repeated messages under one key pay
 * no key setup. A keyed object is only read by seal and open: one object
 * may serve several threads at once.
 *
 * Across fork(): a default-tier object is plain heap, a full copy in the
 * child, and works there. A hardened object reads as zeros in the child
 * (MADV_WIPEONFORK: the expanded key never reaches it), so seal and open
 * return HUSH_ERR_INVALID there; hush_aead_free in the child releases its
 * mapping, as it should be called for what the child inherited. Freeing an
 * object twice is misuse (see hush_set_misuse_handler).
 */
typedef struct hush_aead_ctx hush_aead_ctx;

/*
 * Makes a keyed object for `a` from key, which must hold exactly
 * hush_aead_keybytes(a) bytes. The object's memory is of the key's tier
 * (hardened if the key is, with the key's HUSH_SECRET_REQUIRE); the key is
 * copied, so it may be destroyed right after. The object keeps the
 * implementations in force now (hush_impl_force affects later objects).
 * Sets *out, or NULL on failure: HUSH_ERR_INVALID (NULL out or key, an
 * unknown algorithm, a key of the wrong length), HUSH_ERR_NOMEM,
 * HUSH_ERR_HARDENING. Release it with hush_aead_free.
 */
HUSH_API HUSH_NODISCARD int hush_aead_new(hush_aead_ctx **out, hush_aead_alg a,
                                          const hush_secret *key)
    HUSH_NONNULL(1, 3);

/* hush_aead_encrypt with the object's key: the same output, rules and
 * errors (HUSH_ERR_INVALID also for a NULL k). */
HUSH_API HUSH_NODISCARD int hush_aead_seal(const hush_aead_ctx *k, uint8_t *c,
                                           const uint8_t *m, size_t mlen,
                                           const uint8_t *ad, size_t adlen,
                                           const uint8_t *nonce)
    HUSH_NONNULL(1, 2, 7);

/* hush_aead_decrypt with the object's key: HUSH_OK, or HUSH_ERR_AUTH with
 * the plaintext zeroed; the same rules (HUSH_ERR_INVALID also for a NULL
 * k). */
HUSH_API HUSH_NODISCARD int hush_aead_open(const hush_aead_ctx *k, uint8_t *m,
                                           const uint8_t *c, size_t clen,
                                           const uint8_t *ad, size_t adlen,
                                           const uint8_t *nonce)
    HUSH_NONNULL(1, 7);

/* hush_aead_encrypt_detached with the object's key. */
HUSH_API HUSH_NODISCARD int
hush_aead_seal_detached(const hush_aead_ctx *k, uint8_t *c, uint8_t *tag,
                        const uint8_t *m, size_t mlen, const uint8_t *ad,
                        size_t adlen, const uint8_t *nonce)
    HUSH_NONNULL(1, 3, 8);

/* hush_aead_decrypt_detached with the object's key. */
HUSH_API HUSH_NODISCARD int
hush_aead_open_detached(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c,
                        size_t clen, const uint8_t *tag, const uint8_t *ad,
                        size_t adlen, const uint8_t *nonce)
    HUSH_NONNULL(1, 5, 8);

/* Wipes the expanded key and releases the object; NULL is a no-op. */
HUSH_API void hush_aead_free(hush_aead_ctx *k);

/* A copy of keyed object k in new secret memory of the same tier: the same
 * key, expansion and implementations (streams started on k may continue on
 * the copy, hush_aead_stream_copy). *out is NULL on failure.
 * Errors: HUSH_ERR_INVALID (out or k NULL), HUSH_ERR_NOMEM,
 * HUSH_ERR_HARDENING. */
HUSH_API HUSH_NODISCARD int hush_aead_dup(hush_aead_ctx **out,
                                          const hush_aead_ctx *k)
    HUSH_NONNULL(1, 2);

#ifdef __cplusplus
}
#endif
#endif
