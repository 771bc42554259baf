/*
 * HKDF-SHA256 (RFC 5869) on HMAC-SHA256.
 *
 * expand keys one HMAC context with the PRK and copies it for every output
 * block, so the PRK's padded-key blocks are computed once, not 2 * N times.
 * Every temporary that holds the PRK or output keying material is wiped.
 */
#include "core/internal.h"
#include "core/misuse.h"
#include "sha256/sha256_impl.h"

/* info is read again for every output block, so output written into it
 * would change later blocks: any overlap is refused unless the output is a
 * single block, which is computed in full before it is written. */
static int info_clobbered(const uint8_t *out, size_t outlen, const void *info,
                          size_t infolen) {
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)info;
    return outlen > 32 && infolen != 0 && o < i + infolen && i < o + outlen;
}

void hush_hkdf_sha256_extract(uint8_t prk[32], const void *salt, size_t saltlen,
                              const void *ikm, size_t ikmlen) {
    HUSH_REQUIRE(prk != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(!hush_missing(salt, saltlen),
                 "NULL salt with a nonzero length");
    HUSH_REQUIRE(!hush_missing(ikm, ikmlen), HUSH_MISUSE_NULL_DATA);
    /* An empty salt is HMAC's empty key, i.e. a block of zero bytes: the
     * same key as RFC 5869's "string of HashLen zeros". */
    hush_hmac_sha256(prk, salt, saltlen, ikm, ikmlen);
}

int hush_hkdf_sha256_expand(uint8_t *out, size_t outlen, const uint8_t prk[32],
                            const void *info, size_t infolen) {
    if (outlen > HUSH_HKDF_SHA256_MAX_OUT || prk == NULL ||
        hush_missing(out, outlen) || hush_missing(info, infolen))
        return HUSH_ERR_INVALID;
    if (info_clobbered(out, outlen, info, infolen)) return HUSH_ERR_INVALID;
    if (outlen == 0) return HUSH_OK;

    hush_hmac_sha256_ctx keyed, c; /* hold the PRK: wiped */
    uint8_t t[32];                 /* T(i): output keying material, wiped */
    size_t done = 0;
    uint8_t counter = 1;

    hush_hmac_sha256_init(&keyed, prk, 32);
    while (done < outlen) {
        c = keyed;
        if (done != 0) hush_hmac_sha256_update(&c, t, sizeof t);
        hush_hmac_sha256_update(&c, info, infolen);
        hush_hmac_sha256_update(&c, &counter, 1);
        hush_hmac_sha256_final(&c, t);
        size_t take = outlen - done < 32 ? outlen - done : 32;
        memcpy(out + done, t, take);
        done += take;
        counter++;
    }
    HUSH_SHA256_WIPE_OBJ(&keyed);
    HUSH_SHA256_WIPE_OBJ(&t);
    return HUSH_OK;
}

int hush_hkdf_sha256(uint8_t *out, size_t outlen, const void *ikm,
                     size_t ikmlen, const void *salt, size_t saltlen,
                     const void *info, size_t infolen) {
    if (outlen > HUSH_HKDF_SHA256_MAX_OUT || hush_missing(out, outlen) ||
        hush_missing(ikm, ikmlen) || hush_missing(salt, saltlen) ||
        hush_missing(info, infolen))
        return HUSH_ERR_INVALID;
    if (info_clobbered(out, outlen, info, infolen)) return HUSH_ERR_INVALID;
    if (outlen == 0) return HUSH_OK;

    uint8_t prk[32]; /* wiped */
    hush_hkdf_sha256_extract(prk, salt, saltlen, ikm, ikmlen);
    int rc = hush_hkdf_sha256_expand(out, outlen, prk, info, infolen);
    HUSH_SHA256_WIPE_OBJ(&prk);
    return rc;
}
