/* The counting allocator: see counting_alloc.h. */
#include "counting_alloc.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>

#if defined(__SANITIZE_ADDRESS__)
#define CA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CA_ASAN 1
#endif
#endif

static atomic_ulong calls;

static void count(void) {
    atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
}

unsigned long ca_calls(void) {
    return atomic_load_explicit(&calls, memory_order_relaxed);
}

#ifdef CA_ASAN
/* from the sanitizer runtime (GCC ships no header declaring it) */
int __sanitizer_install_malloc_and_free_hooks(
    void (*malloc_hook)(const volatile void *, size_t),
    void (*free_hook)(const volatile void *));

static void on_malloc(const volatile void *p, size_t n) {
    (void)p;
    (void)n;
    count();
}
static void on_free(const volatile void *p) {
    if (p != NULL) count();
}

const char *ca_mechanism(void) { return "asan hooks"; }
void ca_start(void) {
    __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);
}

#else
/* glibc's own entry points, which its public allocator functions wrap */
void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void __libc_free(void *p);
void *__libc_memalign(size_t align, size_t n);
void *__libc_valloc(size_t n);
void *__libc_pvalloc(size_t n);

const char *ca_mechanism(void) { return "interposed"; }
void ca_start(void) {}

void *malloc(size_t n) {
    count();
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t size) {
    count();
    return __libc_calloc(n, size);
}
void *realloc(void *p, size_t n) {
    count();
    return __libc_realloc(p, n);
}
void free(void *p) {
    if (p != NULL) count();
    __libc_free(p);
}
void *memalign(size_t align, size_t n) {
    count();
    return __libc_memalign(align, n);
}
void *aligned_alloc(size_t align, size_t n) {
    count();
    return __libc_memalign(align, n);
}
void *valloc(size_t n) {
    count();
    return __libc_valloc(n);
}
void *pvalloc(size_t n) {
    count();
    return __libc_pvalloc(n);
}
int posix_memalign(void **out, size_t align, size_t n) {
    count();
    if (align < sizeof(void *) || (align & (align - 1)) != 0) return EINVAL;
    void *p = __libc_memalign(align, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
#endif
