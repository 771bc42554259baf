/* The parts of the census that depend on which primitives are built. */
#ifndef HUSH_LEAKSCAN_CENSUS_H
#define HUSH_LEAKSCAN_CENSUS_H

#include <stddef.h>
#include <stdint.h>

#include "hush.h"

/* Records a scan of the whole process under this stage name. */
void census_stage(const char *stage);

/* A case for a key used by something other than an AEAD. */
void census_run_keyed(const char *algorithm, const char *path, size_t keylen,
                      unsigned tier, void (*needles)(const uint8_t *key),
                      void (*traffic)(const uint8_t *key));

/* Needles for secrets an AEAD derives from its key: the Poly1305 one-time
 * key (r and s) of ChaCha20-Poly1305, the GHASH key H of AES-GCM. */
void census_add_derived_needles(hush_aead_alg a, const uint8_t *key,
                                const uint8_t *nonce);

/* HMAC-SHA256 and X25519 cases, where built. */
void census_run_other_cases(unsigned tier);

#endif
