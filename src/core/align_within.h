/*
 * A 64-byte aligned state inside a caller's buffer of any alignment.
 *
 * The public context types ask for 64-byte alignment, but one inside a
 * malloc'd block (or any heap structure) is only 16-aligned, and the
 * vector tiers store their state with aligned 64-byte moves (issue 15,
 * defect 6). So a context keeps its state at the first 64-aligned address
 * at or after `min` bytes from its start and records that offset; the
 * buffer reserves 63 bytes for it. A context copied with memcpy to an
 * address of another alignment finds its state at the recorded offset
 * and moves it to the new one before use: the check is one comparison of
 * public values (addresses) per call, outside every tier's loop.
 */
#ifndef HUSH_ALIGN_WITHIN_H
#define HUSH_ALIGN_WITHIN_H

#include <stdint.h>
#include <string.h>

#include "core/internal.h"

/* Bytes a buffer reserves beyond min + state bytes for the alignment. */
#define HUSH_ALIGN_SLACK 63

/* The offset of the 64-aligned state in the buffer at base. */
static inline uint32_t hush_state_offset(const void *base, uint32_t min) {
    uintptr_t at = (uintptr_t)base + min;
    return min + (uint32_t)((64 - (at & 63)) & 63);
}

/* Whether a recorded offset is in the range hush_state_offset gives (a
 * wiped or garbage context must not steer the move out of the buffer). */
static inline int hush_state_offset_valid(uint32_t recorded, uint32_t min) {
    return recorded >= min && recorded <= min + HUSH_ALIGN_SLACK;
}

/* The state of the buffer at base, whose state was last placed at
 * *recorded (valid): moved first if the buffer has moved to another
 * alignment since. */
static inline void *hush_state_at(void *base, uint32_t min, uint32_t *recorded,
                                  size_t bytes) {
    uint8_t *b = (uint8_t *)base;
    uint32_t want = hush_state_offset(base, min);
    if (HUSH_UNLIKELY(*recorded != want)) {
        memmove(b + want, b + *recorded, bytes);
        *recorded = want;
    }
    return b + want;
}

#endif
