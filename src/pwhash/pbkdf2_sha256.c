/*
 * PBKDF2-HMAC-SHA256 (RFC 8018 section 5.2).
 *
 * The password keys one HMAC context once; every iteration copies it, so
 * the padded-key blocks are computed once rather than twice per iteration.
 * Everything derived from the password (the keyed context, U_j, T_i) is on
 * the stack and wiped before returning.
 */
#include "core/internal.h"
#include "core/registers.h"
#include "sha256/sha256_impl.h"

/* salt is read again for every output block: output written into it would
 * change later blocks, so overlap is refused unless there is one block. */
static int salt_clobbered(const uint8_t *out, size_t outlen, const void *salt,
                          size_t saltlen) {
    uintptr_t o = (uintptr_t)out, s = (uintptr_t)salt;
    return outlen > 32 && saltlen != 0 && o < s + saltlen && s < o + outlen;
}

int hush_pbkdf2_sha256(uint8_t *out, size_t outlen, const void *pass,
                       size_t passlen, const void *salt, size_t saltlen,
                       uint32_t iterations) {
    if (iterations == 0 || outlen > HUSH_PBKDF2_SHA256_MAX_OUT ||
        hush_missing(out, outlen) || hush_missing(pass, passlen) ||
        hush_missing(salt, saltlen))
        return HUSH_ERR_INVALID;
    if (salt_clobbered(out, outlen, salt, saltlen)) return HUSH_ERR_INVALID;
    if (outlen == 0) return HUSH_OK;

    hush_hmac_sha256_ctx keyed, c; /* hold the password: wiped */
    uint8_t u[32], t[32];          /* U_j and T_i: wiped */
    hush_hmac_sha256_init(&keyed, pass, passlen);
    for (uint32_t block = 1; outlen != 0; block++) {
        uint8_t index[4];
        hush_store32_be(index, block);
        c = keyed;
        hush_hmac_sha256_update(&c, salt, saltlen);
        hush_hmac_sha256_update(&c, index, sizeof index);
        hush_hmac_sha256_final(&c, u);
        memcpy(t, u, sizeof t);
        for (uint32_t j = 1; j < iterations; j++) {
            c = keyed;
            hush_hmac_sha256_update(&c, u, sizeof u);
            hush_hmac_sha256_final(&c, u);
            for (size_t k = 0; k < sizeof t; k++)
                t[k] ^= u[k];
        }
        size_t take = outlen < 32 ? outlen : 32;
        memcpy(out, t, take);
        out += take;
        outlen -= take;
    }
    HUSH_SHA256_WIPE_OBJ(&keyed);
    HUSH_SHA256_WIPE_OBJ(&c);
    HUSH_SHA256_WIPE_OBJ(&u);
    HUSH_SHA256_WIPE_OBJ(&t);
    hush_clear_vector_registers(); /* T_i was combined in vector registers */
    return HUSH_OK;
}
