/*
 * The provider's entry point and everything that is not an algorithm: the
 * tables libcrypto fetches from, provider parameters (including the use
 * counters), the TLS-GROUP capability that makes libssl offer X25519 from
 * hush, error reporting through the core, and the HUSH_PROVIDER_FAIL
 * switch.
 *
 * What hush serves and why the rest stays with the default provider is in
 * docs/OPENSSL.md: HMAC, HKDF and TLS13-KDF would have to serve every digest
 * libssl asks them for, SHA-384 included, which hush does not have.
 */
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "prov.h"

prov_counters prov_count;

/* The core's error functions, the same for every load of this module. */
static OSSL_FUNC_core_get_params_fn *core_get_params;
static OSSL_FUNC_core_new_error_fn *core_new_error;
static OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *core_vset_error;

void prov_error(const prov_ctx *p, int reason, const char *fmt, ...) {
    if (p == NULL || core_new_error == NULL || core_vset_error == NULL) return;
    va_list ap;
    va_start(ap, fmt);
    core_new_error(p->handle);
    if (core_set_error_debug) core_set_error_debug(p->handle, NULL, 0, NULL);
    core_vset_error(p->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

int prov_refuse(const prov_ctx *p) {
    if (p != NULL && !p->failing) return 0;
    prov_error(p, PROV_R_DISABLED, "HUSH_PROVIDER_FAIL=1 was set at load");
    return 1;
}

static const OSSL_ITEM reason_strings[] = {
    {PROV_R_DISABLED, "hush provider disabled (HUSH_PROVIDER_FAIL)"},
    {PROV_R_BAD_ARGUMENT, "invalid argument"},
    {PROV_R_BAD_STATE, "operation out of order"},
    {PROV_R_AUTH, "authentication failed"},
    {PROV_R_NO_MEMORY, "out of memory"},
    {PROV_R_UNSUPPORTED, "not supported by hush"},
    {PROV_R_LIBRARY_ERROR, "hush library error"},
    {0, NULL},
};

/* ---- algorithms ---- */

#define PROPS "provider=hush"

static const OSSL_ALGORITHM ciphers[] = {
    {"AES-128-GCM:id-aes128-GCM:2.16.840.1.101.3.4.1.6", PROPS,
     prov_aes128gcm_functions, "AES-128-GCM (hush)"},
    {"AES-256-GCM:id-aes256-GCM:2.16.840.1.101.3.4.1.46", PROPS,
     prov_aes256gcm_functions, "AES-256-GCM (hush)"},
    {"ChaCha20-Poly1305", PROPS, prov_chacha20poly1305_functions,
     "ChaCha20-Poly1305, RFC 8439 (hush)"},
    {"XChaCha20-Poly1305", PROPS, prov_xchacha20poly1305_functions,
     "XChaCha20-Poly1305, draft-irtf-cfrg-xchacha (hush)"},
    {"Ascon-AEAD128", PROPS, prov_ascon_aead128_functions,
     "Ascon-AEAD128, NIST SP 800-232 (hush)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM digests[] = {
    {"SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1", PROPS,
     prov_sha256_functions, "SHA2-256 (hush)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM keymgmt[] = {
    {"X25519:1.3.101.110", PROPS, prov_x25519_keymgmt_functions,
     "X25519 keys (hush)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM keyexch[] = {
    {"X25519:1.3.101.110", PROPS, prov_x25519_keyexch_functions,
     "X25519 key exchange (hush)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM *query_operation(void *provctx, int operation_id,
                                             int *no_cache) {
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_CIPHER: return ciphers;
    case OSSL_OP_DIGEST: return digests;
    case OSSL_OP_KEYMGMT: return keymgmt;
    case OSSL_OP_KEYEXCH: return keyexch;
    default: return NULL;
    }
}

/* ---- provider parameters ---- */

/* The use counters, as provider parameters (uint64). */
#define PARAM_AEAD_MESSAGES  "hush-aead-messages"
#define PARAM_TLS_RECORDS    "hush-tls12-records"
#define PARAM_X25519_KEYGENS "hush-x25519-keygens"
#define PARAM_X25519_DERIVES "hush-x25519-derives"
#define PARAM_SHA256_FINALS  "hush-sha256-finals"

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_uint(OSSL_PROV_PARAM_STATUS, NULL),
    OSSL_PARAM_uint64(PARAM_AEAD_MESSAGES, NULL),
    OSSL_PARAM_uint64(PARAM_TLS_RECORDS, NULL),
    OSSL_PARAM_uint64(PARAM_X25519_KEYGENS, NULL),
    OSSL_PARAM_uint64(PARAM_X25519_DERIVES, NULL),
    OSSL_PARAM_uint64(PARAM_SHA256_FINALS, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *gettable_params(void *provctx) {
    (void)provctx;
    return gettable;
}

static int set_counter(OSSL_PARAM params[], const char *name,
                       _Atomic uint64_t *c) {
    OSSL_PARAM *p = OSSL_PARAM_locate(params, name);
    return p == NULL || OSSL_PARAM_set_uint64(
                            p, atomic_load_explicit(c, memory_order_relaxed));
}

static int get_params(void *provctx, OSSL_PARAM params[]) {
    const prov_ctx *pc = provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(p, "hush"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(p, hush_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(
            p, pc->key_flags ? "hush, keys in hardened secret memory"
                             : "hush, keys in default-tier secret memory"))
        return 0;
    /* status 0 says "not usable" when the force-fail switch is on */
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL &&
        !OSSL_PARAM_set_uint(p, pc->failing ? 0 : 1))
        return 0;
    return set_counter(params, PARAM_AEAD_MESSAGES,
                       &prov_count.aead_messages) &&
           set_counter(params, PARAM_TLS_RECORDS, &prov_count.tls_records) &&
           set_counter(params, PARAM_X25519_KEYGENS,
                       &prov_count.x25519_keygens) &&
           set_counter(params, PARAM_X25519_DERIVES,
                       &prov_count.x25519_derives) &&
           set_counter(params, PARAM_SHA256_FINALS, &prov_count.sha256_finals);
}

/* ---- TLS-GROUP: X25519 for libssl ----
 * libssl keeps a group only if the key manager it fetches for it comes from
 * the provider that advertised it; with default_properties ?provider=hush
 * that is hush's, and the default provider's x25519 entry is dropped. */

static unsigned group_id = 29; /* x25519, RFC 8446 / RFC 8422 */
static unsigned group_secbits = 128;
static int group_min_tls = TLS1_VERSION, group_max_tls = 0;
static int group_min_dtls = DTLS1_VERSION, group_max_dtls = 0;
static int group_is_kem = 0;

static const OSSL_PARAM x25519_group[] = {
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, "x25519", 7),
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, "X25519",
                           7),
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, "X25519", 7),
    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &group_id),
    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &group_secbits),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &group_min_tls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &group_max_tls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &group_min_dtls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &group_max_dtls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &group_is_kem),
    OSSL_PARAM_END,
};

static int get_capabilities(void *provctx, const char *capability,
                            OSSL_CALLBACK *cb, void *arg) {
    (void)provctx;
    if (strcasecmp(capability, "TLS-GROUP") == 0) return cb(x25519_group, arg);
    return 1; /* nothing else to report */
}

static const OSSL_ITEM *get_reason_strings(void *provctx) {
    (void)provctx;
    return reason_strings;
}

static void teardown(void *provctx) { free(provctx); }

static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))query_operation},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))get_capabilities},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))get_reason_strings},
    {0, NULL},
};

/* The "hardened" parameter of the provider's config section: "1", "yes"
 * or "true" for hardened secret memory, "require" to also fail unless
 * every hardening feature is granted; absent or anything else: default. */
static unsigned key_flags_from_config(const OSSL_CORE_HANDLE *handle) {
    const char *value = NULL;
    OSSL_PARAM req[] = {
        OSSL_PARAM_utf8_ptr("hardened", (char **)&value, 0),
        OSSL_PARAM_END,
    };
    if (core_get_params == NULL || !core_get_params(handle, req) ||
        value == NULL)
        return 0;
    if (strcasecmp(value, "require") == 0)
        return HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE;
    if (strcmp(value, "1") == 0 || strcasecmp(value, "yes") == 0 ||
        strcasecmp(value, "true") == 0)
        return HUSH_SECRET_HARDENED;
    return 0;
}

/* declared by <openssl/core.h>; exported from a library built with
 * hidden visibility */
__attribute__((visibility("default"))) int
OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                   const OSSL_DISPATCH **out, void **provctx) {
    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_GET_PARAMS:
            core_get_params = OSSL_FUNC_core_get_params(in);
            break;
        case OSSL_FUNC_CORE_NEW_ERROR:
            core_new_error = OSSL_FUNC_core_new_error(in);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            core_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            core_vset_error = OSSL_FUNC_core_vset_error(in);
            break;
        default: break;
        }
    }
    if (hush_init() != HUSH_OK) return 0;
    prov_ctx *pc = calloc(1, sizeof *pc);
    if (pc == NULL) return 0;
    pc->handle = handle;
    const char *fail = getenv("HUSH_PROVIDER_FAIL");
    pc->failing = fail != NULL && strcmp(fail, "1") == 0;
    pc->key_flags = key_flags_from_config(handle);
    *out = provider_functions;
    *provctx = pc;
    return 1;
}
