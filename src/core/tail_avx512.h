/*
 * Byte-masked loads and stores of a buffer's last, partial vector, for code
 * built with -mavx512f -mavx512bw -mavx512vl.
 *
 * A masked access never faults on its masked-off bytes, but when those bytes
 * lie on a page that none of the valid bytes touches, the CPU may need a
 * microcode assist to suppress the fault: on Zen 5 each such access costs
 * 200-400 ns, every time, when that page is a guard page or has not been
 * written yet (docs/perf/gcm.md). hush's own hardened secrets end against a
 * guard page, so a message read from one, or written into one, would pay it
 * on every call. These helpers take the masked access only when the whole
 * window stays on the pages of the valid bytes; otherwise they go through a
 * zeroed stack buffer (wiped after) and touch exactly the valid bytes. Which
 * path runs depends on addresses and lengths, both public.
 */
#ifndef HUSH_CORE_TAIL_AVX512_H
#define HUSH_CORE_TAIL_AVX512_H

#include <immintrin.h>

#include "core/internal.h"

/* The smallest page size: a larger real page only makes this cautious. */
#define HUSH_TAIL_PAGE 4096u

/* 1 when the width-byte window at p reaches a page that [p, p + n) does not
 * (1 <= n <= width). */
static inline int hush_tail_leaves_pages(const uint8_t *p, size_t n,
                                         size_t width) {
    uintptr_t a = (uintptr_t)p;
    return (a + n - 1) / HUSH_TAIL_PAGE != (a + width - 1) / HUSH_TAIL_PAGE;
}

/* Byte by byte through volatile pointers: the compiler may turn neither loop
 * into a vector access of its own. */
static inline void hush_tail_copy(uint8_t *dst, const uint8_t *src, size_t n) {
    volatile uint8_t *d = dst;
    const volatile uint8_t *s = src;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

/* Zeroes the 64-byte aligned buffer t; the empty asm keeps the store. No
 * call to hush_wipe: around a call every vector register is caller-saved,
 * and the compiler would spill the caller's live (key-derived) registers to
 * the stack to keep them across it. */
static inline void hush_tail_wipe64(uint8_t *t) {
    _mm512_store_si512((void *)t, _mm512_setzero_si512());
    __asm__ __volatile__("" : : "r"(t) : "memory");
}

/* n (1..64) bytes at p, zero-padded to 64. */
static inline __m512i hush_tail_load512(const uint8_t *p, size_t n) {
    if (n >= 64) return _mm512_loadu_si512((const void *)p);
    if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 64)))
        return _mm512_maskz_loadu_epi8(((__mmask64)1 << n) - 1, p);
    HUSH_ALIGNED(64) uint8_t t[64] = {0};
    hush_tail_copy(t, p, n);
    __m512i v = _mm512_load_si512((const void *)t);
    hush_tail_wipe64(t);
    return v;
}

/* The first n (1..64) bytes of v to p. */
static inline void hush_tail_store512(uint8_t *p, __m512i v, size_t n) {
    if (n >= 64) {
        _mm512_storeu_si512((void *)p, v);
    } else if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 64))) {
        _mm512_mask_storeu_epi8(p, ((__mmask64)1 << n) - 1, v);
    } else {
        HUSH_ALIGNED(64) uint8_t t[64];
        _mm512_store_si512((void *)t, v);
        hush_tail_copy(p, t, n);
        hush_tail_wipe64(t);
    }
}

/* n (1..16) bytes at p, zero-padded to 16. */
static inline __m128i hush_tail_load128(const uint8_t *p, size_t n) {
    if (n >= 16) return _mm_loadu_si128((const __m128i *)(const void *)p);
    if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 16)))
        return _mm_maskz_loadu_epi8((__mmask16)((1u << n) - 1), p);
    HUSH_ALIGNED(64) uint8_t t[64] = {0};
    hush_tail_copy(t, p, n);
    __m128i v = _mm_load_si128((const __m128i *)(const void *)t);
    hush_tail_wipe64(t);
    return v;
}

/* The first n (1..16) bytes of v to p. */
static inline void hush_tail_store128(uint8_t *p, __m128i v, size_t n) {
    if (n >= 16) {
        _mm_storeu_si128((__m128i *)(void *)p, v);
    } else if (HUSH_LIKELY(!hush_tail_leaves_pages(p, n, 16))) {
        _mm_mask_storeu_epi8(p, (__mmask16)((1u << n) - 1), v);
    } else {
        HUSH_ALIGNED(64) uint8_t t[64];
        _mm_store_si128((__m128i *)(void *)t, v);
        hush_tail_copy(p, t, n);
        hush_tail_wipe64(t);
    }
}

#endif
