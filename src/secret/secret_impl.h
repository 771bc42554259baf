/*
 * What the public hush_secret API (secret.c) shares with its two tiers:
 * the handle, and the entry points of each tier.
 *
 *   default   tier_default.c   one heap block: handle, then the payload
 *   hardened  tier_hardened.c  one mapping per secret, see the layout there
 *             pool.c           per-size-class free lists of hardened slots
 */
#ifndef HUSH_SECRET_IMPL_H
#define HUSH_SECRET_IMPL_H

#include "core/internal.h"

/* Payloads of the default tier start 64-byte aligned; hardened payloads end
 * on a page boundary, so a length that is a multiple of 64 starts aligned. */
#define HUSH_SECRET_ALIGN 64

/* Bytes of the hardened tier's canary, right before the payload. */
#define HUSH_SECRET_CANARY_BYTES 16

/* Every bit a hardened secret can be granted. */
#define HUSH_GRANTED_ALL                                                       \
    (HUSH_GRANTED_HARDENED | HUSH_GRANTED_GUARDS | HUSH_GRANTED_MLOCK |        \
     HUSH_GRANTED_DONTDUMP | HUSH_GRANTED_WIPEONFORK | HUSH_GRANTED_CANARY)

/*
 * The handle. For the default tier it heads the heap block that holds the
 * payload; for the hardened tier it is a heap block of its own, outside the
 * mapping (so protect() never hides it and WIPEONFORK never zeroes it). It
 * holds no secret: pointers, lengths and bookkeeping only.
 */
struct hush_secret {
    uint8_t *data;            /* the payload */
    size_t len;               /* payload bytes */
    unsigned flags;           /* as requested, REQUIRE implying HARDENED */
    unsigned granted;         /* HUSH_GRANTED_* obtained when mapped */
    int prot;                 /* HUSH_PROT_* in force (hardened) */
    unsigned magic;           /* HUSH_SECRET_LIVE from new to destroy */
    uint8_t *region;          /* hardened: the mapping, front guard first */
    size_t payload_pages;     /* hardened: pages between the guards */
    unsigned long epoch;      /* hardened: fork epoch the slot belongs to */
    struct hush_secret *next; /* hardened: free-list link while pooled */
    /* hardened: links in the list of live hardened secrets (pool.c), so a
     * forked child can find the secret under a keyed object whose payload,
     * header included, WIPEONFORK zeroed */
    struct hush_secret *live_prev, *live_next;
};

/* The handle's marker: LIVE while the secret exists. Destroy checks it
 * and stores DEAD, so a second destroy (or a pointer that never was a
 * secret) is reported as misuse instead of freeing a block twice: a pooled
 * hardened handle stays allocated and keeps DEAD until it is handed out
 * again; a freed default-tier block keeps it until the heap reuses the
 * block (and anything the heap writes there is not LIVE either). */
#define HUSH_SECRET_LIVE 0x68757368u /* "hush" */
#define HUSH_SECRET_DEAD 0x64656164u /* "dead" */

/* Stores DEAD where a later free() cannot make the compiler drop it. */
static inline void hush_secret_mark_dead(hush_secret *s) {
    *(volatile unsigned *)&s->magic = HUSH_SECRET_DEAD;
}

/* For the keyed objects of aead.c: the hardened secret made before the
 * last fork() whose payload starts at p (its contents, a keyed object's
 * header included, read as zeros in this child), or NULL. */
hush_secret *hush_secret_inherited_at(const void *payload);

/* ---- default tier (tier_default.c) ---- */
int hush_tier_default_new(hush_secret **out, size_t len, unsigned flags);
void hush_tier_default_destroy(hush_secret *s);

/* ---- hardened tier (tier_hardened.c) ---- */
int hush_tier_hardened_new(hush_secret **out, size_t len, unsigned flags);
void hush_tier_hardened_destroy(hush_secret *s);
int hush_tier_hardened_protect(hush_secret *s, int prot);
unsigned hush_tier_hardened_status(const hush_secret *s);

/* Slot primitives the pool builds on (tier_hardened.c). A slot is a whole
 * mapping with its handle (a heap block) filled in and a zero, read-write
 * payload. */
size_t hush_hardened_page_size(void);
unsigned long hush_hardened_epoch(void);
hush_secret *hush_hardened_slot_map(size_t payload_pages);
void hush_hardened_slot_unmap(hush_secret *slot);

/* ---- pool of hardened slots (pool.c) ---- */
/* A pooled, fully granted slot of that many payload pages, or NULL. The
 * slot is already in the live list (it always satisfies REQUIRE). */
hush_secret *hush_pool_take(size_t payload_pages);
/* Adds a freshly mapped slot that became a secret to the live list. */
void hush_pool_add_live(hush_secret *s);
/* Takes a destroyed secret's wiped slot off the live list and keeps it for
 * reuse; returns 0 when the pool is full or the slot may not be pooled,
 * and the caller unmaps it. */
int hush_pool_give(hush_secret *slot);
/* The live hardened secret made before the last fork() (so its payload
 * reads as zeros here) whose payload starts at p, or NULL. Walks the live
 * list: for the rare clean-up in a forked child only. */
hush_secret *hush_pool_find_inherited(const void *p);
/* Called in the child after fork(): forgets (unmaps) every pooled slot,
 * whose pages are no longer locked there. */
void hush_pool_after_fork_child(void);
/* pthread_atfork halves that keep the pool lock consistent across fork. */
void hush_pool_before_fork(void);
void hush_pool_after_fork_parent(void);

/* Largest slot (payload pages) the pool keeps, and its bounds. */
#define HUSH_POOL_MAX_PAGES       16
#define HUSH_POOL_SLOTS_PER_CLASS 16
#define HUSH_POOL_MAX_TOTAL_PAGES 64

#endif
