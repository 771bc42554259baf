/*
 * The Ascon family of NIST SP 800-232 (August 2025): Ascon-Hash256 (32-byte
 * digest), Ascon-XOF128 and Ascon-CXOF128 (any output length), little-endian
 * byte order as in the final standard. Ascon-AEAD128 (16-byte key, nonce and
 * tag) is reached through the AEAD API (HUSH_ASCON_AEAD128). docs/ASCON.md
 * describes the parameters, the constant-time claims and the speed.
 */
#ifndef HUSH_ASCON_H
#define HUSH_ASCON_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HUSH_ASCON_HASH256_BYTES  32
#define HUSH_ASCON_CXOF128_MAX_CS 256 /* customization string, bytes */

/*
 * Persistent sponge context: 128 bytes, 16-byte aligned, stack-allocatable.
 *
 * Absorb any number of times, then squeeze any number of times (Hash256:
 * exactly 32 bytes, once). The first squeeze ends absorbing: absorbing
 * after it, even 0 bytes, is HUSH_ERR_STATE, and so is a squeeze of 0
 * bytes followed by an absorb. The Hash256 squeeze wipes the context, so a
 * second squeeze is HUSH_ERR_STATE; a Hash256 squeeze of other than 32
 * bytes is HUSH_ERR_INVALID and leaves the context usable.
 *
 * The context is plain data: copying the struct (assignment or memcpy)
 * forks the computation, and each copy then absorbs and squeezes on its own
 * (e.g. to hash many messages that share a prefix). A zeroed context is
 * "not initialised": using it is HUSH_ERR_STATE.
 *
 * XOF128 and CXOF128 contexts have no final call: wipe them with
 * hush_wipe(c, sizeof *c) when done (the state lets anyone continue the
 * output stream). Hash256 contexts are wiped by their squeeze.
 *
 * Layout (internal; fixed size so the ABI does not move): bytes 0-39 the
 * 320-bit state, 40-47 a partial input or output block, 48-55 the
 * implementation chosen at init (a context keeps it; hush_impl_force affects
 * only contexts initialised later), 56-67 the construction, the phase and
 * the bytes used of the partial block; the rest is reserved and zero.
 */
#define HUSH_ASCON_CTX_BYTES 128
typedef struct hush_ascon_ctx {
    HUSH_ALIGNED(16) unsigned char opaque[HUSH_ASCON_CTX_BYTES];
} hush_ascon_ctx;

/*
 * One-shot functions. The output may alias the input. NULL is allowed for
 * an input of length 0; the void functions given NULL with a length (or a
 * NULL context to init) report misuse and abort (hush_set_misuse_handler).
 * Absorbing into or squeezing a context that was never initialised is
 * HUSH_ERR_STATE, like a zeroed one. Ascon-CXOF128: the customization string is
 * at most 256 bytes (2048 bits), else HUSH_ERR_INVALID.
 */
HUSH_API void hush_ascon_hash256(uint8_t out[32], const void *in, size_t len);
HUSH_API void hush_ascon_xof128(uint8_t *out, size_t outlen, const void *in,
                                size_t len);
HUSH_API int hush_ascon_cxof128(uint8_t *out, size_t outlen, const void *cs,
                                size_t cslen, const void *in, size_t len);

HUSH_API void hush_ascon_hash256_init(hush_ascon_ctx *c);
HUSH_API void hush_ascon_xof128_init(hush_ascon_ctx *c);
HUSH_API int hush_ascon_cxof128_init(hush_ascon_ctx *c, const void *cs,
                                     size_t cslen);
HUSH_API int hush_ascon_absorb(hush_ascon_ctx *c, const void *in, size_t len);
HUSH_API int hush_ascon_squeeze(hush_ascon_ctx *c, uint8_t *out, size_t outlen);

/*
 * The Ascon permutation itself, for building other modes and for measuring:
 * s = p[rounds](s) on the words S0..S4 (SP 800-232, section 3: the last
 * `rounds` of the 12 rounds; AEAD128 uses p[8] and p[12], the hashes
 * p[12]). HUSH_ERR_INVALID unless 1 <= rounds <= 12.
 */
HUSH_API int hush_ascon_permute(uint64_t s[5], unsigned rounds);

#ifdef __cplusplus
}
#endif
#endif
