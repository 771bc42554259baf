/*
 * Internal vocabulary shared by every source file of the library: byte
 * order helpers, overlap checks, the rules for NULL with length 0, and the
 * code-generation barrier.
 */
#ifndef HUSH_INTERNAL_H
#define HUSH_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "hush.h"

#define HUSH_LIKELY(x)    __builtin_expect(!!(x), 1)
#define HUSH_UNLIKELY(x)  __builtin_expect(!!(x), 0)
#define HUSH_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Wipes a whole object: WIPE(ctx) == hush_wipe(ctx, sizeof *ctx). */
#define HUSH_WIPE_OBJ(p) hush_wipe((p), sizeof *(p))

/*
 * The code-generation barrier: an empty asm that takes x and gives it back
 * changed as far as the optimiser knows, so nothing it knew about x (that
 * it is the same pointer every iteration, the same word as before, a value
 * it could keep live, merge with a constant or vectorise with its
 * neighbours) holds past this point. It steers register allocation and
 * instruction selection: keeping round-key loads inside a loop instead of
 * hoisted and spilled, keeping a swap in general registers. It is not a
 * constant-time device, and code must not rely on it for that: masks that
 * must not turn into branches go through hush_ct_barrier32/64 (core/ct.h).
 * HUSH_OPAQUE takes integers or pointers (general registers),
 * HUSH_OPAQUE_VEC SSE/AVX vectors (xmm or ymm registers); the numbered
 * forms hide several values in one asm statement, which the compiler
 * schedules as one point (several statements schedule differently).
 */
#define HUSH_OPAQUE(x)     __asm__("" : "+r"(x))
#define HUSH_OPAQUE2(x, y) __asm__("" : "+r"(x), "+r"(y))
#define HUSH_OPAQUE4(w, x, y, z)                                               \
    __asm__("" : "+r"(w), "+r"(x), "+r"(y), "+r"(z))
#define HUSH_OPAQUE_VEC(x)        __asm__("" : "+x"(x))
#define HUSH_OPAQUE_VEC3(x, y, z) __asm__("" : "+x"(x), "+x"(y), "+x"(z))

static inline uint32_t hush_load32_le(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v; /* hush builds only for little-endian targets: see DESIGN.md */
}
static inline uint64_t hush_load64_le(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline void hush_store32_le(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static inline void hush_store64_le(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

static inline uint32_t hush_load32_be(const uint8_t *p) {
    return __builtin_bswap32(hush_load32_le(p));
}
static inline uint64_t hush_load64_be(const uint8_t *p) {
    return __builtin_bswap64(hush_load64_le(p));
}
static inline void hush_store32_be(uint8_t *p, uint32_t v) {
    hush_store32_le(p, __builtin_bswap32(v));
}
static inline void hush_store64_be(uint8_t *p, uint64_t v) {
    hush_store64_le(p, __builtin_bswap64(v));
}

/*
 * Loads of n <= 8 bytes made of one-byte loads, for inputs a caller has
 * most likely just written, such as a nonce bumped right before the call. A
 * load is served from a pending store only when the store covers it
 * whole; an 8-byte load over a one-byte store (nonce[0]++) waits for that
 * store to reach the cache instead, ~16 ns on Zen 5 (docs/perf/gcm.md).
 * One-byte loads are covered by a store of any width. HUSH_OPAQUE keeps
 * the compiler from merging the bytes back into one wide load.
 */
static inline uint64_t hush_load_le_bytewise(const uint8_t *p, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t b = p[i];
        HUSH_OPAQUE(b);
        v |= b << (8 * i);
    }
    return v;
}
static inline uint64_t hush_load_be_bytewise(const uint8_t *p, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t b = p[i];
        HUSH_OPAQUE(b);
        v |= b << (8 * (n - 1 - i));
    }
    return v;
}

/*
 * 1 when [a, a+alen) and [b, b+blen) overlap without being the same start:
 * the case the API refuses (exact aliasing, in-place, is allowed).
 */
static inline int hush_overlaps_partially(const void *a, size_t alen,
                                          const void *b, size_t blen) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    if (alen == 0 || blen == 0 || x == y) return 0;
    return x < y + blen && y < x + alen;
}

/* 1 when [p, p + len) is a buffer that can exist: NULL only when empty,
 * no larger than any C object (PTRDIFF_MAX), its end not wrapping the
 * address space. On integers, so it may be asked of any length before a
 * pointer p + len is formed. */
static inline int hush_span_ok(const void *p, size_t len) {
    if (p == NULL) return len == 0;
    return len <= PTRDIFF_MAX && len <= UINTPTR_MAX - (uintptr_t)p;
}

/* 1 when a buffer is NULL although its length says there is data. */
static inline int hush_missing(const void *p, size_t len) {
    return p == NULL && len != 0;
}

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "hush currently supports little-endian targets only"
#endif

#endif
