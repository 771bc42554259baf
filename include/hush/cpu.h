/*
 * Implementations and run-time dispatch.
 *
 * Each primitive ("aes", "ghash", "chacha20", "poly1305", "chachapoly",
 * "sha256", "ascon", "x25519", "scrypt") has a portable implementation and,
 * on x86-64, faster ones picked at run time from CPUID. The environment
 * variable HUSH_IMPL forces choices at start-up: "portable" (everything
 * portable) or "aes=aesni,chacha20=avx2"; items apply left to right.
 *
 * "chachapoly" is how ChaCha20-Poly1305 and XChaCha20-Poly1305 combine the
 * chacha20 and poly1305 implementations: "avx2" stitches the AVX2 ChaCha20
 * with a general-register Poly1305 in one pass over messages longer than
 * 960 bytes (used when chacha20 is avx2 and poly1305 is avx2 or
 * portable), "portable" runs the two in separate passes with whatever
 * chacha20 and poly1305 are in force. The results are the same.
 */
#ifndef HUSH_CPU_H
#define HUSH_CPU_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the implementation new contexts of `primitive` use now (a static
 * string), NULL for an unknown primitive or NULL. */
HUSH_API const char *hush_impl(const char *primitive);

/*
 * Names of the implementations this CPU can run, best first; returns how
 * many there are (possibly more than max) and writes at most max names
 * (names may be NULL when max is 0). The portable one is named "portable"
 * and is always listed. 0 for an unknown primitive.
 */
HUSH_API size_t hush_impl_list(const char *primitive, const char **names,
                               size_t max);

/*
 * For tests and benchmarks: use `impl` for `primitive` from now on (objects
 * and contexts made earlier keep theirs), in every thread. HUSH_ERR_INVALID
 * for an unknown primitive (or NULL), HUSH_ERR_UNSUPPORTED for an
 * implementation that does not exist or that this CPU cannot run; the
 * choice is then unchanged. A variable-time implementation (`table`) is
 * only ever used this way.
 */
HUSH_API HUSH_NODISCARD int hush_impl_force(const char *primitive,
                                            const char *impl);

/* Number of primitives, for tools that list all. */
HUSH_API size_t hush_primitive_count(void);
/* Name of the i-th primitive (a static string), NULL for i >=
 * hush_primitive_count(). */
HUSH_API const char *hush_primitive_name(size_t i);

/* A space-separated list of the CPU features hush detected, e.g. "avx2 aes"
 * (a static string). */
HUSH_API const char *hush_cpu_features_string(void);

#ifdef __cplusplus
}
#endif
#endif
