/*
 * Password-based key derivation: PBKDF2-HMAC-SHA256 (RFC 8018) and scrypt
 * (RFC 7914).
 *
 * Both turn a password and a salt into key material. PBKDF2 costs time
 * only; scrypt also costs memory (128 * r * n bytes), which is what makes
 * guessing on custom hardware expensive. age's passphrase recipient uses
 * scrypt with n = 2^18, r = 8, p = 1 (256 MiB, a fraction of a second).
 */
#ifndef HUSH_PWHASH_H
#define HUSH_PWHASH_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest output of either function: (2^32 - 1) blocks of 32 bytes
 * (RFC 8018 section 5.2), or SIZE_MAX where size_t is smaller. */
#define HUSH_PBKDF2_SHA256_MAX_OUT                                             \
    (SIZE_MAX / 32u > 0xffffffffu ? (size_t)0xffffffffu * 32u : SIZE_MAX)

/*
 * PBKDF2 with HMAC-SHA256 as the pseudorandom function: writes outlen bytes
 * of DK = T_1 || T_2 || ... to out.
 *
 * pass and salt may be any length (an empty one may be NULL). iterations
 * is RFC 8018's c, at least 1. Returns HUSH_OK, or HUSH_ERR_INVALID (out
 * untouched) for iterations 0, outlen above HUSH_PBKDF2_SHA256_MAX_OUT, or
 * NULL with a non-zero length. outlen 0 succeeds and writes nothing.
 *
 * Overlap: out may alias or overlap pass (it is consumed before any output
 * is written). salt is read again for every 32-byte block, so out may
 * overlap salt only when outlen <= 32; otherwise HUSH_ERR_INVALID.
 *
 * Allocates nothing; the HMAC states and block temporaries that depend on
 * the password live on the stack and are wiped before returning.
 */
HUSH_API HUSH_NODISCARD int hush_pbkdf2_sha256(uint8_t *out, size_t outlen,
                                               const void *pass, size_t passlen,
                                               const void *salt, size_t saltlen,
                                               uint32_t iterations);

/*
 * scrypt (RFC 7914 section 6): writes outlen bytes of
 *   PBKDF2-HMAC-SHA256(pass, B, 1, outlen)
 * where B = ROMix_n(PBKDF2-HMAC-SHA256(pass, salt, 1, p * 128 * r)), block
 * by block, with BlockMix over Salsa20/8.
 *
 * Parameters: n (the CPU/memory cost) a power of two, 2 <= n, and
 * n < 2^(16 r) as RFC 7914 requires; r >= 1 (block size factor); p >= 1
 * (parallelisation, computed one after another here); r * p < 2^30.
 * Returns HUSH_OK; HUSH_ERR_INVALID (out untouched) for any parameter out
 * of range, outlen above HUSH_PBKDF2_SHA256_MAX_OUT, NULL with a non-zero
 * length, or a memory size that does not fit in size_t; HUSH_ERR_NOMEM when
 * the memory cannot be had (out untouched). outlen 0 checks the parameters,
 * succeeds and does no work.
 *
 * Memory: one allocation of about 128 * r * (n + p + 2) bytes (256 MiB for
 * age's n = 2^18, r = 8) through hush_secret_new in the default tier, the
 * one heap allocation this function makes: everything in it derives from
 * the password, so it is zero-filled, wiped and freed before returning,
 * on success and failure alike. See hush_scrypt_bytes.
 *
 * Overlap: out may alias or overlap pass and salt (both are consumed before
 * any output is written).
 *
 * Timing: the Salsa20/8 core and every length are constant time, but
 * ROMix reads its memory at indexes derived from the password: that is
 * scrypt's definition (its memory-hardness), not a choice of this
 * implementation, and an attacker who can observe this process's cache
 * may learn about the password from it (docs/CONSTANT_TIME.md).
 * Implementations (hush_impl("scrypt")): portable, avx2, avx512.
 */
HUSH_API HUSH_NODISCARD int hush_scrypt(uint8_t *out, size_t outlen,
                                        const void *pass, size_t passlen,
                                        const void *salt, size_t saltlen,
                                        uint64_t n, uint32_t r, uint32_t p);

/*
 * The bytes of memory hush_scrypt allocates for these parameters, or 0
 * when they are invalid (hush_scrypt would return HUSH_ERR_INVALID). For
 * a caller that wants to refuse a cost before paying it.
 */
HUSH_API size_t hush_scrypt_bytes(uint64_t n, uint32_t r, uint32_t p);

#ifdef __cplusplus
}
#endif
#endif
