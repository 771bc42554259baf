/*
 * GHASH with VPCLMULQDQ on 512-bit registers: four blocks per register,
 * sixteen blocks per reduction (each times its own power of H), the four
 * lanes' partial products added before the one reduction. Tails use masked
 * loads of whole blocks. Constant time like the pclmul tier.
 */
#include "ghash/ghash_vpclmul512.h"

static void vpclmul_init(hush_ghash_key *k, const uint8_t h[16]) {
    ghash_vpclmul_init(k, h);
}

static void vpclmul_update(const hush_ghash_key *k, uint64_t y[2],
                           const uint8_t *in, size_t nblocks) {
    __m128i acc = ghash_load_y(y);
    for (; nblocks >= 16; nblocks -= 16, in += 256)
        acc = ghash_vpclmul_run(k, acc, in, 16);
    if (nblocks > 0) acc = ghash_vpclmul_run(k, acc, in, nblocks);
    ghash_store_y(y, acc);
}

void hush_ghash_vpclmul512_init_powers(hush_ghash_key *k, const uint8_t h[16],
                                       int n) {
    /* one straight-line instance per count, so every level stays in
     * registers */
    if (n <= 4)
        ghash_vpclmul_init_powers(k, h, 4);
    else if (n <= 8)
        ghash_vpclmul_init_powers(k, h, 8);
    else if (n <= 16)
        ghash_vpclmul_init_powers(k, h, 16);
    else
        ghash_vpclmul_init_powers(k, h, HUSH_GHASH_POWERS);
}

const hush_ghash_ops hush_ghash_vpclmul512 = {vpclmul_init, vpclmul_update};
const hush_ghash_ops hush_ghash_vpclmul512s = {vpclmul_init, vpclmul_update};
const hush_ghash_ops hush_ghash_vpclmul512k = {vpclmul_init, vpclmul_update};
