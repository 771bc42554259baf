/*
 * ChaCha20-Poly1305, stitched for AVX-512 + IFMA. Alone, the ChaCha20
 * rounds are bound by vector ALU throughput and the Poly1305 steps by the
 * latency of their multiply chains; run back to back over a chunk they
 * hardly overlap. Here one loop body computes 16 ChaCha20 blocks and, in
 * the gaps between its double rounds, four Poly1305 steps of 256 bytes,
 * so the out-of-order core fills the multiply latency with ChaCha work
 * (docs/perf/chachapoly.md). Constant time like both parts: additions,
 * xors, rotations, multiplications and masks; branches on lengths only.
 */
#include "chacha20/chacha20_avx512.h"
#include "chachapoly/chachapoly_impl.h"
#include "poly1305/poly1305_ifma.h"

enum mac_mode { MAC_NONE, MAC_BEGIN, MAC_STEP };

/* One unit: 16 ChaCha20 blocks into out[0..1024), and (mode) Poly1305 over
 * mac[0..1024) in four steps placed between the double rounds. mode is a
 * constant at every call site, so each caller gets its own straight code. */
static inline __attribute__((always_inline)) void
unit(uint8_t *out, const uint8_t *in, const uint32_t s[16], hush_ifma_acc *acc,
     const hush_ifma_r16 *k, const hush_ifma_state *st, const uint8_t *mac,
     enum mac_mode mode) {
    __m512i x[16], ctr[2];
    hush_chacha16_setup(x, ctr, s);
    /* not unrolled: five copies of a fully unrolled body (one per call
     * site) overflow the instruction cache; see docs/perf/chachapoly.md */
#pragma GCC unroll 1
    for (int r = 0; r < 5; r++) {
        hush_chacha16_double_round(x);
        hush_chacha16_double_round(x);
        if (mode != MAC_NONE && r < 4) {
            if (mode == MAC_BEGIN && r == 0)
                hush_ifma_begin(acc, st, mac);
            else
                hush_ifma_step(acc, k, mac + 256 * r);
        }
    }
    hush_chacha16_output(out, in, 1024, x, ctr, s);
}

void hush_chachapoly_avx512_stitched(uint8_t *out, const uint8_t *in,
                                     size_t units, uint32_t s[16], void *ps,
                                     int encrypt) {
    hush_ifma_state *st = ps;
    if (!st->have_powers) hush_ifma_compute_powers(st);
    const hush_ifma_r16 k = hush_ifma_load_r16(st);
    hush_ifma_acc acc;
    if (encrypt) {
        /* the MAC runs one unit behind the cipher */
        unit(out, in, s, &acc, &k, st, NULL, MAC_NONE);
        hush_chacha20_advance(s, 16);
        for (size_t u = 1; u < units; u++) {
            if (u == 1)
                unit(out + 1024, in + 1024, s, &acc, &k, st, out, MAC_BEGIN);
            else
                unit(out + 1024 * u, in + 1024 * u, s, &acc, &k, st,
                     out + 1024 * (u - 1), MAC_STEP);
            hush_chacha20_advance(s, 16);
        }
        const uint8_t *last = out + 1024 * (units - 1);
        if (units == 1)
            hush_ifma_begin(&acc, st, last);
        else
            hush_ifma_step(&acc, &k, last);
        for (int r = 1; r < 4; r++)
            hush_ifma_step(&acc, &k, last + 256 * r);
    } else {
        /* the MAC reads each unit before the cipher overwrites it */
        unit(out, in, s, &acc, &k, st, in, MAC_BEGIN);
        hush_chacha20_advance(s, 16);
        for (size_t u = 1; u < units; u++) {
            unit(out + 1024 * u, in + 1024 * u, s, &acc, &k, st, in + 1024 * u,
                 MAC_STEP);
            hush_chacha20_advance(s, 16);
        }
    }
    hush_ifma_end(&acc, st);
}
