/*
 * Shared by the streaming AEAD tests: a message sealed and opened through
 * hush_aead_stream_* at random split points, checked against the answer a
 * test got elsewhere (the one-shot functions, OpenSSL, libsodium, a vector
 * file).
 */
#ifndef HUSH_TEST_STREAM_UTIL_H
#define HUSH_TEST_STREAM_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "hush.h"

/* Cuts len bytes into pieces at random points, some of them empty (or into
 * single bytes, now and then, for short inputs). Writes the piece lengths
 * to pieces (at most max) and returns their number; they add up to len. */
size_t su_split(size_t len, size_t *pieces, size_t max);

/*
 * Seals m (mlen bytes, ad as AD) through a stream under k and nonce, each
 * of AD and message cut at random points, into c and tag (in place when
 * c == m). Returns the first non-OK result of a stream call, or HUSH_OK.
 */
int su_stream_seal(const hush_aead_ctx *k, uint8_t *c, uint8_t tag[16],
                   const uint8_t *m, size_t mlen, const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce);
/* Opens the same way; returns open_final's result (or a failed call's). */
int su_stream_open(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c,
                   size_t clen, const uint8_t tag[16], const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce);

/*
 * The whole check of one message whose ciphertext and tag are known
 * (want_c, want_tag): sealing through streams at random splits, out of
 * place and in place, gives exactly them; opening them gives m back and
 * HUSH_OK; a flipped bit in the tag, the ciphertext or the AD gives
 * HUSH_ERR_AUTH; every finished stream is all zero.
 */
void su_check_message(const hush_aead_ctx *k, const uint8_t *nonce,
                      const uint8_t *m, size_t mlen, const uint8_t *ad,
                      size_t adlen, const uint8_t *want_c,
                      const uint8_t *want_tag);

/* The same message against the one-shot functions of the library (which
 * supply want_c and want_tag). */
void su_check_against_oneshot(hush_aead_alg a, const uint8_t *key,
                              const hush_aead_ctx *k, const uint8_t *nonce,
                              const uint8_t *m, size_t mlen, const uint8_t *ad,
                              size_t adlen);

/*
 * Every case of a Wycheproof AEAD file that the algorithm can express (its
 * key and nonce lengths, 16-byte tags) through streams at random splits:
 * valid and acceptable ones as su_check_message, invalid ones refused by
 * open_final with HUSH_ERR_AUTH. key_for picks the algorithm by key length
 * (AES-GCM) or is NULL to use a. Returns the number of cases run.
 */
unsigned long su_wycheproof(const char *file, hush_aead_alg a,
                            hush_aead_alg (*key_for)(size_t keylen));

#endif
