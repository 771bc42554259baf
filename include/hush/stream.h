/*
 * Stream ciphers, the AES block cipher and CTR mode, and Poly1305.
 */
#ifndef HUSH_STREAM_H
#define HUSH_STREAM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* RFC 8439 ChaCha20: 96-bit nonce, 32-bit block counter (wraps mod 2^32). */
HUSH_API void hush_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                const uint8_t nonce[12], const uint8_t key[32],
                                uint32_t counter);
/* XChaCha20: 192-bit nonce, 64-bit block counter in state words 12-13. */
HUSH_API void hush_xchacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint8_t nonce[24], const uint8_t key[32],
                                 uint64_t counter);
/* HChaCha20: the subkey derivation of XChaCha20. */
HUSH_API void hush_hchacha20(uint8_t out[32], const uint8_t nonce[16],
                             const uint8_t key[32]);

/* Poly1305 one-time authenticator: 1024 bytes, stack-allocatable. */
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
