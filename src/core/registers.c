/* Clearing the vector register file; see registers.h. */
#include "core/registers.h"

#include "core/internal.h"
#include "cpu/features.h"

#if defined(__x86_64__)
/*
 * The instructions are written in assembly so this file needs no -mavx
 * flags: which block runs is decided by the CPU's features at run time.
 * VZEROALL clears ymm/zmm 0-15 whole (upper bits included) but not
 * zmm16-31, which only exist with AVX-512 and are cleared one by one.
 */
__attribute__((noinline)) void hush_clear_vector_registers(void) {
    uint64_t f = hush_cpu_features();
    if (f & HUSH_CPU_AVX512F) {
        __asm__ __volatile__(
            "vzeroall\n\t"
            "vpxord %%zmm16, %%zmm16, %%zmm16\n\t"
            "vpxord %%zmm17, %%zmm17, %%zmm17\n\t"
            "vpxord %%zmm18, %%zmm18, %%zmm18\n\t"
            "vpxord %%zmm19, %%zmm19, %%zmm19\n\t"
            "vpxord %%zmm20, %%zmm20, %%zmm20\n\t"
            "vpxord %%zmm21, %%zmm21, %%zmm21\n\t"
            "vpxord %%zmm22, %%zmm22, %%zmm22\n\t"
            "vpxord %%zmm23, %%zmm23, %%zmm23\n\t"
            "vpxord %%zmm24, %%zmm24, %%zmm24\n\t"
            "vpxord %%zmm25, %%zmm25, %%zmm25\n\t"
            "vpxord %%zmm26, %%zmm26, %%zmm26\n\t"
            "vpxord %%zmm27, %%zmm27, %%zmm27\n\t"
            "vpxord %%zmm28, %%zmm28, %%zmm28\n\t"
            "vpxord %%zmm29, %%zmm29, %%zmm29\n\t"
            "vpxord %%zmm30, %%zmm30, %%zmm30\n\t"
            "vpxord %%zmm31, %%zmm31, %%zmm31"
            :
            :
            /* zmm16-31 cannot be named as clobbers without -mavx512f; no
             * caller keeps a value in them across this out-of-line call,
             * as every vector register is caller-saved */
            : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7",
              "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",
              "xmm15");
    } else if (f & HUSH_CPU_AVX) {
        __asm__ __volatile__("vzeroall"
                             :
                             :
                             : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                               "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                               "xmm12", "xmm13", "xmm14", "xmm15");
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
