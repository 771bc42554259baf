/*
 * TLS through libssl in this process, client and server joined by a memory
 * BIO pair, with hush.so loaded by the build tree's openssl-hush.cnf
 * (OPENSSL_CONF, as a user would): TLS 1.3 with TLS_AES_128_GCM_SHA256,
 * TLS_AES_256_GCM_SHA384 and TLS_CHACHA20_POLY1305_SHA256, and TLS 1.2
 * ECDHE-ECDSA with AES-128-GCM, AES-256-GCM and ChaCha20-Poly1305, all on
 * group X25519 with an ECDSA P-256 certificate from the default provider.
 * Each handshake is followed by data both ways (1 byte to 70 000, so
 * records are full, partial and many), checked byte for byte.
 *
 * That hush served is asserted, not assumed: the peer's key share is a
 * key of hush's key manager, and hush's counters rise by at least the key
 * generations, derivations and records the connection needed (TLS 1.2
 * records through the TLS1_AAD path). With HUSH_PROVIDER_FAIL=1 (ctest
 * tls.provider.forcefail) every handshake must fail instead.
 */
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "prov_test.h"
#include "tls_pair.h"

typedef struct suite {
    const char *name;
    int version;        /* TLS1_3_VERSION or TLS1_2_VERSION */
    const char *cipher; /* a TLS 1.3 ciphersuite or a TLS 1.2 cipher list */
} suite;

static const suite suites[] = {
    {"TLS_AES_128_GCM_SHA256", TLS1_3_VERSION, "TLS_AES_128_GCM_SHA256"},
    {"TLS_AES_256_GCM_SHA384", TLS1_3_VERSION, "TLS_AES_256_GCM_SHA384"},
    {"TLS_CHACHA20_POLY1305_SHA256", TLS1_3_VERSION,
     "TLS_CHACHA20_POLY1305_SHA256"},
    {"ECDHE-ECDSA-AES128-GCM-SHA256", TLS1_2_VERSION,
     "ECDHE-ECDSA-AES128-GCM-SHA256"},
    {"ECDHE-ECDSA-AES256-GCM-SHA384", TLS1_2_VERSION,
     "ECDHE-ECDSA-AES256-GCM-SHA384"},
    {"ECDHE-ECDSA-CHACHA20-POLY1305", TLS1_2_VERSION,
     "ECDHE-ECDSA-CHACHA20-POLY1305"},
};

static EVP_PKEY *cert_key;
static X509 *cert;
static int failing;
static OSSL_PROVIDER *hush;

/* A self-signed P-256 certificate, made by the default provider only (so
 * that it can be made with hush disabled too). */
static void make_certificate(void) {
    CHECK(tls_pair_make_cert(NULL, "provider=default", "EC", "localhost", 3600,
                             &cert_key, &cert));
}

static SSL_CTX *make_ctx(const suite *s, int server) {
    /* X25519 is the only key exchange; a TLS 1.2 client must also list
     * P-256, the certificate's curve (RFC 8422 section 5.1), which the
     * server's list leaves out of the key exchange */
    const char *groups =
        server || s->version == TLS1_3_VERSION ? "X25519" : "X25519:P-256";
    SSL_CTX *c = tls_pair_ctx(NULL, server, s->version, s->cipher, groups,
                              server ? cert_key : NULL, server ? cert : NULL);
    CHECK(c != NULL);
    return c;
}

/* Sends len bytes from a to b through the BIO pair, writing and reading
 * in turn as the pair's buffer allows; checks them at the other end. */
static int transfer(SSL *a, SSL *b, size_t len) {
    uint8_t *in = malloc(len + 1), *out = malloc(len + 1);
    ht_rand_bytes(in, len);
    size_t sent = 0, got = 0;
    int ok = 1;
    for (int round = 0; ok && got < len && round < 100000; round++) {
        if (sent < len) {
            size_t n = 0;
            int r = SSL_write_ex(a, in + sent, len - sent, &n);
            if (r == 1)
                sent += n;
            else if (SSL_get_error(a, r) != SSL_ERROR_WANT_WRITE)
                ok = 0;
        }
        size_t n = 0;
        int r = SSL_read_ex(b, out + got, len - got, &n);
        if (r == 1)
            got += n;
        else if (SSL_get_error(b, r) != SSL_ERROR_WANT_READ)
            ok = 0;
    }
    ok = ok && got == len && memcmp(in, out, len) == 0;
    free(in), free(out);
    return ok;
}

typedef struct counts {
    uint64_t keygens, derives, records, tls12, sha256;
} counts;

static counts read_counts(void) {
    counts c = {
        pt_counter(hush, "x25519-keygens"), pt_counter(hush, "x25519-derives"),
        pt_counter(hush, "aead-messages"), pt_counter(hush, "tls12-records"),
        pt_counter(hush, "sha256-finals")};
    return c;
}

static void run_suite(const suite *s) {
    ht_context = s->name;
    SSL_CTX *sc = make_ctx(s, 1), *cc = make_ctx(s, 0);
    if (sc == NULL || cc == NULL) goto out;
    SSL *srv = NULL, *cli = NULL;
    CHECK(tls_pair_new(cc, sc, &cli, &srv));
    if (cli == NULL) goto out;
    counts before = read_counts();
    int ok = tls_pair_handshake(cli, srv);
    if (failing) {
        CHECK(!ok); /* hush refuses, and nothing stood in for it */
        counts after = read_counts();
        CHECK(after.keygens == before.keygens);
        CHECK(after.records == before.records);
        ERR_clear_error();
    } else {
        CHECK(ok);
        if (!ok) ERR_print_errors_fp(stdout);
    }
    if (ok) {
        CHECK(SSL_version(cli) == s->version);
        CHECK(strcmp(SSL_get_cipher_name(cli), s->name) == 0);
        /* the server's key share is a key of hush's key manager */
        EVP_PKEY *peer = NULL;
        CHECK(SSL_get_peer_tmp_key(cli, &peer) == 1);
        if (peer) {
            CHECK(EVP_PKEY_is_a(peer, "X25519"));
            const OSSL_PROVIDER *p = EVP_PKEY_get0_provider(peer);
            CHECK(p != NULL && strcmp(OSSL_PROVIDER_get0_name(p), "hush") == 0);
            EVP_PKEY_free(peer);
        }
        static const size_t sizes[] = {1, 100, 16384, 16385, 70000};
        size_t records = 0;
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            CHECK(transfer(cli, srv, sizes[i]));
            CHECK(transfer(srv, cli, sizes[i]));
            records += 2 * ((sizes[i] + 16383) / 16384);
        }
        counts after = read_counts();
        /* both ends generated a key share and derived the secret */
        CHECK(after.keygens - before.keygens >= 2);
        CHECK(after.derives - before.derives >= 2);
        /* every data record was sealed once and opened once by hush */
        CHECK(after.records - before.records >= 2 * records);
        if (s->version == TLS1_2_VERSION)
            CHECK(after.tls12 - before.tls12 >= 2 * records);
        if (strstr(s->name, "SHA256")) CHECK(after.sha256 > before.sha256);
        printf("%s: handshake and %zu data records; hush: %llu keygens, "
               "%llu derives, %llu AEAD messages\n",
               s->name, records,
               (unsigned long long)(after.keygens - before.keygens),
               (unsigned long long)(after.derives - before.derives),
               (unsigned long long)(after.records - before.records));
    }
    SSL_free(cli);
    SSL_free(srv);
out:
    SSL_CTX_free(sc);
    SSL_CTX_free(cc);
    ht_context = NULL;
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x746c7331);
    const char *f = getenv("HUSH_PROVIDER_FAIL");
    failing = f != NULL && strcmp(f, "1") == 0;
    CHECK(OPENSSL_init_ssl(OPENSSL_INIT_LOAD_CONFIG, NULL) == 1);
    hush = pt_hush_in_default_ctx();
    CHECK(hush != NULL); /* OPENSSL_CONF must have loaded it */
    if (hush == NULL) return ht_end();
    make_certificate();
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
        run_suite(&suites[i]);
    X509_free(cert);
    EVP_PKEY_free(cert_key);
    return ht_end();
}
