/*
 * CPUID and XGETBV feature detection. A feature counts only when the CPU
 * has it and, for vector state, the OS has enabled saving that state.
 */
#include "cpu/features.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "core/internal.h"

_Atomic uint64_t hush_cpu_features_cache;
static _Atomic uint64_t masked_features;

#if defined(HUSH_X86_64)
#include <cpuid.h>

static uint64_t xgetbv0(void) {
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static uint64_t detect(void) {
    unsigned a, b, c, d;
    uint64_t f = 0;
    unsigned max_leaf = __get_cpuid_max(0, NULL);
    if (max_leaf < 1) return 0;
    /* leaf 0: the vendor string in ebx, edx, ecx */
    __cpuid(0, a, b, c, d);
    if ((b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u) ||
        (b == 0x6f677948u && d == 0x6e65476eu && c == 0x656e6975u))
        f |= HUSH_CPU_AMD; /* "AuthenticAMD", "HygonGenuine" */
    __cpuid(1, a, b, c, d);
    if (d & (1u << 26)) f |= HUSH_CPU_SSE2;
    if (c & (1u << 9)) f |= HUSH_CPU_SSSE3;
    if (c & (1u << 19)) f |= HUSH_CPU_SSE41;
    if (c & (1u << 25)) f |= HUSH_CPU_AESNI;
    if (c & (1u << 1)) f |= HUSH_CPU_PCLMUL;
    unsigned osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    /* XMM and YMM state (bits 1, 2) saved by the OS */
    int os_avx = (xcr0 & 0x6) == 0x6;
    /* plus opmask, ZMM_Hi256 and Hi16_ZMM (bits 5, 6, 7) */
    int os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;
    if (avx && os_avx) f |= HUSH_CPU_AVX;
    if (max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 3)) f |= HUSH_CPU_BMI1;
        if (b & (1u << 8)) f |= HUSH_CPU_BMI2;
        if (b & (1u << 19)) f |= HUSH_CPU_ADX;
        if (b & (1u << 29)) f |= HUSH_CPU_SHANI;
        if (c & (1u << 8)) f |= HUSH_CPU_GFNI;
        if (os_avx) {
            if (b & (1u << 5)) f |= HUSH_CPU_AVX2;
            if (c & (1u << 9)) f |= HUSH_CPU_VAES;
            if (c & (1u << 10)) f |= HUSH_CPU_VPCLMUL;
        }
        if (os_avx512) {
            if (b & (1u << 16)) f |= HUSH_CPU_AVX512F;
            if (b & (1u << 17)) f |= HUSH_CPU_AVX512DQ;
            if (b & (1u << 21)) f |= HUSH_CPU_AVX512IFMA;
            if (b & (1u << 30)) f |= HUSH_CPU_AVX512BW;
            if (b & (1u << 31)) f |= HUSH_CPU_AVX512VL;
            if (c & (1u << 1)) f |= HUSH_CPU_AVX512VBMI;
            if (c & (1u << 6)) f |= HUSH_CPU_AVX512VBMI2;
        }
    }
    return f;
}
#else
static uint64_t detect(void) { return 0; }
#endif

/* Kept out of line and cold: every caller inlines only the cache read. */
__attribute__((noinline, cold)) uint64_t hush_cpu_features_detect(void) {
    /* racing threads compute the same value; storing twice is harmless */
    uint64_t f = detect() | HUSH_CPU_FEATURES_VALID;
    atomic_store_explicit(&hush_cpu_features_cache, f, memory_order_release);
    return f;
}

uint64_t hush_cpu_features(void) {
    return hush_cpu_features_present() &
           ~atomic_load_explicit(&masked_features, memory_order_relaxed);
}

void hush_cpu_mask_features(uint64_t mask) {
    atomic_store_explicit(&masked_features, mask, memory_order_relaxed);
}

static const struct {
    uint64_t bit;
    const char *name;
} feature_names[] = {
    {HUSH_CPU_SSE2, "sse2"},
    {HUSH_CPU_SSSE3, "ssse3"},
    {HUSH_CPU_SSE41, "sse4.1"},
    {HUSH_CPU_AVX, "avx"},
    {HUSH_CPU_AVX2, "avx2"},
    {HUSH_CPU_BMI1, "bmi1"},
    {HUSH_CPU_BMI2, "bmi2"},
    {HUSH_CPU_ADX, "adx"},
    {HUSH_CPU_AESNI, "aes"},
    {HUSH_CPU_PCLMUL, "pclmulqdq"},
    {HUSH_CPU_SHANI, "sha"},
    {HUSH_CPU_GFNI, "gfni"},
    {HUSH_CPU_VAES, "vaes"},
    {HUSH_CPU_VPCLMUL, "vpclmulqdq"},
    {HUSH_CPU_AVX512F, "avx512f"},
    {HUSH_CPU_AVX512VL, "avx512vl"},
    {HUSH_CPU_AVX512BW, "avx512bw"},
    {HUSH_CPU_AVX512DQ, "avx512dq"},
    {HUSH_CPU_AVX512IFMA, "avx512ifma"},
    {HUSH_CPU_AVX512VBMI, "avx512vbmi"},
    {HUSH_CPU_AVX512VBMI2, "avx512vbmi2"},
};

const char *hush_cpu_features_string(void) {
    static char text[256];
    static _Atomic int ready;
    if (atomic_load_explicit(&ready, memory_order_acquire)) return text;
    char tmp[256] = "";
    size_t used = 0;
    uint64_t f = hush_cpu_features();
    for (size_t i = 0; i < HUSH_ARRAY_LEN(feature_names); i++) {
        if (!(f & feature_names[i].bit)) continue;
        /* the names fit (about 200 bytes for all of them); were one not
         * to, the list stops there rather than overflow */
        size_t room = sizeof tmp - used;
        int n = snprintf(tmp + used, room, "%s%s", used ? " " : "",
                         feature_names[i].name);
        if (n < 0 || (size_t)n >= room) {
            tmp[used] = 0;
            break;
        }
        used += (size_t)n;
    }
    /* every thread writes the same bytes; publish once */
    int expected = 0;
    static _Atomic int writing;
    if (atomic_compare_exchange_strong(&writing, &expected, 1)) {
        memcpy(text, tmp, sizeof text);
        atomic_store_explicit(&ready, 1, memory_order_release);
    }
    while (!atomic_load_explicit(&ready, memory_order_acquire)) {
    }
    return text;
}
