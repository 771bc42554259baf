/*
 * GHASH tiers directly (internal table): the GHASH value of the GCM
 * specification's test case 2, and every tier against the portable one on
 * random data of 0..70 blocks fed in random runs (exercising the 8-, 16-
 * and 32-block aggregation and every tail length).
 */
#include <stdlib.h>
#include <string.h>

#include "ghash/ghash_impl.h"
#include "harness.h"

static void hash_with(const hush_ghash_ops *ops, uint8_t out[16],
                      const uint8_t h[16], const uint8_t *data, size_t blocks,
                      int split) {
    hush_ghash_key k;
    uint64_t y[2] = {0, 0};
    ops->init(&k, h);
    for (size_t done = 0; done < blocks;) {
        size_t n = split ? 1 + (size_t)(ht_rand_u64() % 40) : blocks;
        if (n > blocks - done) n = blocks - done;
        ops->update(&k, y, data + 16 * done, n);
        done += n;
    }
    hush_ghash_store_v(out, y);
    hush_wipe(&k, sizeof k);
}

static void test_spec_vector(const hush_ghash_ops *ops) {
    /* GCM spec test case 2 (K = 0, IV = 0, P = 0^128): H, C, then the
     * lengths block (AD 0 bits, C 128 bits) */
    size_t hl, cl, wl;
    uint8_t *h = ht_unhex("66e94bd4ef8a2c3b884cfa59ca342b2e", &hl);
    uint8_t *c = ht_unhex("0388dace60b6a392f328c2b971b2fe78"
                          "00000000000000000000000000000080",
                          &cl);
    uint8_t *want = ht_unhex("f38cbb1ad69223dcc3457ae5b6b0f885", &wl);
    uint8_t got[16];
    hash_with(ops, got, h, c, 2, 0);
    CHECK_MEM(got, want, 16);
    free(h), free(c), free(want);
}

static void test_against_portable(const hush_ghash_ops *ops) {
    uint8_t h[16], data[16 * 70], want[16], got[16];
    for (size_t blocks = 0; blocks <= 70; blocks++) {
        ht_rand_bytes(h, sizeof h);
        ht_rand_bytes(data, sizeof data);
        hash_with(&hush_ghash_portable, want, h, data, blocks, 0);
        hash_with(ops, got, h, data, blocks, 0);
        CHECK_MEM(got, want, 16);
        hash_with(ops, got, h, data, blocks, 1);
        CHECK_MEM(got, want, 16);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    HT_FOR_EACH_IMPL("ghash", impl) {
        const hush_ghash_ops *ops = hush_ops(&hush_prim_ghash);
        test_spec_vector(ops);
        test_against_portable(ops);
    }
    return ht_end();
}
