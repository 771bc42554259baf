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

/* Overwrites the len bytes at p with zeros in a way the compiler cannot
 * remove (a store it could prove dead is still made); any alignment. NULL
 * wipes nothing whatever len says (like free(NULL), so clean-up code need
 * not test): the one NULL with a length that is not misuse. */
HUSH_API void hush_wipe(void *p, size_t len);

/*
 * 1 if the len bytes at a and b are equal, 0 if not; the time taken depends
 * on len only, never on the contents (use it for tags and MACs, not
 * memcmp). a and b may overlap. len 0 is 1 (NULL allowed then); NULL with
 * a length is 0.
 */
HUSH_API HUSH_NODISCARD int hush_ct_equal(const void *a, const void *b,
                                          size_t len);

/*
 * Zeroes `bytes` of stack below the caller's frame (rounded up to 16), for
 * temporaries that functions the caller has returned from left there (the
 * library scrubs after its own primitives). On x86-64 only this function's
 * return address is not reached. 0 does nothing.
 */
HUSH_API void hush_scrub_stack(size_t bytes);

/* Fills the len bytes at buf from getrandom(2), looping on short reads and
 * retrying on EINTR, but at most 4096 times in a row without progress.
 * HUSH_OK; HUSH_ERR_RANDOM when the generator fails (getrandom refused,
 * e.g. by a seccomp filter, or interrupted that often): the contents of buf
 * are then unspecified and must not be used. HUSH_ERR_INVALID for NULL with
 * a length; a length of 0 makes no call. */
HUSH_API HUSH_NODISCARD int hush_random(void *buf, size_t len);

/*
 * A secret: `len` bytes of key material in memory of one of two tiers.
 *
 * Default tier (flags 0): heap memory, zero-filled, wiped with hush_wipe on
 * destroy. Fast (about the cost of malloc + free), no further protection.
 *
 * Hardened tier (HUSH_SECRET_HARDENED): a mapping of its own with a
 * PROT_NONE guard page on each side, the payload placed against the end
 * guard (a read or write one byte past the end faults), a random canary
 * right in front of it (checked by destroy and protect: if it was
 * overwritten the process prints a message on stderr and aborts; so a
 * write up to 16 bytes before the start is caught then, while a read
 * before the start, and a write further before it, go unnoticed until
 * they reach the front guard page), mlock, MADV_DONTDUMP and
 * MADV_WIPEONFORK (a forked child reads zeros). Slots are pooled per size
 * class, so after the first use a create + destroy costs no system call.
 * What the system refused is reported by hush_secret_status(); with
 * HUSH_SECRET_REQUIRE (which implies HARDENED) a refusal fails the call with
 * HUSH_ERR_HARDENING instead, leaving nothing mapped or locked.
 *
 * Alignment: the default tier's payload starts 64-byte aligned. The
 * hardened payload ends on a page boundary, so it starts aligned to the
 * largest power of two (up to the page size) dividing len (with
 * HUSH_SECRET_GUARD_START it starts page-aligned). Either way, a len that
 * is a multiple of 64 gives a 64-byte aligned payload.
 *
 * Zero-length secrets are valid; their pointer is not NULL but must not be
 * dereferenced. Every function is thread-safe for distinct secrets. A
 * secret made before fork() can be destroyed in the child (its hardened
 * payload reads as zeros there, and it is no longer locked: status drops
 * HUSH_GRANTED_MLOCK).
 */
typedef struct hush_secret hush_secret; /* opaque */

#define HUSH_SECRET_HARDENED 0x1u
/* implies HARDENED; fail unless all granted: */
#define HUSH_SECRET_REQUIRE 0x2u
/*
 * An addition: implies HARDENED, and places the payload against the front
 * guard page instead of the end one, with the canary right after the
 * payload. A read or write one byte before the start then faults at once;
 * a write past the end is caught by the canary at the next protect or
 * destroy (abort with a message), a read past the end is not detected
 * until it reaches the end guard. The payload starts page-aligned. Use it
 * for a buffer that is filled or parsed backwards; docs/SECRETS.md has the
 * table of what each layout detects and when.
 */
#define HUSH_SECRET_GUARD_START 0x4u

/* All constructors take flags 0 (default tier) or any of
 * HUSH_SECRET_HARDENED, HUSH_SECRET_REQUIRE and HUSH_SECRET_GUARD_START
 * (the last two imply HARDENED), set *out to the new secret and return HUSH_OK,
 * or set *out to NULL and return HUSH_ERR_INVALID (NULL out, unknown flags,
 * a bad source), HUSH_ERR_NOMEM, HUSH_ERR_HARDENING (REQUIRE, and a feature
 * was refused), and for hush_secret_random HUSH_ERR_RANDOM (see
 * hush_random). */

/* A zero-filled secret of len bytes. */
HUSH_API HUSH_NODISCARD int hush_secret_new(hush_secret **out, size_t len,
                                            unsigned flags) HUSH_NONNULL(1);
/* A secret holding a copy of the len bytes at src (NULL when len is 0).
 * Wiping src is the caller's job. */
HUSH_API HUSH_NODISCARD int hush_secret_from(hush_secret **out, const void *src,
                                             size_t len, unsigned flags)
    HUSH_NONNULL(1);
/* A secret of len bytes from the operating system's random generator
 * (getrandom(2), written straight into secret memory). */
HUSH_API HUSH_NODISCARD int hush_secret_random(hush_secret **out, size_t len,
                                               unsigned flags) HUSH_NONNULL(1);
/* Exactly len bytes read(2) from fd straight into secret memory, looping on
 * short reads and EINTR. End of file before len bytes, or a read error
 * (EAGAIN from a non-blocking descriptor included), is HUSH_ERR_INVALID:
 * what was read is wiped, and errno tells a read error. A negative fd is
 * HUSH_ERR_INVALID. */
HUSH_API HUSH_NODISCARD int hush_secret_read_fd(hush_secret **out, int fd,
                                                size_t len, unsigned flags)
    HUSH_NONNULL(1);
/* Wipes and releases (hardened: back to the pool). NULL is a no-op. Aborts
 * with a message on stderr if a hardened secret's canary was overwritten. */
HUSH_API void hush_secret_destroy(hush_secret *s);
/* The payload's length in bytes; 0 for NULL. */
HUSH_API size_t hush_secret_len(const hush_secret *s);
/* A zero-copy view of the payload, valid until destroy (alignment: see
 * above); NULL for NULL. Nothing stops a caller from copying out of it:
 * every copy made is the caller's to wipe. */
HUSH_API const uint8_t *hush_secret_ptr(const hush_secret *s);
/* The same view, writable (a secret made with hush_secret_new is filled
 * through it); NULL for NULL. */
HUSH_API uint8_t *hush_secret_ptr_mut(hush_secret *s);
/* 1 if both have the same length and contents, else 0 (also when either
 * is NULL); constant time in the contents, the lengths are public. */
HUSH_API HUSH_NODISCARD int hush_secret_equal(const hush_secret *a,
                                              const hush_secret *b);

#define HUSH_PROT_NOACCESS  0
#define HUSH_PROT_READONLY  1
#define HUSH_PROT_READWRITE 2
/* Page protection of a hardened secret's payload: NOACCESS makes every
 * access fault, READONLY every write, READWRITE restores access.
 * HUSH_ERR_UNSUPPORTED for the default tier, HUSH_ERR_INVALID for an
 * unknown prot (or a NULL s). Checks the canary first (an overwritten one
 * aborts). Destroy restores access itself. */
HUSH_API HUSH_NODISCARD int hush_secret_protect(hush_secret *s, int prot)
    HUSH_NONNULL(1);

/* What the secret was granted, as the bits below; 0 for the default tier
 * and for NULL. */
#define HUSH_GRANTED_HARDENED   0x01u /* hardened layout (own mapping) */
#define HUSH_GRANTED_GUARDS     0x02u /* PROT_NONE guard pages both sides */
#define HUSH_GRANTED_MLOCK      0x04u /* payload locked in RAM */
#define HUSH_GRANTED_DONTDUMP   0x08u /* excluded from core dumps */
#define HUSH_GRANTED_WIPEONFORK 0x10u /* a forked child reads zeros */
#define HUSH_GRANTED_CANARY     0x20u /* random canary before the payload */
HUSH_API unsigned hush_secret_status(const hush_secret *s);

/* The flags the secret was created with (REQUIRE includes HARDENED); 0
 * for NULL. */
HUSH_API unsigned hush_secret_flags(const hush_secret *s);

#ifdef __cplusplus
}
#endif
#endif
