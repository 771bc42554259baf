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
 * itself. Those spills sit in the red zone of hush_hchacha20, a leaf
 * function, and it zeroes the red zone before it returns: no call, no
 * array, no hush_wipe (docs/perf/chacha20.md, HChaCha20).
 */
#include "chacha20/chacha20_impl.h"
#include "core/misuse.h"

/* Writes HChaCha20(key, nonce) to out (32 bytes), leaving key-derived
 * words wherever the compiler spilled them: inlined only into
 * hush_hchacha20, which zeroes them. */
static inline __attribute__((always_inline)) void
hchacha20_permute(uint8_t out[32], const uint8_t nonce[16],
                  const uint8_t key[32]) {
    uint32_t x0 = HUSH_CHACHA_C0, x1 = HUSH_CHACHA_C1, x2 = HUSH_CHACHA_C2,
             x3 = HUSH_CHACHA_C3;
    uint32_t x4 = hush_load32_le(key), x5 = hush_load32_le(key + 4),
             x6 = hush_load32_le(key + 8), x7 = hush_load32_le(key + 12);
    uint32_t x8 = hush_load32_le(key + 16), x9 = hush_load32_le(key + 20),
             x10 = hush_load32_le(key + 24), x11 = hush_load32_le(key + 28);
    uint32_t x12 = hush_load32_le(nonce), x13 = hush_load32_le(nonce + 4),
             x14 = hush_load32_le(nonce + 8), x15 = hush_load32_le(nonce + 12);
    for (int i = 0; i < 10; i++)
        HUSH_CHACHA_DOUBLE_ROUND(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10,
                                 x11, x12, x13, x14, x15);
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

#if defined(__x86_64__) && defined(__OPTIMIZE__)
/* noinline: inlined into hush_xchacha20_state, the asm could zero what
 * that function keeps in its own red zone. The argument check lives in
 * hush_hchacha20: a call to the misuse report, even on a cold path, would
 * cost this function its leaf frame (the spills would leave the red
 * zone). */
static __attribute__((noinline)) void hchacha20_leaf(uint8_t out[32],
                                                     const uint8_t nonce[16],
                                                     const uint8_t key[32]) {
    hchacha20_permute(out, nonce, key);
    /*
     * This function calls nothing, so gcc and clang keep its spills (at
     * -O2 three state words, the loop counter and out: 24 bytes) in the
     * 128-byte red zone below rsp rather than moving rsp; the eight
     * stores zero all of it. The asm comes after the last store to out
     * and nothing is read back from the red zone after it. The test
     * chacha_stack checks that no word of the state, from the key words
     * to the last round, is left below the caller's stack pointer.
     * xmm0 ends up zero; it never held a secret here.
     */
    __asm__ __volatile__("pxor %%xmm0, %%xmm0\n\t"
                         "movups %%xmm0, -16(%%rsp)\n\t"
                         "movups %%xmm0, -32(%%rsp)\n\t"
                         "movups %%xmm0, -48(%%rsp)\n\t"
                         "movups %%xmm0, -64(%%rsp)\n\t"
                         "movups %%xmm0, -80(%%rsp)\n\t"
                         "movups %%xmm0, -96(%%rsp)\n\t"
                         "movups %%xmm0, -112(%%rsp)\n\t"
                         "movups %%xmm0, -128(%%rsp)"
                         :
                         :
                         : "xmm0", "memory");
}
#else
/* Elsewhere, and without optimisation (the locals then live in a frame
 * made with sub rsp and the helpers are real calls), where the spills go
 * is not known: the permutation runs in a frame of its own and the 512
 * bytes beneath the caller are zeroed after it (hush_scrub_stack). */
static __attribute__((noinline)) void hchacha20_frame(uint8_t out[32],
                                                      const uint8_t nonce[16],
                                                      const uint8_t key[32]) {
    hchacha20_permute(out, nonce, key);
}

static void hchacha20_leaf(uint8_t out[32], const uint8_t nonce[16],
                           const uint8_t key[32]) {
    hchacha20_frame(out, nonce, key);
    hush_scrub_stack(512);
}
#endif

void hush_hchacha20(uint8_t out[32], const uint8_t nonce[16],
                    const uint8_t key[32]) {
    HUSH_REQUIRE(out != NULL && nonce != NULL && key != NULL,
                 "NULL output, nonce or key");
    hchacha20_leaf(out, nonce, key); /* a tail call: same frame position */
}

void hush_xchacha20_state(uint32_t s[16], const uint8_t key[32],
                          const uint8_t nonce[24], uint64_t counter) {
    s[0] = HUSH_CHACHA_C0;
    s[1] = HUSH_CHACHA_C1;
    s[2] = HUSH_CHACHA_C2;
    s[3] = HUSH_CHACHA_C3;
    /* the subkey goes straight into words 4-11 (little-endian target) */
    hchacha20_leaf((uint8_t *)&s[4], nonce, key); /* arguments are valid */
    s[12] = (uint32_t)counter;
    s[13] = (uint32_t)(counter >> 32);
    s[14] = hush_load32_le(nonce + 16);
    s[15] = hush_load32_le(nonce + 20);
}
