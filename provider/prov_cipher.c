/*
 * The AEAD ciphers through EVP_CIPHER: AES-128-GCM, AES-256-GCM,
 * ChaCha20-Poly1305, XChaCha20-Poly1305 and Ascon-AEAD128, on hush's
 * streaming AEAD (include/hush/aead_stream.h).
 *
 * EVP drives a cipher the way libssl's TLS 1.3 record layer does: init
 * with key and/or IV, update with out == NULL for AAD, update for data
 * (any number of times), final, then the tag as a parameter (or, when
 * decrypting, the expected tag set before final). The message starts
 * lazily at the first update or final, so IV and parameters may come in
 * any order before it. TLS 1.2's one-call records (the TLS1_AAD parameter)
 * are in prov_tls.c.
 *
 * Where this differs from OpenSSL's own ciphers (docs/OPENSSL.md):
 * nonces are exactly the algorithm's length (12 bytes for GCM and
 * ChaCha20-Poly1305, 24 and 16 for the others; hush has no GHASH-derived
 * IVs); tags are 16 bytes (a shorter one can be read after encrypting, but
 * decryption checks all 16); every message needs a fresh IV, never a
 * repeat of the last one, and none is generated for the caller. Decrypted
 * bytes are handed out by update before final checks the tag, as the EVP
 * contract requires; final's failure means they must be discarded.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <string.h>

#include "prov_cipher.h"

static const aead_info aes128gcm = {HUSH_AES128GCM, 16, 12, EVP_CIPH_GCM_MODE,
                                    TLS_GCM};
static const aead_info aes256gcm = {HUSH_AES256GCM, 32, 12, EVP_CIPH_GCM_MODE,
                                    TLS_GCM};
static const aead_info chacha20poly1305 = {HUSH_CHACHA20POLY1305, 32, 12, 0,
                                           TLS_CHACHA};
static const aead_info xchacha20poly1305 = {HUSH_XCHACHA20POLY1305, 32, 24, 0,
                                            TLS_NONE};
static const aead_info ascon_aead128 = {HUSH_ASCON_AEAD128, 16, 16, 0,
                                        TLS_NONE};

/* ---- contexts ---- */

static aead_ctx *ctx_alloc(const prov_ctx *p, const aead_info *info) {
    hush_secret *mem;
    int r = hush_secret_new(&mem, sizeof(aead_ctx), p->key_flags);
    if (r != HUSH_OK) {
        prov_error(p, PROV_R_NO_MEMORY, "hush_secret_new: %s",
                   hush_strerror(r));
        return NULL;
    }
    aead_ctx *c = (aead_ctx *)(void *)hush_secret_ptr_mut(mem);
    c->prov = p;
    c->info = info;
    c->mem = mem;
    return c;
}

static void ctx_free(void *vctx) {
    aead_ctx *c = vctx;
    if (c == NULL) return;
    hush_aead_free(c->key);
    hush_secret_destroy(c->mem); /* wipes the stream, IVs and tags */
}

static void *ctx_dup(void *vctx) {
    const aead_ctx *src = vctx;
    if (prov_refuse(src->prov)) return NULL;
    aead_ctx *c = ctx_alloc(src->prov, src->info);
    if (c == NULL) return NULL;
    hush_secret *mem = c->mem;
    memcpy(c, src, sizeof *c);
    c->mem = mem;
    c->key = NULL;
    int r = src->key ? hush_aead_dup(&c->key, src->key) : HUSH_OK;
    /* a message in progress continues independently on the copy; one is
     * only ever in progress under a key, and the raw bytes memcpy took
     * are never used as a stream */
    if (r == HUSH_OK && src->in_message) {
        if (c->key != NULL)
            r = hush_aead_stream_copy(&c->stream, &src->stream, c->key);
        else
            c->in_message = 0;
    }
    if (r != HUSH_OK) {
        prov_error(src->prov, PROV_R_LIBRARY_ERROR, "copying the context: %s",
                   hush_strerror(r));
        c->in_message = 0;
        ctx_free(c);
        return NULL;
    }
    return c;
}

/* Ends any message in progress without a result. */
static void drop_message(aead_ctx *c) {
    if (c->in_message) hush_aead_stream_abort(&c->stream);
    c->in_message = 0;
}

static int set_key(aead_ctx *c, const uint8_t *key, size_t keylen) {
    if (keylen != c->info->keylen) {
        prov_error(c->prov, PROV_R_BAD_ARGUMENT, "key length %zu, need %zu",
                   keylen, c->info->keylen);
        return 0;
    }
    hush_secret *s;
    int r = hush_secret_from(&s, key, keylen, c->prov->key_flags);
    hush_aead_ctx *k = NULL;
    if (r == HUSH_OK) {
        r = hush_aead_new(&k, c->info->alg, s);
        hush_secret_destroy(s); /* the keyed object has its own copy */
    }
    if (r != HUSH_OK) {
        prov_error(c->prov, PROV_R_LIBRARY_ERROR, "setting the key: %s",
                   hush_strerror(r));
        return 0;
    }
    hush_aead_free(c->key);
    c->key = k;
    c->tls_iv_gen = 0;
    c->tls_sealed = 0;
    return 1;
}

static int set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int init(void *vctx, const uint8_t *key, size_t keylen,
                const uint8_t *iv, size_t ivlen, const OSSL_PARAM params[],
                int enc) {
    aead_ctx *c = vctx;
    if (prov_refuse(c->prov)) return 0;
    drop_message(c);
    c->enc = enc;
    c->tag_ready = c->tag_set = 0;
    c->tls_aad_len = 0;
    if (key != NULL && !set_key(c, key, keylen)) return 0;
    if (iv != NULL) {
        if (ivlen != c->info->ivlen) {
            prov_error(c->prov, PROV_R_UNSUPPORTED, "IV length %zu, need %zu",
                       ivlen, c->info->ivlen);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
        c->iv_set = c->iv_fresh = 1;
    }
    return set_ctx_params(c, params);
}

static int einit(void *vctx, const unsigned char *key, size_t keylen,
                 const unsigned char *iv, size_t ivlen,
                 const OSSL_PARAM params[]) {
    return init(vctx, key, keylen, iv, ivlen, params, 1);
}
static int dinit(void *vctx, const unsigned char *key, size_t keylen,
                 const unsigned char *iv, size_t ivlen,
                 const OSSL_PARAM params[]) {
    return init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* Starts the message on first use: it needs a key and an unused IV. */
static int start(aead_ctx *c) {
    if (c->in_message) return 1;
    if (c->key == NULL || !c->iv_fresh) {
        prov_error(c->prov, PROV_R_BAD_STATE,
                   c->key ? "no fresh IV for this message" : "no key set");
        return 0;
    }
    int r = hush_aead_stream_init(
        &c->stream, c->key, c->enc ? HUSH_AEAD_SEAL : HUSH_AEAD_OPEN, c->iv);
    if (r != HUSH_OK) {
        prov_error(c->prov, PROV_R_LIBRARY_ERROR, "hush_aead_stream_init: %s",
                   hush_strerror(r));
        return 0;
    }
    c->in_message = 1;
    c->iv_fresh = 0; /* used: the next message needs another */
    c->tag_ready = 0;
    return 1;
}

static int update(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                  const unsigned char *in, size_t inl) {
    aead_ctx *c = vctx;
    if (prov_refuse(c->prov)) return 0;
    if (c->tls_aad_len) return prov_tls_record(c, out, outl, outsize, in, inl);
    *outl = 0;
    if (inl == 0) return 1;
    if (!start(c)) return 0;
    int r;
    if (out == NULL) {
        r = hush_aead_stream_ad(&c->stream, in, inl);
    } else {
        if (outsize < inl) {
            prov_error(c->prov, PROV_R_BAD_ARGUMENT, "output buffer too small");
            return 0;
        }
        r = hush_aead_stream_update(&c->stream, out, in, inl);
    }
    if (r != HUSH_OK) {
        prov_error(c->prov,
                   r == HUSH_ERR_STATE ? PROV_R_BAD_STATE : PROV_R_BAD_ARGUMENT,
                   "%s: %s", out ? "data" : "AAD", hush_strerror(r));
        return 0;
    }
    *outl = inl;
    return 1;
}

/* out is unused (an AEAD's final writes nothing) but the type is
 * OSSL_FUNC_cipher_final_fn's */
/* NOLINTNEXTLINE(readability-non-const-parameter) */
static int final(void *vctx, unsigned char *out, size_t *outl, size_t outsize) {
    aead_ctx *c = vctx;
    (void)out, (void)outsize;
    if (prov_refuse(c->prov)) return 0;
    *outl = 0;
    if (c->tls_aad_len) {
        prov_error(c->prov, PROV_R_BAD_STATE, "TLS records take no final");
        return 0;
    }
    if (!c->enc && !c->tag_set) {
        prov_error(c->prov, PROV_R_BAD_STATE, "the tag must be set first");
        return 0;
    }
    if (!start(c)) return 0;
    int r = c->enc ? hush_aead_stream_seal_final(&c->stream, c->tag)
                   : hush_aead_stream_open_final(&c->stream, c->tag);
    c->in_message = 0; /* either final wiped the stream */
    c->tag_set = 0;
    if (r != HUSH_OK) {
        prov_error(c->prov,
                   r == HUSH_ERR_AUTH ? PROV_R_AUTH : PROV_R_LIBRARY_ERROR,
                   "%s", hush_strerror(r));
        return 0;
    }
    c->tag_ready = c->enc;
    PROV_COUNT(aead_messages);
    return 1;
}

/* EVP_Cipher(): data or AAD as update does, NULL input for the final. */
static int cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize,
                  const unsigned char *in, size_t inl) {
    if (in == NULL) return final(vctx, out, outl, outsize);
    return update(vctx, out, outl, outsize, in, inl);
}

/* ---- parameters ---- */

static int get_params_of(const aead_info *info, OSSL_PARAM params[]) {
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) != NULL &&
        !OSSL_PARAM_set_uint(p, info->mode))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, info->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, info->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) != NULL &&
        !OSSL_PARAM_set_size_t(p, 1))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) != NULL &&
        !OSSL_PARAM_set_int(p, 1))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) != NULL &&
        !OSSL_PARAM_set_int(p, 1))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS)) != NULL &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK)) !=
            NULL &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) !=
            NULL &&
        !OSSL_PARAM_set_int(p, 0))
        return 0;
    return 1;
}

static const OSSL_PARAM cipher_gettable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *gettable_params(void *provctx) {
    (void)provctx;
    return cipher_gettable;
}

/* An IV as the caller asked for it: a copy, or a pointer to ours. */
static int put_iv(OSSL_PARAM *p, const aead_ctx *c) {
    if (!c->iv_set) return 0;
    if (p->data_type == OSSL_PARAM_OCTET_PTR)
        return OSSL_PARAM_set_octet_ptr(p, c->iv, c->info->ivlen);
    return OSSL_PARAM_set_octet_string(p, c->iv, c->info->ivlen);
}

static int get_ctx_params(void *vctx, OSSL_PARAM params[]) {
    aead_ctx *c = vctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, c->info->keylen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
        !OSSL_PARAM_set_size_t(p, c->info->ivlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) !=
            NULL &&
        !OSSL_PARAM_set_size_t(p, 16))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IV)) != NULL &&
        !put_iv(p, c))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_UPDATED_IV)) != NULL &&
        !put_iv(p, c))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) !=
            NULL &&
        !OSSL_PARAM_set_size_t(p, 16))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != NULL) {
        /* the tag of the message just sealed, or its first bytes */
        if (!c->enc || !c->tag_ready ||
            p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size == 0 ||
            p->data_size > 16) {
            prov_error(c->prov, PROV_R_BAD_STATE,
                       "no tag: seal a message first, ask for 1..16 bytes");
            return 0;
        }
        if (!OSSL_PARAM_set_octet_string(p, c->tag, p->data_size)) return 0;
    }
    if ((p = OSSL_PARAM_locate(
             params, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN)) != NULL) {
        if (p->data == NULL || p->data_type != OSSL_PARAM_OCTET_STRING ||
            !prov_tls_get_iv_gen(c, p->data, p->data_size))
            return 0;
        p->return_size = p->data_size;
    }
    return 1;
}

static const OSSL_PARAM ctx_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *gettable_ctx_params(void *vctx, void *provctx) {
    (void)vctx, (void)provctx;
    return ctx_gettable;
}

/* A size_t parameter that may only confirm what the algorithm has. */
static int check_size(const aead_ctx *c, const OSSL_PARAM *p, size_t want,
                      const char *what) {
    size_t v;
    if (!OSSL_PARAM_get_size_t(p, &v)) return 0;
    if (v == want) return 1;
    prov_error(c->prov, PROV_R_UNSUPPORTED, "%s %zu, need %zu", what, v, want);
    return 0;
}

static int set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
    aead_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (params == NULL) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN)) !=
            NULL &&
        !check_size(c, p, c->info->ivlen, "IV length"))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN)) !=
            NULL &&
        !check_size(c, p, c->info->keylen, "key length"))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) !=
        NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 16) {
            prov_error(c->prov, PROV_R_UNSUPPORTED,
                       "tags are 16 bytes (given %zu)", p->data_size);
            return 0;
        }
        /* NULL data only states the length (16: nothing to change) */
        if (p->data != NULL) {
            if (c->enc) {
                prov_error(c->prov, PROV_R_BAD_STATE,
                           "an expected tag is for decryption");
                return 0;
            }
            memcpy(c->tag, p->data, 16);
            c->tag_set = 1;
        }
    }
    if ((p = OSSL_PARAM_locate_const(
             params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING ||
            !prov_tls_set_aad(c, p->data, p->data_size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(
             params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING ||
            !prov_tls_set_iv_fixed(c, p->data, p->data_size))
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(
             params, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV)) != NULL) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING ||
            !prov_tls_set_iv_inv(c, p->data, p->data_size))
            return 0;
    }
    /* OSSL_CIPHER_PARAM_TLS_VERSION and _TLS_MAC_SIZE, which libssl sets on
     * every provided cipher, concern MAC-then-encrypt ciphers only; like
     * any other parameter an AEAD has no use for, they are accepted and
     * ignored, as OpenSSL's own AEADs do. */
    return 1;
}

static const OSSL_PARAM ctx_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *settable_ctx_params(void *vctx, void *provctx) {
    (void)vctx, (void)provctx;
    return ctx_settable;
}

/* ---- one table per algorithm ---- */

#define AEAD_FUNCTIONS(name, info)                                             \
    static void *name##_newctx(void *provctx) {                                \
        const prov_ctx *p = provctx;                                           \
        return prov_refuse(p) ? NULL : ctx_alloc(p, &info);                    \
    }                                                                          \
    static int name##_get_params(OSSL_PARAM params[]) {                        \
        return get_params_of(&info, params);                                   \
    }                                                                          \
    const OSSL_DISPATCH prov_##name##_functions[] = {                          \
        {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))name##_newctx},              \
        {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))ctx_free},                  \
        {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))ctx_dup},                    \
        {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))einit},                \
        {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))dinit},                \
        {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))update},                     \
        {OSSL_FUNC_CIPHER_FINAL, (void (*)(void)) final},                      \
        {OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))cipher},                     \
        {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))name##_get_params},      \
        {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))gettable_params},   \
        {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))get_ctx_params},     \
        {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,                                 \
         (void (*)(void))gettable_ctx_params},                                 \
        {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))set_ctx_params},     \
        {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS,                                 \
         (void (*)(void))settable_ctx_params},                                 \
        {0, NULL},                                                             \
    };

AEAD_FUNCTIONS(aes128gcm, aes128gcm)
AEAD_FUNCTIONS(aes256gcm, aes256gcm)
AEAD_FUNCTIONS(chacha20poly1305, chacha20poly1305)
AEAD_FUNCTIONS(xchacha20poly1305, xchacha20poly1305)
AEAD_FUNCTIONS(ascon_aead128, ascon_aead128)
