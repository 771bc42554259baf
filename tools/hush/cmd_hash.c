/* hush hash, hush hmac: digests and MACs of files, like sha256sum. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static uint8_t buffer[1 << 16]; /* file data, not secret */

typedef enum { ALG_SHA256, ALG_ASCON_HASH256, ALG_ASCON_XOF128 } hash_alg;

/* Hashes one file; out receives outlen bytes. */
static int hash_file(const char *path, hash_alg alg, uint8_t *out,
                     size_t outlen) {
    int fd = cli_open_in(path);
    if (fd < 0) return 1;
    hush_sha256_ctx sha;
#if defined(HUSH_HAVE_ASCON)
    hush_ascon_ctx ascon;
    if (alg == ALG_ASCON_HASH256) hush_ascon_hash256_init(&ascon);
    if (alg == ALG_ASCON_XOF128) hush_ascon_xof128_init(&ascon);
#endif
    if (alg == ALG_SHA256) hush_sha256_init(&sha);
    long n;
    while ((n = cli_read_full(fd, buffer, sizeof buffer)) > 0) {
        if (alg == ALG_SHA256) hush_sha256_update(&sha, buffer, (size_t)n);
#if defined(HUSH_HAVE_ASCON)
        else
            hush_ascon_absorb(&ascon, buffer, (size_t)n);
#endif
    }
    if (fd != STDIN_FILENO) close(fd);
    if (n < 0) return cli_error("%s: read error", path ? path : "-");
    if (alg == ALG_SHA256) hush_sha256_final(&sha, out);
#if defined(HUSH_HAVE_ASCON)
    else {
        hush_ascon_squeeze(&ascon, out, outlen);
        hush_wipe(&ascon, sizeof ascon);
    }
#endif
    (void)outlen;
    return 0;
}

static int run_hash(int argc, char **argv) {
    static const struct option longopts[] = {
        {"alg", required_argument, NULL, 'a'},
        {"length", required_argument, NULL, 'n'},
        {NULL, 0, NULL, 0}};
    hash_alg alg = ALG_SHA256;
    size_t outlen = 32;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "a:n:", longopts, NULL)) != -1) {
        if (c == 'a' && strcmp(optarg, "sha256") == 0) alg = ALG_SHA256;
#if defined(HUSH_HAVE_ASCON)
        else if (c == 'a' && strcmp(optarg, "ascon-hash256") == 0)
            alg = ALG_ASCON_HASH256;
        else if (c == 'a' && strcmp(optarg, "ascon-xof128") == 0)
            alg = ALG_ASCON_XOF128;
#endif
        else if (c == 'n') {
            char *end;
            unsigned long v = strtoul(optarg, &end, 10);
            if (*end || v == 0 || v > 4096)
                return cli_error("--length takes 1 to 4096 bytes");
            outlen = v;
        } else
            return cli_error("unknown option or algorithm (try: hush help)");
    }
    if (alg != ALG_ASCON_XOF128) outlen = 32;
    uint8_t out[4096];
    int status = 0;
    if (optind == argc) {
        if (hash_file(NULL, alg, out, outlen)) return 1;
        cli_print_hex(stdout, out, outlen);
        printf("  -\n");
    }
    for (int i = optind; i < argc; i++) {
        if (hash_file(argv[i], alg, out, outlen)) {
            status = 1;
            continue;
        }
        cli_print_hex(stdout, out, outlen);
        printf("  %s\n", argv[i]);
    }
    return status;
}

/* HMAC keys are any length: the whole key file, up to 4096 bytes. */
static int read_mac_key(const char *path, hush_secret **key) {
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return cli_error("%s: the key must be a regular file", path);
    if (st.st_size > 4096)
        return cli_error("%s: key files are at most 4096 bytes", path);
    return cli_read_key(path, (size_t)st.st_size, key);
}

static int run_hmac(int argc, char **argv) {
    static const struct option longopts[] = {
        {"key", required_argument, NULL, 'k'}, {NULL, 0, NULL, 0}};
    const char *keyfile = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "k:", longopts, NULL)) != -1) {
        if (c == 'k')
            keyfile = optarg;
        else
            return cli_error("usage: hush hmac -k KEYFILE [FILE...]");
    }
    if (keyfile == NULL) return cli_error("hmac needs -k KEYFILE");
    hush_secret *key;
    if (read_mac_key(keyfile, &key)) return 1;
    hush_hmac_sha256_ctx keyed, ctx;
    hush_hmac_sha256_init(&keyed, hush_secret_ptr(key), hush_secret_len(key));
    hush_secret_destroy(key);
    int status = 0;
    for (int i = optind; i < argc || (i == optind && optind == argc); i++) {
        const char *path = i < argc ? argv[i] : NULL;
        int fd = cli_open_in(path);
        if (fd < 0) {
            status = 1;
            continue;
        }
        ctx = keyed; /* the precomputed key states, copied per file */
        long n;
        while ((n = cli_read_full(fd, buffer, sizeof buffer)) > 0)
            hush_hmac_sha256_update(&ctx, buffer, (size_t)n);
        if (fd != STDIN_FILENO) close(fd);
        uint8_t tag[32];
        hush_hmac_sha256_final(&ctx, tag);
        if (n < 0) {
            status = cli_error("%s: read error", path ? path : "-");
            continue;
        }
        cli_print_hex(stdout, tag, sizeof tag);
        printf("  %s\n", path ? path : "-");
    }
    hush_wipe(&keyed, sizeof keyed);
    hush_wipe(&ctx, sizeof ctx);
    return status;
}

const cli_command cli_cmd_hash = {
    "hash", "hash [-a sha256|ascon-hash256|ascon-xof128] [-n BYTES] [FILE...]",
    run_hash};
const cli_command cli_cmd_hmac = {
    "hmac", "hmac -k KEYFILE [FILE...]  HMAC-SHA256 of each file", run_hmac};
