/*
 * The AES implementation table and the layout of hush_aes_ctx.
 *
 * A context starts with a 64-byte header (the table it was set up with and
 * the round count) followed by the tier's own key layout:
 *   portable  bitsliced round keys, 15 x 8 words of 64 bits   (960 bytes)
 *   table     encryption and decryption round-key words       (480 bytes)
 *   aesni,    encryption round keys then the InvMixColumns'd
 *   vaes512   decryption keys, 15 + 15 blocks of 16 bytes     (480 bytes)
 *   vaes256   the aesni layout, then the encryption round keys
 *             again, each in both lanes of 32 bytes           (960 bytes)
 * Every tier fits HUSH_AES_KEY_DATA bytes; hush_aes_ctx is the public,
 * fixed-size box around it (include/hush/stream.h).
 */
#ifndef HUSH_AES_IMPL_H
#define HUSH_AES_IMPL_H

#include "core/internal.h"
#include "cpu/dispatch.h"

#define HUSH_AES_HEADER   64
#define HUSH_AES_KEY_DATA (HUSH_AES_CTX_BYTES - HUSH_AES_HEADER)

typedef struct hush_aes_ops hush_aes_ops;

typedef struct hush_aes_key {
    const hush_aes_ops *ops;
    unsigned rounds; /* 10, 12 or 14 */
    HUSH_ALIGNED(64) uint8_t data[HUSH_AES_KEY_DATA];
} hush_aes_key;

_Static_assert(sizeof(hush_aes_key) == sizeof(hush_aes_ctx),
               "hush_aes_key must fill hush_aes_ctx exactly");
_Static_assert(offsetof(hush_aes_key, data) == HUSH_AES_HEADER,
               "key data starts after the header");

struct hush_aes_ops {
    /* Expands key (keylen 16, 24 or 32, already checked) into k->data;
     * k->rounds is set by the caller. */
    void (*setup)(hush_aes_key *k, const uint8_t *key, size_t keylen);
    /* ECB over nblocks whole blocks; out == in allowed. */
    void (*encrypt)(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                    size_t nblocks);
    void (*decrypt)(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                    size_t nblocks);
    /* SP 800-38A CTR over len bytes (a partial last block is allowed);
     * ctr is the 128-bit big-endian counter block, advanced past every
     * block used (mod 2^128). out == in allowed. */
    void (*ctr)(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                size_t len, uint8_t ctr[16]);
};

extern hush_primitive hush_prim_aes;
extern const hush_aes_ops hush_aes_portable, hush_aes_table;
#if defined(HUSH_X86_64)
extern const hush_aes_ops hush_aes_aesni, hush_aes_vaes512, hush_aes_vaes256;
#endif

/* Internal entry point for GCM: sets up k with an explicit table. */
void hush_aes_setup_with(hush_aes_key *k, const hush_aes_ops *ops,
                         const uint8_t *key, size_t keylen);

/*
 * FIPS 197 key expansion, word by word: 4 (rounds + 1) words, each as its
 * four round-key bytes lie in memory (little-endian load). sub_word is the
 * tier's constant-time SubWord; RotWord is a rotation here (SubWord and
 * RotWord commute). Inlined, so the call through sub_word is direct.
 */
static inline void hush_aes_expand_words(uint32_t w[60], const uint8_t *key,
                                         size_t keylen, unsigned rounds,
                                         uint32_t (*sub_word)(uint32_t)) {
    unsigned nk = (unsigned)keylen / 4, total = 4 * (rounds + 1);
    /* Only 16-, 24- and 32-byte keys reach a tier's setup (hush_aes_init
     * checks; the AES-GCM setups have fixed lengths). Said here for the
     * compiler and the static analyzer, which cannot see the callers: nk
     * is never 0 (i % nk) and w[] is always written before it is read. */
    if (nk != 4 && nk != 6 && nk != 8) __builtin_unreachable();
    uint32_t rcon = 1;
    for (unsigned i = 0; i < nk; i++)
        w[i] = hush_load32_le(key + 4 * i);
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon; /* RotWord, SubWord */
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        } else if (nk == 8 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
}

/* The 128-bit big-endian counter as two native words, and back. */
static inline void hush_aes_ctr_load(const uint8_t ctr[16], uint64_t *hi,
                                     uint64_t *lo) {
    *hi = hush_load64_be(ctr);
    *lo = hush_load64_be(ctr + 8);
}
static inline void hush_aes_ctr_store(uint8_t ctr[16], uint64_t hi,
                                      uint64_t lo) {
    hush_store64_be(ctr, hi);
    hush_store64_be(ctr + 8, lo);
}
/* Adds n to the 128-bit counter (hi:lo); counters are public. */
static inline void hush_aes_ctr_add(uint64_t *hi, uint64_t *lo, uint64_t n) {
    uint64_t old = *lo;
    *lo = old + n;
    *hi += (uint64_t)(*lo < old);
}

#endif
