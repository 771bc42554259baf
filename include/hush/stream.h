/*
 * Stream ciphers, the AES block cipher and CTR mode, and Poly1305.
 */
#ifndef HUSH_STREAM_H
#define HUSH_STREAM_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Misuse in every function of this header, reported through
 * hush_set_misuse_handler and then aborting: NULL data, output, nonce or
 * key where the call reads or writes them, a NULL context, and a Poly1305
 * or AES context that init did not set up (zeroed, wiped, never
 * initialised) or that poly1305_final wiped. */

/* RFC 8439 ChaCha20: out = in XOR the key stream of key and the 96-bit
 * nonce, from 64-byte block `counter` on; the 32-bit block counter wraps
 * modulo 2^32 (to 0, the nonce unchanged). Callers must not rely on the
 * wrap: the AEAD refuses messages that would reach it. Unauthenticated: use
 * an AEAD unless you add a MAC. out == in is allowed; any other overlap
 * gives an unspecified output (it is not detected: there is no error to
 * return). NULL out or in is allowed when len is 0 (nothing is read). No
 * alignment is required. */
HUSH_API void hush_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                const uint8_t nonce[12], const uint8_t key[32],
                                uint32_t counter) HUSH_NONNULL(4, 5);
/* XChaCha20 (draft-irtf-cfrg-xchacha): subkey = HChaCha20(key,
 * nonce[0..16]), then ChaCha20 with nonce[16..24] in state words 14-15 and
 * a 64-bit block counter in words 12-13 (low word first) that carries from
 * word 12 into 13 and wraps modulo 2^64. Below 2^32 blocks this is exactly
 * the draft's 32-bit counter with four zero nonce bytes. The 24-byte nonce
 * may be random. Overlap, NULL and alignment rules as hush_chacha20_xor. */
HUSH_API void hush_xchacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                                 const uint8_t nonce[24], const uint8_t key[32],
                                 uint64_t counter) HUSH_NONNULL(4, 5);
/* HChaCha20: the subkey derivation of XChaCha20 (draft section 2.2), 32
 * bytes of out from key and the 16-byte nonce. out may alias key or nonce.
 * No word of the state is left on the stack. */
HUSH_API void hush_hchacha20(uint8_t out[32], const uint8_t nonce[16],
                             const uint8_t key[32]) HUSH_NONNULL(1, 2, 3);

/* Poly1305 one-time authenticator (RFC 8439 section 2.5). The context is
 * a fixed 1024 bytes, 64-aligned, stack-allocatable: the implementation
 * chosen at init, a 16-byte block buffer and that implementation's state
 * (at most 768 bytes: the accumulator, the key and, for the vector tiers,
 * the powers of r). A key must authenticate one message only. final writes
 * the tag and wipes the context; the tag may alias the message or key.
 * The type asks for 64-byte alignment, but a context works at any address
 * aligned to 8 bytes, so inside a malloc'd block too (16-aligned), and may
 * be copied with memcpy to another such address between calls: the state
 * sits at the first 64-aligned offset inside and follows a copy. */
#define HUSH_POLY1305_CTX_BYTES 1024
typedef struct hush_poly1305_ctx {
    HUSH_ALIGNED(64) unsigned char opaque[HUSH_POLY1305_CTX_BYTES];
} hush_poly1305_ctx;
/* The 16-byte tag of the len bytes at msg (NULL when len is 0) under the
 * one-time key. */
HUSH_API void hush_poly1305(uint8_t tag[16], const void *msg, size_t len,
                            const uint8_t key[32]) HUSH_NONNULL(1, 4);
/* Starts a tag under the one-time key in c, which must be 64-byte aligned
 * (its type is: declare it, or use aligned_alloc(64, ...); the vector tiers
 * use aligned loads), with the implementation in force now. */
HUSH_API void hush_poly1305_init(hush_poly1305_ctx *c, const uint8_t key[32])
    HUSH_NONNULL(1, 2);
/* Absorbs the len bytes at in (NULL when len is 0). */
HUSH_API void hush_poly1305_update(hush_poly1305_ctx *c, const void *in,
                                   size_t len) HUSH_NONNULL(1);
/* Writes the tag and wipes c, which must be initialised again before
 * reuse. Compare tags with hush_ct_equal, never memcmp. */
HUSH_API void hush_poly1305_final(hush_poly1305_ctx *c, uint8_t tag[16])
    HUSH_NONNULL(1, 2);

/* AES key schedule: 1152 bytes, 64-byte aligned, fixed. A 64-byte header
 * (the implementation it was initialised with, the round count) and 1088
 * bytes of key data, large enough for every implementation's layout (the
 * bitsliced one needs 960 bytes; AES-NI encryption and decryption keys
 * 480). Holds key material: wipe it with hush_wipe(c, sizeof *c). */
#define HUSH_AES_CTX_BYTES 1152
typedef struct hush_aes_ctx {
    HUSH_ALIGNED(64) unsigned char opaque[HUSH_AES_CTX_BYTES];
} hush_aes_ctx;
/* Expands the keylen-byte key (16, 24 or 32: AES-128, -192, -256) into c
 * with the implementation in force now; c must have its type's 64-byte
 * alignment. HUSH_ERR_INVALID for another keylen or a NULL c or key (c is
 * then untouched). The vector registers are cleared before it returns. */
HUSH_API HUSH_NODISCARD int hush_aes_init(hush_aes_ctx *c, const uint8_t *key,
                                          size_t keylen) HUSH_NONNULL(1);
/* One block, FIPS 197: out = AES_K(in). out may alias in; c must have been
 * set up by hush_aes_init (misuse otherwise, as above). Constant time in
 * every default implementation (the `table` tier, only ever used when
 * forced, is not). */
HUSH_API void hush_aes_encrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                                     const uint8_t in[16])
    HUSH_NONNULL(1, 2, 3);
/* One block: out = AES_K^-1(in), the inverse of hush_aes_encrypt_block;
 * the same rules. */
HUSH_API void hush_aes_decrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                                     const uint8_t in[16])
    HUSH_NONNULL(1, 2, 3);
/* SP 800-38A CTR: out = in XOR the key stream of the counter blocks iv,
 * iv + 1, ... (128-bit big-endian, wrapping mod 2^128); iv is not updated.
 * Unauthenticated. out == in is allowed; other overlap gives an
 * unspecified output. out and in may be NULL when len is 0; c must have
 * been set up by hush_aes_init. */
HUSH_API void hush_aes_ctr_xor(const hush_aes_ctx *c, uint8_t *out,
                               const uint8_t *in, size_t len,
                               const uint8_t iv[16]) HUSH_NONNULL(1, 5);

#ifdef __cplusplus
}
#endif
#endif
