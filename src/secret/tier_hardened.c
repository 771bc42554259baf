/*
 * The hardened tier. Each secret owns one anonymous mapping:
 *
 *   | guard | payload pages ............ | guard |
 *            ^ zero   ^ canary ^ payload  ^ page boundary
 *
 * or with HUSH_SECRET_GUARD_START the mirror image, for code that must
 * catch underflows at once:
 *
 *   | guard | payload pages ............ | guard |
 *            ^ payload ^ canary  ^ zero
 *
 * - The handle (struct hush_secret: pointers and lengths, no secret data)
 *   is a small heap block made with the slot and pooled with it. Kept out
 *   of the mapping, it is never hidden by hush_secret_protect nor wiped in
 *   a forked child, and a small secret costs one resident page, not two.
 * - Guard pages are PROT_NONE. The payload ends exactly on the end guard:
 *   a write one byte past the end faults. A length that is a multiple of
 *   64 therefore starts 64-byte aligned (keyed objects rely on it).
 * - A 16-byte random canary sits right before the payload; destroy and
 *   protect check it, and a corrupted canary aborts with a message. An
 *   underflow read, and a write further than 16 bytes before the start,
 *   go unnoticed until they reach the front guard (the head of the first
 *   payload page lies between): docs/SECRETS.md has the exact table.
 *   GUARD_START trades the two ends.
 * - The payload pages are mlock'ed, MADV_WIPEONFORK'ed, and with the rest
 *   of the mapping MADV_DONTDUMP'ed. Each feature is asked for separately
 *   and the handle records what was granted: hush_secret_status is honest.
 * - Slots of up to HUSH_POOL_MAX_PAGES payload pages go back to a bounded
 *   pool (pool.c) on destroy, wiped and still locked, so the next secret
 *   of that size class costs no system call.
 *
 * Fork: memory locks are not inherited, and WIPEONFORK zeroes the payload
 * (and canary) in the child. A fork epoch, bumped by a pthread_atfork child
 * handler, tells secrets made before the fork from those made after it:
 * their MLOCK bit is withdrawn, their zeroed canary is accepted, and they
 * are unmapped rather than pooled on destroy.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/ct.h"
#include "secret/secret_impl.h"

#define CANARY_BYTES HUSH_SECRET_CANARY_BYTES

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static size_t page_size;
static uint8_t canary[CANARY_BYTES]; /* random per process; not secret */
static unsigned canary_granted;      /* HUSH_GRANTED_CANARY if random */
static int init_failed;
static atomic_ulong fork_epoch;

static void after_fork_child(void) {
    atomic_fetch_add_explicit(&fork_epoch, 1, memory_order_relaxed);
    hush_pool_after_fork_child();
}

static void init_tier(void) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0 || (page & (page - 1)) != 0) {
        init_failed = 1;
        return;
    }
    page_size = (size_t)page;
    /* Without randomness the canary is still there, but guessable: the
     * status does not claim it. */
    if (hush_random(canary, sizeof canary) == HUSH_OK)
        canary_granted = HUSH_GRANTED_CANARY;
    else
        memset(canary, 0xa5, sizeof canary);
    /* Without the fork handlers a child could not tell inherited secrets
     * from its own: refuse the tier rather than misreport. */
    if (pthread_atfork(hush_pool_before_fork, hush_pool_after_fork_parent,
                       after_fork_child) != 0)
        init_failed = 1;
}

static int tier_ready(void) {
    return pthread_once(&init_once, init_tier) == 0 && !init_failed;
}

size_t hush_hardened_page_size(void) { return page_size; }

unsigned long hush_hardened_epoch(void) {
    return atomic_load_explicit(&fork_epoch, memory_order_relaxed);
}

static size_t region_bytes(size_t payload_pages) {
    return (payload_pages + 2) * page_size;
}
static uint8_t *payload_first(const hush_secret *s) {
    return s->region + page_size;
}
static uint8_t *payload_end(const hush_secret *s) {
    return payload_first(s) + s->payload_pages * page_size;
}

/*
 * mlock(2) through the raw system call: sanitizer runtimes intercept the
 * libc wrapper and return success without locking anything, which would
 * make the status lie in exactly the builds meant to find bugs.
 */
static int lock_pages(void *p, size_t len) {
    return syscall(SYS_mlock, p, len) == 0;
}

hush_secret *hush_hardened_slot_map(size_t payload_pages) {
    size_t bytes = region_bytes(payload_pages);
    size_t payload_bytes = payload_pages * page_size;
    hush_secret *s = malloc(sizeof *s);
    if (s == NULL) return NULL;
    /* everything starts PROT_NONE; the guards simply stay that way */
    uint8_t *base =
        mmap(NULL, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        free(s);
        return NULL;
    }
    uint8_t *payload = base + page_size;
    if (mprotect(payload, payload_bytes, PROT_READ | PROT_WRITE) != 0) {
        munmap(base, bytes);
        free(s);
        return NULL;
    }
    unsigned granted =
        HUSH_GRANTED_HARDENED | HUSH_GRANTED_GUARDS | canary_granted;
    if (lock_pages(payload, payload_bytes)) granted |= HUSH_GRANTED_MLOCK;
    if (madvise(base, bytes, MADV_DONTDUMP) == 0)
        granted |= HUSH_GRANTED_DONTDUMP;
    if (madvise(payload, payload_bytes, MADV_WIPEONFORK) == 0)
        granted |= HUSH_GRANTED_WIPEONFORK;

    s->region = base;
    s->data = payload + payload_bytes;
    s->len = 0;
    s->flags = 0;
    s->granted = granted;
    s->prot = HUSH_PROT_READWRITE;
    s->magic = HUSH_SECRET_DEAD; /* not a secret until handed out */
    s->payload_pages = payload_pages;
    s->epoch = hush_hardened_epoch();
    s->next = s->live_prev = s->live_next = NULL;
    return s;
}

void hush_hardened_slot_unmap(hush_secret *slot) {
    /* munmap drops the lock too; the payload was wiped by the caller */
    munmap(slot->region, region_bytes(slot->payload_pages));
    hush_secret_mark_dead(slot);
    free(slot);
}

static _Noreturn void die(const char *msg) {
    /* write(2), not stdio: the heap may be what got corrupted */
    ssize_t ignored = write(STDERR_FILENO, msg, strlen(msg));
    (void)ignored;
    abort();
}

static int guards_start(const hush_secret *s) {
    return (s->flags & HUSH_SECRET_GUARD_START) != 0;
}

/* The canary: right before the payload, or right after it with
 * GUARD_START; and the bytes destroy wipes, payload and canary. */
static uint8_t *canary_of(const hush_secret *s) {
    return guards_start(s) ? s->data + s->len : s->data - CANARY_BYTES;
}
static uint8_t *wipe_start(const hush_secret *s) {
    return guards_start(s) ? s->data : s->data - CANARY_BYTES;
}

static void check_canary(const hush_secret *s) {
    const uint8_t *c = canary_of(s);
    uint32_t intact = hush_ct_bytes_equal(c, canary, CANARY_BYTES);
    /* a child sees the canary of an inherited secret zeroed by the kernel */
    if (s->epoch != hush_hardened_epoch() &&
        (s->granted & HUSH_GRANTED_WIPEONFORK)) {
        static const uint8_t zeros[CANARY_BYTES];
        intact |= hush_ct_bytes_equal(c, zeros, CANARY_BYTES);
    }
    if (!intact)
        die(guards_start(s)
                ? "hush: hardened secret corrupted: the canary after its "
                  "payload was overwritten (a write past the buffer's end); "
                  "aborting\n"
                : "hush: hardened secret corrupted: the canary in front of "
                  "its payload was overwritten (a write before the buffer's "
                  "start); aborting\n");
}

int hush_tier_hardened_new(hush_secret **out, size_t len, unsigned flags) {
    if (!tier_ready()) return HUSH_ERR_NOMEM;
    if (len > SIZE_MAX / 2) return HUSH_ERR_NOMEM;
    size_t pages = (len + CANARY_BYTES + page_size - 1) / page_size;
    if (pages > SIZE_MAX / page_size - 2) return HUSH_ERR_NOMEM;

    /* a pooled slot is fully granted and already on the live list */
    hush_secret *s = NULL;
    if (pages <= HUSH_POOL_MAX_PAGES) s = hush_pool_take(pages);
    if (s == NULL) {
        s = hush_hardened_slot_map(pages);
        if (s == NULL) return HUSH_ERR_NOMEM;
        if ((flags & HUSH_SECRET_REQUIRE) && s->granted != HUSH_GRANTED_ALL) {
            /* nothing left behind: the payload was never written */
            hush_hardened_slot_unmap(s);
            return HUSH_ERR_HARDENING;
        }
        hush_pool_add_live(s);
    }
    s->len = len;
    s->flags = flags;
    s->data = guards_start(s) ? payload_first(s) : payload_end(s) - len;
    s->prot = HUSH_PROT_READWRITE;
    s->magic = HUSH_SECRET_LIVE;
    memcpy(canary_of(s), canary, CANARY_BYTES);
    *out = s;
    return HUSH_OK;
}

static int set_protection(hush_secret *s, int prot) {
    int p = prot == HUSH_PROT_NOACCESS   ? PROT_NONE
            : prot == HUSH_PROT_READONLY ? PROT_READ
                                         : PROT_READ | PROT_WRITE;
    if (mprotect(payload_first(s), s->payload_pages * page_size, p) != 0)
        return HUSH_ERR_NOMEM; /* ENOMEM: too many mappings to split */
    s->prot = prot;
    return HUSH_OK;
}

void hush_tier_hardened_destroy(hush_secret *s) {
    if (s->prot != HUSH_PROT_READWRITE &&
        set_protection(s, HUSH_PROT_READWRITE) != HUSH_OK)
        die("hush: cannot make a hardened secret writable to wipe it; "
            "aborting\n");
    check_canary(s);
    hush_wipe(wipe_start(s), s->len + CANARY_BYTES);
    s->len = 0;
    s->data = payload_end(s);
    s->flags = 0;
    s->magic = HUSH_SECRET_DEAD;
    if (!hush_pool_give(s)) hush_hardened_slot_unmap(s);
}

int hush_tier_hardened_protect(hush_secret *s, int prot) {
    /* the canary is checked whenever it is readable: before leaving an
     * accessible state, and after leaving NOACCESS */
    if (s->prot != HUSH_PROT_NOACCESS) check_canary(s);
    int r = set_protection(s, prot);
    if (r == HUSH_OK && prot != HUSH_PROT_NOACCESS) check_canary(s);
    return r;
}

unsigned hush_tier_hardened_status(const hush_secret *s) {
    unsigned granted = s->granted;
    /* locks are not inherited across fork */
    if (s->epoch != hush_hardened_epoch()) granted &= ~HUSH_GRANTED_MLOCK;
    return granted;
}
