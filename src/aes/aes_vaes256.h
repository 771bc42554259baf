/*
 * VAES on 256-bit registers (AVX2, no AVX-512): two blocks per register.
 * Shared (static inline) by aes_vaes256.c and the fused GCM tier
 * (gcm_vaes256.c); include only from files built with -mavx2 -mvaes on top
 * of AES-NI.
 *
 * The key is the AES-NI layout (aes_ni.h: ek, dk), then the encryption
 * round keys once more, each broadcast to both lanes (ek2): a round reads
 * its key with a plain 256-bit load. (A vbroadcasti128 from memory is a
 * shuffle uop on FP1/FP2 besides the load on Zen 3, and FP1 is one of the
 * two AES pipes.) 15 keys and eight AES states do not fit the 16 ymm
 * registers, and whatever the compiler spilled would land in stack slots C
 * cannot wipe, so keys are loaded where they are used: callers pass the
 * key pointer through an empty asm at the top of each step (HUSH_OPAQUE),
 * so no load is hoisted out of a loop and kept, and always run eight
 * registers, tails included. With fewer registers of state gcc loaded all
 * 15 AES-256 keys up front and spilled two of them to the stack (the leak
 * census found them); eight chains leave it no room to, and cost no more
 * time than one: a lone chain is latency bound (4 cycles a round), eight
 * fill both AES pipes in the same time.
 */
#ifndef HUSH_AES_VAES256_H
#define HUSH_AES_VAES256_H

#include "aes/aes_ni.h"

#define VAES256_ALWAYS_INLINE static inline __attribute__((always_inline))

typedef struct vaes256_key_data {
    __m128i ek[15], dk[15]; /* the AES-NI layout */
    __m256i ek2[15];        /* ek[r] in both lanes */
} vaes256_key_data;

_Static_assert(sizeof(vaes256_key_data) <= HUSH_AES_KEY_DATA,
               "vaes256 key fits");
_Static_assert(offsetof(vaes256_key_data, dk) == offsetof(aesni_key, dk),
               "the AES-NI layout first");

/* the broadcast encryption round keys of a vaes256 key */
VAES256_ALWAYS_INLINE const __m256i *vaes256_ek2(const hush_aes_key *k) {
    return ((const vaes256_key_data *)(const void *)k->data)->ek2;
}

/* The AES-NI schedule, then its broadcast copy. */
static inline void vaes256_expand(hush_aes_key *k, const uint8_t *key,
                                  size_t keylen) {
    aesni_expand(k, key, keylen);
    vaes256_key_data *v = (vaes256_key_data *)(void *)k->data;
    for (unsigned r = 0; r <= k->rounds; r++)
        v->ek2[r] = _mm256_broadcastsi128_si256(v->ek[r]);
}

/* round key r of the broadcast schedule ek2 */
VAES256_ALWAYS_INLINE __m256i vaes256_key(const __m256i *ek2, unsigned r) {
    return _mm256_load_si256(ek2 + r);
}

/* round key r of an AES-NI schedule in both lanes */
VAES256_ALWAYS_INLINE __m256i vaes256_key128(const __m128i *rk, unsigned r) {
    return _mm256_broadcastsi128_si256(_mm_load_si128(rk + r));
}

/* lane-wise 16-byte reversal: native (lo, hi) counter <-> big-endian block */
VAES256_ALWAYS_INLINE __m256i vaes256_bswap(__m256i x) {
    return _mm256_shuffle_epi8(
        x, _mm256_broadcastsi128_si256(_mm_set_epi8(
               0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* x[i] = b + 2i in the last byte of each lane, from the big-endian pair b
 * of blocks c and c + 1, while c's low byte does not carry within the 2n
 * blocks: a byte add per register (a shuffle per register was one more uop
 * on FP1, an AES pipe). */
VAES256_ALWAYS_INLINE void vaes256_counters_from_pair(__m256i *x, const int n,
                                                      __m256i b) {
    x[0] = b;
#pragma GCC unroll 8
    for (int i = 1; i < n; i++) {
        const uint64_t t = (uint64_t)i << 57; /* 2i in the top byte */
        x[i] = _mm256_add_epi8(
            b, _mm256_set_epi64x((long long)t, 0, (long long)t, 0));
    }
}

/* The counter blocks (hi:lo) + 0 .. 2n - 1 into n registers (block 2i in
 * the low lane of x[i]); the caller advances (hi, lo). Counters are public:
 * the branches on carries are constant time. */
VAES256_ALWAYS_INLINE void vaes256_counters(__m256i *x, const int n,
                                            uint64_t hi, uint64_t lo) {
    if (HUSH_LIKELY((lo & 0xff) <= 256 - 2 * (uint64_t)n)) {
        /* the low byte does not carry within these blocks: one byte swap */
        vaes256_counters_from_pair(
            x, n,
            vaes256_bswap(
                _mm256_add_epi64(_mm256_broadcastsi128_si256(_mm_set_epi64x(
                                     (long long)hi, (long long)lo)),
                                 _mm256_set_epi64x(0, 1, 0, 0))));
    } else if (HUSH_LIKELY(lo <= UINT64_MAX - 2 * (uint64_t)n)) {
        __m256i base =
            _mm256_add_epi64(_mm256_broadcastsi128_si256(
                                 _mm_set_epi64x((long long)hi, (long long)lo)),
                             _mm256_set_epi64x(0, 1, 0, 0));
        const __m256i two = _mm256_set_epi64x(0, 2, 0, 2);
#pragma GCC unroll 8
        for (int i = 0; i < n; i++) {
            x[i] = vaes256_bswap(base);
            base = _mm256_add_epi64(base, two);
        }
    } else {
        /* the low 64 bits wrap somewhere in here: carry one by one */
        HUSH_ALIGNED(32) uint8_t buf[8 * 32];
        for (int i = 0; i < 2 * n; i++) {
            hush_aes_ctr_store(buf + 16 * i, hi, lo);
            hush_aes_ctr_add(&hi, &lo, 1);
        }
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            x[i] = _mm256_load_si256(
                (const __m256i *)(const void *)(buf + 32 * i));
    }
}

/* The AES rounds of n registers (n, R and decrypt constants): encrypting
 * with the broadcast schedule ek2 (__m256i rows), decrypting with the
 * AES-NI decryption schedule dk (__m128i rows, broadcast as read). */
VAES256_ALWAYS_INLINE __m256i vaes256_round_key(const void *rk, unsigned r,
                                                const int decrypt) {
    return decrypt ? vaes256_key128((const __m128i *)rk, r)
                   : vaes256_key((const __m256i *)rk, r);
}

VAES256_ALWAYS_INLINE void vaes256_rounds(__m256i *x, const int n,
                                          const void *rk, const unsigned R,
                                          const int decrypt) {
    __m256i k = vaes256_round_key(rk, 0, decrypt);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = _mm256_xor_si256(x[i], k);
#pragma GCC unroll 14
    for (unsigned r = 1; r < R; r++) {
        k = vaes256_round_key(rk, r, decrypt);
#pragma GCC unroll 8
        for (int i = 0; i < n; i++)
            x[i] = decrypt ? _mm256_aesdec_epi128(x[i], k)
                           : _mm256_aesenc_epi128(x[i], k);
    }
    k = vaes256_round_key(rk, R, decrypt);
#pragma GCC unroll 8
    for (int i = 0; i < n; i++)
        x[i] = decrypt ? _mm256_aesdeclast_epi128(x[i], k)
                       : _mm256_aesenclast_epi128(x[i], k);
}

VAES256_ALWAYS_INLINE void vaes256_encrypt_regs(__m256i *x, const int n,
                                                const __m256i *ek2,
                                                const unsigned R) {
    vaes256_rounds(x, n, ek2, R, 0);
}

/* Zeroes the 32-byte pad with one store; the empty asm keeps it. No call
 * to hush_wipe while round keys may still be in registers: a first call
 * through the PLT runs the lazy-binding resolver, which saves every vector
 * register on the stack (core/registers.h), and the leak census found
 * AES-256 round keys there. */
VAES256_ALWAYS_INLINE void vaes256_wipe32(uint8_t pad[32]) {
    _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_setzero_si256());
    __asm__ __volatile__("" : : "r"(pad) : "memory");
}

/*
 * out = in XOR the keystream registers ks[0..n) over len bytes
 * (len <= 32 n). Whole registers are stored directly; a partial last one
 * goes through pad (32 bytes), which only ever holds input and output
 * bytes (never the keystream itself: it stays in its register) and which
 * the caller wipes (vaes256_wipe32).
 */
VAES256_ALWAYS_INLINE void vaes256_xor_out(uint8_t *out, const uint8_t *in,
                                           size_t len, const __m256i *ks,
                                           const int n, uint8_t pad[32]) {
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        size_t at = 32 * (size_t)i;
        if (at >= len) break; /* public */
        size_t left = len - at;
        if (left >= 32) {
            __m256i d =
                _mm256_loadu_si256((const __m256i *)(const void *)(in + at));
            _mm256_storeu_si256((__m256i *)(void *)(out + at),
                                _mm256_xor_si256(d, ks[i]));
            continue;
        }
        _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_setzero_si256());
        for (size_t j = 0; j < left; j++) {
            HUSH_OPAQUE(j); /* a byte loop, not a memcpy call */
            pad[j] = in[at + j];
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)pad);
        _mm256_storeu_si256((__m256i *)(void *)pad, _mm256_xor_si256(d, ks[i]));
        for (size_t j = 0; j < left; j++) {
            HUSH_OPAQUE(j);
            out[at + j] = pad[j];
        }
        break;
    }
}

#endif
