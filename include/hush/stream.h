/*
 * Stream ciphers, the AES block cipher and CTR mode, and Poly1305.
 */
#ifndef HUSH_STREAM_H
#define HUSH_STREAM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RFC 8439 ChaCha20: 96-bit nonce, 32-bit block counter starting at
 * `counter`; it wraps modulo 2^32 (to 0, the nonce unchanged). Callers must
 * not rely on the wrap: the AEAD refuses messages that would reach it.
 * out == in is allowed; NULL is allowed when len is 0 (nothing is read).
 *
 * Misuse in every function of this header, reported through
 * hush_set_misuse_handler and then aborting: NULL data, output, nonce or
 * key where the call reads or writes them, a NULL context, and a Poly1305
 * or AES context that init did not set up (zeroed, wiped, never
 * initialised) or that poly1305_final wiped. */
HUSH_API void hush_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                const uint8_t nonce[12], const uint8_t key[32],
                                uint32_t counter);
/* XChaCha20 (draft-irtf-cfrg-xchacha): subkey = HChaCha20(key,
 * nonce[0..16]), then ChaCha20 with nonce[16..24] in state words 14-15 and
 * a 64-bit block counter in words 12-13 (low word first) that carries from
 * word 12 into 13 and wraps modulo 2^64. Below 2^32 blocks this is exactly
 * the draft's 32-bit counter with four zero nonce bytes. */
HUSH_API void hush_xchacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint8_t nonce[24], const uint8_t key[32],
                                 uint64_t counter);
/* HChaCha20: the subkey derivation of XChaCha20 (draft section 2.2). */
HUSH_API void hush_hchacha20(uint8_t out[32], const uint8_t nonce[16],
                             const uint8_t key[32]);

/* Poly1305 one-time authenticator (RFC 8439 section 2.5). The context is
 * a fixed 1024 bytes, 64-aligned, stack-allocatable: the implementation
 * chosen at init, a 16-byte block buffer and that implementation's state
 * (at most 768 bytes: the accumulator, the key and, for the vector tiers,
 * the powers of r). A key must authenticate one message only. final writes
 * the tag and wipes the context; the tag may alias the message or key. */
#define HUSH_POLY1305_CTX_BYTES 1024
typedef struct hush_poly1305_ctx {
    HUSH_ALIGNED(64) unsigned char opaque[HUSH_POLY1305_CTX_BYTES];
} hush_poly1305_ctx;
HUSH_API void hush_poly1305(uint8_t tag[16], const void *msg, size_t len,
                            const uint8_t key[32]);
HUSH_API void hush_poly1305_init(hush_poly1305_ctx *c, const uint8_t key[32]);
HUSH_API void hush_poly1305_update(hush_poly1305_ctx *c, const void *in,
                                   size_t len);
HUSH_API void hush_poly1305_final(hush_poly1305_ctx *c, uint8_t tag[16]);

/* AES key schedule: 1152 bytes, 64-byte aligned, fixed. A 64-byte header
 * (the implementation it was initialised with, the round count) and 1088
 * bytes of key data, large enough for every implementation's layout (the
 * bitsliced one needs 960 bytes; AES-NI encryption and decryption keys
 * 480). Holds key material: wipe it with hush_wipe(c, sizeof *c). */
#define HUSH_AES_CTX_BYTES 1152
typedef struct hush_aes_ctx {
    HUSH_ALIGNED(64) unsigned char opaque[HUSH_AES_CTX_BYTES];
} hush_aes_ctx;
HUSH_API int hush_aes_init(hush_aes_ctx *c, const uint8_t *key,
                           size_t keylen); /* 16, 24 or 32 */
HUSH_API void hush_aes_encrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                                     const uint8_t in[16]);
HUSH_API void hush_aes_decrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                                     const uint8_t in[16]);
/* SP 800-38A CTR: 128-bit big-endian counter block, wraps mod 2^128. */
HUSH_API void hush_aes_ctr_xor(const hush_aes_ctx *c, uint8_t *out,
                               const uint8_t *in, size_t len,
                               const uint8_t iv[16]);

#ifdef __cplusplus
}
#endif
#endif
