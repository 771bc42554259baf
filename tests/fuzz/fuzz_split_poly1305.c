/*
 * Poly1305: incremental against one-shot with fuzzed split points, every
 * tier, against the portable tier and libsodium.
 *
 * Input: tiers | split | key[32] | m...
 *
 * The context sits on the stack at the alignment its type declares (an
 * under-aligned context is issue 15's defect 6, tested apart).
 */
#include <sodium.h>

#include "fuzz_split.h"

void fuzz_setup(void) {
    if (sodium_init() < 0) abort();
}

static void poly_piece(void *c, const uint8_t *p, size_t n) {
    hush_poly1305_update(c, p, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fz_tiers(&in);
    fuzz_split split;
    fz_split(&in, &split);
    uint8_t keybuf[32];
    fz_bytes(&in, keybuf, sizeof keybuf);
    size_t mlen;
    const uint8_t *mraw = fz_rest(&in, &mlen);
    uint8_t *m = fz_alloc(mraw, mlen, split.misalign);
    uint8_t *key = fz_alloc(keybuf, 32, split.misalign + 1);

    uint8_t one[16], inc[16], ref[16];
    hush_poly1305(one, m, mlen, key);
    hush_poly1305_ctx c;
    hush_poly1305_init(&c, key);
    fuzz_pieces(&split, m, mlen, poly_piece, &c);
    hush_poly1305_final(&c, inc);
    FZ_CHECK(memcmp(one, inc, 16) == 0);
    FZ_CHECK(crypto_onetimeauth_poly1305(ref, m, mlen, key) == 0);
    FZ_CHECK(memcmp(one, ref, 16) == 0);

    fuzz_tiers_portable();
    hush_poly1305(ref, m, mlen, key);
    FZ_CHECK(memcmp(one, ref, 16) == 0);

    fz_free(key, split.misalign + 1);
    fz_free(m, split.misalign);
    return 0;
}

/* Messages around the 16-byte block and the 4- and 8-block strides of the
 * vector tiers, cut at and around those sizes; keys with r and s at their
 * extremes as well as patterned ones. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0,   1,   15,  16,  17,  63,  64,   65,
                                  127, 128, 129, 255, 256, 257, 1000, 4096};
    static const size_t cuts[][3] = {{0, 0, 0},   {1, 15, 16}, {16, 48, 64},
                                     {63, 1, 64}, {5, 0, 128}, {200, 1, 1}};
    static fuzz_out o;
    static uint8_t m[4096];
    unsigned seed = 4000;
    for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            uint8_t key[32];
            fuzz_pattern(key, sizeof key, seed);
            if (i % 4 == 1) memset(key, 0xff, sizeof key);
            if (i % 4 == 2) memset(key, 0, 16);
            fuzz_pattern(m, lens[i], seed + 1);
            if (i % 3 == 0) memset(m, 0xff, lens[i]);
            size_t cut = (i + t) % 6;
            fo_tiers(&o, t);
            fo_split(&o, cut ? 3 : 0, cuts[cut]);
            fo_bytes(&o, key, sizeof key);
            fo_bytes(&o, m, lens[i]);
            fo_emit(&o);
            seed += 2;
        }
    }
}
