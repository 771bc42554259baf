/*
 * The public hush_secret API: argument checks, then the tier named by the
 * flags (tier_default.c or tier_hardened.c). Constructors that fill the
 * secret (from, random, read_fd) write straight into its payload, so no
 * copy of the key passes through a buffer of ours.
 */
#include <errno.h>
#include <unistd.h>

#include "core/ct.h"
#include "core/misuse.h"
#include "secret/secret_impl.h"

#define KNOWN_FLAGS                                                            \
    (HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE | HUSH_SECRET_GUARD_START)

static int is_hardened(const hush_secret *s) {
    return (s->flags & HUSH_SECRET_HARDENED) != 0;
}

int hush_secret_new(hush_secret **out, size_t len, unsigned flags) {
    if (out == NULL) return HUSH_ERR_INVALID;
    *out = NULL;
    if (flags & ~KNOWN_FLAGS) return HUSH_ERR_INVALID;
    if (flags & (HUSH_SECRET_REQUIRE | HUSH_SECRET_GUARD_START))
        flags |= HUSH_SECRET_HARDENED;
    if (flags & HUSH_SECRET_HARDENED)
        return hush_tier_hardened_new(out, len, flags);
    return hush_tier_default_new(out, len, flags);
}

int hush_secret_from(hush_secret **out, const void *src, size_t len,
                     unsigned flags) {
    if (out != NULL) *out = NULL;
    if (hush_missing(src, len)) return HUSH_ERR_INVALID;
    int r = hush_secret_new(out, len, flags);
    if (r == HUSH_OK && len != 0) memcpy((*out)->data, src, len);
    return r;
}

/* Destroys a half-made secret and reports why; errno is kept for the
 * caller (a read error is told by it). */
static int abandon(hush_secret **out, int result) {
    int saved = errno;
    hush_secret_destroy(*out);
    *out = NULL;
    errno = saved;
    return result;
}

int hush_secret_random(hush_secret **out, size_t len, unsigned flags) {
    int r = hush_secret_new(out, len, flags);
    if (r != HUSH_OK) return r;
    r = hush_random((*out)->data, len);
    return r == HUSH_OK ? HUSH_OK : abandon(out, r);
}

int hush_secret_read_fd(hush_secret **out, int fd, size_t len, unsigned flags) {
    if (out != NULL) *out = NULL;
    if (fd < 0) return HUSH_ERR_INVALID;
    int r = hush_secret_new(out, len, flags);
    if (r != HUSH_OK) return r;
    uint8_t *p = (*out)->data;
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, p + got, len - got);
        if (n > 0) {
            got += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            /* end of file before len bytes, or a read error: whatever
             * arrived is wiped with the secret */
            return abandon(out, HUSH_ERR_INVALID);
        }
    }
    return HUSH_OK;
}

/* A handle that is not a live secret: destroyed already (a hardened
 * handle is pooled, still allocated, and reads DEAD), or never made by a
 * constructor. Freeing or pooling it would hand one block to two owners. */
static void check_live(const hush_secret *s, const char *function) {
    if (HUSH_UNLIKELY(s->magic != HUSH_SECRET_LIVE))
        hush_misuse(function, "not a live secret (destroyed twice, or "
                              "never made by hush_secret_*)");
}

void hush_secret_destroy(hush_secret *s) {
    if (s == NULL) return;
    check_live(s, __func__);
    if (is_hardened(s))
        hush_tier_hardened_destroy(s);
    else
        hush_tier_default_destroy(s);
}

hush_secret *hush_secret_inherited_at(const void *payload) {
    return payload == NULL ? NULL : hush_pool_find_inherited(payload);
}

size_t hush_secret_len(const hush_secret *s) { return s ? s->len : 0; }

const uint8_t *hush_secret_ptr(const hush_secret *s) {
    return s ? s->data : NULL;
}

uint8_t *hush_secret_ptr_mut(hush_secret *s) { return s ? s->data : NULL; }

unsigned hush_secret_flags(const hush_secret *s) { return s ? s->flags : 0; }

unsigned hush_secret_status(const hush_secret *s) {
    if (s == NULL || !is_hardened(s)) return 0;
    return hush_tier_hardened_status(s);
}

int hush_secret_equal(const hush_secret *a, const hush_secret *b) {
    if (a == NULL || b == NULL) return 0;
    /* lengths are public; the contents are compared in constant time */
    if (a->len != b->len) return 0;
    return (int)hush_ct_bytes_equal(a->data, b->data, a->len);
}

int hush_secret_protect(hush_secret *s, int prot) {
    if (s == NULL) return HUSH_ERR_INVALID;
    if (prot != HUSH_PROT_NOACCESS && prot != HUSH_PROT_READONLY &&
        prot != HUSH_PROT_READWRITE)
        return HUSH_ERR_INVALID;
    check_live(s, __func__);
    if (!is_hardened(s)) return HUSH_ERR_UNSUPPORTED;
    return hush_tier_hardened_protect(s, prot);
}
