/* Wiping and constant-time comparison. */
#include "core/ct.h"
#include "core/internal.h"

/*
 * The stores go through a volatile function pointer to memset, so the
 * compiler cannot prove the call has no effect and drop it; the compiler
 * barrier after it keeps dead-store elimination away too.
 */
static void *(*const volatile hush_memset_fn)(void *, int, size_t) = memset;

/*
 * Mid-sized wipes go in pieces below 2 KiB. glibc's memset switches to
 * `rep stosb` from 2048 bytes on (its default x86_rep_stosb_threshold),
 * and on the Zen 3 host of issue 18 that costs twice a run of vector
 * stores at 2-4 KiB: 98 against 49 TSC ticks for 2,080 bytes, hot, and
 * ~150 ticks of a one-shot AES-GCM call's ~640 inside the call (its
 * state is 2,080 bytes: docs/perf/gcm.md, item 28). Past 8 KiB the
 * string store is as fast as the pieces, so big buffers keep one call.
 * Each piece is a multiple of 64 bytes, so a 64-byte aligned buffer stays
 * aligned from piece to piece.
 */
#define WIPE_PIECE     1984
#define WIPE_PIECE_MAX 8192

void hush_wipe(void *p, size_t len) {
    if (p == NULL || len == 0) return;
    uint8_t *q = p;
    if (len <= WIPE_PIECE_MAX)
        for (; len > WIPE_PIECE; len -= WIPE_PIECE, q += WIPE_PIECE)
            hush_memset_fn(q, 0, WIPE_PIECE);
    hush_memset_fn(q, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

int hush_ct_equal(const void *a, const void *b, size_t len) {
    if (len == 0) return 1;
    /* NULL with a length is a caller bug; answering "not equal" is safe */
    if (a == NULL || b == NULL) return 0;
    return (int)hush_ct_bytes_equal(a, b, len);
}
