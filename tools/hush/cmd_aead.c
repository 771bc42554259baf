/*
 * hush keygen, encrypt, decrypt: authenticated file encryption. The file
 * format itself is in file_v1.c (docs/CLI.md); this file is the command
 * line around it. Decryption writes to a temporary file renamed into place
 * only when every chunk authenticated: no unauthenticated plaintext is
 * ever released.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "file_v1.h"

static const struct {
    const char *name;
    hush_aead_alg alg;
} algorithms[] = {
    {"chacha20poly1305", HUSH_CHACHA20POLY1305},
    {"xchacha20poly1305", HUSH_XCHACHA20POLY1305},
    {"aes128gcm", HUSH_AES128GCM},
    {"aes256gcm", HUSH_AES256GCM},
    {"ascon-aead128", HUSH_ASCON_AEAD128},
};

static int find_algorithm(const char *name, hush_aead_alg *out) {
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++)
        if (strcmp(name, algorithms[i].name) == 0 &&
            hush_aead_keybytes(algorithms[i].alg) != 0) {
            *out = algorithms[i].alg;
            return 0;
        }
    cli_error("unknown or unavailable algorithm '%s'; available:", name);
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++)
        if (hush_aead_keybytes(algorithms[i].alg))
            fprintf(stderr, "  %s\n", algorithms[i].name);
    return 1;
}

typedef struct file_options {
    const char *alg, *key, *in, *out;
} file_options;

static int parse(int argc, char **argv, file_options *o, const char *usage) {
    static const struct option longopts[] = {
        {"alg", required_argument, NULL, 'a'},
        {"key", required_argument, NULL, 'k'},
        {"in", required_argument, NULL, 'i'},
        {"out", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0}};
    memset(o, 0, sizeof *o);
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "a:k:i:o:", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': o->alg = optarg; break;
        case 'k': o->key = optarg; break;
        case 'i': o->in = optarg; break;
        case 'o': o->out = optarg; break;
        default: return cli_error("usage: hush %s", usage);
        }
    }
    if (optind != argc) return cli_error("usage: hush %s", usage);
    return 0;
}

/* The per-file keyed object from the key file and the header. */
static int file_key(hush_aead_alg alg, const char *keyfile,
                    const uint8_t header[CLI_V1_HEADER_BYTES],
                    hush_aead_ctx **out) {
    hush_secret *key;
    if (cli_read_key(keyfile, hush_aead_keybytes(alg), &key)) return 1;
    int status = cli_v1_file_key(alg, key, header, out);
    hush_secret_destroy(key);
    return status;
}

static int run_keygen(int argc, char **argv) {
    file_options o;
    if (parse(argc, argv, &o, "keygen -a ALG -o KEYFILE")) return 1;
    hush_aead_alg alg;
    if (o.alg == NULL || o.out == NULL)
        return cli_error("usage: hush keygen -a ALG -o KEYFILE");
    if (find_algorithm(o.alg, &alg)) return 1;
    hush_secret *key;
    int r =
        hush_secret_random(&key, hush_aead_keybytes(alg), HUSH_SECRET_HARDENED);
    if (r != HUSH_OK) return cli_error("keygen: %s", hush_strerror(r));
    int status = cli_write_new_private(o.out, hush_secret_ptr(key),
                                       hush_secret_len(key));
    hush_secret_destroy(key);
    return status;
}

static int run_encrypt(int argc, char **argv) {
    file_options o;
    const char *usage = "encrypt -a ALG -k KEYFILE [-i IN] [-o OUT]";
    if (parse(argc, argv, &o, usage)) return 1;
    hush_aead_alg alg;
    if (o.alg == NULL || o.key == NULL)
        return cli_error("usage: hush %s", usage);
    if (find_algorithm(o.alg, &alg)) return 1;
    uint8_t header[CLI_V1_HEADER_BYTES];
    if (cli_v1_new_header(header, alg)) return cli_error("no randomness");
    hush_aead_ctx *k;
    if (file_key(alg, o.key, header, &k)) return 1;
    const char *in_name = o.in ? o.in : "-", *out_name = o.out ? o.out : "-";
    int in = cli_open_in(o.in), out = STDOUT_FILENO, status = 1;
    if (in >= 0 && o.out && strcmp(o.out, "-") != 0) {
        out = open(o.out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (out < 0) cli_error("%s: %s", o.out, strerror(errno));
    }
    if (in < 0 || out < 0) goto done;
    if (cli_write_full(out, header, CLI_V1_HEADER_BYTES)) {
        cli_error("%s: write error", out_name);
        goto done;
    }
    status = cli_v1_seal_chunks(k, alg, header, in, out, in_name, out_name);
done:
    hush_aead_free(k);
    if (in > STDIN_FILENO) close(in);
    if (out > STDOUT_FILENO && close(out) != 0) status = 1;
    return status;
}

static int run_decrypt(int argc, char **argv) {
    file_options o;
    const char *usage = "decrypt -k KEYFILE [-i IN] -o OUT";
    if (parse(argc, argv, &o, usage)) return 1;
    if (o.key == NULL || o.out == NULL || strcmp(o.out, "-") == 0)
        return cli_error("usage: hush %s (the output must be a file: it "
                         "appears only once all of it authenticated)",
                         usage);
    const char *in_name = o.in ? o.in : "-";
    int in = cli_open_in(o.in);
    if (in < 0) return 1;
    uint8_t header[CLI_V1_HEADER_BYTES];
    hush_aead_alg alg;
    if (cli_read_full(in, header, CLI_V1_HEADER_BYTES) != CLI_V1_HEADER_BYTES ||
        cli_v1_check_header(header, &alg)) {
        if (in > STDIN_FILENO) close(in);
        return cli_error("%s: not a hush v1 file (or its algorithm is not "
                         "in this build)",
                         in_name);
    }
    hush_aead_ctx *k;
    if (file_key(alg, o.key, header, &k)) {
        if (in > STDIN_FILENO) close(in);
        return 1;
    }
    /* The temporary's name must fit whole: a truncated template would
     * name some other file, and cleaning up would remove it. Only a name
     * mkstemp created is ever unlinked (created below). */
    char tmp[PATH_MAX];
    int created = 0, status = 1, out = -1;
    int need = snprintf(tmp, sizeof tmp, "%s.partial-XXXXXX", o.out);
    if (need < 0 || (size_t)need >= sizeof tmp) {
        cli_error("%s: output path too long (the temporary file's name "
                  "would not fit in %d bytes)",
                  o.out, PATH_MAX);
        goto done;
    }
    out = mkstemp(tmp);
    if (out < 0) {
        cli_error("%s: %s", tmp, strerror(errno));
        goto done;
    }
    created = 1;
    if (cli_v1_open_chunks(k, alg, header, in, out, in_name, tmp)) goto done;
    if (close(out) != 0 || rename(tmp, o.out) != 0) {
        out = -1;
        cli_error("%s: %s", o.out, strerror(errno));
        goto done;
    }
    out = -1;
    status = 0;
done:
    if (out >= 0) close(out);
    if (status != 0 && created) unlink(tmp);
    hush_aead_free(k);
    if (in > STDIN_FILENO) close(in);
    return status;
}

const cli_command cli_cmd_keygen = {
    "keygen", "keygen -a ALG -o KEYFILE   a new random key (file mode 0600)",
    run_keygen};
const cli_command cli_cmd_encrypt = {
    "encrypt",
    "encrypt -a ALG -k KEYFILE [-i IN] [-o OUT]   ALG: chacha20poly1305, "
    "xchacha20poly1305, aes128gcm, aes256gcm, ascon-aead128",
    run_encrypt};
const cli_command cli_cmd_decrypt = {
    "decrypt", "decrypt -k KEYFILE [-i IN] -o OUT", run_decrypt};
