/*
 * CPU feature bits as hush sees them: CPUID says the unit exists and, for
 * AVX and AVX-512, XGETBV says the operating system saves its registers.
 */
#ifndef HUSH_CPU_FEATURES_H
#define HUSH_CPU_FEATURES_H

#include <stdint.h>

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
#define HUSH_NEEDS_SHANI (HUSH_CPU_SHANI | HUSH_CPU_SSSE3 | HUSH_CPU_SSE41)
#define HUSH_NEEDS_MULX  (HUSH_CPU_BMI2 | HUSH_CPU_ADX)

/* The features of this CPU, detected once (thread-safe, cached). */
uint64_t hush_cpu_features(void);

/* The features the CPU has, ignoring hush_cpu_mask_features: for code that
 * must cover the whole machine whatever the tiers in use (registers.c
 * clears every register the CPU has). */
uint64_t hush_cpu_features_present(void);

/* Test hook: pretend the CPU lacks `mask` (only ever removes features). */
void hush_cpu_mask_features(uint64_t mask);

#endif
