/*
 * hush-provider-bench: hush.so against OpenSSL's default provider, inside
 * one process, in two library contexts (default alone; default + hush with
 * default_properties ?provider=hush, as openssl-hush.cnf sets), samples of
 * the two taken alternately (A B A B ...) so drift and neighbours hit both
 * alike; medians of 21 samples, and their ratio. Time is the thread's CPU
 * time (CLOCK_THREAD_CPUTIME_ID), kernel time included.
 *
 *   cipher    EVP seal of one message as `openssl speed -aead -evp` does it:
 *             init with a new IV, 13 bytes of AAD, the data, final, tag;
 *             16 B, 1 KiB, 16 KiB; AES-128-GCM, AES-256-GCM,
 *             ChaCha20-Poly1305; and open (tag set, AAD, data, final) at
 *             16 KiB
 *   handshake full TLS 1.3 handshakes in process (memory BIO pair), group
 *             X25519, TLS_AES_128_GCM_SHA256, no session tickets; an ECDSA
 *             P-256 certificate, and an Ed25519 one, from the default
 *             provider (hush has no signatures)
 *   bulk      TLS 1.3 over a socketpair: SSL_write of 16 KiB then SSL_read
 *             of it at the other end, one thread; MB/s of application data
 *             per suite
 *   parts     what the rows above are made of, for docs/OPENSSL.md: X25519
 *             keygen + derive through EVP, ECDSA P-256 and Ed25519 sign +
 *             verify, SHA-256 of a handshake-sized transcript, one 16 KiB
 *             record's syscalls and kernel copies over the socketpair
 *             without TLS, and a 16 KiB memcpy
 *
 *   hush-provider-bench [--quick] [--only cipher,handshake,bulk,parts]
 *                       [--out DIR]     (DIR/provider.csv)
 *
 * Timing runs on a shared machine should hold a lock the others respect
 * (flock); the program does not take one itself.
 */
#include <errno.h>
#include <fcntl.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "tls_pair.h"

#define SAMPLES 21

static int quick;
static FILE *csv;

/* ---- the two contexts ---- */

typedef struct side {
    const char *name; /* "hush" or "default" */
    OSSL_LIB_CTX *lib;
} side;
static side sides[2];
static OSSL_PROVIDER *hush_provider;

static void die(const char *what) {
    fprintf(stderr, "hush-provider-bench: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

static void open_sides(void) {
    sides[0].name = "hush";
    sides[1].name = "default";
    for (int i = 0; i < 2; i++) {
        sides[i].lib = OSSL_LIB_CTX_new();
        if (sides[i].lib == NULL ||
            OSSL_PROVIDER_load(sides[i].lib, "default") == NULL)
            die("cannot load the default provider");
    }
    if (!OSSL_PROVIDER_set_default_search_path(sides[0].lib,
                                               HUSH_PROVIDER_DIR) ||
        (hush_provider = OSSL_PROVIDER_load(sides[0].lib, "hush")) == NULL ||
        !EVP_set_default_properties(sides[0].lib, "?provider=hush"))
        die("cannot load hush.so from " HUSH_PROVIDER_DIR);
}

/* ---- timing ---- */

/* This thread's CPU time, user and system (the bulk rows' syscalls count):
 * on a machine shared with compilers, time spent waiting for a core would
 * otherwise land in whichever sample it hit. */
static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef void (*op_fn)(void *state, long iters);

/*
 * Median ns per operation of op on each side's state, samples alternating
 * between the two. Each side is calibrated first so one sample takes about
 * target_ms.
 */
static void measure(op_fn op, void *st[2], double target_ms, double med[2]) {
    long iters[2];
    double t[2][SAMPLES];
    int samples = quick ? 3 : SAMPLES;
    for (int s = 0; s < 2; s++) {
        op(st[s], 1); /* warm up */
        long n = 1;
        for (;;) {
            double a = now_ns();
            op(st[s], n);
            double el = now_ns() - a;
            if (el > target_ms * 1e6 / 4 || n > (1L << 30)) {
                iters[s] = (long)((double)n * target_ms * 1e6 / el) + 1;
                break;
            }
            n *= 4;
        }
    }
    for (int i = 0; i < samples; i++)
        for (int s = 0; s < 2; s++) {
            double a = now_ns();
            op(st[s], iters[s]);
            t[s][i] = (now_ns() - a) / (double)iters[s];
        }
    for (int s = 0; s < 2; s++) {
        qsort(t[s], (size_t)samples, sizeof(double), cmp_double);
        med[s] = t[s][samples / 2];
    }
}

static void row(const char *area, const char *what, const char *unit,
                double hush, double dflt, int higher_is_better) {
    double ratio = higher_is_better ? hush / dflt : dflt / hush;
    printf("%-10s %-52s %10.1f %10.1f %-5s %6.2fx\n", area, what, hush, dflt,
           unit, ratio);
    if (csv)
        fprintf(csv, "%s,\"%s\",%s,%.3f,%.3f,%.4f\n", area, what, unit, hush,
                dflt, ratio);
    fflush(stdout);
}

/* ---- cipher rows ---- */

typedef struct cipher_state {
    EVP_CIPHER_CTX *ctx;
    unsigned char key[32], iv[12], aad[13], tag[16];
    unsigned char *in, *out;
    size_t len;
} cipher_state;

static void cipher_op(void *vs, long iters) {
    cipher_state *s = vs;
    int n;
    for (long i = 0; i < iters; i++) {
        s->iv[11] = (unsigned char)i; /* a new IV per message */
        s->iv[10] = (unsigned char)(i >> 8);
        if (EVP_EncryptInit_ex2(s->ctx, NULL, NULL, s->iv, NULL) != 1 ||
            EVP_EncryptUpdate(s->ctx, NULL, &n, s->aad, 13) != 1 ||
            EVP_EncryptUpdate(s->ctx, s->out, &n, s->in, (int)s->len) != 1 ||
            EVP_EncryptFinal_ex(s->ctx, s->out + s->len, &n) != 1 ||
            EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, 16, s->tag) != 1)
            die("EVP seal failed");
    }
}

/* Opening one message sealed once with a fixed IV (opening the same
 * message again is fine: it is the sealing that needs fresh IVs). */
static void open_op(void *vs, long iters) {
    cipher_state *s = vs;
    int n;
    for (long i = 0; i < iters; i++) {
        if (EVP_DecryptInit_ex2(s->ctx, NULL, NULL, s->iv, NULL) != 1 ||
            EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, 16, s->tag) !=
                1 ||
            EVP_DecryptUpdate(s->ctx, NULL, &n, s->aad, 13) != 1 ||
            EVP_DecryptUpdate(s->ctx, s->in, &n, s->out, (int)s->len) != 1 ||
            EVP_DecryptFinal_ex(s->ctx, s->in + s->len, &n) != 1)
            die("EVP open failed");
    }
}

static void bench_ciphers(void) {
    static const char *names[] = {"AES-128-GCM", "AES-256-GCM",
                                  "ChaCha20-Poly1305"};
    static const size_t sizes[] = {16, 1024, 16384};
    for (size_t c = 0; c < 3; c++)
        for (size_t z = 0; z < 3; z++) {
            cipher_state cs[2];
            void *st[2];
            for (int s = 0; s < 2; s++) {
                memset(&cs[s], 0x11, sizeof cs[s]);
                EVP_CIPHER *ciph =
                    EVP_CIPHER_fetch(sides[s].lib, names[c], NULL);
                cs[s].ctx = EVP_CIPHER_CTX_new();
                if (ciph == NULL ||
                    EVP_EncryptInit_ex2(cs[s].ctx, ciph, cs[s].key, NULL,
                                        NULL) != 1)
                    die("cipher setup");
                const char *prov =
                    OSSL_PROVIDER_get0_name(EVP_CIPHER_get0_provider(ciph));
                if (strcmp(prov, sides[s].name) != 0) die("wrong provider");
                EVP_CIPHER_free(ciph);
                cs[s].len = sizes[z];
                cs[s].in = calloc(1, sizes[z]);
                cs[s].out = calloc(1, sizes[z] + 16);
                st[s] = &cs[s];
            }
            double med[2];
            measure(cipher_op, st, quick ? 0.2 : 2.0, med);
            char what[64];
            snprintf(what, sizeof what, "%s seal %zu B", names[c], sizes[z]);
            /* MB/s = bytes / ns * 1000 */
            row("cipher", what, "MB/s", (double)sizes[z] / med[0] * 1e3,
                (double)sizes[z] / med[1] * 1e3, 1);
            if (sizes[z] == 16384) {
                /* and opening, at the size of a full TLS record */
                for (int s = 0; s < 2; s++) {
                    cs[s].iv[10] = cs[s].iv[11] = 0;
                    cipher_op(&cs[s], 1); /* out, tag: one sealed message */
                    if (EVP_DecryptInit_ex2(cs[s].ctx, NULL, NULL, NULL,
                                            NULL) != 1)
                        die("cipher open setup");
                }
                measure(open_op, st, quick ? 0.2 : 2.0, med);
                snprintf(what, sizeof what, "%s open %zu B", names[c],
                         sizes[z]);
                row("cipher", what, "MB/s", (double)sizes[z] / med[0] * 1e3,
                    (double)sizes[z] / med[1] * 1e3, 1);
            }
            for (int s = 0; s < 2; s++) {
                EVP_CIPHER_CTX_free(cs[s].ctx);
                free(cs[s].in);
                free(cs[s].out);
            }
        }
}

/* ---- TLS set-up ---- */

static EVP_PKEY *cert_key[2];
static X509 *cert[2]; /* [0] ECDSA P-256, [1] Ed25519 */

static void make_certs(void) {
    static const char *types[] = {"EC", "ED25519"};
    for (int i = 0; i < 2; i++)
        if (!tls_pair_make_cert(sides[1].lib, NULL, types[i], "bench", 86400,
                                &cert_key[i], &cert[i]))
            die("certificate");
}

static SSL_CTX *tls_ctx(const side *sd, int server, int certi,
                        const char *suite) {
    SSL_CTX *c = tls_pair_ctx(sd->lib, server, TLS1_3_VERSION, suite, "X25519",
                              server ? cert_key[certi] : NULL,
                              server ? cert[certi] : NULL);
    if (c == NULL) die("TLS context");
    if (server) SSL_CTX_set_num_tickets(c, 0);
    return c;
}

/* ---- handshake rows ---- */

typedef struct hs_state {
    SSL_CTX *cctx, *sctx;
} hs_state;

static void handshake_op(void *vs, long iters) {
    hs_state *h = vs;
    for (long i = 0; i < iters; i++) {
        SSL *c, *s;
        if (!tls_pair_new(h->cctx, h->sctx, &c, &s)) die("SSL_new");
        if (!tls_pair_handshake(c, s)) die("handshake failed");
        SSL_free(c);
        SSL_free(s);
    }
}

static void bench_handshakes(void) {
    static const char *certname[] = {"ECDSA P-256", "Ed25519"};
    for (int ci = 0; ci < 2; ci++) {
        hs_state h[2];
        void *st[2];
        for (int s = 0; s < 2; s++) {
            h[s].cctx = tls_ctx(&sides[s], 0, ci, "TLS_AES_128_GCM_SHA256");
            h[s].sctx = tls_ctx(&sides[s], 1, ci, "TLS_AES_128_GCM_SHA256");
            st[s] = &h[s];
        }
        double med[2];
        measure(handshake_op, st, quick ? 2 : 40, med);
        char what[96];
        snprintf(what, sizeof what, "TLS 1.3 X25519, %s cert, AES-128-GCM",
                 certname[ci]);
        row("handshake", what, "hs/s", 1e9 / med[0], 1e9 / med[1], 1);
        for (int s = 0; s < 2; s++) {
            SSL_CTX_free(h[s].cctx);
            SSL_CTX_free(h[s].sctx);
        }
    }
}

/* ---- bulk rows ---- */

#define RECORD 16384

typedef struct bulk_state {
    SSL_CTX *cctx, *sctx;
    SSL *cli, *srv;
    unsigned char *wbuf, *rbuf;
} bulk_state;

static void set_blocking(int fd, int on) {
    int f = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, on ? f & ~O_NONBLOCK : f | O_NONBLOCK);
}

static void bulk_setup(bulk_state *b, const side *sd, const char *suite) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) die("socketpair");
    b->cctx = tls_ctx(sd, 0, 0, suite);
    b->sctx = tls_ctx(sd, 1, 0, suite);
    b->cli = SSL_new(b->cctx);
    b->srv = SSL_new(b->sctx);
    /* non-blocking for the handshake, which this one thread drives from
     * both ends; blocking for the transfer */
    set_blocking(fds[0], 0);
    set_blocking(fds[1], 0);
    SSL_set_fd(b->cli, fds[0]);
    SSL_set_fd(b->srv, fds[1]);
    SSL_set_connect_state(b->cli);
    SSL_set_accept_state(b->srv);
    if (!tls_pair_handshake(b->cli, b->srv)) die("bulk handshake");
    set_blocking(fds[0], 1);
    set_blocking(fds[1], 1);
    b->wbuf = calloc(1, RECORD);
    b->rbuf = calloc(1, RECORD);
}

static void bulk_teardown(bulk_state *b) {
    int fc = SSL_get_fd(b->cli), fs = SSL_get_fd(b->srv);
    SSL_free(b->cli);
    SSL_free(b->srv);
    close(fc);
    close(fs);
    SSL_CTX_free(b->cctx);
    SSL_CTX_free(b->sctx);
    free(b->wbuf);
    free(b->rbuf);
}

static void bulk_op(void *vs, long iters) {
    bulk_state *b = vs;
    for (long i = 0; i < iters; i++) {
        size_t n = 0, got = 0;
        if (SSL_write_ex(b->cli, b->wbuf, RECORD, &n) != 1 || n != RECORD)
            die("SSL_write");
        while (got < RECORD) {
            if (SSL_read_ex(b->srv, b->rbuf + got, RECORD - got, &n) != 1)
                die("SSL_read");
            got += n;
        }
    }
}

static void bench_bulk(void) {
    static const char *suites[] = {"TLS_AES_128_GCM_SHA256",
                                   "TLS_AES_256_GCM_SHA384",
                                   "TLS_CHACHA20_POLY1305_SHA256"};
    for (int i = 0; i < 3; i++) {
        bulk_state b[2];
        void *st[2] = {&b[0], &b[1]};
        for (int s = 0; s < 2; s++)
            bulk_setup(&b[s], &sides[s], suites[i]);
        double med[2];
        measure(bulk_op, st, quick ? 0.5 : 5, med);
        char what[96];
        snprintf(what, sizeof what, "TLS 1.3 %s, 16 KiB records", suites[i]);
        row("bulk", what, "MB/s", RECORD / med[0] * 1e3, RECORD / med[1] * 1e3,
            1);
        for (int s = 0; s < 2; s++)
            bulk_teardown(&b[s]);
    }
}

/* ---- parts ---- */

typedef struct x_state {
    OSSL_LIB_CTX *lib;
    EVP_PKEY *peer;
} x_state;

/* One side of an X25519 exchange: generate a key share, derive. */
static void x25519_op(void *vs, long iters) {
    x_state *x = vs;
    unsigned char secret[32];
    for (long i = 0; i < iters; i++) {
        EVP_PKEY *k = EVP_PKEY_Q_keygen(x->lib, NULL, "X25519");
        EVP_PKEY_CTX *d = EVP_PKEY_CTX_new_from_pkey(x->lib, k, NULL);
        size_t n = 32;
        if (k == NULL || d == NULL || EVP_PKEY_derive_init(d) != 1 ||
            EVP_PKEY_derive_set_peer(d, x->peer) != 1 ||
            EVP_PKEY_derive(d, secret, &n) != 1)
            die("X25519");
        EVP_PKEY_CTX_free(d);
        EVP_PKEY_free(k);
    }
}

typedef struct sig_state {
    OSSL_LIB_CTX *lib;
    EVP_PKEY *key;
    int ed;
} sig_state;

static void sign_verify_op(void *vs, long iters) {
    sig_state *s = vs;
    unsigned char msg[100] = {1}, sig[128];
    for (long i = 0; i < iters; i++) {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        size_t n = sizeof sig;
        const char *md = s->ed ? NULL : "SHA256";
        if (EVP_DigestSignInit_ex(m, NULL, md, s->lib, NULL, s->key, NULL) !=
                1 ||
            EVP_DigestSign(m, sig, &n, msg, sizeof msg) != 1)
            die("sign");
        EVP_MD_CTX_free(m);
        m = EVP_MD_CTX_new();
        if (EVP_DigestVerifyInit_ex(m, NULL, md, s->lib, NULL, s->key, NULL) !=
                1 ||
            EVP_DigestVerify(m, sig, n, msg, sizeof msg) != 1)
            die("verify");
        EVP_MD_CTX_free(m);
    }
}

typedef struct md_state {
    EVP_MD *md;
    unsigned char buf[4096];
} md_state;

static void sha256_op(void *vs, long iters) {
    md_state *s = vs;
    unsigned char out[32];
    unsigned n;
    for (long i = 0; i < iters; i++)
        if (EVP_Digest(s->buf, sizeof s->buf, out, &n, s->md, NULL) != 1)
            die("digest");
}

typedef struct raw_state {
    int fds[2];
    unsigned char *a, *b;
} raw_state;

/* one TLS record's worth of bytes through the socketpair: the syscalls
 * and kernel copies of a bulk row, without TLS */
static void raw_op(void *vs, long iters) {
    raw_state *r = vs;
    size_t len = RECORD + 22; /* header, content type and tag */
    for (long i = 0; i < iters; i++) {
        if (write(r->fds[0], r->a, len) != (ssize_t)len) die("write");
        size_t got = 0;
        while (got < len) {
            ssize_t n = read(r->fds[1], r->b + got, len - got);
            if (n <= 0) die("read");
            got += (size_t)n;
        }
    }
}

static void memcpy_op(void *vs, long iters) {
    raw_state *r = vs;
    for (long i = 0; i < iters; i++) {
        memcpy(r->b, r->a, RECORD);
        __asm__ __volatile__("" : : "r"(r->b) : "memory");
    }
}

static void bench_parts(void) {
    double med[2];
    {
        x_state x[2];
        void *st[2] = {&x[0], &x[1]};
        for (int s = 0; s < 2; s++) {
            x[s].lib = sides[s].lib;
            x[s].peer = EVP_PKEY_Q_keygen(sides[1].lib, NULL, "X25519");
        }
        measure(x25519_op, st, quick ? 0.5 : 5, med);
        row("parts", "X25519 keygen + derive (EVP)", "us", med[0] / 1e3,
            med[1] / 1e3, 0);
        for (int s = 0; s < 2; s++)
            EVP_PKEY_free(x[s].peer);
    }
    for (int ci = 0; ci < 2; ci++) {
        sig_state g[2];
        void *st[2] = {&g[0], &g[1]};
        for (int s = 0; s < 2; s++) {
            g[s].lib = sides[s].lib;
            g[s].key = cert_key[ci];
            g[s].ed = ci;
        }
        measure(sign_verify_op, st, quick ? 0.5 : 5, med);
        row("parts",
            ci ? "Ed25519 sign + verify (default provider)"
               : "ECDSA P-256 sign + verify (default provider)",
            "us", med[0] / 1e3, med[1] / 1e3, 0);
    }
    {
        md_state m[2];
        void *st[2] = {&m[0], &m[1]};
        for (int s = 0; s < 2; s++) {
            m[s].md = EVP_MD_fetch(sides[s].lib, "SHA256", NULL);
            memset(m[s].buf, 7, sizeof m[s].buf);
        }
        measure(sha256_op, st, quick ? 0.5 : 2, med);
        row("parts", "SHA-256 of 4 KiB (EVP_Digest)", "us", med[0] / 1e3,
            med[1] / 1e3, 0);
        for (int s = 0; s < 2; s++)
            EVP_MD_free(m[s].md);
    }
    {
        raw_state r[2];
        void *st[2] = {&r[0], &r[1]};
        for (int s = 0; s < 2; s++) {
            if (socketpair(AF_UNIX, SOCK_STREAM, 0, r[s].fds) != 0)
                die("socketpair");
            r[s].a = calloc(1, 2 * RECORD);
            r[s].b = calloc(1, 2 * RECORD);
        }
        /* the same operation on both sides: the ratio shows the noise */
        measure(raw_op, st, quick ? 0.5 : 5, med);
        row("parts", "16 KiB record write+read, socketpair, no TLS", "us",
            med[0] / 1e3, med[1] / 1e3, 0);
        measure(memcpy_op, st, quick ? 0.2 : 2, med);
        row("parts", "memcpy of 16 KiB", "us", med[0] / 1e3, med[1] / 1e3, 0);
        for (int s = 0; s < 2; s++) {
            close(r[s].fds[0]);
            close(r[s].fds[1]);
            free(r[s].a);
            free(r[s].b);
        }
    }
}

int main(int argc, char **argv) {
    const char *only = NULL, *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out = argv[++i];
        else {
            fprintf(stderr,
                    "usage: %s [--quick] [--only cipher,handshake,bulk,parts] "
                    "[--out DIR]\n",
                    argv[0]);
            return 2;
        }
    }
    open_sides();
    make_certs();
    if (out) {
        char path[4096];
        snprintf(path, sizeof path, "%s/provider.csv", out);
        csv = fopen(path, "w");
        if (csv == NULL) die(path);
        fprintf(csv, "area,operation,unit,hush,default,hush_vs_default\n");
    }
    const char *version = "?";
    OSSL_PARAM vp[] = {
        OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, (char **)&version, 0),
        OSSL_PARAM_END};
    OSSL_PROVIDER_get_params(hush_provider, vp);
    printf("hush-provider-bench: hush.so (hush %s) vs OpenSSL %s's default "
           "provider, %d interleaved samples, medians\n",
           version, OpenSSL_version(OPENSSL_VERSION_STRING),
           quick ? 3 : SAMPLES);
    printf("%-10s %-52s %10s %10s %-5s %7s\n", "area", "operation", "hush",
           "default", "unit", "ratio");
#define WANT(x) (only == NULL || strstr(only, x) != NULL)
    if (WANT("cipher")) bench_ciphers();
    if (WANT("handshake")) bench_handshakes();
    if (WANT("bulk")) bench_bulk();
    if (WANT("parts")) bench_parts();
    if (csv) fclose(csv);
    return 0;
}
