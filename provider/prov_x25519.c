/*
 * X25519 (RFC 7748) key management and key exchange on hush_x25519 and
 * hush_x25519_base, as libssl uses them for the x25519 group: generate a
 * key pair, read and set the 32-byte encoded public key, derive. Keys
 * import and export as raw "pub"/"priv" octet strings, so a key made by
 * another provider (a PEM file through the default provider's decoders)
 * is usable here and a key made here can be written by the default
 * provider's encoders.
 *
 * A private key lives only in hush secret memory of the configured tier;
 * the key object (a public key and a reference count) is plain heap. Keys
 * are shared between threads by libcrypto, read-only once made.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prov.h"

#define KEYLEN 32

typedef struct x25519_key {
    const prov_ctx *prov;
    _Atomic int refs;
    int has_pub;
    uint8_t pub[KEYLEN];
    hush_secret *priv; /* NULL: public key only (or none yet) */
} x25519_key;

static x25519_key *key_new(const prov_ctx *p) {
    x25519_key *k = calloc(1, sizeof *k);
    if (k == NULL) {
        prov_error(p, PROV_R_NO_MEMORY, "X25519 key");
        return NULL;
    }
    k->prov = p;
    atomic_init(&k->refs, 1);
    return k;
}

static void key_up(x25519_key *k) {
    atomic_fetch_add_explicit(&k->refs, 1, memory_order_relaxed);
}

static void key_free(void *vkey) {
    x25519_key *k = vkey;
    if (k == NULL ||
        atomic_fetch_sub_explicit(&k->refs, 1, memory_order_acq_rel) != 1)
        return;
    hush_secret_destroy(k->priv);
    free(k);
}

/* Sets the private key from 32 bytes and derives the public one. */
static int key_set_private(x25519_key *k, const uint8_t *priv) {
    hush_secret *s;
    int r = hush_secret_from(&s, priv, KEYLEN, k->prov->key_flags);
    if (r != HUSH_OK) {
        prov_error(k->prov, PROV_R_LIBRARY_ERROR, "X25519 private key: %s",
                   hush_strerror(r));
        return 0;
    }
    hush_secret_destroy(k->priv);
    k->priv = s;
    hush_x25519_base(k->pub, hush_secret_ptr(s));
    k->has_pub = 1;
    return 1;
}

/* ---- key management ---- */

static void *km_new(void *provctx) {
    const prov_ctx *p = provctx;
    return prov_refuse(p) ? NULL : key_new(p);
}

static int km_has(const void *vkey, int selection) {
    const x25519_key *k = vkey;
    if (k == NULL) return 0;
    int ok = 1; /* X25519 has no domain parameters: always "present" */
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->priv != NULL;
    return ok;
}

static int km_match(const void *va, const void *vb, int selection) {
    const x25519_key *a = va, *b = vb;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) {
        /* the public key decides, when both have one */
        if (a->has_pub && b->has_pub)
            return hush_ct_equal(a->pub, b->pub, KEYLEN);
    }
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) {
        if (a->priv && b->priv) return hush_secret_equal(a->priv, b->priv);
        return 0;
    }
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0;
}

static int km_validate(const void *vkey, int selection, int checktype) {
    const x25519_key *k = vkey;
    (void)checktype;
    if (!km_has(k, selection)) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ==
        OSSL_KEYMGMT_SELECT_KEYPAIR) {
        uint8_t pub[KEYLEN];
        hush_x25519_base(pub, hush_secret_ptr(k->priv));
        int ok = hush_ct_equal(pub, k->pub, KEYLEN);
        return ok; /* a public key is not secret: nothing to wipe */
    }
    return 1;
}

static int km_import(void *vkey, int selection, const OSSL_PARAM params[]) {
    x25519_key *k = vkey;
    if (k == NULL || prov_refuse(k->prov)) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    const OSSL_PARAM *pub =
        OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    const OSSL_PARAM *priv =
        (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
            ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)
            : NULL;
    if (pub == NULL && priv == NULL) return 0;
    if (priv != NULL) {
        if (priv->data_type != OSSL_PARAM_OCTET_STRING ||
            priv->data_size != KEYLEN || !key_set_private(k, priv->data))
            return 0;
    }
    if (pub != NULL) {
        if (pub->data_type != OSSL_PARAM_OCTET_STRING ||
            pub->data_size != KEYLEN)
            return 0;
        /* with a private key the two must agree */
        if (k->priv != NULL && !hush_ct_equal(k->pub, pub->data, KEYLEN))
            return 0;
        memcpy(k->pub, pub->data, KEYLEN);
        k->has_pub = 1;
    }
    return 1;
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *km_types(int selection) {
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? key_types : NULL;
}

static int km_export(void *vkey, int selection, OSSL_CALLBACK *cb,
                     void *cbarg) {
    const x25519_key *k = vkey;
    if (k == NULL || prov_refuse(k->prov)) return 0;
    OSSL_PARAM params[3];
    size_t n = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && k->has_pub)
        params[n++] = OSSL_PARAM_construct_octet_string(
            OSSL_PKEY_PARAM_PUB_KEY, (void *)(uintptr_t)k->pub, KEYLEN);
    /* the private key goes to the callback straight from secret memory */
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->priv)
        params[n++] = OSSL_PARAM_construct_octet_string(
            OSSL_PKEY_PARAM_PRIV_KEY,
            (void *)(uintptr_t)hush_secret_ptr(k->priv), KEYLEN);
    params[n] = OSSL_PARAM_construct_end();
    return cb(params, cbarg);
}

static void *km_dup(const void *vkey, int selection) {
    const x25519_key *src = vkey;
    if (prov_refuse(src->prov)) return NULL;
    x25519_key *k = key_new(src->prov);
    if (k == NULL) return NULL;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && src->priv &&
        !key_set_private(k, hush_secret_ptr(src->priv))) {
        key_free(k);
        return NULL;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && src->has_pub) {
        memcpy(k->pub, src->pub, KEYLEN);
        k->has_pub = 1;
    }
    return k;
}

static int km_get_params(void *vkey, OSSL_PARAM params[]) {
    const x25519_key *k = vkey;
    OSSL_PARAM *p;
    /* 253 bits, 128 bits of security, 32-byte shared secrets (RFC 7748) */
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, 253))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) !=
            NULL &&
        !OSSL_PARAM_set_int(p, 128))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
        !OSSL_PARAM_set_int(p, KEYLEN))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) !=
        NULL) {
        if (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, KEYLEN))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL) {
        if (!k->has_pub || !OSSL_PARAM_set_octet_string(p, k->pub, KEYLEN))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL) {
        if (k->priv == NULL ||
            !OSSL_PARAM_set_octet_string(p, hush_secret_ptr(k->priv), KEYLEN))
            return 0;
    }
    return 1;
}

static const OSSL_PARAM km_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *km_gettable_params(void *provctx) {
    (void)provctx;
    return km_gettable;
}

/* The peer's key share arrives this way: a public key replaces whatever
 * the object held (a private key no longer matching it is dropped). */
static int km_set_params(void *vkey, const OSSL_PARAM params[]) {
    x25519_key *k = vkey;
    const OSSL_PARAM *p =
        OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    if (p == NULL) return 1;
    if (prov_refuse(k->prov)) return 0;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != KEYLEN) {
        prov_error(k->prov, PROV_R_BAD_ARGUMENT, "X25519 public key length");
        return 0;
    }
    hush_secret_destroy(k->priv);
    k->priv = NULL;
    memcpy(k->pub, p->data, KEYLEN);
    k->has_pub = 1;
    return 1;
}

static const OSSL_PARAM km_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *km_settable_params(void *provctx) {
    (void)provctx;
    return km_settable;
}

/* ---- generation ---- */

typedef struct gen_ctx {
    const prov_ctx *prov;
    int selection;
} gen_ctx;

static int gen_set_params(void *vgen, const OSSL_PARAM params[]) {
    gen_ctx *g = vgen;
    const OSSL_PARAM *p =
        OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p == NULL) return 1;
    /* libssl names the group it wants; it has to be this one */
    if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == NULL ||
        strcasecmp(p->data, "x25519") != 0) {
        prov_error(g->prov, PROV_R_UNSUPPORTED, "group is not X25519");
        return 0;
    }
    return 1;
}

static void *gen_init(void *provctx, int selection, const OSSL_PARAM params[]) {
    const prov_ctx *p = provctx;
    if (prov_refuse(p)) return NULL;
    gen_ctx *g = calloc(1, sizeof *g);
    if (g == NULL) return NULL;
    g->prov = p;
    g->selection = selection;
    if (!gen_set_params(g, params)) {
        free(g);
        return NULL;
    }
    return g;
}

static const OSSL_PARAM gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *gen_settable_params(void *vgen, void *provctx) {
    (void)vgen, (void)provctx;
    return gen_settable;
}

static void *gen(void *vgen, OSSL_CALLBACK *cb, void *cbarg) {
    gen_ctx *g = vgen;
    (void)cb, (void)cbarg;
    if (prov_refuse(g->prov)) return NULL;
    x25519_key *k = key_new(g->prov);
    if (k == NULL) return NULL;
    /* parameters only (libssl's ssl_generate_param_group): an empty key
     * that the peer's public key is set into */
    if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return k;
    int r = hush_secret_random(&k->priv, KEYLEN, g->prov->key_flags);
    if (r != HUSH_OK) {
        prov_error(g->prov, PROV_R_LIBRARY_ERROR, "X25519 key generation: %s",
                   hush_strerror(r));
        key_free(k);
        return NULL;
    }
    hush_x25519_base(k->pub, hush_secret_ptr(k->priv));
    k->has_pub = 1;
    PROV_COUNT(x25519_keygens);
    return k;
}

static void gen_cleanup(void *vgen) { free(vgen); }

static const char *km_query_operation_name(int operation_id) {
    (void)operation_id;
    return "X25519";
}

const OSSL_DISPATCH prov_x25519_keymgmt_functions[] = {
    {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))km_new},
    {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))key_free},
    {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))km_dup},
    {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))km_has},
    {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))km_match},
    {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))km_validate},
    {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_types},
    {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_types},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))km_gettable_params},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))km_set_params},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))km_settable_params},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))gen_init},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS,
     (void (*)(void))gen_settable_params},
    {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))gen},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup},
    {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME,
     (void (*)(void))km_query_operation_name},
    {0, NULL},
};

/* ---- key exchange ---- */

typedef struct exch_ctx {
    const prov_ctx *prov;
    x25519_key *key, *peer; /* references held */
} exch_ctx;

static void *ex_new(void *provctx) {
    const prov_ctx *p = provctx;
    if (prov_refuse(p)) return NULL;
    exch_ctx *x = calloc(1, sizeof *x);
    if (x) x->prov = p;
    return x;
}

static void ex_free(void *vx) {
    exch_ctx *x = vx;
    if (x == NULL) return;
    key_free(x->key);
    key_free(x->peer);
    free(x);
}

static void *ex_dup(void *vx) {
    const exch_ctx *src = vx;
    exch_ctx *x = ex_new((void *)(uintptr_t)src->prov);
    if (x == NULL) return NULL;
    if ((x->key = src->key) != NULL) key_up(x->key);
    if ((x->peer = src->peer) != NULL) key_up(x->peer);
    return x;
}

static int ex_init(void *vx, void *vkey, const OSSL_PARAM params[]) {
    exch_ctx *x = vx;
    x25519_key *k = vkey;
    (void)params;
    if (prov_refuse(x->prov)) return 0;
    if (k == NULL || k->priv == NULL) {
        prov_error(x->prov, PROV_R_BAD_ARGUMENT, "X25519: no private key");
        return 0;
    }
    key_up(k);
    key_free(x->key);
    x->key = k;
    return 1;
}

static int ex_set_peer(void *vx, void *vpeer) {
    exch_ctx *x = vx;
    x25519_key *peer = vpeer;
    if (prov_refuse(x->prov)) return 0;
    if (peer == NULL || !peer->has_pub) {
        prov_error(x->prov, PROV_R_BAD_ARGUMENT, "X25519: no peer public key");
        return 0;
    }
    key_up(peer);
    key_free(x->peer);
    x->peer = peer;
    return 1;
}

static int ex_derive(void *vx, unsigned char *secret, size_t *secretlen,
                     size_t outlen) {
    exch_ctx *x = vx;
    if (prov_refuse(x->prov)) return 0;
    if (x->key == NULL || x->peer == NULL) {
        prov_error(x->prov, PROV_R_BAD_STATE, "X25519: key or peer missing");
        return 0;
    }
    *secretlen = KEYLEN;
    if (secret == NULL) return 1; /* the caller asks for the length */
    if (outlen < KEYLEN) {
        prov_error(x->prov, PROV_R_BAD_ARGUMENT, "X25519: output too small");
        return 0;
    }
    int r = hush_x25519(secret, hush_secret_ptr(x->key->priv), x->peer->pub);
    if (r != HUSH_OK) {
        /* an all-zero result (a small-order peer point) is refused, as
         * RFC 7748 section 6.1 allows and OpenSSL does */
        hush_wipe(secret, KEYLEN);
        prov_error(x->prov, PROV_R_BAD_ARGUMENT, "X25519: %s",
                   hush_strerror(r));
        return 0;
    }
    PROV_COUNT(x25519_derives);
    return 1;
}

static int ex_set_ctx_params(void *vx, const OSSL_PARAM params[]) {
    (void)vx, (void)params; /* X25519 takes none */
    return 1;
}

static const OSSL_PARAM ex_settable[] = {OSSL_PARAM_END};

static const OSSL_PARAM *ex_settable_ctx_params(void *vx, void *provctx) {
    (void)vx, (void)provctx;
    return ex_settable;
}

const OSSL_DISPATCH prov_x25519_keyexch_functions[] = {
    {OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))ex_new},
    {OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))ex_free},
    {OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))ex_dup},
    {OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))ex_init},
    {OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))ex_set_peer},
    {OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))ex_derive},
    {OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, (void (*)(void))ex_set_ctx_params},
    {OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS,
     (void (*)(void))ex_settable_ctx_params},
    {0, NULL},
};
