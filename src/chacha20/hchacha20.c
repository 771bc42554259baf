/*
 * HChaCha20 (draft-irtf-cfrg-xchacha section 2.2): the public one-shot and
 * the XChaCha20 subkey derivation.
 *
 * The permutation is one dependent chain of 240 scalar operations (see
 * docs/perf/chacha20.md #5), so what decides the speed is what comes
 * around it. The 16 state words live in 16 local variables rather than an
 * array, so the only copies of the key-derived state that reach memory
 * are the compiler's spills (x86-64 has 15 usable general registers for
 * 16 words plus the loop counter and the output pointer) and the output
 * itself. Those spills sit in the frame of a non-inlined function; its
 * caller zeroes that frame, which is cheaper than building the state in an
 * array and calling hush_wipe on it (docs/perf/chacha20.md, HChaCha20).
 */
#include "chacha20/chacha20_impl.h"

/* Bytes zeroed below the caller's stack pointer after hchacha20_permute.
 * With gcc 12 -O2 its frame is the return address, six saved registers
 * and at most 32 bytes of spills in the red zone (~90 bytes); clang
 * 14-16 keep it under 100. 256 leaves room for the whole 128-byte red
 * zone beneath six saved registers and some locals. */
#define HCHACHA20_FRAME_SCRUB 256

/* Writes HChaCha20(key, nonce) to out (32 bytes). Leaves key-derived
 * words in its own frame: call only through hchacha20_scrubbed. */
static __attribute__((noinline)) void hchacha20_permute(uint8_t out[32],
                                                        const uint8_t nonce[16],
                                                        const uint8_t key[32]) {
    uint32_t x0 = HUSH_CHACHA_C0, x1 = HUSH_CHACHA_C1, x2 = HUSH_CHACHA_C2,
             x3 = HUSH_CHACHA_C3;
    uint32_t x4 = hush_load32_le(key), x5 = hush_load32_le(key + 4),
             x6 = hush_load32_le(key + 8), x7 = hush_load32_le(key + 12);
    uint32_t x8 = hush_load32_le(key + 16), x9 = hush_load32_le(key + 20),
             x10 = hush_load32_le(key + 24), x11 = hush_load32_le(key + 28);
    uint32_t x12 = hush_load32_le(nonce), x13 = hush_load32_le(nonce + 4),
             x14 = hush_load32_le(nonce + 8), x15 = hush_load32_le(nonce + 12);
    for (int i = 0; i < 10; i++) {
        HUSH_CHACHA_QR(x0, x4, x8, x12);
        HUSH_CHACHA_QR(x1, x5, x9, x13);
        HUSH_CHACHA_QR(x2, x6, x10, x14);
        HUSH_CHACHA_QR(x3, x7, x11, x15);
        HUSH_CHACHA_QR(x0, x5, x10, x15);
        HUSH_CHACHA_QR(x1, x6, x11, x12);
        HUSH_CHACHA_QR(x2, x7, x8, x13);
        HUSH_CHACHA_QR(x3, x4, x9, x14);
    }
    /* words 0-3 and 12-15, no feed-forward */
    hush_store32_le(out, x0);
    hush_store32_le(out + 4, x1);
    hush_store32_le(out + 8, x2);
    hush_store32_le(out + 12, x3);
    hush_store32_le(out + 16, x12);
    hush_store32_le(out + 20, x13);
    hush_store32_le(out + 24, x14);
    hush_store32_le(out + 28, x15);
}

/*
 * Runs hchacha20_permute, then zeroes the HCHACHA20_FRAME_SCRUB bytes
 * beneath this function's stack pointer, where its frame was. On x86-64
 * that is sixteen 16-byte stores in one asm block (rep stosb, which
 * hush_scrub_stack uses for large areas, costs tens of cycles to start).
 * The block moves rsp down first and back last so the bytes written are
 * inside the stack for the kernel and valgrind. This function calls
 * another, so it keeps nothing in a red zone of its own that the stores
 * could hit. xmm0 ends up zero: it never held a secret here.
 */
static void hchacha20_scrubbed(uint8_t out[32], const uint8_t nonce[16],
                               const uint8_t key[32]) {
    hchacha20_permute(out, nonce, key);
#if defined(__x86_64__)
    _Static_assert(HCHACHA20_FRAME_SCRUB == 256, "the asm stores 256 bytes");
    __asm__ __volatile__("sub $256, %%rsp\n\t"
                         "pxor %%xmm0, %%xmm0\n\t"
                         "movups %%xmm0, 0(%%rsp)\n\t"
                         "movups %%xmm0, 16(%%rsp)\n\t"
                         "movups %%xmm0, 32(%%rsp)\n\t"
                         "movups %%xmm0, 48(%%rsp)\n\t"
                         "movups %%xmm0, 64(%%rsp)\n\t"
                         "movups %%xmm0, 80(%%rsp)\n\t"
                         "movups %%xmm0, 96(%%rsp)\n\t"
                         "movups %%xmm0, 112(%%rsp)\n\t"
                         "movups %%xmm0, 128(%%rsp)\n\t"
                         "movups %%xmm0, 144(%%rsp)\n\t"
                         "movups %%xmm0, 160(%%rsp)\n\t"
                         "movups %%xmm0, 176(%%rsp)\n\t"
                         "movups %%xmm0, 192(%%rsp)\n\t"
                         "movups %%xmm0, 208(%%rsp)\n\t"
                         "movups %%xmm0, 224(%%rsp)\n\t"
                         "movups %%xmm0, 240(%%rsp)\n\t"
                         "add $256, %%rsp"
                         :
                         :
                         : "xmm0", "memory");
#else
    hush_scrub_stack(HCHACHA20_FRAME_SCRUB);
#endif
}

void hush_hchacha20(uint8_t out[32], const uint8_t nonce[16],
                    const uint8_t key[32]) {
    if (out == NULL || nonce == NULL || key == NULL) return;
    hchacha20_scrubbed(out, nonce, key);
}

void hush_xchacha20_state(uint32_t s[16], const uint8_t key[32],
                          const uint8_t nonce[24], uint64_t counter) {
    s[0] = HUSH_CHACHA_C0;
    s[1] = HUSH_CHACHA_C1;
    s[2] = HUSH_CHACHA_C2;
    s[3] = HUSH_CHACHA_C3;
    /* the subkey goes straight into words 4-11 (little-endian target) */
    hchacha20_scrubbed((uint8_t *)&s[4], nonce, key);
    s[12] = (uint32_t)counter;
    s[13] = (uint32_t)(counter >> 32);
    s[14] = hush_load32_le(nonce + 16);
    s[15] = hush_load32_le(nonce + 20);
}
