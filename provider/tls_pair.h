/*
 * An in-process TLS client and server, for hush-provider-bench and
 * tests/provider/test_provider_tls.c: a self-signed certificate, the two
 * SSL_CTXs, a pair joined by a memory BIO pair, and a handshake stepped
 * from both ends by one thread. The functions report failure by their
 * result (NULL or 0) and print nothing: the benchmark dies on it, the test
 * counts a failed check.
 */
#ifndef HUSH_PROVIDER_TLS_PAIR_H
#define HUSH_PROVIDER_TLS_PAIR_H

#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

/* A new key of type "EC" (P-256) or "ED25519" and a self-signed X.509 v3
 * certificate for it, subject and issuer CN=cn, valid from a minute ago
 * for `seconds`, signed with SHA-256 (EC) or pure Ed25519. Both are made
 * in lib (NULL: the default library context) with the property query
 * propq (NULL: none). 1 with *key and *cert set (the caller frees them),
 * 0 with nothing to free. */
int tls_pair_make_cert(OSSL_LIB_CTX *lib, const char *propq, const char *type,
                       const char *cn, long seconds, EVP_PKEY **key,
                       X509 **cert);

/* A client (server 0) or server SSL_CTX in lib (NULL: the default
 * library context) for exactly one protocol version: cipher is the
 * ciphersuite list for TLS1_3_VERSION, the cipher list for TLS1_2_VERSION;
 * groups the supported groups ("X25519"); a server presents cert with key
 * (a client passes NULL for both). No session cache. NULL on any failure. */
SSL_CTX *tls_pair_ctx(OSSL_LIB_CTX *lib, int server, int version,
                      const char *cipher, const char *groups, EVP_PKEY *key,
                      X509 *cert);

/* A client from cctx and a server from sctx, joined by a memory BIO pair,
 * in connect and accept state. 1 with *cli and *srv set (the caller frees
 * both with SSL_free), 0 with nothing to free. */
int tls_pair_new(SSL_CTX *cctx, SSL_CTX *sctx, SSL **cli, SSL **srv);

/* Steps both ends, client first, until both finished the handshake (1) or
 * one failed (0). Either transport works that never blocks: the BIO pair
 * carries everything, a socketpair in non-blocking mode too, so a bounded
 * number of rounds suffices. */
int tls_pair_handshake(SSL *cli, SSL *srv);

#endif
