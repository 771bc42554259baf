/*
 * Authenticated encryption with associated data.
 *
 * Combined forms write mlen + 16 bytes (ciphertext then tag); detached forms
 * write the tag separately. Output may alias input exactly; partial overlap
 * is HUSH_ERR_INVALID. On HUSH_ERR_AUTH the plaintext output is zeroed.
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

HUSH_API size_t hush_aead_keybytes(hush_aead_alg a);   /* 0 if unknown */
HUSH_API size_t hush_aead_noncebytes(hush_aead_alg a); /* 0 if unknown */
HUSH_API size_t hush_aead_tagbytes(hush_aead_alg a);   /* 16; 0 if unknown */
HUSH_API const char *hush_aead_name(hush_aead_alg a);  /* NULL if unknown */

HUSH_API int hush_aead_encrypt(hush_aead_alg a, uint8_t *c, const uint8_t *m,
                               size_t mlen, const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key);
HUSH_API int hush_aead_decrypt(hush_aead_alg a, uint8_t *m, const uint8_t *c,
                               size_t clen, const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key);
HUSH_API int hush_aead_encrypt_detached(hush_aead_alg a, uint8_t *c,
                                        uint8_t *tag, const uint8_t *m,
                                        size_t mlen, const uint8_t *ad,
                                        size_t adlen, const uint8_t *nonce,
                                        const uint8_t *key);
HUSH_API int hush_aead_decrypt_detached(hush_aead_alg a, uint8_t *m,
                                        const uint8_t *c, size_t clen,
                                        const uint8_t *tag, const uint8_t *ad,
                                        size_t adlen, const uint8_t *nonce,
                                        const uint8_t *key);

/*
 * Keyed object: the expanded key (round keys, powers of H, ...) lives in
 * secret memory of the key's tier. The key may be destroyed right after.
 * It keeps the implementations in force when it was made.
 *
 * Across fork(): a default-tier object is plain heap, a full copy in the
 * child, and works there. A hardened object reads as zeros in the child
 * (MADV_WIPEONFORK: the expanded key never reaches it), so seal and open
 * return HUSH_ERR_INVALID there; hush_aead_free in the child releases its
 * mapping, as it should be called for what the child inherited. Freeing an
 * object twice is misuse (see hush_set_misuse_handler).
 */
typedef struct hush_aead_ctx hush_aead_ctx;
HUSH_API int hush_aead_new(hush_aead_ctx **out, hush_aead_alg a,
                           const hush_secret *key);
HUSH_API int hush_aead_seal(const hush_aead_ctx *k, uint8_t *c,
                            const uint8_t *m, size_t mlen, const uint8_t *ad,
                            size_t adlen, const uint8_t *nonce);
HUSH_API int hush_aead_open(const hush_aead_ctx *k, uint8_t *m,
                            const uint8_t *c, size_t clen, const uint8_t *ad,
                            size_t adlen, const uint8_t *nonce);
HUSH_API int hush_aead_seal_detached(const hush_aead_ctx *k, uint8_t *c,
                                     uint8_t *tag, const uint8_t *m,
                                     size_t mlen, const uint8_t *ad,
                                     size_t adlen, const uint8_t *nonce);
HUSH_API int hush_aead_open_detached(const hush_aead_ctx *k, uint8_t *m,
                                     const uint8_t *c, size_t clen,
                                     const uint8_t *tag, const uint8_t *ad,
                                     size_t adlen, const uint8_t *nonce);
HUSH_API void hush_aead_free(hush_aead_ctx *k); /* NULL is a no-op */
/* A copy of keyed object k in new secret memory of the same tier: the same
 * key, expansion and implementations (streams started on k may continue on
 * the copy, hush_aead_stream_copy). *out is NULL on failure.
 * Errors: HUSH_ERR_INVALID (out or k NULL), HUSH_ERR_NOMEM,
 * HUSH_ERR_HARDENING. */
HUSH_API int hush_aead_dup(hush_aead_ctx **out, const hush_aead_ctx *k);

#ifdef __cplusplus
}
#endif
#endif
