/*
 * ChaCha20-Poly1305 for AVX2 CPUs, stitched: each 8-block AVX2 ChaCha20
 * batch (chacha20/chacha20_avx2.h) runs with 512 bytes of Poly1305 in
 * general registers (64-bit limbs, mulx) between its double rounds, so the
 * multiplier and the integer ports work while the vector ports run
 * ChaCha20. Sealing hashes the previous batch's ciphertext, opening the
 * ciphertext of the batch about to be decrypted.
 *
 * The batch and its 32 block steps are one asm loop: the double round's
 * text from chacha20_avx2.h with a fifth of a block step after each of
 * its steps, so that neither compiler can reorder or spill around them.
 * The 32 blocks form one chain: a block step's latency (~15 cycles, the
 * high word of h0 r0 + h1 s1 joining the fold's carries instead of
 * waiting before it) fits the ~16 cycles of vector work it is spread
 * over. The Poly1305 pass after the last sealing batch has nothing to
 * hide behind and runs as two chains of 16 blocks instead, joined with
 * r^16 (a general product). Constant time: additions, multiplications
 * and fixed shifts.
 */
#include "chacha20/chacha20_avx2.h"
#include "chachapoly/chachapoly_impl.h"
#include "poly1305/poly1305_mulx.h"

typedef hush_u64x u64x;

#define UNIT 512 /* bytes per ChaCha20 batch and Poly1305 step */

/* the offsets the asm text uses */
_Static_assert(offsetof(hush_chacha8_asm, r0) == 512, "r0 at 512(%[xp])");
_Static_assert(offsetof(hush_chacha8_asm, r1) == 520, "r1 at 520(%[xp])");
_Static_assert(offsetof(hush_chacha8_asm, s1) == 528, "s1 at 528(%[xp])");
_Static_assert(offsetof(hush_chacha8_asm, end) == 536, "end at 536(%[xp])");

typedef struct stitch_keys {
    hush_poly1305_scalar p; /* h, r, pad */
    u64x r16[3];            /* r^16 mod p, below 2^131 */
} stitch_keys;

/* h = h * g mod 2^130 - 5 for any g with g[2] < 16 and h[2] < 16; the
 * result has h[2] <= 4. */
static inline void mul_general(u64x h[3], const u64x g[3]) {
    const uint64_t h0 = h[0], h1 = h[1], h2 = h[2];
    const hush_u128 p00 = (hush_u128)h0 * g[0];
    const hush_u128 p01 = (hush_u128)h0 * g[1], p10 = (hush_u128)h1 * g[0];
    const hush_u128 p02 = (hush_u128)h0 * g[2], p11 = (hush_u128)h1 * g[1];
    const hush_u128 p20 = (hush_u128)h2 * g[0];
    const hush_u128 p12 = (hush_u128)h1 * g[2], p21 = (hush_u128)h2 * g[1];
    const uint64_t p22 = h2 * g[2];
    /* the product as t0 + t1 2^64 + t2 2^128 + t3 2^192 + t4 2^256 */
    hush_u128 c = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    const uint64_t t0 = (uint64_t)p00, t1 = (uint64_t)c;
    c = (c >> 64) + (p01 >> 64) + (p10 >> 64) + (uint64_t)p02 + (uint64_t)p11 +
        (uint64_t)p20;
    const uint64_t t2 = (uint64_t)c;
    c = (c >> 64) + (p02 >> 64) + (p11 >> 64) + (p20 >> 64) + (uint64_t)p12 +
        (uint64_t)p21;
    const uint64_t t3 = (uint64_t)c;
    const uint64_t t4 = (uint64_t)(c >> 64) + (uint64_t)(p12 >> 64) +
                        (uint64_t)(p21 >> 64) + p22;
    /* low 130 bits + 5 * the rest: with H = the rest times 4 (t2 & ~3,
     * t3, t4), 5 * rest = H + H / 4 */
    hush_u128 w =
        (hush_u128)t0 + (t2 & ~(uint64_t)3) + ((t2 >> 2) | (t3 << 62));
    const uint64_t w0 = (uint64_t)w;
    w = (w >> 64) + t1 + t3 + ((t3 >> 2) | (t4 << 62));
    const uint64_t w1 = (uint64_t)w;
    uint64_t w2 = (uint64_t)(w >> 64) + (t2 & 3) + t4 + (t4 >> 2);
    /* fold once more so that h[2] stays small */
    const uint64_t f = (w2 >> 2) * 5;
    w2 &= 3;
    w = (hush_u128)w0 + f;
    h[0] = (uint64_t)w;
    w = (hush_u128)w1 + (uint64_t)(w >> 64);
    h[1] = (uint64_t)w;
    h[2] = w2 + (uint64_t)(w >> 64);
}

/* The Poly1305 block step as five pieces of asm text for the stitched
 * double rounds: chain (H0, H1, H2) absorbs the 16 bytes at OFF(%[mac])
 * and ends in the same three registers; t0-t3 and rdx are scratch, r0,
 * r1, s1 are read from the hush_chacha8_asm block (%[xp] + 512, 520,
 * 528). The five pieces of one block run in order with only vector
 * work between them, so its scratch may live from one piece to the next;
 * no flags do.
 * With h = h + m + 2^128: X0 = h0 r0 + h1 s1 (t0:H0) and X1 = h0 r1 +
 * h1 r0 (t2:t1), both below 2^127; then H2:H1 = X1 + h2 s1 + 2^64 h2 r0
 * (the 2^128 column, h2 <= 6) and the fold of bits 130 and up, (H2 >> 2)
 * * 5 into H0, with X0's high word added into H1 in the same carry
 * chain, so it does not wait for the fold: h2 <= 4 after. */
#define PB1(H0, H1, H2, OFF)                                                   \
    "addq " OFF "(%[mac]), %[" H0 "]\n\t"                                      \
    "adcq " OFF "+8(%[mac]), %[" H1 "]\n\t"                                    \
    "adcq $1, %[" H2 "]\n\t"                                                   \
    "movq %[" H0 "], %%rdx\n\t"                                                \
    "mulxq 512(%[xp]), %[" H0 "], %[t0]\n\t"                                   \
    "mulxq 520(%[xp]), %[t1], %[t2]\n\t"
/* rdx = h1 from here to PB3 */
#define PB2(H0, H1, H2)                                                        \
    "movq %[" H1 "], %%rdx\n\t"                                                \
    "mulxq 512(%[xp]), %[" H1 "], %[t3]\n\t"                                   \
    "addq %[" H1 "], %[t1]\n\t"                                                \
    "adcq %[t3], %[t2]\n\t"
#define PB3(H0, H1, H2)                                                        \
    "mulxq 528(%[xp]), %[" H1 "], %[t3]\n\t"                                   \
    "addq %[" H1 "], %[" H0 "]\n\t"                                            \
    "adcq %[t3], %[t0]\n\t"                                                    \
    "movq %[" H2 "], %[" H1 "]\n\t"                                            \
    "imulq 528(%[xp]), %[" H1 "]\n\t"                                          \
    "imulq 512(%[xp]), %[" H2 "]\n\t"
#define PB4(H0, H1, H2)                                                        \
    "addq %[t1], %[" H1 "]\n\t"                                                \
    "adcq %[t2], %[" H2 "]\n\t"                                                \
    "movq %[" H2 "], %[t1]\n\t"                                                \
    "andq $3, %[" H2 "]\n\t"                                                   \
    "shrq $2, %[t1]\n\t"
#define PB5(H0, H1, H2)                                                        \
    "leaq (%[t1], %[t1], 4), %[t1]\n\t"                                        \
    "addq %[t1], %[" H0 "]\n\t"                                                \
    "adcq %[t0], %[" H1 "]\n\t"                                                \
    "adcq $0, %[" H2 "]\n\t"
#define PA1(OFF) PB1("a0", "a1", "a2", OFF)
#define PA2      PB2("a0", "a1", "a2")
#define PA3      PB3("a0", "a1", "a2")
#define PA4      PB4("a0", "a1", "a2")
#define PA5      PB5("a0", "a1", "a2")
/* Five double rounds with 16 block steps of one chain spread over their
 * 80 steps, five pieces a block: the blocks at 0, 16, ..., 240(%[mac]). */
#define FIVE_ROUNDS                                                            \
    HUSH_C8A_DOUBLE_ROUND(PA1("0"), PA2, PA3, PA4, PA5, PA1("16"), PA2, PA3,   \
                          PA4, PA5, PA1("32"), PA2, PA3, PA4, PA5, PA1("48"))  \
    HUSH_C8A_DOUBLE_ROUND(PA2, PA3, PA4, PA5, PA1("64"), PA2, PA3, PA4, PA5,   \
                          PA1("80"), PA2, PA3, PA4, PA5, PA1("96"), PA2)       \
    HUSH_C8A_DOUBLE_ROUND(PA3, PA4, PA5, PA1("112"), PA2, PA3, PA4, PA5,       \
                          PA1("128"), PA2, PA3, PA4, PA5, PA1("144"), PA2,     \
                          PA3)                                                 \
    HUSH_C8A_DOUBLE_ROUND(PA4, PA5, PA1("160"), PA2, PA3, PA4, PA5,            \
                          PA1("176"), PA2, PA3, PA4, PA5, PA1("192"), PA2,     \
                          PA3, PA4)                                            \
    HUSH_C8A_DOUBLE_ROUND(PA5, PA1("208"), PA2, PA3, PA4, PA5, PA1("224"),     \
                          PA2, PA3, PA4, PA5, PA1("240"), PA2, PA3, PA4, PA5)

/* One ChaCha20 batch of 8 blocks (out = in XOR keystream, 512 bytes) with
 * the 512 bytes at mac absorbed into h meanwhile, in one chain: an asm
 * loop of two passes of five double rounds (FIVE_ROUNDS), each pass 256
 * bytes. mac may be in or out of this batch only as opening does (read
 * before the batch writes). The loop start is aligned to 64 bytes, so
 * that where it falls in the op cache's lines does not change with the
 * code around it. */
static inline __attribute__((always_inline)) void
unit_stitched(uint8_t *out, const uint8_t *in, const uint32_t s[16],
              hush_chacha8_asm *blk, const uint8_t *mac, u64x h[3]) {
    u64x a0 = h[0], a1 = h[1], a2 = h[2], t0, t1, t2, t3;
    hush_chacha8_asm_setup(blk, s);
    blk->end = (uint64_t)(uintptr_t)(mac + UNIT);
    __asm__ volatile(
        HUSH_C8A_LOAD ".p2align 6\n1:\n\t" FIVE_ROUNDS "addq $256, %[mac]\n\t"
                      "cmpq 536(%[xp]), %[mac]\n\t"
                      "jne 1b\n\t" HUSH_C8A_STORE
        : "+m"(*blk), [mac] "+r"(mac), [a0] "+r"(a0), [a1] "+r"(a1),
          [a2] "+r"(a2), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2),
          [t3] "=&r"(t3)
        : [xp] "r"(blk), [r16] "m"(hush_chacha8_rot16),
          [r8] "m"(hush_chacha8_rot8), "m"(*(const uint8_t(*)[UNIT])mac)
        : "rdx", "cc", HUSH_C8A_CLOBBERS);
    hush_chacha8_asm_out(out, in, blk, s);
    h[0] = a0, h[1] = a1, h[2] = a2;
}

/* ---- The first sealing batch, with block 0 beside it ----
 *
 * The first batch sealing has no Poly1305 beside it (there is no
 * ciphertext yet), so the general registers compute block 0, the
 * Poly1305 key, meanwhile: two of its scalar quarter rounds beside each
 * pair of the batch's, one step of each after each step of the batch's
 * double round (HUSH_C8A_DOUBLE_ROUND's slots). Computed before the batch,
 * that block is one dependent chain of ~1000 instructions the batch could
 * not overlap (docs/perf/chachapoly.md #14). Its 16 words take 13
 * registers: words 0-3, 5, 7, 12-15 stay in eax, ebx, ecx, edx, esi, edi,
 * r8d-r11d; r12d-r14d hold words 4, 8, 9 in the quarter rounds that use
 * them (the first column pair and the second diagonal pair) and words 6,
 * 10, 11 in the other two, exchanged with w[] where the batch exchanges
 * its c words. (The same block beside every batch of ChaCha20 alone was
 * tried and reverted: chacha20.md #14. Here the block must be computed
 * anyway.) */
typedef struct first_blk {
    hush_chacha8_asm v; /* the batch; also the stitched units' block */
    uint32_t w[16];     /* block 0's words (and slots for six of them) */
    uint32_t n;         /* loop counter */
} first_blk;
_Static_assert(offsetof(first_blk, w) == 544, "w at 544(%[xp])");
_Static_assert(offsetof(first_blk, n) == 608, "n at 608(%[xp])");

/* one step of two scalar quarter rounds: a += b, d ^= a, d <<<= R (steps 1
 * and 3), or with (c, d, b) for steps 2 and 4 */
#define B0_STEP(a, b, d, e, f, h, R)                                           \
    "addl %%" b ", %%" a "\n\t"                                                \
    "addl %%" f ", %%" e "\n\t"                                                \
    "xorl %%" a ", %%" d "\n\t"                                                \
    "xorl %%" e ", %%" h "\n\t"                                                \
    "roll $" R ", %%" d "\n\t"                                                 \
    "roll $" R ", %%" h "\n\t"
#define B0_S1(a, b, c, d, e, f, g, h) B0_STEP(a, b, d, e, f, h, "16")
#define B0_S2(a, b, c, d, e, f, g, h) B0_STEP(c, d, b, g, h, f, "12")
#define B0_S3(a, b, c, d, e, f, g, h) B0_STEP(a, b, d, e, f, h, "8")
#define B0_S4(a, b, c, d, e, f, g, h) B0_STEP(c, d, b, g, h, f, "7")
#define B0_X1(P)                      B0_S1(P)
#define B0_X2(P)                      B0_S2(P)
#define B0_X3(P)                      B0_S3(P)
#define B0_X4(P)                      B0_S4(P)
/* the registers of the four quarter-round pairs, (a, b, c, d) twice */
#define B0_COL1  "eax", "r12d", "r13d", "r8d", "ebx", "esi", "r14d", "r9d"
#define B0_COL2  "ecx", "r12d", "r13d", "r10d", "edx", "edi", "r14d", "r11d"
#define B0_DIAG1 "eax", "esi", "r13d", "r11d", "ebx", "r12d", "r14d", "r8d"
#define B0_DIAG2 "ecx", "edi", "r13d", "r9d", "edx", "r12d", "r14d", "r10d"
/* w[k] is at 544 + 4k: words 4, 8, 9 out and 6, 10, 11 in, and back */
#define B0_SWAP1                                                               \
    "movl %%r12d, 560(%[xp])\n\t"                                              \
    "movl %%r13d, 576(%[xp])\n\t"                                              \
    "movl %%r14d, 580(%[xp])\n\t"                                              \
    "movl 568(%[xp]), %%r12d\n\t"                                              \
    "movl 584(%[xp]), %%r13d\n\t"                                              \
    "movl 588(%[xp]), %%r14d\n\t"
#define B0_SWAP2                                                               \
    "movl %%r12d, 568(%[xp])\n\t"                                              \
    "movl %%r13d, 584(%[xp])\n\t"                                              \
    "movl %%r14d, 588(%[xp])\n\t"                                              \
    "movl 560(%[xp]), %%r12d\n\t"                                              \
    "movl 576(%[xp]), %%r13d\n\t"                                              \
    "movl 580(%[xp]), %%r14d\n\t"
#define B0_DOUBLE_ROUND                                                        \
    HUSH_C8A_DOUBLE_ROUND(B0_X1(B0_COL1), B0_X2(B0_COL1), B0_X3(B0_COL1),      \
                          B0_X4(B0_COL1) B0_SWAP1, B0_X1(B0_COL2),             \
                          B0_X2(B0_COL2), B0_X3(B0_COL2), B0_X4(B0_COL2),      \
                          B0_X1(B0_DIAG1), B0_X2(B0_DIAG1), B0_X3(B0_DIAG1),   \
                          B0_X4(B0_DIAG1) B0_SWAP2, B0_X1(B0_DIAG2),           \
                          B0_X2(B0_DIAG2), B0_X3(B0_DIAG2), B0_X4(B0_DIAG2))
#define B0_LOAD                                                                \
    "movl 544(%[xp]), %%eax\n\t"                                               \
    "movl 548(%[xp]), %%ebx\n\t"                                               \
    "movl 552(%[xp]), %%ecx\n\t"                                               \
    "movl 556(%[xp]), %%edx\n\t"                                               \
    "movl 560(%[xp]), %%r12d\n\t"                                              \
    "movl 564(%[xp]), %%esi\n\t"                                               \
    "movl 572(%[xp]), %%edi\n\t"                                               \
    "movl 576(%[xp]), %%r13d\n\t"                                              \
    "movl 580(%[xp]), %%r14d\n\t"                                              \
    "movl 592(%[xp]), %%r8d\n\t"                                               \
    "movl 596(%[xp]), %%r9d\n\t"                                               \
    "movl 600(%[xp]), %%r10d\n\t"                                              \
    "movl 604(%[xp]), %%r11d\n\t"
/* the words back to w[], then the registers zeroed: the callee-saved ones
 * get the caller's values back at the return, the others would keep
 * key-derived words past it */
#define B0_STORE                                                               \
    "movl %%eax, 544(%[xp])\n\t"                                               \
    "movl %%ebx, 548(%[xp])\n\t"                                               \
    "movl %%ecx, 552(%[xp])\n\t"                                               \
    "movl %%edx, 556(%[xp])\n\t"                                               \
    "movl %%r12d, 560(%[xp])\n\t"                                              \
    "movl %%esi, 564(%[xp])\n\t"                                               \
    "movl %%edi, 572(%[xp])\n\t"                                               \
    "movl %%r13d, 576(%[xp])\n\t"                                              \
    "movl %%r14d, 580(%[xp])\n\t"                                              \
    "movl %%r8d, 592(%[xp])\n\t"                                               \
    "movl %%r9d, 596(%[xp])\n\t"                                               \
    "movl %%r10d, 600(%[xp])\n\t"                                              \
    "movl %%r11d, 604(%[xp])\n\t"                                              \
    "xorl %%eax, %%eax\n\txorl %%ebx, %%ebx\n\txorl %%ecx, %%ecx\n\t"          \
    "xorl %%edx, %%edx\n\txorl %%esi, %%esi\n\txorl %%edi, %%edi\n\t"          \
    "xorl %%r8d, %%r8d\n\txorl %%r9d, %%r9d\n\txorl %%r10d, %%r10d\n\t"        \
    "xorl %%r11d, %%r11d\n\txorl %%r12d, %%r12d\n\txorl %%r13d, %%r13d\n\t"    \
    "xorl %%r14d, %%r14d\n\t"

/* The first batch (blocks 1-8 of state s0, 512 bytes of out = in XOR
 * keystream) and block 0's keystream words into ks (the caller wipes ks
 * and b). The loop is two double rounds, five times, its start aligned
 * to 64 bytes (#13). Not inlined: inlined into stitched_run, sealing
 * 1536 and 2048 bytes measured 3-5% slower than without it, where 1 KiB
 * gained 6% either way; its frame is inside run_long's scrub. */
static __attribute__((noinline)) void
unit_first(uint8_t *out, const uint8_t *in, const uint32_t s0[16], first_blk *b,
           uint32_t ks[16]) {
    uint32_t s[16];
    memcpy(s, s0, sizeof s);
    hush_chacha20_advance(s, 1);
    hush_chacha8_asm_setup(&b->v, s);
    memcpy(b->w, s0, sizeof b->w);
    b->n = 5;
    __asm__ volatile(HUSH_C8A_LOAD B0_LOAD
                     ".p2align 6\n1:\n\t" B0_DOUBLE_ROUND B0_DOUBLE_ROUND
                     "decl 608(%[xp])\n\t"
                     "jne 1b\n\t" HUSH_C8A_STORE B0_STORE
                     : "+m"(*b)
                     : [xp] "r"(b), [r16] "m"(hush_chacha8_rot16),
                       [r8] "m"(hush_chacha8_rot8)
                     : "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "r8", "r9",
                       "r10", "r11", "r12", "r13", "r14", "cc",
                       HUSH_C8A_CLOBBERS);
    hush_chacha8_asm_out(out, in, &b->v, s);
    for (int i = 0; i < 16; i++)
        ks[i] = b->w[i] + s0[i];
    hush_wipe(s, sizeof s);
}

/* The same 512 bytes of Poly1305 with no batch beside them. */
static inline void unit_mac(const uint8_t *mac, u64x h[3],
                            const stitch_keys *k) {
    const u64x r0 = k->p.r[0], r1 = k->p.r[1], s1 = r1 + (r1 >> 2);
    u64x a[3] = {h[0], h[1], h[2]}, b[3] = {0, 0, 0};
    for (int i = 0; i < 16; i++) {
        hush_poly1305_mulx_step(a, mac + 16 * i, r0, r1, s1);
        hush_poly1305_mulx_step(b, mac + 256 + 16 * i, r0, r1, s1);
    }
    hush_poly1305_mulx_join(a, k->r16, b);
    h[0] = a[0], h[1] = a[1], h[2] = a[2];
}

/* len bytes (any length) then zero padding to 16, into k->p. */
static void mac_padded(stitch_keys *k, const uint8_t *p, size_t len) {
    size_t whole = len & ~(size_t)15;
    if (whole) hush_poly1305_scalar_blocks(&k->p, p, whole, 1);
    if (len > whole) {
        uint8_t block[16] = {0};
        memcpy(block, p + whole, len - whole);
        hush_poly1305_scalar_blocks(&k->p, block, 16, 1);
        hush_wipe(block, sizeof block);
    }
}

/* The whole construction for a message of any length: s is the ChaCha
 * state at block 0 (advanced here, the caller wipes it). */
static __attribute__((noinline)) void
stitched_run(uint32_t s[16], uint8_t *out, const uint8_t *in, size_t len,
             const uint8_t *ad, size_t adlen, uint8_t tag[16], int encrypt) {
    stitch_keys k;
    HUSH_ALIGNED(32) first_blk fb;
    hush_chacha8_asm *const blk = &fb.v;
    size_t units = len / UNIT;
    {
        /* block 0: the Poly1305 key, in general registers (beside the
         * first batch when sealing) */
        uint32_t ks[16];
        uint8_t otk[32];
        if (encrypt && units)
            unit_first(out, in, s, &fb, ks);
        else
            hush_chacha20_block_words(ks, s);
        for (int i = 0; i < 8; i++)
            hush_store32_le(otk + 4 * i, ks[i]);
        hush_poly1305_scalar_init(&k.p, otk);
        hush_wipe(ks, sizeof ks);
        hush_wipe(otk, sizeof otk);
        hush_chacha20_advance(s, 1);
    }
    /* r^16 only for the Poly1305 pass after the last sealing batch */
    k.r16[0] = k.p.r[0], k.r16[1] = k.p.r[1], k.r16[2] = 0;
    if (encrypt && units)
        for (int i = 0; i < 4; i++)
            mul_general(k.r16, k.r16);
    mac_padded(&k, ad, adlen);
    u64x h[3] = {k.p.h[0], k.p.h[1], k.p.h[2]};
    blk->r0 = k.p.r[0], blk->r1 = k.p.r[1];
    blk->s1 = blk->r1 + (blk->r1 >> 2);
    if (encrypt) {
        /* each batch hashes the ciphertext the one before wrote (the
         * first ran with block 0 above) */
        if (units) hush_chacha20_advance(s, UNIT / 64);
        for (size_t u = 1; u < units; u++) {
            unit_stitched(out + UNIT * u, in + UNIT * u, s, blk,
                          out + UNIT * (u - 1), h);
            hush_chacha20_advance(s, UNIT / 64);
        }
        if (units) unit_mac(out + UNIT * (units - 1), h, &k);
    } else {
        for (size_t u = 0; u < units; u++) {
            unit_stitched(out + UNIT * u, in + UNIT * u, s, blk, in + UNIT * u,
                          h);
            hush_chacha20_advance(s, UNIT / 64);
        }
    }
    k.p.h[0] = h[0], k.p.h[1] = h[1], k.p.h[2] = h[2];
    size_t done = UNIT * units, rest = len - done;
    if (rest) {
        if (encrypt) {
            hush_chacha20_avx2.xor_stream(out + done, in + done, rest, s);
            mac_padded(&k, out + done, rest);
        } else {
            mac_padded(&k, in + done, rest);
            hush_chacha20_avx2.xor_stream(out + done, in + done, rest, s);
        }
    }
    uint8_t lengths[16];
    hush_store64_le(lengths, (uint64_t)adlen);
    hush_store64_le(lengths + 8, (uint64_t)len);
    hush_poly1305_scalar_blocks(&k.p, lengths, 16, 1);
    hush_poly1305_scalar_finish(&k.p, tag);
    hush_wipe(h, sizeof h);
    hush_wipe(&k, sizeof k);
    hush_wipe(&fb, sizeof fb);
}

/* What run_long scrubs below itself after stitched_run: its frame and
 * unit_first's below it (gcc 12 -fstack-usage: -O3 1280 + 704 bytes, -O2
 * 1312 + 192 + 424 for hush_chacha8_asm_out; clang 14 1144 + 376), with
 * some margin. The avx2 tier's tail call scrubs its own. */
#define STITCHED_SCRUB 2560

static void run_long(uint32_t s[16], uint8_t *out, const uint8_t *in,
                     size_t len, const uint8_t *ad, size_t adlen,
                     uint8_t tag[16], int encrypt) {
    stitched_run(s, out, in, len, ad, adlen, tag, encrypt);
    hush_scrub_stack(STITCHED_SCRUB);
}

const hush_chachapoly_ops hush_chachapoly_avx2 = {run_long};
