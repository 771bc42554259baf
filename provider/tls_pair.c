/* The in-process TLS client/server pair; see tls_pair.h. */
#include "tls_pair.h"

#include <string.h>

int tls_pair_make_cert(OSSL_LIB_CTX *lib, const char *propq, const char *type,
                       const char *cn, long seconds, EVP_PKEY **key,
                       X509 **cert) {
    int ec = strcmp(type, "EC") == 0;
    EVP_PKEY *k = ec ? EVP_PKEY_Q_keygen(lib, propq, "EC", "P-256")
                     : EVP_PKEY_Q_keygen(lib, propq, type);
    X509 *x = X509_new_ex(lib, propq);
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = k != NULL && x != NULL && m != NULL;
    if (ok) {
        X509_set_version(x, 2);
        ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
        X509_gmtime_adj(X509_getm_notBefore(x), -60);
        X509_gmtime_adj(X509_getm_notAfter(x), seconds);
        X509_set_pubkey(x, k);
        X509_NAME *n = X509_get_subject_name(x);
        X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC,
                                   (const unsigned char *)cn, -1, -1, 0);
        X509_set_issuer_name(x, n);
        /* Ed25519 signs the message itself: no digest */
        ok = EVP_DigestSignInit_ex(m, NULL, ec ? "SHA256" : NULL, lib, propq, k,
                                   NULL) == 1 &&
             X509_sign_ctx(x, m) > 0;
    }
    EVP_MD_CTX_free(m);
    if (!ok) {
        X509_free(x);
        EVP_PKEY_free(k);
        return 0;
    }
    *key = k, *cert = x;
    return 1;
}

SSL_CTX *tls_pair_ctx(OSSL_LIB_CTX *lib, int server, int version,
                      const char *cipher, const char *groups, EVP_PKEY *key,
                      X509 *cert) {
    SSL_CTX *c = SSL_CTX_new_ex(
        lib, NULL, server ? TLS_server_method() : TLS_client_method());
    if (c == NULL) return NULL;
    int ok =
        SSL_CTX_set_min_proto_version(c, version) == 1 &&
        SSL_CTX_set_max_proto_version(c, version) == 1 &&
        (version == TLS1_3_VERSION ? SSL_CTX_set_ciphersuites(c, cipher)
                                   : SSL_CTX_set_cipher_list(c, cipher)) == 1 &&
        SSL_CTX_set1_groups_list(c, groups) == 1;
    if (ok && server)
        ok = SSL_CTX_use_certificate(c, cert) == 1 &&
             SSL_CTX_use_PrivateKey(c, key) == 1;
    if (!ok) {
        SSL_CTX_free(c);
        return NULL;
    }
    SSL_CTX_set_session_cache_mode(c, SSL_SESS_CACHE_OFF);
    return c;
}

int tls_pair_new(SSL_CTX *cctx, SSL_CTX *sctx, SSL **cli, SSL **srv) {
    SSL *c = SSL_new(cctx), *s = SSL_new(sctx);
    BIO *bc = NULL, *bs = NULL;
    if (c == NULL || s == NULL || BIO_new_bio_pair(&bc, 0, &bs, 0) != 1) {
        SSL_free(c);
        SSL_free(s);
        return 0;
    }
    SSL_set_bio(c, bc, bc);
    SSL_set_bio(s, bs, bs);
    SSL_set_connect_state(c);
    SSL_set_accept_state(s);
    *cli = c, *srv = s;
    return 1;
}

int tls_pair_handshake(SSL *cli, SSL *srv) {
    int cdone = 0, sdone = 0;
    for (int round = 0; round < 100 && !(cdone && sdone); round++) {
        if (!cdone) {
            int r = SSL_do_handshake(cli);
            if (r == 1)
                cdone = 1;
            else if (SSL_get_error(cli, r) != SSL_ERROR_WANT_READ)
                return 0;
        }
        if (!sdone) {
            int r = SSL_do_handshake(srv);
            if (r == 1)
                sdone = 1;
            else if (SSL_get_error(srv, r) != SSL_ERROR_WANT_READ)
                return 0;
        }
    }
    return cdone && sdone;
}
