/*
 * ChaCha20, portable C: one block at a time, constant time by construction
 * (only additions, xors and fixed rotations).
 */
#include "chacha20/chacha20_impl.h"

/*
 * The sixteen state words do not fit the general registers, so the
 * compiler spills some of them, key words included, to stack slots of its
 * own besides s and x (the leak census found a key half there). The work
 * runs in its own frame (352 bytes with gcc 12 -O2, -fstack-usage) and the
 * entry point wipes 512 bytes beneath it afterwards.
 */
#define PORTABLE_FRAME_SCRUB 512

static __attribute__((noinline)) void
portable_xor_frame(uint8_t *out, const uint8_t *in, size_t len,
                   const uint32_t state[16]) {
    uint32_t s[16], x[16];
    memcpy(s, state, sizeof s);
    while (len > 0) {
        memcpy(x, s, sizeof x);
        hush_chacha20_rounds(x);
        if (len >= 64) {
            for (int i = 0; i < 16; i++)
                hush_store32_le(out + 4 * i,
                                hush_load32_le(in + 4 * i) ^ (x[i] + s[i]));
            in += 64, out += 64, len -= 64;
        } else {
            uint8_t ks[64];
            for (int i = 0; i < 16; i++)
                hush_store32_le(ks + 4 * i, x[i] + s[i]);
            for (size_t i = 0; i < len; i++)
                out[i] = in[i] ^ ks[i];
            hush_wipe(ks, sizeof ks);
            len = 0;
        }
        hush_chacha20_advance(s, 1);
    }
    hush_wipe(x, sizeof x);
    hush_wipe(s, sizeof s);
}

static void portable_xor(uint8_t *out, const uint8_t *in, size_t len,
                         const uint32_t state[16]) {
    portable_xor_frame(out, in, len, state);
    hush_scrub_stack(PORTABLE_FRAME_SCRUB);
}

const hush_chacha20_ops hush_chacha20_portable = {portable_xor};
