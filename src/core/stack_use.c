/* Measuring a function's stack use on a painted private stack; see
 * stack_use.h. */
#include "core/stack_use.h"

#include <pthread.h>

#include "core/internal.h"
#include "core/registers.h"

/* Under valgrind the probe is a stack like any other: when fn returns,
 * memcheck marks what it used unaddressable. The client request (a few
 * no-op instructions outside valgrind) gives the probe back. */
#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define PROBE_RELEASE(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#endif
#endif
#if !defined(PROBE_RELEASE)
#define PROBE_RELEASE(p, n) ((void)(p), (void)(n))
#endif

#if defined(__x86_64__)
#define PROBE_BYTES (32 << 10)
#define ROUNDS      3

/* Not secret: the function measured runs on public inputs. */
static HUSH_ALIGNED(64) uint8_t probe[PROBE_BYTES];
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * One run of fn on the painted probe: rsp moves to the probe's top
 * (64-byte aligned, so the call sees the alignment the ABI promises), the
 * call happens there, rsp comes back. The old stack pointer is kept in
 * rbx, which fn preserves. The stack this function runs on is not
 * touched, its red zone included: the call pushes onto the probe. Every
 * register fn may change is a clobber; zmm16-31 cannot be named without
 * -mavx512f, and nothing of this file lives in them.
 */
static size_t painted_run(const void *fn, const void *a, const void *b,
                          const void *c, uint8_t pattern) {
    memset(probe, pattern, sizeof probe);
    uint8_t *top = probe + sizeof probe;
    __asm__ __volatile__("mov %%rsp, %%rbx\n\t"
                         "mov %[top], %%rsp\n\t"
                         "call *%[fn]\n\t"
                         "mov %%rbx, %%rsp"
                         : "+D"(a), "+S"(b), "+d"(c)
                         : [top] "r"(top), [fn] "r"(fn)
                         : "rax", "rbx", "rcx", "r8", "r9", "r10", "r11",
                           HUSH_CLOBBERS_XMM0_15, "memory", "cc");
    PROBE_RELEASE(probe, sizeof probe);
    size_t untouched = 0;
    while (untouched < sizeof probe && probe[untouched] == pattern)
        untouched++;
    return sizeof probe - untouched;
}

size_t hush_stack_use(const void *fn, const void *a, const void *b,
                      const void *c) {
    size_t best = SIZE_MAX;
    pthread_mutex_lock(&probe_lock);
    for (int round = 0; round < ROUNDS; round++) {
        /* a byte fn stores may equal one pattern, never both */
        size_t d0 = painted_run(fn, a, b, c, 0x5a);
        size_t d1 = painted_run(fn, a, b, c, 0xa5);
        size_t d = d0 > d1 ? d0 : d1;
        if (d < best) best = d;
    }
    hush_wipe(probe, sizeof probe); /* what fn left: public, but tidy */
    pthread_mutex_unlock(&probe_lock);
    return best > PROBE_BYTES / 2 ? 0 : best;
}
#else
size_t hush_stack_use(const void *fn, const void *a, const void *b,
                      const void *c) {
    (void)fn, (void)a, (void)b, (void)c;
    return 0;
}
#endif
