/*
 * What an AEAD algorithm provides to the generic layer in aead.c. The
 * generic layer does every argument, length and overlap check, the
 * combined/detached forms, the one-shot and keyed-object paths, and the
 * zeroing of the output on a failed tag; an algorithm only supplies key
 * setup, seal and open on already-checked arguments.
 *
 * An algorithm registers itself with hush_aead(<name>) in its
 * sources.cmake and defines `const hush_aead_desc hush_aead_desc_<name>`.
 */
#ifndef HUSH_AEAD_IMPL_H
#define HUSH_AEAD_IMPL_H

#include "core/internal.h"

#define HUSH_AEAD_TAGBYTES 16
/* Largest expanded-key state of any algorithm: the one-shot functions keep
 * it on the stack (and wipe it), keyed objects in secret memory. */
#define HUSH_AEAD_STATE_MAX 2048

typedef struct hush_aead_desc {
    hush_aead_alg alg;
    const char *name;
    size_t keybytes;
    size_t noncebytes;
    uint64_t max_mlen;  /* longest plaintext accepted */
    uint64_t max_adlen; /* longest associated data accepted */
    size_t state_bytes; /* <= HUSH_AEAD_STATE_MAX; the state is 64-aligned */

    /* Expands key into state and records the implementations in force. */
    void (*setup)(void *state, const uint8_t *key);

    /* Encrypts m into c (c == m allowed) and writes the 16-byte tag. */
    void (*seal)(const void *state, uint8_t *c, uint8_t *tag, const uint8_t *m,
                 size_t mlen, const uint8_t *ad, size_t adlen,
                 const uint8_t *nonce);

    /* Checks tag in constant time and decrypts c into m (m == c allowed).
     * Returns HUSH_OK, or HUSH_ERR_AUTH with m zeroed. */
    int (*open)(const void *state, uint8_t *m, const uint8_t *c, size_t clen,
                const uint8_t *tag, const uint8_t *ad, size_t adlen,
                const uint8_t *nonce);

    /* Optional (NULL: setup). Key setup for the one-shot functions: the
     * state then serves exactly one seal or open of a message of mlen bytes
     * with adlen bytes of AD, so it may hold only what that message needs
     * (e.g. fewer precomputed powers for a short message). The generic
     * layer still wipes state_bytes afterwards. */
    void (*setup_for)(void *state, const uint8_t *key, size_t mlen,
                      size_t adlen);

    /* 1 only if setup, seal and open of every implementation are compiled
     * so that no vector register is ever written (-mgeneral-regs-only):
     * key, state and data then never reach one, and the generic layer
     * skips hush_clear_vector_registers() after seal and open, which would
     * clear nothing of theirs. 0 (the default): the registers are
     * cleared. The leak census checks the registers either way. */
    int general_regs_only;
} hush_aead_desc;

/* The bytes a keyed object occupies from its own address (header and
 * state), all inside secret memory: the leak census reports copies found
 * there as "inside a live secret". */
size_t hush_aead_object_bytes(const hush_aead_ctx *k);

/* The descriptor of an algorithm, NULL if unknown or not built. */
const hush_aead_desc *hush_aead_lookup(hush_aead_alg a);

#endif
