/*
 * Shared by the provider tests: a library context with OpenSSL's default
 * provider and hush.so from the build tree, and the force-fail mode.
 *
 * Every provider test runs twice: as is, where hush must serve and agree
 * with the default provider, and with HUSH_PROVIDER_FAIL=1 in its
 * environment, where every hush operation must fail: a test that passes
 * both ways shows the work was really done by hush.
 */
#ifndef HUSH_PROV_TEST_H
#define HUSH_PROV_TEST_H

#include <openssl/provider.h>
#include <stdint.h>

typedef struct pt_env {
    OSSL_LIB_CTX *lib;
    OSSL_PROVIDER *hush, *dflt;
    int failing; /* HUSH_PROVIDER_FAIL=1: hush must refuse everything */
} pt_env;

/* Loads both providers into a new library context (exits on failure). */
void pt_env_open(pt_env *e);
void pt_env_close(pt_env *e);

/* hush's use counters (provider parameters), by name without the
 * "hush-" prefix: "aead-messages", "tls12-records", "x25519-keygens",
 * "x25519-derives", "sha256-finals". */
uint64_t pt_counter(OSSL_PROVIDER *hush, const char *name);

/* The hush provider as loaded by a configuration (OPENSSL_CONF) into the
 * default library context, or NULL. */
OSSL_PROVIDER *pt_hush_in_default_ctx(void);

#endif
