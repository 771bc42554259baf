/*
 * What an AEAD algorithm provides to the generic layer in aead.c. The
 * generic layer does every argument, length and overlap check, the
 * combined/detached forms, the one-shot and keyed-object paths, and the
 * zeroing of the output on a failed tag; an algorithm only supplies key
 * setup, seal and open on already-checked arguments.
 *
 * An algorithm defines `const hush_aead_desc hush_aead_desc_<name>` and
 * takes its row in the list of algorithms in aead.c.
 */
#ifndef HUSH_AEAD_IMPL_H
#define HUSH_AEAD_IMPL_H

#include "core/internal.h"

/* HUSH_AEAD_TAGBYTES (16, every algorithm) is public: hush/aead.h. */
_Static_assert(HUSH_AEAD_TAGBYTES == 16, "the descriptors' tags are 16 bytes");
/* Largest expanded-key state of any algorithm: the one-shot functions keep
 * it on the stack (and wipe it), keyed objects in secret memory. */
#define HUSH_AEAD_STATE_MAX 2112

typedef struct hush_aead_stream_ops hush_aead_stream_ops;

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
     * Returns HUSH_OK, or HUSH_ERR_AUTH with m zeroed. The verdict is
     * declassified (hush_ct_declassify32) where it is computed; the generic
     * layer does not do it again, so under tests/ctgrind an algorithm that
     * forgot is reported at the generic layer's branch on the result. */
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

    /* Optional (NULL: hush_aead_stream_init refuses the algorithm with
     * HUSH_ERR_UNSUPPORTED). The streaming form of the same algorithm, on
     * the state setup made (aead_stream.c, below). */
    const hush_aead_stream_ops *stream;
} hush_aead_desc;

/*
 * Streaming (include/hush/aead_stream.h). The generic layer in
 * aead_stream.c checks every argument, the state machine and the length
 * limits, keeps the lengths so far, clears the vector registers after each
 * call (unless general_regs_only), and wipes the whole stream when the
 * message ends. An algorithm keeps the state of one message in `ms`
 * (state_bytes <= HUSH_AEAD_STREAM_STATE_MAX, 64-aligned, zeroed before
 * start) and reads its key from `key`, the keyed object's state made by
 * setup. Its functions run on checked arguments and in this order:
 *
 *   start   once, with the nonce
 *   ad      any number of times, any lengths (partial blocks are the
 *           algorithm's to buffer)
 *   ad_end  once, before the first update or, without one, before finish
 *   update  any number of times, any lengths; out == in allowed; every
 *           byte of output is written before update returns
 *   finish  once: seal writes the tag; open compares the tag the message
 *           has with `expected` in constant time and returns 1 when they
 *           are equal, else 0 (never writing the tag it computed anywhere
 *           the generic layer can see), declassified as open's is
 *
 * Byte for byte the result equals the descriptor's seal and open on the
 * concatenated AD and message, whatever the split points.
 */
/* The header, then up to 63 bytes to the first 64-aligned address (a
 * stream may sit at any 8-byte alignment), then the state. */
#define HUSH_AEAD_STREAM_STATE_MAX (HUSH_AEAD_STREAM_BYTES - 64 - 64)

struct hush_aead_stream_ops {
    size_t state_bytes;
    void (*start)(void *ms, const void *key, const uint8_t *nonce, int encrypt);
    void (*ad)(void *ms, const void *key, const uint8_t *ad, size_t len);
    void (*ad_end)(void *ms, const void *key, uint64_t adlen);
    void (*update)(void *ms, const void *key, uint8_t *out, const uint8_t *in,
                   size_t len, int encrypt);
    uint32_t (*finish)(void *ms, const void *key, uint64_t adlen, uint64_t mlen,
                       uint8_t tag[16], const uint8_t *expected);
};

/* A keyed object's descriptor and state (aead.c), for the streaming layer.
 * The descriptor is NULL for an object that is not live (freed, or zeroed
 * in a forked child). */
const hush_aead_desc *hush_aead_object_desc(const hush_aead_ctx *k);
const void *hush_aead_object_state(const hush_aead_ctx *k);

/* The bytes a keyed object occupies from its own address (header and
 * state), all inside secret memory: the leak census reports copies found
 * there as "inside a live secret". */
size_t hush_aead_object_bytes(const hush_aead_ctx *k);

/*
 * Optional, per algorithm: the combined seal and open of a keyed object
 * (the tag at c + mlen), called by hush_aead_seal and hush_aead_open once
 * args_plainly_ok (aead.c) has accepted the arguments, as a tail call:
 * the arguments are those of hush_aead_seal / hush_aead_open with the
 * object's state for the object and the message length (clen - 16 for
 * open), so no argument moves and no frame is built (docs/perf/gcm.md,
 * item 27). A hook returns HUSH_OK (seal), or HUSH_OK / HUSH_ERR_AUTH
 * with m zeroed (open), and clears the vector registers it wrote before
 * returning (unless general_regs_only): the generic layer does nothing
 * after it. An algorithm registers its hooks in the list in aead.c;
 * hush_aead_new copies them into the keyed object's header, or, for an
 * algorithm without its own, aead.c's generic ones (the descriptor's
 * seal or open, then the clearing). (A table beside the descriptor, not
 * two more descriptor fields: the descriptors with positional
 * initializers would then miss fields.)
 */
typedef struct hush_aead_combined_ops {
    const hush_aead_desc *desc;
    int (*seal)(const void *state, uint8_t *c, const uint8_t *m, size_t mlen,
                const uint8_t *ad, size_t adlen, const uint8_t *nonce);
    int (*open)(const void *state, uint8_t *m, const uint8_t *c, size_t mlen,
                const uint8_t *ad, size_t adlen, const uint8_t *nonce);
} hush_aead_combined_ops;

/* The generic layer's argument check of one seal (seal = 1: out is the
 * ciphertext, tag an output) or open (seal = 0: out is the plaintext, tag
 * an input) of len message bytes: HUSH_OK or HUSH_ERR_INVALID. key is
 * NULL for a keyed object. The rules are in aead.c; exposed for tests
 * that check them at lengths no buffer can have. */
int hush_aead_check_args(const hush_aead_desc *d, int seal, const uint8_t *out,
                         const uint8_t *tag, const uint8_t *in, size_t len,
                         const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                         const uint8_t *key);

/* The descriptor of an algorithm, NULL if unknown or not built. */
const hush_aead_desc *hush_aead_lookup(hush_aead_alg a);

#endif
