/* Clearing the vector register file; see registers.h. */
#include "core/registers.h"

#include "core/internal.h"
#include "cpu/features.h"

#if defined(__x86_64__)
/*
 * The instructions are written in assembly so this file needs no -mavx
 * flags: which block runs is decided by the CPU's features at run time.
 *
 * A VEX- or EVEX-encoded write of an xmm register zeroes the rest of its
 * ymm/zmm register, and a register XORed with itself is a zeroing idiom
 * that the renamer handles without an execution port; VZEROUPPER then
 * marks the upper halves clean for later SSE code. VZEROALL would clear
 * ymm/zmm0-15 in one instruction, but it is microcoded on Intel cores:
 * 17 core cycles with the 16 EVEX zeroings of zmm16-31 against 7 for
 * these 33 instructions on a Granite Rapids-class Xeon (docs/perf/gcm.md),
 * the same on Zen 5.
 */
#define ZERO_XMM0_15                                                           \
    "vpxor %%xmm0, %%xmm0, %%xmm0\n\tvpxor %%xmm1, %%xmm1, %%xmm1\n\t"         \
    "vpxor %%xmm2, %%xmm2, %%xmm2\n\tvpxor %%xmm3, %%xmm3, %%xmm3\n\t"         \
    "vpxor %%xmm4, %%xmm4, %%xmm4\n\tvpxor %%xmm5, %%xmm5, %%xmm5\n\t"         \
    "vpxor %%xmm6, %%xmm6, %%xmm6\n\tvpxor %%xmm7, %%xmm7, %%xmm7\n\t"         \
    "vpxor %%xmm8, %%xmm8, %%xmm8\n\tvpxor %%xmm9, %%xmm9, %%xmm9\n\t"         \
    "vpxor %%xmm10, %%xmm10, %%xmm10\n\tvpxor %%xmm11, %%xmm11, %%xmm11\n\t"   \
    "vpxor %%xmm12, %%xmm12, %%xmm12\n\tvpxor %%xmm13, %%xmm13, %%xmm13\n\t"   \
    "vpxor %%xmm14, %%xmm14, %%xmm14\n\tvpxor %%xmm15, %%xmm15, %%xmm15\n\t"   \
    "vzeroupper"

/* Which registers exist is read from the CPU-features cache on every
 * call, inline (one load and a test once it is filled), not through
 * hush_cpu_features, whose call, saved register and test mask were ~10 of
 * the ~45 instructions of a short AEAD call (docs/perf/gcm.md, item 18).
 * The CPU's own features, not the masked ones: a register the CPU has is
 * cleared even when a test hides the tier that would use it. */
__attribute__((noinline)) void hush_clear_vector_registers(void) {
    uint64_t f = hush_cpu_features_present();
    if (f & HUSH_CPU_AVX512F) {
        __asm__ __volatile__(
            "vpxord %%xmm16, %%xmm16, %%xmm16\n\t"
            "vpxord %%xmm17, %%xmm17, %%xmm17\n\t"
            "vpxord %%xmm18, %%xmm18, %%xmm18\n\t"
            "vpxord %%xmm19, %%xmm19, %%xmm19\n\t"
            "vpxord %%xmm20, %%xmm20, %%xmm20\n\t"
            "vpxord %%xmm21, %%xmm21, %%xmm21\n\t"
            "vpxord %%xmm22, %%xmm22, %%xmm22\n\t"
            "vpxord %%xmm23, %%xmm23, %%xmm23\n\t"
            "vpxord %%xmm24, %%xmm24, %%xmm24\n\t"
            "vpxord %%xmm25, %%xmm25, %%xmm25\n\t"
            "vpxord %%xmm26, %%xmm26, %%xmm26\n\t"
            "vpxord %%xmm27, %%xmm27, %%xmm27\n\t"
            "vpxord %%xmm28, %%xmm28, %%xmm28\n\t"
            "vpxord %%xmm29, %%xmm29, %%xmm29\n\t"
            "vpxord %%xmm30, %%xmm30, %%xmm30\n\t"
            "vpxord %%xmm31, %%xmm31, %%xmm31\n\t" ZERO_XMM0_15
            :
            :
            /* zmm16-31 cannot be named as clobbers without -mavx512f; no
             * caller keeps a value in them across this out-of-line call,
             * as every vector register is caller-saved */
            : HUSH_CLOBBERS_XMM0_15);
    } else if (f & HUSH_CPU_AVX) {
        __asm__ __volatile__(ZERO_XMM0_15 : : : HUSH_CLOBBERS_XMM0_15);
    } else {
        __asm__ __volatile__(
            "pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"
            "pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
            "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
            "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
            "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
            "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
            "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
            "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
            :
            :
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
              "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
              "xmm15");
    }
}
#else
/* Other architectures: nothing is cleared yet (docs/LEAKS.md says so). */
void hush_clear_vector_registers(void) {}
#endif
