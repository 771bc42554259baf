/*
 * SHA-256 in plain C (FIPS 180-4 section 6.2), the tier every CPU runs.
 *
 * Constant time by construction: only additions, rotations and bitwise
 * operations on the data; the one table (the round constants) is indexed
 * by the round number alone.
 *
 * Speed comes from the shape the compiler sees: the eight working
 * variables never move (each round macro is handed them in rotated order,
 * so a round writes only d and h), and the message schedule lives in a
 * 16-word window updated in place (W[t] overwrites W[t-16]), which keeps
 * it in registers and stack slots instead of a 64-word array.
 */
#include "sha256/sha256_impl.h"

const uint32_t hush_sha256_k[64] HUSH_ALIGNED(64) = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror32(uint32_t x, unsigned n) {
    return (x >> n) | (x << (32 - n));
}

/*
 * FIPS 180-4 (4.4)-(4.7). The big sigmas sit on the rounds' critical path,
 * so their three rotations stay independent (depth 3); the small sigmas
 * feed the schedule, which runs ahead of the rounds, so they are written
 * nested, ror(x ^ ror(x, 11), 7) == ror(x, 7) ^ ror(x, 18), one register
 * copy fewer each (docs/perf/sha256-portable.md).
 */
#define BSIG0(x) (ror32((x), 2) ^ ror32((x), 13) ^ ror32((x), 22))
#define BSIG1(x) (ror32((x), 6) ^ ror32((x), 11) ^ ror32((x), 25))
#define SSIG0(x) (ror32((x) ^ ror32((x), 11), 7) ^ ((x) >> 3))
#define SSIG1(x) (ror32((x) ^ ror32((x), 2), 17) ^ ((x) >> 10))
/* Ch with one operation fewer than the textbook form */
#define CH(e, f, g) ((((f) ^ (g)) & (e)) ^ (g))

/* W[t] for t >= 16, written over W[t-16] in the 16-word window. */
#define SCHEDULE(w, t)                                                         \
    ((w)[(t)&15] +=                                                            \
     SSIG1((w)[((t)-2) & 15]) + (w)[((t)-7) & 15] + SSIG0((w)[((t)-15) & 15]))

/*
 * One round on the working variables named in rotated order: afterwards
 * the caller's h holds the new a and d the new e.
 *
 * Maj(a, b, c) == b ^ ((a ^ b) & (b ^ c)), and this round's b ^ c is the
 * previous round's a ^ b: the round stores a ^ b in `ab` for the next one
 * and reads the previous one from `bc` (two variables, alternating), so Maj
 * costs three operations instead of four or five.
 */
#define ROUND(a, b, c, d, e, f, g, h, t, wt, ab, bc)                           \
    do {                                                                       \
        /* h, K and W are known early; Ch and then Sigma1 of the new e are     \
         * added last so the chain through e is as short as possible */        \
        uint32_t t1_ = (h) + (hush_sha256_k[t] + (wt));                        \
        t1_ += CH((e), (f), (g));                                              \
        t1_ += BSIG1(e);                                                       \
        (d) += t1_;                                                            \
        (ab) = (a) ^ (b);                                                      \
        (h) = t1_ + ((b) ^ ((ab) & (bc)));                                     \
        (h) += BSIG0(a);                                                       \
    } while (0)

/* Eight rounds starting at t, with the schedule term chosen by W. */
#define ROUNDS8(t, W)                                                          \
    ROUND(a, b, c, d, e, f, g, h, (t) + 0, W((t) + 0), x1, x0);                \
    ROUND(h, a, b, c, d, e, f, g, (t) + 1, W((t) + 1), x0, x1);                \
    ROUND(g, h, a, b, c, d, e, f, (t) + 2, W((t) + 2), x1, x0);                \
    ROUND(f, g, h, a, b, c, d, e, (t) + 3, W((t) + 3), x0, x1);                \
    ROUND(e, f, g, h, a, b, c, d, (t) + 4, W((t) + 4), x1, x0);                \
    ROUND(d, e, f, g, h, a, b, c, (t) + 5, W((t) + 5), x0, x1);                \
    ROUND(c, d, e, f, g, h, a, b, (t) + 6, W((t) + 6), x1, x0);                \
    ROUND(b, c, d, e, f, g, h, a, (t) + 7, W((t) + 7), x0, x1)

#define W_LOADED(t)    (w[(t)&15])
#define W_SCHEDULED(t) SCHEDULE(w, t)

/* Kept out of line so that its whole frame lies below the wrapper's and
 * hush_scrub_stack can wipe it (see sha256_blocks_portable). */
__attribute__((noinline)) static void
compress_blocks(uint32_t state[8], const uint8_t *in, size_t nblocks) {
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint32_t w[16]; /* message words: as secret as the message */

    do {
        uint32_t x0 = b ^ c, x1; /* Maj's carried b ^ c (see ROUND) */
        for (int i = 0; i < 16; i++)
            w[i] = hush_load32_be(in + 4 * i);
        ROUNDS8(0, W_LOADED);
        ROUNDS8(8, W_LOADED);
        /* 16..63: the schedule is computed as the rounds consume it.
         * Written out, not a loop, so every K[t] is an immediate. */
        ROUNDS8(16, W_SCHEDULED);
        ROUNDS8(24, W_SCHEDULED);
        ROUNDS8(32, W_SCHEDULED);
        ROUNDS8(40, W_SCHEDULED);
        ROUNDS8(48, W_SCHEDULED);
        ROUNDS8(56, W_SCHEDULED);
        a = state[0] += a;
        b = state[1] += b;
        c = state[2] += c;
        d = state[3] += d;
        e = state[4] += e;
        f = state[5] += f;
        g = state[6] += g;
        h = state[7] += h;
        in += 64;
    } while (--nblocks != 0);
}

/*
 * Fifteen registers do not hold eight working variables and a 16-word
 * schedule, so the compiler keeps some of them in its stack frame: copies
 * of the chaining state (for HMAC, key-derived) and of the message (for
 * HMAC's padded-key block, the key itself). Rather than trusting where the
 * compiler spills, the whole frame of compress_blocks (about 260 bytes
 * with GCC 12 -O3; more under sanitizers) is zeroed after every call.
 */
#define PORTABLE_FRAME_SCRUB 1024

static void sha256_blocks_portable(uint32_t state[8], const uint8_t *in,
                                   size_t nblocks) {
    compress_blocks(state, in, nblocks);
    hush_scrub_stack(PORTABLE_FRAME_SCRUB);
}

static void sha256_blocks_x2_portable(uint32_t state0[8], const uint8_t *in0,
                                      uint32_t state1[8], const uint8_t *in1,
                                      size_t nblocks) {
    /* no unit to share: one stream after the other */
    sha256_blocks_portable(state0, in0, nblocks);
    sha256_blocks_portable(state1, in1, nblocks);
}

const hush_sha256_ops hush_sha256_portable = {
    sha256_blocks_portable,
    sha256_blocks_x2_portable,
};
