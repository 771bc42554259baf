/*
 * CPU feature bits as hush sees them: CPUID says the unit exists and, for
 * AVX and AVX-512, XGETBV says the operating system saves its registers.
 */
#ifndef HUSH_CPU_FEATURES_H
#define HUSH_CPU_FEATURES_H

#include <stdatomic.h>
#include <stdint.h>

#include "core/internal.h"

#define HUSH_CPU_SSE2        (1ull << 0)
#define HUSH_CPU_SSSE3       (1ull << 1)
#define HUSH_CPU_SSE41       (1ull << 2)
#define HUSH_CPU_AVX         (1ull << 3)
#define HUSH_CPU_AVX2        (1ull << 4)
#define HUSH_CPU_AVX512F     (1ull << 5)
#define HUSH_CPU_AVX512VL    (1ull << 6)
#define HUSH_CPU_AVX512BW    (1ull << 7)
#define HUSH_CPU_AVX512DQ    (1ull << 8)
#define HUSH_CPU_AVX512IFMA  (1ull << 9)
#define HUSH_CPU_AVX512VBMI  (1ull << 10)
#define HUSH_CPU_AVX512VBMI2 (1ull << 11)
#define HUSH_CPU_AESNI       (1ull << 12)
#define HUSH_CPU_PCLMUL      (1ull << 13)
#define HUSH_CPU_VAES        (1ull << 14)
#define HUSH_CPU_VPCLMUL     (1ull << 15)
#define HUSH_CPU_SHANI       (1ull << 16)
#define HUSH_CPU_BMI2        (1ull << 17)
#define HUSH_CPU_ADX         (1ull << 18)
#define HUSH_CPU_GFNI        (1ull << 19)
#define HUSH_CPU_BMI1        (1ull << 20)
/* Not an instruction set: the vendor is AMD (or Hygon), whose cores want
 * other schedules for some tiers (src/gcm/gcm_vaes512.c) */
#define HUSH_CPU_AMD (1ull << 21)

/* The feature sets each tier name stands for (see docs/DESIGN.md). */
#define HUSH_NEEDS_AVX2 (HUSH_CPU_AVX | HUSH_CPU_AVX2)
#define HUSH_NEEDS_AVX512                                                      \
    (HUSH_NEEDS_AVX2 | HUSH_CPU_AVX512F | HUSH_CPU_AVX512VL | HUSH_CPU_AVX512BW)
#define HUSH_NEEDS_AESNI  (HUSH_CPU_AESNI | HUSH_CPU_SSSE3 | HUSH_CPU_SSE41)
#define HUSH_NEEDS_PCLMUL (HUSH_CPU_PCLMUL | HUSH_CPU_SSSE3 | HUSH_CPU_SSE41)
#define HUSH_NEEDS_VAES512                                                     \
    (HUSH_NEEDS_AVX512 | HUSH_NEEDS_AESNI | HUSH_CPU_VAES)
#define HUSH_NEEDS_VPCLMUL512                                                  \
    (HUSH_NEEDS_AVX512 | HUSH_NEEDS_PCLMUL | HUSH_CPU_VPCLMUL)
/* VAES and VPCLMULQDQ on 256-bit registers only (AMD Zen 3, Intel Alder
 * Lake and later client cores): AVX2 and the OS's YMM state, no AVX-512.
 * features.c sets the VAES and VPCLMULQDQ bits (CPUID leaf 7, ECX bits 9
 * and 10) on YMM state alone, so these hold on CPUs without AVX-512. */
#define HUSH_NEEDS_VAES256 (HUSH_NEEDS_AVX2 | HUSH_NEEDS_AESNI | HUSH_CPU_VAES)
#define HUSH_NEEDS_VPCLMUL256                                                  \
    (HUSH_NEEDS_AVX2 | HUSH_NEEDS_PCLMUL | HUSH_CPU_VPCLMUL)
#define HUSH_NEEDS_SHANI (HUSH_CPU_SHANI | HUSH_CPU_SSSE3 | HUSH_CPU_SSE41)
#define HUSH_NEEDS_MULX  (HUSH_CPU_BMI2 | HUSH_CPU_ADX)

/* The features of this CPU, detected once (thread-safe, cached). */
uint64_t hush_cpu_features(void);

/* The one cache of the detected features: 0 until the first detection,
 * then the features with HUSH_CPU_FEATURES_VALID set (no real feature uses
 * bit 63). Written only by hush_cpu_features_detect; read it through
 * hush_cpu_features_present. Hidden where it is declared, so that a
 * reader in the shared library loads it PC-relative, not through the GOT. */
#define HUSH_CPU_FEATURES_VALID (1ull << 63)
extern _Atomic uint64_t hush_cpu_features_cache
    __attribute__((visibility("hidden")));

/* Detects the features and fills the cache; returns the cached word. */
uint64_t hush_cpu_features_detect(void);

/* The features the CPU has, ignoring hush_cpu_mask_features: for code that
 * must cover the whole machine whatever the tiers in use (registers.c
 * clears every register the CPU has). Inline, so that a caller on a hot
 * path pays one load and a test of bit 63 once the cache is filled
 * (docs/perf/gcm.md, item 18). */
static inline uint64_t hush_cpu_features_present(void) {
    uint64_t f =
        atomic_load_explicit(&hush_cpu_features_cache, memory_order_acquire);
    if (HUSH_UNLIKELY(!(f & HUSH_CPU_FEATURES_VALID)))
        f = hush_cpu_features_detect();
    return f & ~HUSH_CPU_FEATURES_VALID;
}

/* Test hook: pretend the CPU lacks `mask` (only ever removes features). */
void hush_cpu_mask_features(uint64_t mask);

#endif
