/* Wiping the stack below the caller, where primitives left temporaries. */
#include "core/internal.h"
#include "cpu/features.h"

#if defined(__x86_64__)
/*
 * Moves the stack pointer down by `bytes`, zeroes everything between the
 * new and the old stack pointer, and moves it back. Done in one asm block,
 * the only bytes below the caller's frame that are not wiped are this
 * function's return address. Moving rsp first (rather than writing below
 * it) keeps the memory "in the stack" for the kernel, for signal delivery
 * and for valgrind. The file is compiled with -mno-red-zone so nothing of
 * this function lives in the area wiped.
 *
 * From 64 bytes to 8 KiB: vector stores, 32-byte ones where the CPU has
 * AVX (16-byte SSE2 ones otherwise, in every x86-64): the first 64 bytes
 * unaligned, then aligned 64-byte blocks, then the last 64 bytes ending
 * exactly at the old stack pointer (the blocks overlap, never pass the
 * range). rep stosb, kept below 64 bytes and from 8 KiB on (where it is as
 * fast), cost 98 TSC ticks for 512 bytes and 122-147 for 2-2.5 KiB on the
 * Zen 3 host of issue 18, hot; the 32-byte stores 73 for 2-2.5 KiB: a
 * start-up that every primitive which scrubs a few hundred bytes or more
 * paid (docs/perf/gcm.md item 28, chacha20.md #15). Whether AVX is there
 * is read from the features cache without a call (a call would give this
 * function a frame and shift the range down); before the first detection
 * the SSE2 stores run.
 */
void hush_scrub_stack(size_t bytes) {
    if (bytes == 0) return;
    /* exactly `bytes`, not rounded up: a caller that measured what its
     * callee used (x25519.c) must not write below it. rsp is misaligned
     * while the stores run, which nothing observes: no call is made, and
     * the kernel aligns a signal frame itself. */
    size_t count = bytes;
    uint64_t f =
        atomic_load_explicit(&hush_cpu_features_cache, memory_order_relaxed);
    uint64_t avx = (f & HUSH_CPU_FEATURES_VALID) && (f & HUSH_CPU_AVX);
    __asm__ __volatile__("mov %%rsp, %%r11\n\t"
                         "sub %%rcx, %%rsp\n\t"
                         "mov %%rsp, %%rdi\n\t"
                         "cmp $64, %%rcx\n\t"
                         "jb 2f\n\t"
                         "cmp $8192, %%rcx\n\t"
                         "jae 2f\n\t"
                         "lea -64(%%rdi,%%rcx), %%rax\n\t"
                         "test %[avx], %[avx]\n\t"
                         "jnz 5f\n\t"
                         "pxor %%xmm0, %%xmm0\n\t"
                         /* the first 64 bytes, from wherever they start */
                         "movups %%xmm0, (%%rdi)\n\t"
                         "movups %%xmm0, 16(%%rdi)\n\t"
                         "movups %%xmm0, 32(%%rdi)\n\t"
                         "movups %%xmm0, 48(%%rdi)\n\t"
                         /* aligned 64-byte blocks below the last 64 */
                         "add $64, %%rdi\n\t"
                         "and $-64, %%rdi\n\t"
                         "cmp %%rax, %%rdi\n\t"
                         "jae 4f\n"
                         "1:\n\t"
                         "movaps %%xmm0, (%%rdi)\n\t"
                         "movaps %%xmm0, 16(%%rdi)\n\t"
                         "movaps %%xmm0, 32(%%rdi)\n\t"
                         "movaps %%xmm0, 48(%%rdi)\n\t"
                         "add $64, %%rdi\n\t"
                         "cmp %%rax, %%rdi\n\t"
                         "jb 1b\n"
                         /* the last 64, ending at the old stack pointer */
                         "4:\n\t"
                         "movups %%xmm0, (%%rax)\n\t"
                         "movups %%xmm0, 16(%%rax)\n\t"
                         "movups %%xmm0, 32(%%rax)\n\t"
                         "movups %%xmm0, 48(%%rax)\n\t"
                         "jmp 3f\n"
                         /* the same blocks in 32-byte stores (AVX) */
                         "5:\n\t"
                         "vpxor %%xmm0, %%xmm0, %%xmm0\n\t"
                         "vmovdqu %%ymm0, (%%rdi)\n\t"
                         "vmovdqu %%ymm0, 32(%%rdi)\n\t"
                         "add $64, %%rdi\n\t"
                         "and $-64, %%rdi\n\t"
                         "cmp %%rax, %%rdi\n\t"
                         "jae 7f\n"
                         "6:\n\t"
                         "vmovdqa %%ymm0, (%%rdi)\n\t"
                         "vmovdqa %%ymm0, 32(%%rdi)\n\t"
                         "add $64, %%rdi\n\t"
                         "cmp %%rax, %%rdi\n\t"
                         "jb 6b\n"
                         "7:\n\t"
                         "vmovdqu %%ymm0, (%%rax)\n\t"
                         "vmovdqu %%ymm0, 32(%%rax)\n\t"
                         "vzeroupper\n\t"
                         "jmp 3f\n"
                         "2:\n\t"
                         "xor %%eax, %%eax\n\t"
                         "cld\n\t"
                         "rep stosb\n"
                         "3:\n\t"
                         "mov %%r11, %%rsp"
                         : "+c"(count)
                         : [avx] "r"(avx)
                         : "rax", "rdi", "r11", "xmm0", "memory", "cc");
}
#else
/*
 * Portable fallback: fixed-size chunks wiped by a non-inlined recursive
 * function, whose frames lie below the caller's. Small holes (return
 * addresses, alignment padding between frames) are not reached.
 */
#define SCRUB_CHUNK 4096
static void __attribute__((noinline)) scrub_chunks(size_t remaining) {
    volatile unsigned char chunk[SCRUB_CHUNK];
    hush_wipe((void *)chunk, sizeof chunk);
    if (remaining > SCRUB_CHUNK) scrub_chunks(remaining - SCRUB_CHUNK);
    /* keeps the call out of tail position so the frame stays in use */
    __asm__ __volatile__("" : : : "memory");
}

void hush_scrub_stack(size_t bytes) {
    if (bytes == 0) return;
    scrub_chunks(bytes);
}
#endif
