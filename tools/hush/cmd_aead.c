/*
 * hush keygen, encrypt, decrypt: authenticated file encryption.
 *
 * File format (docs/CLI.md):
 *   header, 40 bytes: "HUSH" | version 1 | algorithm id | log2(chunk) | 0 |
 *                     salt (32 random bytes)
 *   chunks: each plaintext chunk of 64 KiB (the last one shorter, possibly
 *           empty) sealed as ciphertext || tag.
 * Each file gets its own key, HKDF-SHA256(key, salt, "hush file v1" ||
 * header[0..8]), so nonces can simply count chunks: chunk i uses the nonce
 * whose last 8 bytes are i big-endian, the rest zero. The associated data
 * of every chunk is the header and a byte that is 1 on the last chunk, so
 * reordering, truncation and header edits all fail authentication.
 * Decryption writes to a temporary file renamed into place only when every
 * chunk authenticated: no unauthenticated plaintext is ever released.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define HEADER_BYTES 40
#define CHUNK_LOG2   16
#define CHUNK_BYTES  ((size_t)1 << CHUNK_LOG2)
#define TAG_BYTES    16

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

/* Chunk buffers: user data, wiped after use. */
static uint8_t plain[2][CHUNK_BYTES];
static uint8_t sealed[2][CHUNK_BYTES + TAG_BYTES];

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

/* The per-file keyed object: HKDF of the long-term key and the header. */
static int file_key(hush_aead_alg alg, const char *keyfile,
                    const uint8_t header[HEADER_BYTES], hush_aead_ctx **out) {
    size_t keylen = hush_aead_keybytes(alg);
    hush_secret *key, *sub;
    if (cli_read_key(keyfile, keylen, &key)) return 1;
    int r = hush_secret_new(&sub, keylen, HUSH_SECRET_HARDENED);
    if (r == HUSH_OK) {
        uint8_t info[12 + 8];
        memcpy(info, "hush file v1", 12);
        memcpy(info + 12, header, 8);
        r = hush_hkdf_sha256(hush_secret_ptr_mut(sub), keylen,
                             hush_secret_ptr(key), keylen, header + 8, 32, info,
                             sizeof info);
        if (r == HUSH_OK) r = hush_aead_new(out, alg, sub);
        hush_secret_destroy(sub);
    }
    hush_secret_destroy(key);
    if (r != HUSH_OK) return cli_error("key setup: %s", hush_strerror(r));
    return 0;
}

static void chunk_nonce(uint8_t *nonce, size_t len, uint64_t index) {
    memset(nonce, 0, len);
    for (int i = 0; i < 8; i++)
        nonce[len - 1 - (size_t)i] = (uint8_t)(index >> (8 * i));
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
    uint8_t header[HEADER_BYTES + 1] = {'H', 'U',          'S',        'H',
                                        1,   (uint8_t)alg, CHUNK_LOG2, 0};
    if (hush_random(header + 8, 32) != HUSH_OK)
        return cli_error("no randomness");
    hush_aead_ctx *k;
    if (file_key(alg, o.key, header, &k)) return 1;
    int in = cli_open_in(o.in), out = STDOUT_FILENO, status = 1;
    if (in >= 0 && o.out && strcmp(o.out, "-") != 0) {
        out = open(o.out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (out < 0) cli_error("%s: %s", o.out, strerror(errno));
    }
    if (in < 0 || out < 0) goto done;
    if (cli_write_full(out, header, HEADER_BYTES)) goto write_error;
    /* read one chunk ahead to know which chunk is the last */
    long have = cli_read_full(in, plain[0], CHUNK_BYTES);
    size_t noncelen = hush_aead_noncebytes(alg);
    uint8_t nonce[32];
    for (uint64_t index = 0;; index++) {
        if (have < 0) goto read_error;
        int cur = (int)(index & 1);
        long next = (size_t)have == CHUNK_BYTES
                        ? cli_read_full(in, plain[cur ^ 1], CHUNK_BYTES)
                        : 0;
        if (next < 0) goto read_error;
        header[HEADER_BYTES] = next == 0; /* the final-chunk flag */
        chunk_nonce(nonce, noncelen, index);
        hush_aead_seal(k, sealed[0], plain[cur], (size_t)have, header,
                       HEADER_BYTES + 1, nonce);
        if (cli_write_full(out, sealed[0], (size_t)have + TAG_BYTES))
            goto write_error;
        if (next == 0) break;
        have = next;
    }
    status = 0;
    goto done;
read_error:
    cli_error("%s: read error", o.in ? o.in : "-");
    goto done;
write_error:
    cli_error("%s: write error", o.out ? o.out : "-");
done:
    hush_aead_free(k);
    hush_wipe(plain, sizeof plain);
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
    int in = cli_open_in(o.in);
    if (in < 0) return 1;
    uint8_t header[HEADER_BYTES + 1];
    hush_aead_alg alg = (hush_aead_alg)0;
    if (cli_read_full(in, header, HEADER_BYTES) != HEADER_BYTES ||
        memcmp(header, "HUSH", 4) != 0 || header[4] != 1 ||
        header[6] != CHUNK_LOG2 || header[7] != 0 ||
        hush_aead_keybytes((hush_aead_alg)header[5]) == 0) {
        if (in > STDIN_FILENO) close(in);
        return cli_error("%s: not a hush v1 file (or its algorithm is not "
                         "in this build)",
                         o.in ? o.in : "-");
    }
    alg = (hush_aead_alg)header[5];
    hush_aead_ctx *k;
    if (file_key(alg, o.key, header, &k)) {
        if (in > STDIN_FILENO) close(in);
        return 1;
    }
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s.partial-XXXXXX", o.out);
    int out = mkstemp(tmp), status = 1;
    if (out < 0) {
        cli_error("%s: %s", tmp, strerror(errno));
        goto done;
    }
    size_t noncelen = hush_aead_noncebytes(alg);
    uint8_t nonce[32];
    const size_t full = CHUNK_BYTES + TAG_BYTES;
    long have = cli_read_full(in, sealed[0], full);
    for (uint64_t index = 0;; index++) {
        int cur = (int)(index & 1);
        if (have < (long)TAG_BYTES) {
            cli_error("%s: truncated", o.in ? o.in : "-");
            goto done;
        }
        long next =
            (size_t)have == full ? cli_read_full(in, sealed[cur ^ 1], full) : 0;
        if (next < 0) {
            cli_error("read error");
            goto done;
        }
        header[HEADER_BYTES] = next == 0;
        chunk_nonce(nonce, noncelen, index);
        int r = hush_aead_open(k, plain[0], sealed[cur], (size_t)have, header,
                               HEADER_BYTES + 1, nonce);
        if (r != HUSH_OK) {
            cli_error("%s: chunk %llu: %s; nothing was written",
                      o.in ? o.in : "-", (unsigned long long)index,
                      hush_strerror(r));
            goto done;
        }
        if (cli_write_full(out, plain[0], (size_t)have - TAG_BYTES)) {
            cli_error("%s: write error", tmp);
            goto done;
        }
        if (next == 0) break;
        have = next;
    }
    if (close(out) != 0 || rename(tmp, o.out) != 0) {
        out = -1;
        cli_error("%s: %s", o.out, strerror(errno));
        goto done;
    }
    out = -1;
    status = 0;
done:
    if (out >= 0) close(out);
    if (status != 0 && tmp[0]) unlink(tmp);
    hush_aead_free(k);
    hush_wipe(plain, sizeof plain);
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
