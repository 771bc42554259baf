/*
 * hush_secret: the default tier (heap memory, zero-filled, wiped on
 * destroy). The hardened tier is not built yet: asking for it grants no
 * hardening, which hush_secret_status() reports, and HUSH_SECRET_REQUIRE
 * fails with HUSH_ERR_HARDENING.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/ct.h"
#include "core/internal.h"

struct hush_secret {
    uint8_t *data;
    size_t len;
    unsigned flags;
    unsigned granted;
};

/* Payloads start 64-byte aligned so expanded keys can use aligned loads. */
#define SECRET_ALIGN 64

static size_t header_size(void) {
    return (sizeof(struct hush_secret) + SECRET_ALIGN - 1) & ~(size_t)(SECRET_ALIGN - 1);
}

int hush_secret_new(hush_secret **out, size_t len, unsigned flags) {
    if (out == NULL) return HUSH_ERR_INVALID;
    *out = NULL;
    if (flags & HUSH_SECRET_REQUIRE) return HUSH_ERR_HARDENING;
    size_t hdr = header_size();
    if (len > SIZE_MAX - hdr - SECRET_ALIGN) return HUSH_ERR_INVALID;
    size_t total = (hdr + len + SECRET_ALIGN - 1) & ~(size_t)(SECRET_ALIGN - 1);
    uint8_t *mem = aligned_alloc(SECRET_ALIGN, total);
    if (mem == NULL) return HUSH_ERR_NOMEM;
    memset(mem, 0, total);
    hush_secret *s = (hush_secret *)mem;
    s->data = mem + hdr;
    s->len = len;
    s->flags = flags;
    s->granted = 0;
    *out = s;
    return HUSH_OK;
}

int hush_secret_from(hush_secret **out, const void *src, size_t len,
                     unsigned flags) {
    if (hush_missing(src, len)) return HUSH_ERR_INVALID;
    int r = hush_secret_new(out, len, flags);
    if (r == HUSH_OK && len) memcpy((*out)->data, src, len);
    return r;
}

int hush_secret_random(hush_secret **out, size_t len, unsigned flags) {
    int r = hush_secret_new(out, len, flags);
    if (r != HUSH_OK) return r;
    r = hush_random((*out)->data, len);
    if (r != HUSH_OK) {
        hush_secret_destroy(*out);
        *out = NULL;
    }
    return r;
}

int hush_secret_read_fd(hush_secret **out, int fd, size_t len, unsigned flags) {
    int r = hush_secret_new(out, len, flags);
    if (r != HUSH_OK) return r;
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, (*out)->data + got, len - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            hush_secret_destroy(*out);
            *out = NULL;
            return HUSH_ERR_INVALID;
        }
        got += (size_t)n;
    }
    return HUSH_OK;
}

void hush_secret_destroy(hush_secret *s) {
    if (s == NULL) return;
    size_t total = (header_size() + s->len + SECRET_ALIGN - 1) & ~(size_t)(SECRET_ALIGN - 1);
    hush_wipe(s, total);
    free(s);
}

size_t hush_secret_len(const hush_secret *s) { return s ? s->len : 0; }
const uint8_t *hush_secret_ptr(const hush_secret *s) { return s ? s->data : NULL; }
uint8_t *hush_secret_ptr_mut(hush_secret *s) { return s ? s->data : NULL; }
unsigned hush_secret_status(const hush_secret *s) { return s ? s->granted : 0; }
unsigned hush_secret_flags(const hush_secret *s) { return s ? s->flags : 0; }

int hush_secret_equal(const hush_secret *a, const hush_secret *b) {
    if (a == NULL || b == NULL) return 0;
    /* lengths are public; contents are compared in constant time */
    if (a->len != b->len) return 0;
    return (int)hush_ct_bytes_equal(a->data, b->data, a->len);
}

int hush_secret_protect(hush_secret *s, int prot) {
    (void)prot;
    if (s == NULL) return HUSH_ERR_INVALID;
    return HUSH_ERR_UNSUPPORTED;
}
