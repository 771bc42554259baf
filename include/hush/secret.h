/*
 * Secret memory and constant-time comparison.
 *
 * A hush_secret holds key material. The default tier is heap memory wiped on
 * destroy. The hardened tier (HUSH_SECRET_HARDENED) puts the payload in its
 * own mapping between guard pages, against the end guard, behind a canary,
 * locked in RAM, excluded from core dumps and wiped in forked children;
 * slots are pooled per size class. hush_secret_status() reports what was
 * actually granted. See docs/SECRETS.md for the threat model.
 */
#ifndef HUSH_SECRET_H
#define HUSH_SECRET_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Overwrites len bytes with zeros in a way the compiler cannot remove. */
HUSH_API void hush_wipe(void *p, size_t len);

/* 1 if equal, 0 if not; the time taken does not depend on the contents. */
HUSH_API int hush_ct_equal(const void *a, const void *b, size_t len);

/* Wipes `bytes` of the stack below the caller's frame. */
HUSH_API void hush_scrub_stack(size_t bytes);

/* Fills buf from getrandom(2), retrying on EINTR and short reads. */
HUSH_API int hush_random(void *buf, size_t len);

typedef struct hush_secret hush_secret; /* opaque */

#define HUSH_SECRET_HARDENED 0x1u
#define HUSH_SECRET_REQUIRE 0x2u /* implies HARDENED; fail unless all granted */

HUSH_API int hush_secret_new(hush_secret **out, size_t len, unsigned flags);
HUSH_API int hush_secret_from(hush_secret **out, const void *src, size_t len,
                              unsigned flags); /* copies; caller wipes src */
HUSH_API int hush_secret_random(hush_secret **out, size_t len, unsigned flags);
HUSH_API int hush_secret_read_fd(hush_secret **out, int fd, size_t len,
                                 unsigned flags);
HUSH_API void hush_secret_destroy(hush_secret *s); /* NULL is a no-op */
HUSH_API size_t hush_secret_len(const hush_secret *s);
HUSH_API const uint8_t *hush_secret_ptr(const hush_secret *s);
HUSH_API uint8_t *hush_secret_ptr_mut(hush_secret *s);
HUSH_API int hush_secret_equal(const hush_secret *a, const hush_secret *b);

#define HUSH_PROT_NOACCESS 0
#define HUSH_PROT_READONLY 1
#define HUSH_PROT_READWRITE 2
HUSH_API int hush_secret_protect(hush_secret *s, int prot);

#define HUSH_GRANTED_HARDENED 0x01u
#define HUSH_GRANTED_GUARDS 0x02u
#define HUSH_GRANTED_MLOCK 0x04u
#define HUSH_GRANTED_DONTDUMP 0x08u
#define HUSH_GRANTED_WIPEONFORK 0x10u
#define HUSH_GRANTED_CANARY 0x20u
HUSH_API unsigned hush_secret_status(const hush_secret *s);

/* The flags the secret was created with (HUSH_SECRET_*). */
HUSH_API unsigned hush_secret_flags(const hush_secret *s);

#ifdef __cplusplus
}
#endif
#endif
