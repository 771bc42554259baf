/*
 * The shim of the newest OpenSSL (built by scripts/openssl-newest.sh, not
 * by CMake): one shared object holding that release's libcrypto.a, whose
 * symbols are all local (the version script exports only
 * hush_bench_openssl_symbol), so it can be dlopen'ed beside Debian's
 * libcrypto.so.3 in one process without a single symbol meeting: its
 * references were bound inside it at link time. It shares the process's
 * libc (thread-specific data, malloc: its allocations reach hush-bench's
 * counter), which a second namespace (dlmopen) would not: there, two libc
 * copies share each thread's pthread_getspecific slots and hand each
 * other's values back (the newest OpenSSL crashed on its first fetch).
 *
 * hush_bench_openssl_symbol(name) returns the address of the function of
 * BENCH_OSSL_FUNCTIONS called `name`, or NULL; hush_bench_openssl_caps
 * copies the first four words of OPENSSL_ia32cap_P (CPUID.1 EDX/ECX and
 * CPUID.7.0 EBX/ECX, as this copy's constructor left them after
 * OPENSSL_ia32cap), so a mask can be seen to have taken effect.
 */
#include <stddef.h>
#include <string.h>

#include "bench_openssl_functions.h"

void *hush_bench_openssl_symbol(const char *name);
void hush_bench_openssl_caps(unsigned int out[4]);

#if defined(__x86_64__)
extern unsigned int OPENSSL_ia32cap_P[]; /* libcrypto's, 10 words in 3.6 */
#endif

static const struct {
    const char *name;
    void *address;
} symbols[] = {
#define BENCH_OSSL_SYMBOL(fn) {#fn, (void *)fn},
    BENCH_OSSL_FUNCTIONS(BENCH_OSSL_SYMBOL)
#undef BENCH_OSSL_SYMBOL
};

__attribute__((visibility("default"))) void *
hush_bench_openssl_symbol(const char *name) {
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++)
        if (strcmp(symbols[i].name, name) == 0) return symbols[i].address;
    return NULL;
}

__attribute__((visibility("default"))) void
hush_bench_openssl_caps(unsigned int out[4]) {
    for (int i = 0; i < 4; i++)
#if defined(__x86_64__)
        out[i] = OPENSSL_ia32cap_P[i];
#else
        out[i] = 0;
#endif
}
