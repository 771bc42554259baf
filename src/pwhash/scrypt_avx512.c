/*
 * scrypt ROMix, AVX-512 tier: the same 128-bit Salsa20/8 rows
 * (scrypt_simd.h), with AVX-512VL's vprold doing each rotation in one
 * instruction, which shortens the dependency chain of every quarter step
 * from four operations to three. Compiled with -mavx512f -mavx512vl.
 */
#include "pwhash/scrypt_impl.h"

#if defined(HUSH_X86_64)
#define SCRYPT_ROTL(v, n) _mm_rol_epi32(v, n)
#include "pwhash/scrypt_simd.h"

static void romix_avx512(uint8_t *b, size_t r, uint64_t n, void *v, void *xy) {
    scrypt_simd_romix(b, r, n, v, xy);
}

const hush_scrypt_ops hush_scrypt_avx512 = {romix_avx512};
#endif
