/*
 * Fused AES-GCM tier: VAES and VPCLMULQDQ on 512-bit registers, CTR and
 * GHASH in one pass. Each step takes 16 blocks (four registers): the AES
 * rounds of the counters and the carry-less products of the ciphertext
 * are independent work the core runs side by side, and the ciphertext is
 * hashed straight from registers (encryption) or as it is loaded
 * (decryption), never re-read from memory. Used when the state's tiers are
 * exactly aes=vaes512 and ghash=vpclmul512 (gcm.c). Constant time: fixed-
 * latency instructions, masks and branches that depend on lengths only.
 */
#include "aes/aes_vaes512.h"
#include "gcm/gcm_impl.h"
#include "ghash/ghash_vpclmul512.h"

static inline __mmask8 block_mask(size_t blocks) {
    return blocks >= 4 ? 0xff : (__mmask8)((1u << (2 * blocks)) - 1);
}

static void fused_encrypt(const gcm_state *s, uint8_t *c, const uint8_t *m,
                          size_t len, uint8_t ctr[16], uint64_t y[2]) {
    vaes_keys keys;
    unsigned rounds = s->aes.rounds;
    vaes_load_keys(&keys, aesni_key_of(&s->aes)->ek, rounds);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    __m128i acc = ghash_load_y(y);
    while (len > 0) {
        size_t blocks = len >= 256 ? 16 : len / 16;
        int regs = (int)((blocks + 3) / 4);
        __m512i x[4];
        ghash_acc512 a;
        vaes_counters(x, regs, hi, lo);
        hush_aes_ctr_add(&hi, &lo, blocks);
        VAES_ENC4(x, &keys, rounds, regs);
        for (int i = 0; i < regs; i++) {
            __mmask8 bm = block_mask(blocks - 4 * (size_t)i);
            __m512i d = _mm512_maskz_loadu_epi64(bm, m + 64 * i);
            x[i] = _mm512_maskz_xor_epi64(bm, x[i], d);
            _mm512_mask_storeu_epi64(c + 64 * i, bm, x[i]);
            x[i] = ghash_bswap512(x[i]);
        }
        x[0] = _mm512_xor_si512(x[0], _mm512_zextsi128_si512(acc));
        ghash_acc512_zero(&a);
        ghash_acc512_blocks(&a, &s->ghash, x, blocks);
        acc = ghash_acc512_reduce(&a);
        m += 16 * blocks, c += 16 * blocks, len -= 16 * blocks;
    }
    ghash_store_y(y, acc);
    hush_aes_ctr_store(ctr, hi, lo);
    HUSH_WIPE_OBJ(&keys);
}

static void fused_decrypt(const gcm_state *s, uint8_t *m, const uint8_t *c,
                          size_t len, uint8_t ctr[16], uint64_t y[2]) {
    vaes_keys keys;
    unsigned rounds = s->aes.rounds;
    vaes_load_keys(&keys, aesni_key_of(&s->aes)->ek, rounds);
    uint64_t hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    __m128i acc = ghash_load_y(y);
    while (len > 0) {
        size_t blocks = len >= 256 ? 16 : len / 16;
        int regs = (int)((blocks + 3) / 4);
        __m512i x[4], d[4], g[4];
        ghash_acc512 a;
        for (int i = 0; i < regs; i++) {
            d[i] = _mm512_maskz_loadu_epi64(block_mask(blocks - 4 * (size_t)i),
                                            c + 64 * i);
            g[i] = ghash_bswap512(d[i]);
        }
        g[0] = _mm512_xor_si512(g[0], _mm512_zextsi128_si512(acc));
        ghash_acc512_zero(&a);
        ghash_acc512_blocks(&a, &s->ghash, g, blocks);
        vaes_counters(x, regs, hi, lo);
        hush_aes_ctr_add(&hi, &lo, blocks);
        VAES_ENC4(x, &keys, rounds, regs);
        for (int i = 0; i < regs; i++)
            _mm512_mask_storeu_epi64(m + 64 * i,
                                     block_mask(blocks - 4 * (size_t)i),
                                     _mm512_xor_si512(x[i], d[i]));
        acc = ghash_acc512_reduce(&a);
        m += 16 * blocks, c += 16 * blocks, len -= 16 * blocks;
    }
    ghash_store_y(y, acc);
    hush_aes_ctr_store(ctr, hi, lo);
    HUSH_WIPE_OBJ(&keys);
}

const gcm_fused_ops hush_gcm_fused_vaes512 = {fused_encrypt, fused_decrypt};
