/* Wiping the stack below the caller, where primitives left temporaries. */
#include "core/internal.h"

#if defined(__x86_64__)
/*
 * Moves the stack pointer down by `bytes`, zeroes everything between the
 * new and the old stack pointer with rep stosb, and moves it back. Done in
 * one asm block, the only bytes below the caller's frame that are not
 * wiped are this function's return address. Moving rsp first (rather than
 * writing below it) keeps the memory "in the stack" for the kernel, for
 * signal delivery and for valgrind. The file is compiled with
 * -mno-red-zone so nothing of this function lives in the area wiped.
 */
void hush_scrub_stack(size_t bytes) {
    if (bytes == 0) return;
    /* exactly `bytes`, not rounded up: a caller that measured what its
     * callee used (x25519.c) must not write below it. rsp is misaligned
     * while rep stosb runs, which nothing observes: no call is made, and
     * the kernel aligns a signal frame itself. */
    size_t count = bytes;
    __asm__ __volatile__("mov %%rsp, %%r11\n\t"
                         "sub %%rcx, %%rsp\n\t"
                         "mov %%rsp, %%rdi\n\t"
                         "xor %%eax, %%eax\n\t"
                         "cld\n\t"
                         "rep stosb\n\t"
                         "mov %%r11, %%rsp"
                         : "+c"(count)
                         :
                         : "rax", "rdi", "r11", "memory", "cc");
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
