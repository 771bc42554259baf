/*
 * Fuzzed split points for the incremental-against-one-shot targets: up to
 * FUZZ_MAX_PIECES piece lengths read from the input, applied to a message
 * of any length (a piece longer than what is left takes what is left; the
 * rest of the message is the last piece).
 */
#ifndef HUSH_FUZZ_SPLIT_H
#define HUSH_FUZZ_SPLIT_H

#include "fuzz.h"

#define FUZZ_MAX_PIECES 8

typedef struct fuzz_split {
    size_t count;
    size_t len[FUZZ_MAX_PIECES];
    unsigned misalign;
} fuzz_split;

/* count (1 byte), misalignment (1 byte), then count lengths of 2 bytes */
static inline void fz_split(fuzz_in *in, fuzz_split *s) {
    s->count = fz_u8(in) % (FUZZ_MAX_PIECES + 1);
    s->misalign = fz_u8(in);
    for (size_t i = 0; i < s->count; i++)
        s->len[i] = fz_u16(in);
}

static inline void fo_split(fuzz_out *o, size_t count, const size_t *len) {
    fo_u8(o, (unsigned)count);
    fo_u8(o, (unsigned)(count * 5 + 3));
    for (size_t i = 0; i < count; i++)
        fo_u16(o, len[i]);
}

typedef void (*fuzz_piece_fn)(void *ctx, const uint8_t *p, size_t n);

/* Calls fn(ctx, piece, n) for each piece of m[0..len) in order, the last
 * being whatever the split left (possibly empty: an empty update must
 * change nothing). Each piece is passed in a heap block of its exact size,
 * so an update that reads past its own piece shows under AddressSanitizer,
 * and a piece of length 0 is sometimes passed as NULL (which the API
 * allows). */
static inline void fuzz_pieces(const fuzz_split *s, const uint8_t *m,
                               size_t len, fuzz_piece_fn fn, void *ctx) {
    size_t at = 0;
    for (size_t i = 0; i <= s->count; i++) {
        size_t left = len - at;
        size_t n = i < s->count && s->len[i] < left ? s->len[i] : left;
        unsigned mis = s->misalign + 7 * (unsigned)i;
        if (n == 0 && (mis & 1)) {
            fn(ctx, NULL, 0);
        } else {
            uint8_t *piece = fz_alloc(n ? m + at : NULL, n, mis);
            fn(ctx, piece, n);
            fz_free(piece, mis);
        }
        at += n;
    }
}

#endif
