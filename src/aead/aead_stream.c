/*
 * The streaming AEAD layer (include/hush/aead_stream.h): argument and state
 * checks, the length limits, the lengths so far, the clearing of the
 * vector registers after each call, and the wiping of the stream when its
 * message ends. Each algorithm supplies the steps of one message in a
 * hush_aead_stream_ops (aead_impl.h), in its own file next to its one-shot
 * code.
 */
#include "aead/aead_impl.h"
#include "core/align_within.h"
#include "core/registers.h"

/* Phases of the state machine; a zero stream is PHASE_NONE. */
#define PHASE_NONE 0u
#define PHASE_AD   1u
#define PHASE_DATA 2u

/* Marks a header that init wrote, so that a stream that was never
 * initialised (stack garbage) is refused rather than trusted: a phase
 * means nothing unless magic holds this value. */
#define STREAM_MAGIC 0x68757374u /* "hust" */

typedef struct stream_header {
    uint32_t magic;
    uint32_t phase;
    uint32_t direction;
    uint32_t state_at; /* offset of the message state in the stream */
    const hush_aead_desc *desc;
    const void *key; /* the keyed object's state, in its secret memory */
    uint64_t adlen;  /* bytes so far */
    uint64_t mlen;
} stream_header;

#define HEADER_BYTES 64
_Static_assert(sizeof(stream_header) <= HEADER_BYTES, "header fits");
_Static_assert(sizeof(hush_aead_stream) == HUSH_AEAD_STREAM_BYTES,
               "public size");

/* Through byte pointers, not s->opaque: a stream may sit at less than the
 * 64-byte alignment its type declares (inside a malloc'd block: 16). The
 * message state is at the first 64-aligned offset past the header and
 * follows the stream when it is copied (core/align_within.h; issue 15,
 * defect 6: the Poly1305 ifma tier's aligned stores faulted). */
static stream_header *header(hush_aead_stream *s) {
    return (stream_header *)(void *)s;
}
static void *message_state(hush_aead_stream *s) {
    stream_header *h = header(s);
    uint32_t was_at = h->state_at;
    void *st = hush_state_at(s, HEADER_BYTES, &h->state_at,
                             h->desc->stream->state_bytes);
    /* a move is libc's memmove, through vector registers: cleared here
     * for an algorithm whose calls are not followed by a clearing */
    if (HUSH_UNLIKELY(h->state_at != was_at) && h->desc->general_regs_only)
        hush_clear_vector_registers();
    return st;
}

/* The header of a stream in phase `want` (or in either phase when want is
 * 0), or NULL. */
static stream_header *live(hush_aead_stream *s, uint32_t want) {
    stream_header *h = header(s);
    if (h->magic != STREAM_MAGIC ||
        !hush_state_offset_valid(h->state_at, HEADER_BYTES))
        return NULL;
    if (want ? h->phase != want : h->phase == PHASE_NONE) return NULL;
    return h;
}

static void clear_registers_after(const hush_aead_desc *d) {
    if (!d->general_regs_only) hush_clear_vector_registers();
}

/* Whether `more` bytes fit after `so_far` under `limit`. */
static int within(uint64_t so_far, size_t more, uint64_t limit) {
    return so_far <= limit && (uint64_t)more <= limit - so_far;
}

int hush_aead_stream_copy(hush_aead_stream *dst, const hush_aead_stream *src,
                          const hush_aead_ctx *k) {
    if (dst == NULL || src == NULL || k == NULL) return HUSH_ERR_INVALID;
    const stream_header *h = (const stream_header *)(const void *)src;
    if (h->magic != STREAM_MAGIC || h->phase == PHASE_NONE)
        return HUSH_ERR_STATE;
    const hush_aead_desc *d = hush_aead_object_desc(k);
    const void *key = hush_aead_object_state(k);
    /* the key state is secret: compared without an early exit */
    int same =
        d != NULL && d == h->desc && hush_ct_equal(key, h->key, d->state_bytes);
    if (same && dst != src) memcpy(dst, src, sizeof *dst);
    /* the comparison's loop (vectorised) and memcpy leave pieces of the
     * key and message states in vector registers, either way */
    hush_clear_vector_registers();
    if (!same) return HUSH_ERR_INVALID;
    header(dst)->key = key;
    return HUSH_OK;
}

void hush_aead_stream_abort(hush_aead_stream *s) {
    if (s != NULL) HUSH_WIPE_OBJ(s);
}

int hush_aead_stream_init(hush_aead_stream *s, const hush_aead_ctx *k,
                          int direction, const uint8_t *nonce) {
    if (s == NULL || k == NULL || nonce == NULL) return HUSH_ERR_INVALID;
    if (direction != HUSH_AEAD_SEAL && direction != HUSH_AEAD_OPEN)
        return HUSH_ERR_INVALID;
    const hush_aead_desc *d = hush_aead_object_desc(k);
    if (d == NULL) return HUSH_ERR_INVALID; /* freed, or wiped by fork */
    if (d->stream == NULL) return HUSH_ERR_UNSUPPORTED;
    HUSH_WIPE_OBJ(s); /* whatever message it held, and a zeroed state */
    stream_header *h = header(s);
    h->magic = STREAM_MAGIC;
    h->phase = PHASE_AD;
    h->direction = (uint32_t)direction;
    h->desc = d;
    h->key = hush_aead_object_state(k);
    h->state_at = hush_state_offset(s, HEADER_BYTES);
    d->stream->start(message_state(s), h->key, nonce,
                     direction == HUSH_AEAD_SEAL);
    clear_registers_after(d);
    return HUSH_OK;
}

int hush_aead_stream_ad(hush_aead_stream *s, const uint8_t *ad, size_t adlen) {
    if (s == NULL) return HUSH_ERR_INVALID;
    stream_header *h = live(s, PHASE_AD);
    if (h == NULL) return HUSH_ERR_STATE;
    if (!hush_span_ok(ad, adlen) ||
        !within(h->adlen, adlen, h->desc->max_adlen))
        return HUSH_ERR_INVALID;
    if (adlen == 0) return HUSH_OK;
    h->desc->stream->ad(message_state(s), h->key, ad, adlen);
    h->adlen += adlen;
    clear_registers_after(h->desc);
    return HUSH_OK;
}

/* Ends the associated data once, at the first update or the final. */
static void end_ad(hush_aead_stream *s, stream_header *h) {
    if (h->phase != PHASE_AD) return;
    h->desc->stream->ad_end(message_state(s), h->key, h->adlen);
    h->phase = PHASE_DATA;
}

int hush_aead_stream_update(hush_aead_stream *s, uint8_t *out,
                            const uint8_t *in, size_t len) {
    if (s == NULL) return HUSH_ERR_INVALID;
    stream_header *h = live(s, 0);
    if (h == NULL) return HUSH_ERR_STATE;
    if (!hush_span_ok(out, len) || !hush_span_ok(in, len) ||
        hush_overlaps_partially(out, len, in, len) ||
        !within(h->mlen, len, h->desc->max_mlen))
        return HUSH_ERR_INVALID;
    end_ad(s, h);
    if (len)
        h->desc->stream->update(message_state(s), h->key, out, in, len,
                                h->direction == HUSH_AEAD_SEAL);
    h->mlen += len;
    clear_registers_after(h->desc);
    return HUSH_OK;
}

/* Both finals: the last step of the algorithm, then the stream is wiped.
 * Returns the algorithm's verdict (1 for a seal). */
static uint32_t finish(hush_aead_stream *s, stream_header *h, uint8_t *tag,
                       const uint8_t *expected) {
    const hush_aead_desc *d = h->desc;
    end_ad(s, h);
    uint32_t ok = d->stream->finish(message_state(s), h->key, h->adlen, h->mlen,
                                    tag, expected);
    HUSH_WIPE_OBJ(s);
    clear_registers_after(d);
    return ok;
}

int hush_aead_stream_seal_final(hush_aead_stream *s, uint8_t tag[16]) {
    if (s == NULL || tag == NULL) return HUSH_ERR_INVALID;
    stream_header *h = live(s, 0);
    if (h == NULL || h->direction != HUSH_AEAD_SEAL) return HUSH_ERR_STATE;
    uint8_t t[HUSH_AEAD_TAGBYTES];
    finish(s, h, t, NULL);
    memcpy(tag, t, sizeof t); /* after the wipe: tag may lie inside s */
    hush_wipe(t, sizeof t);
    return HUSH_OK;
}

int hush_aead_stream_open_final(hush_aead_stream *s, const uint8_t tag[16]) {
    if (s == NULL || tag == NULL) return HUSH_ERR_INVALID;
    stream_header *h = live(s, 0);
    if (h == NULL || h->direction != HUSH_AEAD_OPEN) return HUSH_ERR_STATE;
    uint8_t expected[HUSH_AEAD_TAGBYTES];
    memcpy(expected, tag, sizeof expected); /* before the wipe, as above */
    uint32_t ok = finish(s, h, NULL, expected);
    hush_wipe(expected, sizeof expected);
    /* the verdict is public */
    return ok ? HUSH_OK : HUSH_ERR_AUTH;
}
