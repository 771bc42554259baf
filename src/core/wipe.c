/* Wiping and constant-time comparison. */
#include "core/ct.h"
#include "core/internal.h"

/*
 * The stores go through a volatile function pointer to memset, so the
 * compiler cannot prove the call has no effect and drop it; the compiler
 * barrier after it keeps dead-store elimination away too.
 */
static void *(*const volatile hush_memset_fn)(void *, int, size_t) = memset;

void hush_wipe(void *p, size_t len) {
    if (p == NULL || len == 0) return;
    hush_memset_fn(p, 0, len);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

int hush_ct_equal(const void *a, const void *b, size_t len) {
    if (len == 0) return 1;
    /* NULL with a length is a caller bug; answering "not equal" is safe */
    if (a == NULL || b == NULL) return 0;
    return (int)hush_ct_bytes_equal(a, b, len);
}
