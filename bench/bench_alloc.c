/*
 * Heap allocation counter: the bench binary interposes the C allocator
 * (its definitions win over libc's for every library in the process,
 * including the peers) and forwards to glibc's __libc_* entry points.
 *
 * The count is a plain integer, not an atomic: the benchmark is single
 * threaded, and a locked increment would add ~20 cycles to every malloc,
 * distorting the allocation ladder's malloc+free reference row.
 *
 * Sanitizer builds own the allocator, so there this file only reports -1
 * ("cannot count").
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench.h"

#if defined(HUSH_BENCH_COUNT_ALLOCS)

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);
extern void *__libc_valloc(size_t n);
extern void *__libc_pvalloc(size_t n);
extern void __libc_free(void *p);

/* also declared here: glibc declares them only under some feature macros */
void *memalign(size_t align, size_t n);
void *valloc(size_t n);
void *pvalloc(size_t n);

/* The project builds with hidden visibility; these must be visible to the
 * dynamic linker so the peers' libraries bind to them. */
#define EXPORTED __attribute__((visibility("default")))

static int64_t allocations;

int64_t bench_alloc_count(void) { return allocations; }

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
EXPORTED void free(void *p) { __libc_free(p); }
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

#else

int64_t bench_alloc_count(void) { return -1; }

#endif
