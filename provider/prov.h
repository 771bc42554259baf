/*
 * The hush OpenSSL 3 provider (hush.so): what its files share.
 *
 *   prov_main.c      OSSL_provider_init, the algorithm tables, provider
 *                    parameters (and the use counters), TLS-GROUP, errors,
 *                    the HUSH_PROVIDER_FAIL switch
 *   prov_cipher.c    the AEAD ciphers through EVP_CIPHER (streaming)
 *   prov_tls.c       the TLS 1.2 record paths of those ciphers
 *   prov_digest.c    SHA2-256
 *   prov_x25519.c    X25519 key management and key exchange
 *
 * The provider is written against the public hush API only, and against
 * OpenSSL 3.0's core interface, so the one module loads into 3.0 and every
 * later 3.x.
 */
#ifndef HUSH_PROV_H
#define HUSH_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <stdatomic.h>
#include <stdint.h>

#include "hush.h"

/* What OSSL_provider_init hands to every algorithm as provctx. */
typedef struct prov_ctx {
    const OSSL_CORE_HANDLE *handle;
    /* HUSH_PROVIDER_FAIL=1 in the environment when the provider was
     * loaded: every operation fails (a test's proof that hush served). */
    int failing;
    /* Secret-memory flags for keys (cipher keys, X25519 private keys):
     * 0, or HUSH_SECRET_HARDENED [| HUSH_SECRET_REQUIRE] from the config
     * parameter "hardened". Message state and digests use the default
     * tier whatever this says (see docs/OPENSSL.md). */
    unsigned key_flags;
} prov_ctx;

/* Operations served, readable as provider parameters (prov_main.c) so a
 * test can see that hush, not the default provider, did the work. */
typedef struct prov_counters {
    _Atomic uint64_t aead_messages; /* ciphers: messages (records) ended */
    _Atomic uint64_t tls_records;   /* of which through the TLS 1.2 path */
    _Atomic uint64_t x25519_keygens;
    _Atomic uint64_t x25519_derives;
    _Atomic uint64_t sha256_finals;
} prov_counters;
extern prov_counters prov_count;
#define PROV_COUNT(field)                                                      \
    atomic_fetch_add_explicit(&prov_count.field, 1, memory_order_relaxed)

/* 1 when the provider must refuse: raises an error saying why. Every
 * entry point that does work calls it first. */
int prov_refuse(const prov_ctx *p);

/* Raises an OpenSSL error from the provider (reason codes below, message
 * optional). */
void prov_error(const prov_ctx *p, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define PROV_R_DISABLED      1 /* HUSH_PROVIDER_FAIL */
#define PROV_R_BAD_ARGUMENT  2
#define PROV_R_BAD_STATE     3
#define PROV_R_AUTH          4 /* tag mismatch */
#define PROV_R_NO_MEMORY     5
#define PROV_R_UNSUPPORTED   6
#define PROV_R_LIBRARY_ERROR 7 /* a hush call failed (the message says) */

/* Algorithm tables (each file's own). */
extern const OSSL_DISPATCH prov_aes128gcm_functions[];
extern const OSSL_DISPATCH prov_aes256gcm_functions[];
extern const OSSL_DISPATCH prov_chacha20poly1305_functions[];
extern const OSSL_DISPATCH prov_xchacha20poly1305_functions[];
extern const OSSL_DISPATCH prov_ascon_aead128_functions[];
extern const OSSL_DISPATCH prov_sha256_functions[];
extern const OSSL_DISPATCH prov_x25519_keymgmt_functions[];
extern const OSSL_DISPATCH prov_x25519_keyexch_functions[];

#endif
