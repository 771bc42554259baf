/*
 * scrypt ROMix, AVX2 tier: 128-bit Salsa20/8 rows (scrypt_simd.h) with
 * VEX encoding; a rotation is two shifts and an OR. Compiled with -mavx2
 * only.
 */
#include "pwhash/scrypt_impl.h"

#if defined(HUSH_X86_64)
#define SCRYPT_ROTL(v, n)                                                      \
    _mm_or_si128(_mm_slli_epi32(v, n), _mm_srli_epi32(v, 32 - (n)))
#include "pwhash/scrypt_simd.h"

static void romix_avx2(uint8_t *b, size_t r, uint64_t n, void *v, void *xy) {
    scrypt_simd_romix(b, r, n, v, xy);
}

const hush_scrypt_ops hush_scrypt_avx2 = {romix_avx2};
#endif
