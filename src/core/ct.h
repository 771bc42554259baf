/*
 * The constant-time vocabulary. Every helper here takes and returns masks
 * or 0/1 flags without branching; the value barrier stops the compiler from
 * turning a mask back into a branch.
 *
 * Contract: a parameter named `bit` must be 0 or 1; a parameter named
 * `mask` must be 0 or all ones. Results follow the same naming.
 *
 * Secrets and their declassification: HUSH_CT_SECRET marks memory as
 * secret, HUSH_CT_DECLASSIFY marks it public again. In the ctgrind build
 * (HUSH_CTGRIND, the library tests/ctgrind links) they are memcheck client
 * requests: valgrind then reports every branch and every address that
 * depends on a secret, so each value the library deliberately makes public
 * (a tag verdict, X25519's all-zero verdict) is declassified where it
 * becomes public, and nothing else is. In every other build they expand to
 * nothing and cost nothing.
 */
#ifndef HUSH_CT_H
#define HUSH_CT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(HUSH_CTGRIND)
#include <valgrind/memcheck.h>
#define HUSH_CT_SECRET(p, n)     VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define HUSH_CT_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define HUSH_CT_SECRET(p, n)     ((void)(p), (void)(n))
#define HUSH_CT_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* v, now public: for a verdict computed from secrets that the caller is
 * told anyway (and the library may branch on). Outside the ctgrind build
 * this is v unchanged, so the code generated is the same as without it. */
static inline uint32_t hush_ct_declassify32(uint32_t v) {
    HUSH_CT_DECLASSIFY(&v, sizeof v);
    return v;
}

/* Hides a value from the optimiser so it cannot reason about its range. */
static inline uint32_t hush_ct_barrier32(uint32_t v) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(v));
#endif
    return v;
}
static inline uint64_t hush_ct_barrier64(uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(v));
#endif
    return v;
}

/* bit -> mask */
static inline uint32_t hush_ct_mask32(uint32_t bit) {
    return (uint32_t)0 - hush_ct_barrier32(bit);
}
static inline uint64_t hush_ct_mask64(uint64_t bit) {
    return (uint64_t)0 - hush_ct_barrier64(bit);
}

/* x < 0 -> mask: the sign bit copied into every bit by an arithmetic right
 * shift (one SAR). C leaves >> of a negative value to the implementation;
 * every compiler hush supports shifts arithmetically, as checked here. */
_Static_assert(((int64_t)-2 >> 1) == -1, "signed >> is an arithmetic shift");
static inline uint64_t hush_ct_sign_mask64(int64_t x) {
    return (uint64_t)(x >> 63);
}

/* 1 if x != 0 else 0 */
static inline uint32_t hush_ct_nonzero32(uint32_t x) {
    return (x | (0u - x)) >> 31;
}
static inline uint64_t hush_ct_nonzero64(uint64_t x) {
    return (x | ((uint64_t)0 - x)) >> 63;
}
/* 1 if a == b else 0 */
static inline uint32_t hush_ct_eq32(uint32_t a, uint32_t b) {
    return 1u ^ hush_ct_nonzero32(a ^ b);
}
/* 1 if a < b (unsigned) else 0 */
static inline uint32_t hush_ct_lt32(uint32_t a, uint32_t b) {
    return (uint32_t)(((uint64_t)a - (uint64_t)b) >> 63);
}
/* mask ? a : b */
static inline uint32_t hush_ct_select32(uint32_t mask, uint32_t a, uint32_t b) {
    return b ^ (mask & (a ^ b));
}
static inline uint64_t hush_ct_select64(uint64_t mask, uint64_t a, uint64_t b) {
    return b ^ (mask & (a ^ b));
}

/* Conditionally swaps two word arrays when mask is all ones. */
static inline void hush_ct_swap64(uint64_t mask, uint64_t *a, uint64_t *b,
                                  size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint64_t t = mask & (a[i] ^ b[i]);
        a[i] ^= t;
        b[i] ^= t;
    }
}

/* 1 if the len bytes are equal, 0 otherwise; time independent of contents. */
static inline uint32_t hush_ct_bytes_equal(const uint8_t *a, const uint8_t *b,
                                           size_t len) {
    uint32_t diff = 0;
    for (size_t i = 0; i < len; i++)
        diff |= (uint32_t)(a[i] ^ b[i]);
    return 1u ^ hush_ct_nonzero32(hush_ct_barrier32(diff));
}

/* 1 if the two 16-byte tags are equal, 0 otherwise, in constant time: two
 * 64-bit XORs and one OR. The byte loop of hush_ct_bytes_equal compiled to
 * about 30 SSE unpack and OR instructions for 16 bytes, a fifth of a
 * 16-byte GCM open's generic code (docs/perf/gcm.md, item 22). */
static inline uint32_t hush_ct_equal16(const uint8_t *a, const uint8_t *b) {
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a, 8);
    memcpy(&a1, a + 8, 8);
    memcpy(&b0, b, 8);
    memcpy(&b1, b + 8, 8);
    uint64_t diff = (a0 ^ b0) | (a1 ^ b1);
    return (uint32_t)(1u ^ hush_ct_nonzero64(hush_ct_barrier64(diff)));
}

#endif
