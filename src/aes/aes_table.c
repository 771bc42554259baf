/*
 * AES with the classic T-tables: VARIABLE TIME. DO NOT USE FOR SECRETS.
 *
 * Every round looks up tables indexed by bytes of (state XOR key), so which
 * cache lines are touched depends on the key and the data. An attacker who
 * shares the cache (another process, a VM neighbour, JavaScript in a
 * browser) or who can time many encryptions recovers the key: Bernstein's
 * 2005 cache-timing attack and Osvik-Shamir-Tromer's prime+probe did exactly
 * this to implementations like this one.
 *
 * It is registered with HUSH_IMPL_NOT_DEFAULT: hush never picks it; only
 * hush_impl_force("aes", "table") or HUSH_IMPL=aes=table selects it. It
 * exists as the comparison row of the benchmark (the price of constant
 * time) and as the positive control of the timing-leak test, which must see
 * this tier leak. Listed in docs/CONSTANT_TIME.md.
 */
#include <pthread.h>

#include "aes/aes_impl.h"

static uint8_t sbox[256], inv_sbox[256];
static uint32_t te[4][256], td[4][256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static uint8_t xtime(uint8_t x) {
    return (uint8_t)((x << 1) ^ ((x >> 7) * 0x1b));
}
static uint8_t gmul(uint8_t a, uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 8; i++) {
        if (b & 1) r ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return r;
}
static uint32_t ror8(uint32_t x) { return (x >> 8) | (x << 24); }

/* Builds the tables from the field arithmetic (public data, once). */
static void build_tables(void) {
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x != 0; y++)
            if (gmul((uint8_t)x, (uint8_t)y) == 1) inv = (uint8_t)y;
        uint8_t s = inv;
        for (int i = 1; i <= 4; i++)
            s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
        s ^= 0x63;
        sbox[x] = s;
        inv_sbox[s] = (uint8_t)x;
    }
    for (int x = 0; x < 256; x++) {
        uint8_t s = sbox[x], i = inv_sbox[x];
        uint32_t e = ((uint32_t)gmul(s, 2) << 24) | ((uint32_t)s << 16) |
                     ((uint32_t)s << 8) | gmul(s, 3);
        uint32_t d = ((uint32_t)gmul(i, 14) << 24) |
                     ((uint32_t)gmul(i, 9) << 16) |
                     ((uint32_t)gmul(i, 13) << 8) | gmul(i, 11);
        for (int t = 0; t < 4; t++) {
            te[t][x] = e;
            td[t][x] = d;
            e = ror8(e);
            d = ror8(d);
        }
    }
}

typedef struct table_key {
    uint32_t ek[60], dk[60];
} table_key;

static uint32_t sub_word(uint32_t w) {
    return ((uint32_t)sbox[w >> 24] << 24) |
           ((uint32_t)sbox[(w >> 16) & 0xff] << 16) |
           ((uint32_t)sbox[(w >> 8) & 0xff] << 8) | sbox[w & 0xff];
}
/* InvMixColumns of one word: Td[Sbox[b]] undoes the inverse S-box. */
static uint32_t inv_mix_word(uint32_t w) {
    return td[0][sbox[w >> 24]] ^ td[1][sbox[(w >> 16) & 0xff]] ^
           td[2][sbox[(w >> 8) & 0xff]] ^ td[3][sbox[w & 0xff]];
}

static void table_setup(hush_aes_key *k, const uint8_t *key, size_t keylen) {
    pthread_once(&tables_once, build_tables);
    table_key *t = (table_key *)(void *)k->data;
    unsigned nk = (unsigned)keylen / 4, total = 4 * (k->rounds + 1);
    /* 16-, 24- or 32-byte keys only (hush_aes_expand_words says why) */
    if (nk != 4 && nk != 6 && nk != 8) __builtin_unreachable();
    uint32_t rcon = 1;
    for (unsigned i = 0; i < nk; i++)
        t->ek[i] = hush_load32_be(key + 4 * i);
    for (unsigned i = nk; i < total; i++) {
        uint32_t w = t->ek[i - 1];
        if (i % nk == 0) {
            w = sub_word((w << 8) | (w >> 24)) ^ (rcon << 24);
            rcon = xtime((uint8_t)rcon);
        } else if (nk == 8 && i % nk == 4) {
            w = sub_word(w);
        }
        t->ek[i] = t->ek[i - nk] ^ w;
    }
    /* equivalent inverse cipher: reversed keys, InvMixColumns in between */
    for (unsigned r = 0; r <= k->rounds; r++)
        for (unsigned j = 0; j < 4; j++) {
            uint32_t w = t->ek[4 * (k->rounds - r) + j];
            t->dk[4 * r + j] = (r == 0 || r == k->rounds) ? w : inv_mix_word(w);
        }
}

static void encrypt_one(const table_key *t, unsigned rounds, uint8_t out[16],
                        const uint8_t in[16]) {
    const uint32_t *rk = t->ek;
    uint32_t s0 = hush_load32_be(in) ^ rk[0];
    uint32_t s1 = hush_load32_be(in + 4) ^ rk[1];
    uint32_t s2 = hush_load32_be(in + 8) ^ rk[2];
    uint32_t s3 = hush_load32_be(in + 12) ^ rk[3];
    for (unsigned r = 1; r < rounds; r++) {
        rk += 4;
        uint32_t t0 = te[0][s0 >> 24] ^ te[1][(s1 >> 16) & 0xff] ^
                      te[2][(s2 >> 8) & 0xff] ^ te[3][s3 & 0xff] ^ rk[0];
        uint32_t t1 = te[0][s1 >> 24] ^ te[1][(s2 >> 16) & 0xff] ^
                      te[2][(s3 >> 8) & 0xff] ^ te[3][s0 & 0xff] ^ rk[1];
        uint32_t t2 = te[0][s2 >> 24] ^ te[1][(s3 >> 16) & 0xff] ^
                      te[2][(s0 >> 8) & 0xff] ^ te[3][s1 & 0xff] ^ rk[2];
        uint32_t t3 = te[0][s3 >> 24] ^ te[1][(s0 >> 16) & 0xff] ^
                      te[2][(s1 >> 8) & 0xff] ^ te[3][s2 & 0xff] ^ rk[3];
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }
    rk += 4;
    uint32_t s[4] = {s0, s1, s2, s3};
    for (int j = 0; j < 4; j++) {
        uint32_t w = ((uint32_t)sbox[s[j] >> 24] << 24) |
                     ((uint32_t)sbox[(s[(j + 1) & 3] >> 16) & 0xff] << 16) |
                     ((uint32_t)sbox[(s[(j + 2) & 3] >> 8) & 0xff] << 8) |
                     sbox[s[(j + 3) & 3] & 0xff];
        hush_store32_be(out + 4 * j, w ^ rk[j]);
    }
}

static void decrypt_one(const table_key *t, unsigned rounds, uint8_t out[16],
                        const uint8_t in[16]) {
    const uint32_t *rk = t->dk;
    uint32_t s0 = hush_load32_be(in) ^ rk[0];
    uint32_t s1 = hush_load32_be(in + 4) ^ rk[1];
    uint32_t s2 = hush_load32_be(in + 8) ^ rk[2];
    uint32_t s3 = hush_load32_be(in + 12) ^ rk[3];
    for (unsigned r = 1; r < rounds; r++) {
        rk += 4;
        uint32_t t0 = td[0][s0 >> 24] ^ td[1][(s3 >> 16) & 0xff] ^
                      td[2][(s2 >> 8) & 0xff] ^ td[3][s1 & 0xff] ^ rk[0];
        uint32_t t1 = td[0][s1 >> 24] ^ td[1][(s0 >> 16) & 0xff] ^
                      td[2][(s3 >> 8) & 0xff] ^ td[3][s2 & 0xff] ^ rk[1];
        uint32_t t2 = td[0][s2 >> 24] ^ td[1][(s1 >> 16) & 0xff] ^
                      td[2][(s0 >> 8) & 0xff] ^ td[3][s3 & 0xff] ^ rk[2];
        uint32_t t3 = td[0][s3 >> 24] ^ td[1][(s2 >> 16) & 0xff] ^
                      td[2][(s1 >> 8) & 0xff] ^ td[3][s0 & 0xff] ^ rk[3];
        s0 = t0, s1 = t1, s2 = t2, s3 = t3;
    }
    rk += 4;
    uint32_t s[4] = {s0, s1, s2, s3};
    for (int j = 0; j < 4; j++) {
        uint32_t w = ((uint32_t)inv_sbox[s[j] >> 24] << 24) |
                     ((uint32_t)inv_sbox[(s[(j + 3) & 3] >> 16) & 0xff] << 16) |
                     ((uint32_t)inv_sbox[(s[(j + 2) & 3] >> 8) & 0xff] << 8) |
                     inv_sbox[s[(j + 1) & 3] & 0xff];
        hush_store32_be(out + 4 * j, w ^ rk[j]);
    }
}

static void table_encrypt(const hush_aes_key *k, uint8_t *out,
                          const uint8_t *in, size_t nblocks) {
    const table_key *t = (const table_key *)(const void *)k->data;
    for (size_t i = 0; i < nblocks; i++)
        encrypt_one(t, k->rounds, out + 16 * i, in + 16 * i);
}

static void table_decrypt(const hush_aes_key *k, uint8_t *out,
                          const uint8_t *in, size_t nblocks) {
    const table_key *t = (const table_key *)(const void *)k->data;
    for (size_t i = 0; i < nblocks; i++)
        decrypt_one(t, k->rounds, out + 16 * i, in + 16 * i);
}

static void table_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                      size_t len, uint8_t ctr[16]) {
    const table_key *t = (const table_key *)(const void *)k->data;
    uint64_t hi, lo;
    uint8_t ks[16];
    hush_aes_ctr_load(ctr, &hi, &lo);
    while (len > 0) {
        uint8_t block[16];
        hush_aes_ctr_store(block, hi, lo);
        hush_aes_ctr_add(&hi, &lo, 1);
        encrypt_one(t, k->rounds, ks, block);
        size_t n = len < 16 ? len : 16;
        for (size_t j = 0; j < n; j++)
            out[j] = in[j] ^ ks[j];
        out += n, in += n, len -= n;
    }
    hush_aes_ctr_store(ctr, hi, lo);
    hush_wipe(ks, sizeof ks);
}

const hush_aes_ops hush_aes_table = {table_setup, table_encrypt, table_decrypt,
                                     table_ctr};
