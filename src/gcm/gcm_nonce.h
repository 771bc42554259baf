/*
 * J0 of a 96-bit nonce in a vector register, read byte by byte, for the
 * short paths of the fused GCM tiers (gcm_short.h, gcm_vaes512.c). Include
 * after <immintrin.h> in a file built with SSE4.1 or later.
 */
#ifndef HUSH_GCM_NONCE_H
#define HUSH_GCM_NONCE_H

#include <stdint.h>

/*
 * The nonce in the first 12 bytes of a register, the rest zero (J0 with a
 * zero counter byte), XORed with k: four short chains of PINSRB, each
 * byte inserted straight from memory, then two levels of XOR (the bytes
 * are disjoint, so XOR is OR). Byte by byte as gcm_j0_words reads it (a
 * wider load over a caller's narrower pending store cannot be forwarded:
 * the store-forwarding item of docs/perf/gcm.md); the shifts and ORs of
 * two 64-bit words took ~36 instructions, more saved registers and two
 * GPR-to-vector moves.
 */
static inline __attribute__((always_inline)) __m128i
gcm_nonce_block_xor(const uint8_t *nonce, __m128i k) {
    const __m128i z = _mm_setzero_si128();
    __m128i a = _mm_insert_epi8(z, nonce[0], 0);
    __m128i b = _mm_insert_epi8(z, nonce[3], 3);
    __m128i c = _mm_insert_epi8(z, nonce[6], 6);
    __m128i d = _mm_insert_epi8(z, nonce[9], 9);
    a = _mm_insert_epi8(a, nonce[1], 1);
    b = _mm_insert_epi8(b, nonce[4], 4);
    c = _mm_insert_epi8(c, nonce[7], 7);
    d = _mm_insert_epi8(d, nonce[10], 10);
    a = _mm_insert_epi8(a, nonce[2], 2);
    b = _mm_insert_epi8(b, nonce[5], 5);
    c = _mm_insert_epi8(c, nonce[8], 8);
    d = _mm_insert_epi8(d, nonce[11], 11);
    return _mm_xor_si128(_mm_xor_si128(a, b),
                         _mm_xor_si128(_mm_xor_si128(c, d), k));
}

#endif
