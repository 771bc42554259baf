/*
 * Conventions shared by every hush module: result codes, export, alignment
 * and checking attributes, and the optional initialisation call.
 *
 * Rules that hold for every function unless its comment says otherwise:
 * - A function that can fail returns int: HUSH_OK (0) or a negative
 *   HUSH_ERR_* code; its comment says what it leaves in its outputs on
 *   failure. A void function cannot report an error: given NULL where
 *   it needs data, or a context out of order, it reports misuse and
 *   aborts (hush_set_misuse_handler below; the few that do not check say
 *   so).
 * - A pointer that comes with a length may be NULL when the length is 0.
 *   A pointer without one (a context, a key, a nonce, a fixed-size output)
 *   must not be NULL: such parameters are marked HUSH_NONNULL.
 * - Byte buffers need no alignment. Context types carry their alignment
 *   (HUSH_ALIGNED) and must be stored with it: a declared variable is; heap
 *   storage needs aligned_alloc.
 * - An output may be exactly its input (in place) where the comment says
 *   so; partial overlap is HUSH_ERR_INVALID where it can be reported.
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
#define HUSH_NODISCARD  __attribute__((warn_unused_result))
#else
#define HUSH_API
#define HUSH_ALIGNED(n)
#define HUSH_NODISCARD
#endif

/*
 * HUSH_NODISCARD marks a function whose result says whether its output may
 * be used (an error code, a tag or equality verdict): the compiler warns
 * when a caller ignores it.
 *
 * HUSH_NONNULL(i, ...) marks the parameters (counted from 1) that must
 * never be NULL. The compiler warns where it sees a NULL passed, and
 * UBSan's nonnull-attribute check reports one at run time. The library
 * itself still checks them and answers NULL as each comment says (usually
 * HUSH_ERR_INVALID, or nothing done): it is compiled with the attribute
 * off (HUSH_BUILDING_LIBRARY), because GCC deletes a NULL check on a
 * parameter declared nonnull. A program that tests those answers defines
 * HUSH_NO_NONNULL before including hush.h, which drops the attribute.
 */
#if (defined(__GNUC__) || defined(__clang__)) &&                               \
    !defined(HUSH_BUILDING_LIBRARY) && !defined(HUSH_NO_NONNULL)
#define HUSH_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define HUSH_NONNULL(...)
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

/* A short English name for a result code, e.g. "authentication failed";
 * "unknown error" for a code that is not one of the above. Never NULL; a
 * static string, not to be freed. */
HUSH_API const char *hush_strerror(int code);

/*
 * Optional: detects the CPU and applies HUSH_IMPL now rather than at the
 * first call into the library (a bad HUSH_IMPL item is reported on stderr
 * then). Idempotent and thread-safe; every entry point works without it.
 * Always returns HUSH_OK.
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

/* The library version, e.g. "0.1.0": a static string. */
HUSH_API const char *hush_version(void);

#ifdef __cplusplus
}
#endif
#endif
