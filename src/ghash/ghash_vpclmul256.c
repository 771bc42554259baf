/*
 * GHASH with VPCLMULQDQ on 256-bit registers (AVX2, no AVX-512): two blocks
 * per register, sixteen blocks per reduction, each times its own power of
 * H from the pclmul tier's table (the same init). Constant time like the
 * pclmul tier.
 */
#include "ghash/ghash_vpclmul256.h"

static void vpclmul256_init(hush_ghash_key *k, const uint8_t h[16]) {
    ghash_clmul_init(k, h);
}

static void vpclmul256_update(const hush_ghash_key *k, uint64_t y[2],
                              const uint8_t *in, size_t nblocks) {
    __m128i acc = ghash_load_y(y);
    for (; nblocks >= 16; nblocks -= 16, in += 256)
        acc = ghash_vpclmul256_run(k, acc, in, 16);
    if (nblocks > 0) acc = ghash_vpclmul256_run(k, acc, in, nblocks);
    ghash_store_y(y, acc);
}

const hush_ghash_ops hush_ghash_vpclmul256 = {vpclmul256_init,
                                              vpclmul256_update};
