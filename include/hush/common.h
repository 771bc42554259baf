/*
 * Conventions shared by every hush module: result codes, export and
 * alignment macros, and the optional initialisation call.
 */
#ifndef HUSH_COMMON_H
#define HUSH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define HUSH_API        __attribute__((visibility("default")))
#define HUSH_ALIGNED(n) __attribute__((aligned(n)))
#else
#define HUSH_API
#define HUSH_ALIGNED(n)
#endif

/* Every function that can fail returns HUSH_OK or one of these. */
#define HUSH_OK              0
#define HUSH_ERR_INVALID     (-1) /* bad argument: NULL data, length, overlap */
#define HUSH_ERR_AUTH        (-2) /* tag mismatch; plaintext output zeroed */
#define HUSH_ERR_NOMEM       (-3) /* memory could not be had */
#define HUSH_ERR_HARDENING   (-4) /* a required hardening was not granted */
#define HUSH_ERR_UNSUPPORTED (-5) /* e.g. an implementation this CPU lacks */
#define HUSH_ERR_STATE       (-6) /* incremental API used out of order */
#define HUSH_ERR_WEAK        (-7) /* X25519 result is all zero */
#define HUSH_ERR_RANDOM      (-8) /* the OS random generator failed */

/* A short English name for a result code ("unknown error" for others). */
HUSH_API const char *hush_strerror(int code);

/*
 * Optional: detects the CPU and applies HUSH_IMPL now rather than at the
 * first call. Idempotent and thread-safe; every entry point works without it.
 */
HUSH_API int hush_init(void);

/*
 * Misuse (an addition to the API). Some mistakes cannot be reported by a
 * return value: a void function given NULL where it must read or write
 * data of a nonzero length (NULL is always fine with length 0), a context
 * used before init or after final or a wipe (hush_sha256_update,
 * hush_hmac_sha256_*, hush_poly1305_*, hush_aes_encrypt_block, ...), a
 * hush_secret destroyed twice or a keyed AEAD object freed twice. hush
 * never ignores them: it calls the misuse handler with the name of the
 * function and what was wrong, and then aborts. The default handler
 * writes "hush: misuse in <function>: <problem>; aborting" to stderr.
 *
 * A program may install its own handler (to log elsewhere, or in a test to
 * siglongjmp back out: hush holds no lock and has written nothing when it
 * calls it). If the handler returns, hush still aborts: a misused call
 * never goes on. hush_set_misuse_handler(NULL) restores the default; it
 * returns the handler that was installed (NULL for the default) and is
 * thread-safe.
 */
typedef void (*hush_misuse_handler)(const char *function, const char *problem);
HUSH_API hush_misuse_handler
hush_set_misuse_handler(hush_misuse_handler handler);

/* The library version, e.g. "0.1.0". */
HUSH_API const char *hush_version(void);

#ifdef __cplusplus
}
#endif
#endif
