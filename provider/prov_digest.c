/*
 * SHA2-256 through EVP_MD, on hush_sha256_init/update/final. libssl uses it
 * for the handshake transcript and, through the default provider's HMAC,
 * HKDF and TLS13-KDF, for the key schedule of SHA-256 suites.
 *
 * A context can hold key-derived state (an HMAC's inner hash, keyed by
 * the caller), so it lives in secret memory, default tier (a digest is not
 * a key: the "hardened" setting is for keys, docs/OPENSSL.md), and is
 * wiped when freed and at every final.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <string.h>

#include "prov.h"

typedef struct digest_ctx {
    hush_sha256_ctx sha;
    const prov_ctx *prov;
    hush_secret *mem;
    int live; /* between init and final */
} digest_ctx;

static void *newctx(void *provctx) {
    const prov_ctx *p = provctx;
    if (prov_refuse(p)) return NULL;
    hush_secret *mem;
    int r = hush_secret_new(&mem, sizeof(digest_ctx), 0);
    if (r != HUSH_OK) {
        prov_error(p, PROV_R_NO_MEMORY, "hush_secret_new: %s",
                   hush_strerror(r));
        return NULL;
    }
    digest_ctx *c = (digest_ctx *)(void *)hush_secret_ptr_mut(mem);
    c->prov = p;
    c->mem = mem;
    return c;
}

static void freectx(void *vctx) {
    digest_ctx *c = vctx;
    if (c) hush_secret_destroy(c->mem);
}

static void *dupctx(void *vctx) {
    const digest_ctx *src = vctx;
    digest_ctx *c = newctx((void *)(uintptr_t)src->prov);
    if (c == NULL) return NULL;
    hush_secret *mem = c->mem;
    *c = *src; /* a copy of a hush_sha256_ctx forks the computation */
    c->mem = mem;
    return c;
}

static int init(void *vctx, const OSSL_PARAM params[]) {
    digest_ctx *c = vctx;
    (void)params; /* SHA-256 takes none */
    if (prov_refuse(c->prov)) return 0;
    hush_sha256_init(&c->sha);
    c->live = 1;
    return 1;
}

static int update(void *vctx, const unsigned char *in, size_t inl) {
    digest_ctx *c = vctx;
    if (prov_refuse(c->prov)) return 0;
    if (!c->live) {
        prov_error(c->prov, PROV_R_BAD_STATE, "digest update before init");
        return 0;
    }
    hush_sha256_update(&c->sha, in, inl);
    return 1;
}

static int final(void *vctx, unsigned char *out, size_t *outl, size_t outsz) {
    digest_ctx *c = vctx;
    if (prov_refuse(c->prov)) return 0;
    if (!c->live || outsz < HUSH_SHA256_BYTES) {
        prov_error(c->prov, c->live ? PROV_R_BAD_ARGUMENT : PROV_R_BAD_STATE,
                   "digest final: %s",
                   c->live ? "output too small" : "not initialised");
        return 0;
    }
    hush_sha256_final(&c->sha, out); /* wipes the context */
    c->live = 0;
    *outl = HUSH_SHA256_BYTES;
    PROV_COUNT(sha256_finals);
    return 1;
}

static int digest(void *provctx, const unsigned char *in, size_t inl,
                  unsigned char *out, size_t *outl, size_t outsz) {
    const prov_ctx *p = provctx;
    if (prov_refuse(p)) return 0;
    if (outsz < HUSH_SHA256_BYTES) {
        prov_error(p, PROV_R_BAD_ARGUMENT, "digest: output too small");
        return 0;
    }
    hush_sha256(out, in, inl);
    *outl = HUSH_SHA256_BYTES;
    PROV_COUNT(sha256_finals);
    return 1;
}

static int get_params(OSSL_PARAM params[]) {
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, 64))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, HUSH_SHA256_BYTES))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_XOF)) != NULL &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    /* SHA-2 AlgorithmIdentifiers carry no parameters (RFC 5754) */
    if ((p = OSSL_PARAM_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) !=
            NULL &&
        !OSSL_PARAM_set_int(p, 1))
        return 0;
    return 1;
}

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_DIGEST_PARAM_SIZE, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_XOF, NULL),
    OSSL_PARAM_int(OSSL_DIGEST_PARAM_ALGID_ABSENT, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *gettable_params(void *provctx) {
    (void)provctx;
    return gettable;
}

const OSSL_DISPATCH prov_sha256_functions[] = {
    {OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))newctx},
    {OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))freectx},
    {OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))dupctx},
    {OSSL_FUNC_DIGEST_INIT, (void (*)(void))init},
    {OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))update},
    {OSSL_FUNC_DIGEST_FINAL, (void (*)(void)) final},
    {OSSL_FUNC_DIGEST_DIGEST, (void (*)(void))digest},
    {OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))get_params},
    {OSSL_FUNC_DIGEST_GETTABLE_PARAMS, (void (*)(void))gettable_params},
    {0, NULL},
};
