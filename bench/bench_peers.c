/*
 * The peer libraries: which were found at build time, their versions, and
 * the one-time initialisation libgcrypt needs. Each area file holds its own
 * peer rows under HUSH_BENCH_HAVE_OPENSSL / _SODIUM / _GCRYPT.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

#if defined(HUSH_BENCH_HAVE_OPENSSL)
#include <openssl/crypto.h>
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
#include <sodium.h>
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
#include <gcrypt.h>
#endif

static char summary[256];

void bench_peers_init(void) {
    char missing[128] = "";
    int len = 0;
#if defined(HUSH_BENCH_HAVE_OPENSSL)
    len += snprintf(summary + len, sizeof summary - (size_t)len, "%s",
                    OpenSSL_version(OPENSSL_VERSION));
#else
    strcat(missing, " openssl");
#endif
#if defined(HUSH_BENCH_HAVE_SODIUM)
    if (sodium_init() < 0) {
        fprintf(stderr, "hush-bench: sodium_init failed\n");
    }
    len += snprintf(summary + len, sizeof summary - (size_t)len,
                    "%slibsodium %s", len ? ", " : "", sodium_version_string());
#else
    strcat(missing, " libsodium");
#endif
#if defined(HUSH_BENCH_HAVE_GCRYPT)
    const char *v = gcry_check_version(NULL);
    /* no secure memory: the peers are measured on ordinary buffers, like
     * hush's one-shot functions */
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    len += snprintf(summary + len, sizeof summary - (size_t)len,
                    "%slibgcrypt %s", len ? ", " : "", v ? v : "?");
#else
    strcat(missing, " libgcrypt");
#endif
    if (missing[0])
        snprintf(summary + len, sizeof summary - (size_t)len,
                 "%sMISSING (not found at build time, rows skipped):%s",
                 len ? "; " : "", missing);
    if (len == 0 && !missing[0]) snprintf(summary, sizeof summary, "none");
}

const char *bench_peers_summary(void) { return summary; }
