/*
 * The heap allocation counter: see bench_alloc.h.
 *
 * The counts are plain integers, not atomics: hush-bench and the
 * allocation test are single threaded, and a locked increment would add
 * ~20 cycles to every malloc, distorting the allocation ladder's
 * malloc+free reference row.
 */
#include "bench_alloc.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define BENCH_ALLOC_HOOKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BENCH_ALLOC_HOOKS 1
#endif
#endif

static int64_t allocations, frees;

#if defined(BENCH_ALLOC_HOOKS)
/* from the sanitizer runtime (GCC ships no header declaring it) */
int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *));

static int started;

static void on_malloc(const volatile void *p, size_t n) {
    (void)p;
    (void)n;
    allocations++;
}
static void on_free(const volatile void *p) {
    if (p != NULL) frees++;
}

void bench_alloc_start(void) {
    if (!started)
        started = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
}
int64_t bench_alloc_count(void) { return started ? allocations : -1; }
int64_t bench_free_count(void) { return started ? frees : -1; }
const char *bench_alloc_mechanism(void) { return "sanitizer hooks"; }

#else
/* glibc's own allocator entry points, which the interposer forwards to:
 * their names are reserved to the implementation, and glibc is it */
/* NOLINTBEGIN(bugprone-reserved-identifier) */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);
extern void *__libc_valloc(size_t n);
extern void *__libc_pvalloc(size_t n);
extern void __libc_free(void *p);
/* NOLINTEND(bugprone-reserved-identifier) */

/* also declared here: glibc declares them only under some feature macros
 * (valloc is then declared twice, which is harmless) */
void *memalign(size_t align, size_t n);
void *valloc(size_t n); /* NOLINT(readability-redundant-declaration) */
void *pvalloc(size_t n);

/* The project builds with hidden visibility; these must be visible to the
 * dynamic linker so the shared libraries of the process bind to them. */
#define EXPORTED __attribute__((visibility("default")))

void bench_alloc_start(void) {}
int64_t bench_alloc_count(void) { return allocations; }
int64_t bench_free_count(void) { return frees; }
const char *bench_alloc_mechanism(void) { return "interposed"; }

EXPORTED void *malloc(size_t n) {
    allocations++;
    return __libc_malloc(n);
}
EXPORTED void *calloc(size_t n, size_t size) {
    allocations++;
    return __libc_calloc(n, size);
}
EXPORTED void *realloc(void *p, size_t n) {
    allocations++;
    return __libc_realloc(p, n);
}
EXPORTED void free(void *p) {
    if (p != NULL) frees++;
    __libc_free(p);
}
EXPORTED void *memalign(size_t align, size_t n) {
    allocations++;
    return __libc_memalign(align, n);
}
EXPORTED void *aligned_alloc(size_t align, size_t n) {
    allocations++;
    return __libc_memalign(align, n);
}
EXPORTED int posix_memalign(void **out, size_t align, size_t n) {
    if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0)
        return EINVAL;
    allocations++;
    void *p = __libc_memalign(align, n);
    if (p == NULL && n != 0) return ENOMEM;
    *out = p;
    return 0;
}
EXPORTED void *valloc(size_t n) {
    allocations++;
    return __libc_valloc(n);
}
EXPORTED void *pvalloc(size_t n) {
    allocations++;
    return __libc_pvalloc(n);
}
#endif
