/*
 * The OpenSSL peers (bench_openssl.c): Debian's libcrypto, linked, and
 * optionally the newest release Debian carries, built from its source
 * package by scripts/openssl-newest.sh into a shim whose OpenSSL symbols
 * are all local, loaded with dlopen (and once more from a copy with an
 * OPENSSL_ia32cap mask, for a path such as AES-NI without VAES).
 *
 * Every OpenSSL row calls through a bench_ossl table (bench_ossl_of(st)),
 * so one piece of code drives every instance; rows are registered with
 * bench_ossl_append, which adds one case per instance, labelled "openssl"
 * (Debian's), "openssl-3.6.3" (the newest), "openssl-3.6.3/aesni"
 * (masked). The prototypes are Debian's (3.0); 3.x keeps their ABI.
 */
#ifndef HUSH_BENCH_OPENSSL_H
#define HUSH_BENCH_OPENSSL_H

#include "bench.h"

#if defined(HUSH_BENCH_HAVE_OPENSSL)
#include "bench_openssl_functions.h"

typedef struct bench_ossl {
    char label[48];   /* "openssl", "openssl-3.6.3", "openssl-3.6.3/aesni" */
    char version[96]; /* OpenSSL_version(OPENSSL_VERSION) */
    char origin[400]; /* how it came here, for the header */
    unsigned int caps[4]; /* the newest's OPENSSL_ia32cap_P[0..3] */
#define BENCH_OSSL_FIELD(fn) __typeof__(fn) *fn;
    BENCH_OSSL_FUNCTIONS(BENCH_OSSL_FIELD)
#undef BENCH_OSSL_FIELD
} bench_ossl;

/* What an OpenSSL case's arg points to: its instance, and the arg the
 * area gave the case (e.g. a bench_cipher_spec). */
typedef struct bench_ossl_arg {
    const bench_ossl *lib;
    const void *arg;
} bench_ossl_arg;
static inline const bench_ossl *bench_ossl_of(const bench_state *st) {
    return ((const bench_ossl_arg *)st->arg)->lib;
}
static inline const void *bench_ossl_arg_of(const bench_state *st) {
    return ((const bench_ossl_arg *)st->arg)->arg;
}

/* Appends one copy of `c` per OpenSSL instance to a case list (see
 * bench_case_append), each with its bench_ossl_arg and its label: the
 * instance's label followed by what follows "openssl" in c.label
 * ("openssl HMAC()" -> "openssl-3.6.3 HMAC()"). */
void bench_ossl_append(bench_case *list, bench_case c);
#endif

/* Debian's libcrypto, always first (a no-op without OpenSSL). */
void bench_ossl_init(void);
/*
 * The newest OpenSSL: `status` is the file scripts/openssl-newest.sh
 * writes ("status=ok", "version=", "library=", "note=" lines, or
 * "status=unavailable" and "reason="). Each `caps` entry "NAME=SPEC" (or
 * "aesni", a preset masking AVX-512 and VAES/VPCLMULQDQ) loads it once
 * more with OPENSSL_ia32cap=SPEC, labelled "openssl-<version>/NAME".
 * Returns 0 when loaded; otherwise the summary says why.
 */
int bench_ossl_load_newest(const char *status, const char *const *caps,
                           size_t ncaps);
/* One line per instance (and why the newest is absent), for the header. */
const char *bench_ossl_summary(void);

#endif
