/*
 * The pool of hardened slots: one free list per size class (payload pages,
 * 1..HUSH_POOL_MAX_PAGES), under one mutex. A slot returned here is wiped,
 * read-write and still locked, so taking it again costs no mmap, mlock or
 * madvise, and reusing it does not grow the process's locked memory.
 *
 * Bounded: at most HUSH_POOL_SLOTS_PER_CLASS slots per class and
 * HUSH_POOL_MAX_TOTAL_PAGES payload pages in all (256 KiB of locked memory
 * with 4 KiB pages); a slot beyond that is unmapped. Only fully granted
 * slots of the current fork epoch are kept, so a pooled slot satisfies
 * HUSH_SECRET_REQUIRE and its status stays true.
 *
 * The same lock guards the list of live hardened secrets (see
 * hush_pool_find_inherited).
 */
#include <pthread.h>

#include "secret/secret_impl.h"

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static hush_secret *free_slots[HUSH_POOL_MAX_PAGES + 1];
static unsigned free_count[HUSH_POOL_MAX_PAGES + 1];
static size_t pooled_pages;
/* Every live hardened secret, under the same lock: a pooled secret joins
 * and leaves it in the critical section that takes or gives its slot, so
 * the list costs the hot path a few pointer stores and no extra lock. */
static hush_secret *live_head;

static void link_live(hush_secret *s) {
    s->live_prev = NULL;
    s->live_next = live_head;
    if (live_head != NULL) live_head->live_prev = s;
    live_head = s;
}

static void unlink_live(hush_secret *s) {
    if (s->live_prev != NULL)
        s->live_prev->live_next = s->live_next;
    else
        live_head = s->live_next;
    if (s->live_next != NULL) s->live_next->live_prev = s->live_prev;
    s->live_prev = s->live_next = NULL;
}

hush_secret *hush_pool_take(size_t payload_pages) {
    if (payload_pages == 0 || payload_pages > HUSH_POOL_MAX_PAGES) return NULL;
    pthread_mutex_lock(&pool_lock);
    hush_secret *s = free_slots[payload_pages];
    if (s != NULL) {
        free_slots[payload_pages] = s->next;
        free_count[payload_pages]--;
        pooled_pages -= payload_pages;
        s->next = NULL;
        link_live(s);
    }
    pthread_mutex_unlock(&pool_lock);
    return s;
}

void hush_pool_add_live(hush_secret *s) {
    pthread_mutex_lock(&pool_lock);
    link_live(s);
    pthread_mutex_unlock(&pool_lock);
}

int hush_pool_give(hush_secret *slot) {
    size_t n = slot->payload_pages;
    int poolable = n != 0 && n <= HUSH_POOL_MAX_PAGES &&
                   slot->granted == HUSH_GRANTED_ALL &&
                   slot->epoch == hush_hardened_epoch();
    int kept = 0;
    pthread_mutex_lock(&pool_lock);
    unlink_live(slot);
    if (poolable && free_count[n] < HUSH_POOL_SLOTS_PER_CLASS &&
        pooled_pages + n <= HUSH_POOL_MAX_TOTAL_PAGES) {
        slot->next = free_slots[n];
        free_slots[n] = slot;
        free_count[n]++;
        pooled_pages += n;
        kept = 1;
    }
    pthread_mutex_unlock(&pool_lock);
    return kept;
}

hush_secret *hush_pool_find_inherited(const void *p) {
    unsigned long epoch = hush_hardened_epoch();
    hush_secret *found = NULL;
    pthread_mutex_lock(&pool_lock);
    for (hush_secret *s = live_head; s != NULL && found == NULL;
         s = s->live_next)
        if (s->data == p && s->epoch != epoch) found = s;
    pthread_mutex_unlock(&pool_lock);
    return found;
}

void hush_pool_before_fork(void) { pthread_mutex_lock(&pool_lock); }

void hush_pool_after_fork_parent(void) { pthread_mutex_unlock(&pool_lock); }

void hush_pool_after_fork_child(void) {
    /* Only the forking thread exists here, and it holds the lock taken in
     * hush_pool_before_fork. The pooled pages are no longer locked in this
     * process (and were zeroed by WIPEONFORK): give them back. */
    for (size_t n = 1; n <= HUSH_POOL_MAX_PAGES; n++) {
        while (free_slots[n] != NULL) {
            hush_secret *s = free_slots[n];
            free_slots[n] = s->next;
            hush_hardened_slot_unmap(s);
        }
        free_count[n] = 0;
    }
    pooled_pages = 0;
    pthread_mutex_unlock(&pool_lock);
}
