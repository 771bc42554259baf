/*
 * The default tier: one heap block holding the handle and then the
 * payload, zero-filled, wiped with hush_wipe on destroy. It protects
 * against stale copies left in freed memory and nothing more: the block can
 * be swapped, dumped, and read by a forked child (docs/SECRETS.md).
 */
#include <stdalign.h>
#include <stdlib.h>

#include "secret/secret_impl.h"

/* malloc aligns to max_align_t. The handle, rounded up to that alignment,
 * plus this much slack lets the payload start on the next 64-byte boundary
 * after the handle wherever the block lands. */
#define MALLOC_ALIGN alignof(max_align_t)
#define HANDLE_BYTES                                                           \
    ((sizeof(hush_secret) + MALLOC_ALIGN - 1) & ~(MALLOC_ALIGN - 1))
#define ALIGN_SLACK (HUSH_SECRET_ALIGN - MALLOC_ALIGN)

int hush_tier_default_new(hush_secret **out, size_t len, unsigned flags) {
    size_t overhead = HANDLE_BYTES + ALIGN_SLACK;
    if (len > SIZE_MAX - overhead) return HUSH_ERR_NOMEM;
    hush_secret *s = malloc(overhead + len);
    if (s == NULL) return HUSH_ERR_NOMEM;
    uintptr_t first = (uintptr_t)s + HANDLE_BYTES;
    uintptr_t aligned =
        (first + HUSH_SECRET_ALIGN - 1) & ~(uintptr_t)(HUSH_SECRET_ALIGN - 1);
    s->data = (uint8_t *)s + (aligned - (uintptr_t)s);
    s->len = len;
    s->flags = flags;
    s->granted = 0; /* no hardening at all: status says so */
    s->prot = HUSH_PROT_READWRITE;
    s->magic = HUSH_SECRET_LIVE;
    s->region = NULL;
    s->payload_pages = 0;
    s->epoch = 0;
    s->next = NULL;
    memset(s->data, 0, len);
    *out = s;
    return HUSH_OK;
}

void hush_tier_default_destroy(hush_secret *s) {
    hush_wipe(s->data, s->len);
    hush_secret_mark_dead(s);
    free(s);
}
