/*
 * A second, deliberately plain model of NIST SP 800-232 for the
 * differential tests: written from the standard's text independently of
 * src/ascon (the S-box in its algebraic normal form, round constants
 * computed from the round index, messages padded into a heap buffer and
 * split into blocks, bytes assembled one at a time). Slow and obvious on
 * purpose; never used by the library.
 */
#ifndef HUSH_TEST_ASCON_MODEL_H
#define HUSH_TEST_ASCON_MODEL_H

#include <stddef.h>
#include <stdint.h>

/* p[rounds] on five words, rounds 1..12 */
void model_permute(uint64_t s[5], int rounds);

void model_aead_encrypt(const uint8_t key[16], const uint8_t nonce[16],
                        const uint8_t *ad, size_t adlen, const uint8_t *m,
                        size_t mlen, uint8_t *c, uint8_t tag[16]);

/* Hash256 (outlen 32), XOF128 and CXOF128 by IV; cs is used for CXOF128. */
void model_sponge(uint64_t iv, const uint8_t *cs, size_t cslen,
                  const uint8_t *in, size_t len, uint8_t *out, size_t outlen);

#define MODEL_IV_AEAD128 0x00001000808c0001ull
#define MODEL_IV_HASH256 0x0000080100cc0002ull
#define MODEL_IV_XOF128  0x0000080000cc0003ull
#define MODEL_IV_CXOF128 0x0000080000cc0004ull

#endif
