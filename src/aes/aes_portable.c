/*
 * AES, portable and constant time: bitsliced over 64-bit words.
 *
 * Four blocks are processed together as eight 64-bit "planes": plane j
 * holds bit j of all 64 state bytes. Within a plane, block b owns the
 * 16-bit lane b, and state byte (row r, column c) sits at lane bit 4r + c
 * (row-major), so ShiftRows is a rotation inside 4-bit nibbles and the
 * row rotations of MixColumns are rotations inside 16-bit lanes.
 *
 * The S-box is computed, not looked up: Boyar and Peralta's 113-gate
 * circuit for encryption; for decryption the inverse affine map, then the
 * inverse in GF(2^8) as x^254 (4 multiplications and 7 squarings, all
 * AND/XOR on planes). Nothing here indexes memory or branches on key or data;
 * the key schedule's SubWord goes through the same bitsliced S-box. Packing
 * bytes into planes uses 64-bit multiplications by constants, which are
 * constant time on the CPUs hush targets.
 */
#include "aes/aes_impl.h"

#define LANES(m) ((uint64_t)(m)*0x0001000100010001ull)

typedef struct bs_key {
    uint64_t rk[15][8]; /* round keys, bitsliced, the key in all 4 lanes */
} bs_key;

/* ---- packing bytes into planes and back ---- */

/* bit j of each of the 8 bytes of w, as one byte (byte k -> bit k) */
static inline uint64_t gather8(uint64_t w, unsigned j) {
    return (((w >> j) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
}
/* bit k of y (8 bits) to bit 0 of byte k */
static inline uint64_t spread8(uint64_t y) {
    uint64_t t = (y * 0x0101010101010101ull) & 0x8040201008040201ull;
    return ((t + 0x7f7f7f7f7f7f7f7full) >> 7) & 0x0101010101010101ull;
}

/* 64 bytes (four blocks, FIPS byte order r + 4c) into eight planes */
static void bitslice(uint64_t q[8], const uint8_t in[64]) {
    uint8_t t[64];
    uint64_t w[8];
    for (int b = 0; b < 4; b++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                t[16 * b + 4 * r + c] = in[16 * b + r + 4 * c];
    for (int k = 0; k < 8; k++)
        w[k] = hush_load64_le(t + 8 * k);
    for (unsigned j = 0; j < 8; j++) {
        uint64_t p = 0;
        for (int k = 0; k < 8; k++)
            p |= gather8(w[k], j) << (8 * k);
        q[j] = p;
    }
    hush_wipe(t, sizeof t);
    hush_wipe(w, sizeof w);
}

static void unbitslice(uint8_t out[64], const uint64_t q[8]) {
    uint8_t t[64];
    for (int k = 0; k < 8; k++) {
        uint64_t w = 0;
        for (unsigned j = 0; j < 8; j++)
            w |= spread8((q[j] >> (8 * k)) & 0xff) << j;
        hush_store64_le(t + 8 * k, w);
    }
    for (int b = 0; b < 4; b++)
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++)
                out[16 * b + r + 4 * c] = t[16 * b + 4 * r + c];
    hush_wipe(t, sizeof t);
}

/* ---- GF(2^8) on planes, modulo x^8 + x^4 + x^3 + x + 1 ---- */

static inline void gf_reduce(uint64_t p[15], uint64_t r[8]) {
    for (int k = 14; k >= 8; k--) {
        p[k - 4] ^= p[k];
        p[k - 5] ^= p[k];
        p[k - 7] ^= p[k];
        p[k - 8] ^= p[k];
    }
    for (int i = 0; i < 8; i++)
        r[i] = p[i];
}

static inline void gf_mul(uint64_t r[8], const uint64_t a[8],
                          const uint64_t b[8]) {
    uint64_t p[15] = {0};
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            p[i + j] ^= a[i] & b[j];
    gf_reduce(p, r);
}

static inline void gf_square(uint64_t r[8], const uint64_t a[8]) {
    uint64_t p[15] = {0};
    for (int i = 0; i < 8; i++)
        p[2 * i] = a[i];
    gf_reduce(p, r);
}

/* a^254, the multiplicative inverse (0 maps to 0) */
static inline void gf_invert(uint64_t r[8], const uint64_t a[8]) {
    uint64_t x2[8], x3[8], x12[8], x15[8], t[8];
    gf_square(x2, a);
    gf_mul(x3, x2, a);
    gf_square(t, x3);  /* x^6 */
    gf_square(x12, t); /* x^12 */
    gf_mul(x15, x12, x3);
    gf_square(t, x15); /* x^30 */
    gf_square(t, t);   /* x^60 */
    gf_square(t, t);   /* x^120 */
    gf_square(t, t);   /* x^240 */
    gf_mul(t, t, x12); /* x^252 */
    gf_mul(r, t, x2);  /* x^254 */
}

/*
 * The forward S-box as Boyar and Peralta's 113-gate circuit ("A depth-16
 * circuit for the AES S-box", 2011: 32 AND, 77 XOR, 4 XNOR), the gate list
 * of the paper written over planes. The paper numbers bits from the most
 * significant: u0 is bit 7 (plane 7) and s0 goes to plane 7.
 */
static inline void sub_bytes(uint64_t q[8]) {
    const uint64_t u0 = q[7], u1 = q[6], u2 = q[5], u3 = q[4], u4 = q[3],
                   u5 = q[2], u6 = q[1], u7 = q[0];
    /* top linear layer */
    const uint64_t t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5,
                   t5 = u4 ^ u6, t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6,
                   t9 = u7 ^ t7, t10 = t6 ^ t7, t11 = u1 ^ u5, t12 = u2 ^ u5,
                   t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11,
                   t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7,
                   t19 = t7 ^ t18, t20 = t1 ^ t19, t21 = u6 ^ u7,
                   t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10,
                   t25 = t20 ^ t17, t26 = t3 ^ t16, t27 = t1 ^ t12;
    /* shared non-linear middle: inversion in GF(2^4)^2 */
    const uint64_t m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7,
                   m5 = m4 ^ m1, m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6,
                   m9 = t20 & t17, m10 = m9 ^ m6, m11 = t1 & t15,
                   m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10,
                   m15 = m14 ^ m11, m16 = m3 ^ m2, m17 = m5 ^ t24,
                   m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13,
                   m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25,
                   m24 = m22 ^ m23, m25 = m22 & m20, m26 = m21 ^ m25,
                   m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27,
                   m30 = m26 & m24, m31 = m20 & m23, m32 = m27 & m31,
                   m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34,
                   m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33,
                   m39 = m23 ^ m30, m40 = m35 ^ m36, m41 = m38 ^ m40,
                   m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40,
                   m45 = m42 ^ m41, m46 = m44 & t6, m47 = m40 & t8,
                   m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9,
                   m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27,
                   m54 = m41 & t10, m55 = m44 & t13, m56 = m40 & t23,
                   m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22,
                   m60 = m37 & t20, m61 = m42 & t1, m62 = m45 & t4,
                   m63 = m41 & t2;
    /* bottom linear layer, with the affine constant 0x63 as XNORs */
    const uint64_t l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48,
                   l3 = m47 ^ m55, l4 = m54 ^ m58, l5 = m49 ^ m61,
                   l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53,
                   l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51,
                   l13 = m50 ^ l0, l14 = m52 ^ m61, l15 = m55 ^ l1,
                   l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8,
                   l19 = m63 ^ l4, l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12,
                   l23 = l18 ^ l2, l24 = l15 ^ l9, l25 = l6 ^ l10,
                   l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14,
                   l29 = l11 ^ l17;
    q[7] = l6 ^ l24;
    q[6] = ~(l16 ^ l26);
    q[5] = ~(l19 ^ l28);
    q[4] = l6 ^ l21;
    q[3] = l20 ^ l22;
    q[2] = l25 ^ l29;
    q[1] = ~(l13 ^ l27);
    q[0] = ~(l6 ^ l23);
}

static inline void inv_sub_bytes(uint64_t q[8]) {
    uint64_t s[8];
    /* b = rotl(s,1) ^ rotl(s,3) ^ rotl(s,6) ^ 0x05, then invert */
    for (int i = 0; i < 8; i++)
        s[i] = q[(i + 7) & 7] ^ q[(i + 5) & 7] ^ q[(i + 2) & 7];
    s[0] = ~s[0], s[2] = ~s[2];
    gf_invert(q, s);
}

/* ---- the linear layers ---- */

static inline uint64_t shift_rows1(uint64_t x) {
    return (x & LANES(0x000f)) | ((x >> 1) & LANES(0x0070)) |
           ((x << 3) & LANES(0x0080)) | ((x >> 2) & LANES(0x0300)) |
           ((x << 2) & LANES(0x0c00)) | ((x >> 3) & LANES(0x1000)) |
           ((x << 1) & LANES(0xe000));
}
static inline uint64_t inv_shift_rows1(uint64_t x) {
    return (x & LANES(0x000f)) | ((x << 1) & LANES(0x00e0)) |
           ((x >> 3) & LANES(0x0010)) | ((x >> 2) & LANES(0x0300)) |
           ((x << 2) & LANES(0x0c00)) | ((x >> 1) & LANES(0x7000)) |
           ((x << 3) & LANES(0x8000));
}
/* row r of the result holds row r + k (mod 4) of x */
static inline uint64_t rotate_rows(uint64_t x, unsigned k) {
    unsigned s = 4 * k;
    uint64_t low = LANES(0xffffu >> s);
    return ((x >> s) & low) | ((x << (16 - s)) & ~low);
}
/* multiplication by x in GF(2^8), plane-wise */
static inline void xtime_planes(uint64_t r[8], const uint64_t t[8]) {
    uint64_t hi = t[7];
    r[7] = t[6], r[6] = t[5], r[5] = t[4], r[4] = t[3] ^ hi;
    r[3] = t[2] ^ hi, r[2] = t[1], r[1] = t[0] ^ hi, r[0] = hi;
}

static inline void mix_columns(uint64_t q[8]) {
    uint64_t a1[8], t[8], x[8];
    for (int i = 0; i < 8; i++) {
        a1[i] = rotate_rows(q[i], 1);
        t[i] = q[i] ^ a1[i];
    }
    xtime_planes(x, t);
    for (int i = 0; i < 8; i++)
        q[i] = x[i] ^ a1[i] ^ rotate_rows(q[i], 2) ^ rotate_rows(q[i], 3);
}

/* InvMixColumns = MixColumns after a_r ^= 4 (a_r ^ a_{r+2}) */
static inline void inv_mix_columns(uint64_t q[8]) {
    uint64_t t[8], x[8];
    for (int i = 0; i < 8; i++)
        t[i] = q[i] ^ rotate_rows(q[i], 2);
    xtime_planes(x, t);
    xtime_planes(t, x);
    for (int i = 0; i < 8; i++)
        q[i] ^= t[i];
    mix_columns(q);
}

static inline void add_round_key(uint64_t q[8], const uint64_t rk[8]) {
    for (int i = 0; i < 8; i++)
        q[i] ^= rk[i];
}

static void encrypt_planes(const bs_key *k, unsigned rounds, uint64_t q[8]) {
    add_round_key(q, k->rk[0]);
    for (unsigned r = 1; r < rounds; r++) {
        sub_bytes(q);
        for (int i = 0; i < 8; i++)
            q[i] = shift_rows1(q[i]);
        mix_columns(q);
        add_round_key(q, k->rk[r]);
    }
    sub_bytes(q);
    for (int i = 0; i < 8; i++)
        q[i] = shift_rows1(q[i]);
    add_round_key(q, k->rk[rounds]);
}

static void decrypt_planes(const bs_key *k, unsigned rounds, uint64_t q[8]) {
    add_round_key(q, k->rk[rounds]);
    for (unsigned r = rounds - 1; r >= 1; r--) {
        for (int i = 0; i < 8; i++)
            q[i] = inv_shift_rows1(q[i]);
        inv_sub_bytes(q);
        add_round_key(q, k->rk[r]);
        inv_mix_columns(q);
    }
    for (int i = 0; i < 8; i++)
        q[i] = inv_shift_rows1(q[i]);
    inv_sub_bytes(q);
    add_round_key(q, k->rk[0]);
}

/* SubBytes of 4 bytes in constant time (for the key schedule) */
static uint32_t sub_word(uint32_t w) {
    uint8_t buf[64] = {0};
    uint64_t q[8];
    hush_store32_le(buf, w);
    bitslice(q, buf);
    sub_bytes(q);
    unbitslice(buf, q);
    uint32_t r = hush_load32_le(buf);
    hush_wipe(buf, sizeof buf);
    hush_wipe(q, sizeof q);
    return r;
}

static void portable_setup(hush_aes_key *k, const uint8_t *key, size_t keylen) {
    bs_key *bk = (bs_key *)(void *)k->data;
    uint32_t w[60]; /* little-endian words: byte 0 of the key is the low byte */
    hush_aes_expand_words(w, key, keylen, k->rounds, sub_word);
    for (unsigned r = 0; r <= k->rounds; r++) {
        uint8_t buf[64];
        for (int b = 0; b < 4; b++)
            for (int j = 0; j < 4; j++)
                hush_store32_le(buf + 16 * b + 4 * j, w[4 * r + j]);
        bitslice(bk->rk[r], buf);
        hush_wipe(buf, sizeof buf);
    }
    hush_wipe(w, sizeof w);
}

/* ECB, four blocks per bitsliced pass (the direction is public). */
static void portable_ecb(const hush_aes_key *k, int decrypt, uint8_t *out,
                         const uint8_t *in, size_t nblocks) {
    const bs_key *bk = (const bs_key *)(const void *)k->data;
    uint8_t buf[64];
    uint64_t q[8];
    while (nblocks > 0) {
        size_t n = nblocks < 4 ? nblocks : 4;
        memset(buf, 0, sizeof buf);
        memcpy(buf, in, 16 * n);
        bitslice(q, buf);
        if (decrypt)
            decrypt_planes(bk, k->rounds, q);
        else
            encrypt_planes(bk, k->rounds, q);
        unbitslice(buf, q);
        memcpy(out, buf, 16 * n);
        in += 16 * n, out += 16 * n, nblocks -= n;
    }
    hush_wipe(buf, sizeof buf);
    hush_wipe(q, sizeof q);
}

static void portable_encrypt(const hush_aes_key *k, uint8_t *out,
                             const uint8_t *in, size_t nblocks) {
    portable_ecb(k, 0, out, in, nblocks);
}

static void portable_decrypt(const hush_aes_key *k, uint8_t *out,
                             const uint8_t *in, size_t nblocks) {
    portable_ecb(k, 1, out, in, nblocks);
}

static void portable_ctr(const hush_aes_key *k, uint8_t *out, const uint8_t *in,
                         size_t len, uint8_t ctr[16]) {
    const bs_key *bk = (const bs_key *)(const void *)k->data;
    uint8_t ks[64];
    uint64_t q[8], hi, lo;
    hush_aes_ctr_load(ctr, &hi, &lo);
    while (len > 0) {
        for (int b = 0; b < 4; b++) {
            hush_aes_ctr_store(ks + 16 * b, hi, lo);
            hush_aes_ctr_add(&hi, &lo, 1);
        }
        bitslice(q, ks);
        encrypt_planes(bk, k->rounds, q);
        unbitslice(ks, q);
        size_t n = len < 64 ? len : 64;
        for (size_t i = 0; i < n; i++)
            out[i] = in[i] ^ ks[i];
        if (n < 64) {
            /* give back the counter blocks this call did not use */
            size_t unused = (64 - n) / 16;
            uint64_t old = lo;
            lo -= unused;
            hi -= (uint64_t)(lo > old);
        }
        in += n, out += n, len -= n;
    }
    hush_aes_ctr_store(ctr, hi, lo);
    hush_wipe(ks, sizeof ks);
    hush_wipe(q, sizeof q);
}

const hush_aes_ops hush_aes_portable = {portable_setup, portable_encrypt,
                                        portable_decrypt, portable_ctr};
