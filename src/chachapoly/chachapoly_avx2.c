/*
 * ChaCha20-Poly1305 for AVX2 CPUs, stitched: each 8-block AVX2 ChaCha20
 * batch (chacha20/chacha20_avx2.h) runs with 512 bytes of Poly1305 in
 * general registers (64-bit limbs, mulx) between its double rounds, so the
 * multiplier and the integer ports work while the vector ports run
 * ChaCha20. Sealing hashes the previous batch's ciphertext, opening the
 * ciphertext of the batch about to be decrypted.
 *
 * One Poly1305 chain of 32 blocks would be ~32 multiply latencies per
 * batch, longer than the batch itself. Each 512-byte unit is therefore two
 * chains of 16 blocks on the clamped r: A starts from the running h, B
 * from 0, and h = A * r^16 + B joins them (r^16 in three limbs, a general
 * product). Constant time: additions, multiplications and fixed shifts.
 */
#include "chacha20/chacha20_avx2.h"
#include "chachapoly/chachapoly_impl.h"

typedef unsigned long long u64x; /* the type of the mulx/adc intrinsics */

#define UNIT 512 /* bytes per ChaCha20 batch and Poly1305 step */

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

/* h = (h + m + 2^128) * r for one 16-byte block m, partially reduced
 * (h[2] <= 4 after, as hush_poly1305_mul): d0 = h0 r0 + h1 s1, d1 = h0 r1
 * + h1 r0 + h2 s1, d2 = h2 r0, then bits 130 and up folded (2^130 = 5).
 * In asm: with __int128, and with the mulx/adc intrinsics, gcc 12 moved
 * the sums through stack slots on every block (a store and a reload in
 * the multiply chain, ~16 cycles a block with two chains). Inputs: h[2]
 * <= 11, so h2 * s1 < 11 * 1.25 * 2^60 fits 64 bits. */
static inline void poly_block(u64x h[3], const uint8_t *m, u64x r0, u64x r1,
                              u64x s1) {
    u64x a = h[0], b = h[1], c = h[2], t0, t1, t2, t3;
    __asm__("addq 0(%[m]), %[a]\n\t"
            "adcq 8(%[m]), %[b]\n\t"
            "adcq $1, %[c]\n\t"
            "movq %[a], %%rdx\n\t"
            "mulxq %[r0], %[t0], %[t1]\n\t" /* t1:t0 = h0 r0 */
            "mulxq %[r1], %[a], %[t2]\n\t"  /* t2:a = h0 r1 */
            "movq %[b], %%rdx\n\t"
            "mulxq %[s1], %[b], %[t3]\n\t" /* t3:b = h1 s1 */
            "addq %[b], %[t0]\n\t"
            "adcq %[t3], %[t1]\n\t"        /* t1:t0 = d0 */
            "mulxq %[r0], %[b], %[t3]\n\t" /* t3:b = h1 r0 */
            "addq %[b], %[a]\n\t"
            "adcq %[t3], %[t2]\n\t"
            "movq %[c], %%rdx\n\t"
            "imulq %[s1], %%rdx\n\t" /* h2 s1 */
            "imulq %[r0], %[c]\n\t"  /* h2 r0 */
            "addq %[t1], %[a]\n\t"
            "adcq $0, %[t2]\n\t"
            "addq %%rdx, %[a]\n\t"
            "adcq $0, %[t2]\n\t"   /* t2:a = d1 */
            "addq %[t2], %[c]\n\t" /* c = d2 */
            "movq %[c], %[t3]\n\t"
            "andq $-4, %[t3]\n\t"
            "movq %[c], %[t2]\n\t"
            "shrq $2, %[t2]\n\t"
            "addq %[t2], %[t3]\n\t" /* (d2 >> 2) * 5 as d2 & ~3 + d2 >> 2 */
            "andq $3, %[c]\n\t"
            "addq %[t3], %[t0]\n\t"
            "adcq $0, %[a]\n\t"
            "adcq $0, %[c]"
            : [a] "+&r"(a), [b] "+&r"(b), [c] "+&r"(c), [t0] "=&r"(t0),
              [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)
            : [m] "r"(m), "m"(*(const uint8_t(*)[16])m), [r0] "rm"(r0),
              [r1] "rm"(r1), [s1] "rm"(s1)
            : "rdx", "cc");
    h[0] = t0, h[1] = a, h[2] = c;
}

/* h += b (three limbs; h[2] stays below 16 for the inputs here). */
static inline void add3(u64x h[3], const u64x b[3]) {
    hush_u128 t = (hush_u128)h[0] + b[0];
    h[0] = (uint64_t)t;
    t = (hush_u128)h[1] + b[1] + (uint64_t)(t >> 64);
    h[1] = (uint64_t)t;
    h[2] += b[2] + (uint64_t)(t >> 64);
}

/* One ChaCha20 batch of 8 blocks (out = in XOR keystream, 512 bytes) with
 * the 512 bytes at mac absorbed into h meanwhile: two blocks of each
 * chain after each of the first eight double rounds, the join after the
 * ninth. mac may be in or out of this batch only as opening does (read
 * before the batch writes). */
static inline __attribute__((always_inline)) void
unit_stitched(uint8_t *out, const uint8_t *in, const uint32_t s[16],
              hush_chacha8_mem *m, const uint8_t *mac, u64x h[3],
              const stitch_keys *k) {
    const u64x r0 = k->p.r[0], r1 = k->p.r[1], s1 = r1 + (r1 >> 2);
    u64x a[3] = {h[0], h[1], h[2]}, b[3] = {0, 0, 0};
    HUSH_CHACHA8_LOCALS;
    HUSH_CHACHA8_SETUP(m, s);
    /* not unrolled: unrolled, the batch with its Poly1305 is ~4000
     * instructions, more than the op cache holds beside the rest, and the
     * legacy decoders' 4 per cycle then bound the loop */
#pragma GCC unroll 1
    for (int r = 0; r < 8; r++) {
        HUSH_CHACHA8_DOUBLE_ROUND(m);
        poly_block(a, mac, r0, r1, s1);
        poly_block(b, mac + 256, r0, r1, s1);
        poly_block(a, mac + 16, r0, r1, s1);
        poly_block(b, mac + 256 + 16, r0, r1, s1);
        mac += 32;
    }
    HUSH_CHACHA8_DOUBLE_ROUND(m);
    mul_general(a, k->r16);
    add3(a, b);
    HUSH_CHACHA8_DOUBLE_ROUND(m);
    HUSH_CHACHA8_OUT512(out, in, m, s);
    h[0] = a[0], h[1] = a[1], h[2] = a[2];
}

/* A batch with no Poly1305 beside it (the first one sealing), inlined so
 * that its spills stay in stitched_run's frame, inside the scrub. */
static inline __attribute__((always_inline)) void
unit_plain(uint8_t *out, const uint8_t *in, const uint32_t s[16],
           hush_chacha8_mem *m) {
    HUSH_CHACHA8_LOCALS;
    HUSH_CHACHA8_SETUP(m, s);
#pragma GCC unroll 1
    for (int r = 0; r < 10; r++)
        HUSH_CHACHA8_DOUBLE_ROUND(m);
    HUSH_CHACHA8_OUT512(out, in, m, s);
}

/* The same 512 bytes of Poly1305 with no batch beside them. */
static inline void unit_mac(const uint8_t *mac, u64x h[3],
                            const stitch_keys *k) {
    const u64x r0 = k->p.r[0], r1 = k->p.r[1], s1 = r1 + (r1 >> 2);
    u64x a[3] = {h[0], h[1], h[2]}, b[3] = {0, 0, 0};
    for (int i = 0; i < 16; i++) {
        poly_block(a, mac + 16 * i, r0, r1, s1);
        poly_block(b, mac + 256 + 16 * i, r0, r1, s1);
    }
    mul_general(a, k->r16);
    add3(a, b);
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
    hush_chacha8_mem m;
    {
        /* block 0: the Poly1305 key, in general registers */
        uint32_t ks[16];
        uint8_t otk[32];
        hush_chacha20_block_words(ks, s);
        for (int i = 0; i < 8; i++)
            hush_store32_le(otk + 4 * i, ks[i]);
        hush_poly1305_scalar_init(&k.p, otk);
        hush_wipe(ks, sizeof ks);
        hush_wipe(otk, sizeof otk);
        hush_chacha20_advance(s, 1);
    }
    k.r16[0] = k.p.r[0], k.r16[1] = k.p.r[1], k.r16[2] = 0;
    for (int i = 0; i < 4; i++)
        mul_general(k.r16, k.r16);
    mac_padded(&k, ad, adlen);
    u64x h[3] = {k.p.h[0], k.p.h[1], k.p.h[2]};
    size_t units = len / UNIT;
    if (encrypt) {
        /* each batch hashes the ciphertext the one before wrote */
        for (size_t u = 0; u < units; u++) {
            if (u == 0)
                unit_plain(out, in, s, &m);
            else
                unit_stitched(out + UNIT * u, in + UNIT * u, s, &m,
                              out + UNIT * (u - 1), h, &k);
            hush_chacha20_advance(s, UNIT / 64);
        }
        if (units) unit_mac(out + UNIT * (units - 1), h, &k);
    } else {
        for (size_t u = 0; u < units; u++) {
            unit_stitched(out + UNIT * u, in + UNIT * u, s, &m, in + UNIT * u,
                          h, &k);
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
    hush_wipe(&m, sizeof m);
}

/* What run_long scrubs below itself after stitched_run: its frame and
 * hush_chacha8_finish's below it (gcc 12 -O2: 1216 + 392 bytes, -O3
 * 1440; clang 14 960). The avx2 tier's tail call scrubs its own. */
#define STITCHED_SCRUB 2048

static void run_long(uint32_t s[16], uint8_t *out, const uint8_t *in,
                     size_t len, const uint8_t *ad, size_t adlen,
                     uint8_t tag[16], int encrypt) {
    stitched_run(s, out, in, len, ad, adlen, tag, encrypt);
    hush_scrub_stack(STITCHED_SCRUB);
}

const hush_chachapoly_ops hush_chachapoly_avx2 = {run_long};
