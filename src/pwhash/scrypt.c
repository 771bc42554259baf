/*
 * scrypt (RFC 7914): the parameter checks, the one secret allocation, the
 * two PBKDF2 calls around ROMix, and the registry of ROMix tiers.
 *
 * B, V and the scratch blocks derive from the password: they live in one
 * hush_secret (default tier: zero-filled, wiped on destroy) that is
 * destroyed before returning. The tiers keep their state in registers or
 * in that secret; the vector registers are cleared afterwards.
 */
#include "core/registers.h"
#include "pwhash/scrypt_impl.h"

static const hush_impl_entry scrypt_impls[] = {
#if defined(HUSH_X86_64)
    {"avx512", HUSH_NEEDS_AVX512, 0, &hush_scrypt_avx512},
    {"avx2", HUSH_NEEDS_AVX2, 0, &hush_scrypt_avx2},
#endif
    {"portable", 0, 0, &hush_scrypt_portable},
};
HUSH_DEFINE_PRIMITIVE(scrypt, scrypt_impls);

#define ALIGN64(x) (((x) + 63) & ~(size_t)63)

/* The layout of the one allocation: B (p blocks), the two scratch blocks
 * X and Y, then V (n blocks), each block 128 * r bytes. Returns the total,
 * or 0 when the parameters are out of range or the size overflows. */
static size_t scrypt_layout(uint64_t n, uint32_t r, uint32_t p,
                            size_t *b_bytes) {
    if (n < 2 || (n & (n - 1)) != 0 || r == 0 || p == 0) return 0;
    if ((uint64_t)r * p >= (uint64_t)1 << 30) return 0;
    /* RFC 7914: N < 2^(128 * r / 8) */
    if ((uint64_t)r * 16 < 64 && (n >> (r * 16)) != 0) return 0;
    size_t block, blocks, total;
    if (__builtin_mul_overflow((size_t)r, (size_t)128, &block)) return 0;
    if (n > SIZE_MAX || __builtin_add_overflow((size_t)n, (size_t)p, &blocks) ||
        __builtin_add_overflow(blocks, (size_t)2, &blocks) ||
        __builtin_mul_overflow(block, blocks, &total) || total > SIZE_MAX - 64)
        return 0;
    *b_bytes = block * p;
    return ALIGN64(block * p) + 2 * block + block * (size_t)n;
}

size_t hush_scrypt_bytes(uint64_t n, uint32_t r, uint32_t p) {
    size_t b_bytes;
    return scrypt_layout(n, r, p, &b_bytes);
}

int hush_scrypt(uint8_t *out, size_t outlen, const void *pass, size_t passlen,
                const void *salt, size_t saltlen, uint64_t n, uint32_t r,
                uint32_t p) {
    size_t b_bytes = 0, total = scrypt_layout(n, r, p, &b_bytes);
    if (total == 0 || outlen > HUSH_PBKDF2_SHA256_MAX_OUT ||
        hush_missing(out, outlen) || hush_missing(pass, passlen) ||
        hush_missing(salt, saltlen))
        return HUSH_ERR_INVALID;
    if (outlen == 0) return HUSH_OK;

    hush_secret *mem;
    if (hush_secret_new(&mem, total, 0) != HUSH_OK) return HUSH_ERR_NOMEM;
    uint8_t *b = hush_secret_ptr_mut(mem);
    uint8_t *xy = b + ALIGN64(b_bytes);
    uint8_t *v = xy + 256 * (size_t)r;
    const hush_scrypt_ops *ops = hush_ops(&hush_prim_scrypt);

    int rc = hush_pbkdf2_sha256(b, b_bytes, pass, passlen, salt, saltlen, 1);
    for (uint32_t i = 0; rc == HUSH_OK && i < p; i++)
        ops->romix(b + (size_t)i * 128 * r, r, n, v, xy);
    /* pass is keyed into HMAC before the first output byte is written, so
     * out may overlap pass or salt; b is ours and never overlaps out */
    if (rc == HUSH_OK)
        rc = hush_pbkdf2_sha256(out, outlen, pass, passlen, b, b_bytes, 1);
    hush_secret_destroy(mem);
    hush_clear_vector_registers();
    return rc;
}
