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
 * No alignment is required.
 */
/* Ascon-Hash256: the 32-byte digest of the len bytes at in. */
HUSH_API void hush_ascon_hash256(uint8_t out[32], const void *in, size_t len)
    HUSH_NONNULL(1);
/* Ascon-XOF128: outlen bytes (any number, 0 included) of output for the len
 * bytes at in; out may be NULL when outlen is 0. */
HUSH_API void hush_ascon_xof128(uint8_t *out, size_t outlen, const void *in,
                                size_t len);
/* Ascon-CXOF128: as XOF128, under the customization string cs of cslen
 * bytes (at most HUSH_ASCON_CXOF128_MAX_CS, 2048 bits). HUSH_ERR_INVALID,
 * with out untouched, for a longer cs or NULL data with a length. */
HUSH_API HUSH_NODISCARD int hush_ascon_cxof128(uint8_t *out, size_t outlen,
                                               const void *cs, size_t cslen,
                                               const void *in, size_t len);

/* Starts an Ascon-Hash256 computation in c (its previous contents are
 * overwritten), with the implementation in force now. */
HUSH_API void hush_ascon_hash256_init(hush_ascon_ctx *c) HUSH_NONNULL(1);
/* Starts an Ascon-XOF128 computation in c. */
HUSH_API void hush_ascon_xof128_init(hush_ascon_ctx *c) HUSH_NONNULL(1);
/* Starts an Ascon-CXOF128 computation in c under the customization string
 * cs (cslen <= HUSH_ASCON_CXOF128_MAX_CS; NULL when 0), which is absorbed
 * now. HUSH_ERR_INVALID for a NULL c, a longer cs or NULL cs with a length;
 * c is then left as it was. */
HUSH_API HUSH_NODISCARD int
hush_ascon_cxof128_init(hush_ascon_ctx *c, const void *cs, size_t cslen)
    HUSH_NONNULL(1);
/* Absorbs the len bytes at in (NULL when len is 0) into c. HUSH_ERR_STATE
 * after the first squeeze, even for len 0, and for a zeroed or never
 * initialised context;
 * HUSH_ERR_INVALID for NULL c, or NULL in with a length. */
HUSH_API HUSH_NODISCARD int hush_ascon_absorb(hush_ascon_ctx *c, const void *in,
                                              size_t len) HUSH_NONNULL(1);
/* Writes the next outlen bytes of output to out (NULL when outlen is 0);
 * the first squeeze ends absorbing. Hash256: exactly 32 bytes, once, after
 * which c is wiped (a second squeeze is HUSH_ERR_STATE; another length is
 * HUSH_ERR_INVALID and leaves c usable). XOF128 and CXOF128: any lengths,
 * any number of times, the concatenation being one output stream.
 * HUSH_ERR_STATE for a zeroed or never initialised context, HUSH_ERR_INVALID
 * for NULL c or NULL out with a length. */
HUSH_API HUSH_NODISCARD int hush_ascon_squeeze(hush_ascon_ctx *c, uint8_t *out,
                                               size_t outlen) HUSH_NONNULL(1);

/*
 * The Ascon permutation itself, for building other modes and for measuring:
 * s = p[rounds](s) on the words S0..S4 (SP 800-232, section 3: the last
 * `rounds` of the 12 rounds; AEAD128 uses p[8] and p[12], the hashes
 * p[12]). HUSH_ERR_INVALID unless 1 <= rounds <= 12.
 */
HUSH_API HUSH_NODISCARD int hush_ascon_permute(uint64_t s[5], unsigned rounds)
    HUSH_NONNULL(1);

#ifdef __cplusplus
}
#endif
#endif
