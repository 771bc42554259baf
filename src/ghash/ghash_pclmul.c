/*
 * GHASH with PCLMULQDQ: eight blocks per reduction, each multiplied by its
 * own power of H (aggregated reduction), so the eight multiplications are
 * independent and the reduction is paid once per 128 bytes. Constant time:
 * carry-less multiplication has a fixed latency.
 */
#include "ghash/ghash_clmul.h"

static void pclmul_init(hush_ghash_key *k, const uint8_t h[16]) {
    ghash_clmul_init(k, h);
}

static void pclmul_update(const hush_ghash_key *k, uint64_t y[2],
                          const uint8_t *in, size_t nblocks) {
    __m128i acc = ghash_load_y(y);
    for (; nblocks >= 8; nblocks -= 8, in += 128)
        acc = ghash_clmul_run(k, acc, in, 8);
    if (nblocks > 0) acc = ghash_clmul_run(k, acc, in, nblocks);
    ghash_store_y(y, acc);
}

const hush_ghash_ops hush_ghash_pclmul = {pclmul_init, pclmul_update};
/* the same functions under other names (ghash_impl.h): the fused aesni GCM
 * tier's schedules */
const hush_ghash_ops hush_ghash_pclmuls = {pclmul_init, pclmul_update};
const hush_ghash_ops hush_ghash_pclmulk = {pclmul_init, pclmul_update};
