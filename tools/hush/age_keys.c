/*
 * age keys: X25519 recipients ("age1...", Bech32) and identities
 * ("AGE-SECRET-KEY-1...", in files of age-keygen's format: comments, blank
 * lines, one key a line). Identity files are read straight into hardened
 * secret memory, and each key is decoded from there into its own secret.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "age.h"
#include "codec.h"

#define MAX_KEY_FILE (1u << 20)

int age_parse_recipient(const char *s, uint8_t pub[32]) {
    char hrp[16];
    uint8_t data[40];
    long n = bech32_decode(hrp, sizeof hrp, data, sizeof data, s, strlen(s));
    if (n != 32 || strcmp(hrp, "age") != 0) return -1;
    memcpy(pub, data, 32);
    return 0;
}

int age_format_recipient(char *out, size_t cap, const uint8_t pub[32]) {
    return bech32_encode(out, cap, "age", pub, 32, 0) < 0 ? -1 : 0;
}

/* A message that says what a rejected key line is and what to do. */
static int unknown_key(const char *where, const char *line, int identity) {
    if (strncmp(line, "ssh-", 4) == 0 || strncmp(line, "-----BEGIN", 10) == 0 ||
        strncmp(line, "ecdsa-", 6) == 0)
        return cli_fail(CLI_INPUT,
                        "%s: SSH keys are not supported by hush; "
                        "use an age key (hush keygen)",
                        where);
    if (strncmp(line, "age1", 4) == 0 && identity)
        return cli_fail(CLI_INPUT,
                        "%s: holds a recipient (a public key), not an "
                        "identity: decryption needs the AGE-SECRET-KEY-1... "
                        "file it came from",
                        where);
    if (strncmp(line, "age1", 4) == 0 || strncmp(line, "AGE-PLUGIN-", 11) == 0)
        return cli_fail(CLI_INPUT,
                        "%s: a plugin or post-quantum key, which hush does "
                        "not support (X25519 age keys only)",
                        where);
    if (strncmp(line, "AGE-SECRET-KEY-1", 16) == 0 && !identity)
        return cli_fail(CLI_INPUT,
                        "%s: holds an identity (a private key); encryption "
                        "takes its recipient: hush keygen -y FILE prints it",
                        where);
    if (strncmp(line, "age-encryption.org/", 19) == 0)
        return cli_fail(CLI_INPUT,
                        "%s: an encrypted identity file, which hush does not "
                        "support yet",
                        where);
    return cli_fail(CLI_INPUT, "%s: not an age %s", where,
                    identity ? "identity (AGE-SECRET-KEY-1...)"
                             : "recipient (age1...)");
}

int age_add_recipient(age_recipients *r, const char *arg) {
    if (r->count == AGE_MAX_RECIPIENTS)
        return cli_fail(CLI_USAGE, "too many recipients (at most %d)",
                        AGE_MAX_RECIPIENTS);
    if (age_parse_recipient(arg, r->x25519[r->count]) != 0) {
        char where[96];
        snprintf(where, sizeof where, "recipient \"%.60s\"", arg);
        int st = unknown_key(where, arg, 0);
        return st == CLI_INPUT ? CLI_USAGE : st;
    }
    r->count++;
    return 0;
}

/* Reads a whole key file (at most 1 MiB) into a hardened secret, with a
 * NUL after it. */
static int read_key_file(const char *path, cli_guard *g, hush_secret **out,
                         size_t *len) {
    *out = NULL; /* both defined on every failure too */
    *len = 0;
    int fd = cli_open_in(path);
    if (fd < 0) {
        if (errno == ENOENT)
            fprintf(stderr,
                    "hush: (no key yet? hush keygen -o %s makes "
                    "one)\n",
                    path);
        return CLI_INPUT;
    }
    cli_guard_fd(g, fd);
    struct stat st;
    size_t cap = MAX_KEY_FILE;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        if ((uint64_t)st.st_size > MAX_KEY_FILE) {
            if (fd != STDIN_FILENO) close(fd);
            return cli_fail(CLI_INPUT, "%s: too large for a key file", path);
        }
        cap = (size_t)st.st_size + 1;
    }
    hush_secret *s;
    if (hush_secret_new(&s, cap + 1, HUSH_SECRET_HARDENED) != HUSH_OK) {
        if (fd != STDIN_FILENO) close(fd);
        return cli_error("no secret memory for %s", path);
    }
    long n = cli_read_full(fd, hush_secret_ptr_mut(s), cap);
    int saved = errno;
    if (fd != STDIN_FILENO) close(fd);
    if (n < 0 || (size_t)n == cap) {
        hush_secret_destroy(s);
        return cli_fail(CLI_INPUT, "%s: %s", cli_name(path),
                        n < 0 ? strerror(saved) : "too large for a key file");
    }
    hush_secret_ptr_mut(s)[n] = 0;
    *out = s;
    *len = (size_t)n;
    return 0;
}

/* Calls each(line, ctx) for every key line: comments and blank lines are
 * skipped, CR before LF removed. The lines are NUL-terminated in place. */
static int each_key_line(char *text, size_t len, const char *path,
                         int (*each)(const char *line, const char *where,
                                     void *ctx),
                         void *ctx, size_t *keys) {
    size_t lineno = 0;
    *keys = 0;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && text[j] != '\n')
            j++;
        size_t end = j;
        if (end > i && text[end - 1] == '\r') end--;
        text[end] = 0;
        lineno++;
        const char *line = text + i;
        i = j + 1;
        if (line[0] == 0 || line[0] == '#') continue;
        char where[256];
        snprintf(where, sizeof where, "%s, line %zu", cli_name(path), lineno);
        int st = each(line, where, ctx);
        if (st != 0) return st;
        (*keys)++;
    }
    return 0;
}

static int add_recipient_line(const char *line, const char *where, void *ctx) {
    age_recipients *r = ctx;
    if (r->count == AGE_MAX_RECIPIENTS)
        return cli_fail(CLI_USAGE, "too many recipients (at most %d)",
                        AGE_MAX_RECIPIENTS);
    if (age_parse_recipient(line, r->x25519[r->count]) != 0)
        return unknown_key(where, line, 0);
    r->count++;
    return 0;
}

int age_add_recipients_file(age_recipients *r, const char *path, cli_guard *g) {
    hush_secret *text; /* not secret, but read the same way as identities */
    size_t len, keys;
    int st = read_key_file(path, g, &text, &len);
    if (st != 0) return st;
    st = each_key_line((char *)hush_secret_ptr_mut(text), len, path,
                       add_recipient_line, r, &keys);
    hush_secret_destroy(text);
    if (st == 0 && keys == 0)
        st = cli_fail(CLI_INPUT, "%s: no recipients in it", cli_name(path));
    return st;
}

static int add_identity_line(const char *line, const char *where, void *ctx) {
    age_identities *ids = ctx;
    if (ids->count == AGE_MAX_RECIPIENTS)
        return cli_fail(CLI_INPUT, "too many identities (at most %d)",
                        AGE_MAX_RECIPIENTS);
    if (strncmp(line, "AGE-SECRET-KEY-1", 16) != 0)
        return unknown_key(where, line, 1);
    hush_secret *key, *scratch;
    if (hush_secret_new(&key, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return cli_error("no secret memory");
    if (hush_secret_new(&scratch, 64, HUSH_SECRET_HARDENED) != HUSH_OK) {
        hush_secret_destroy(key);
        return cli_error("no secret memory");
    }
    char hrp[32];
    long n = bech32_decode(hrp, sizeof hrp, hush_secret_ptr_mut(scratch), 64,
                           line, strlen(line));
    int ok = n == 32 && strcmp(hrp, "age-secret-key-") == 0;
    if (ok) memcpy(hush_secret_ptr_mut(key), hush_secret_ptr(scratch), 32);
    hush_secret_destroy(scratch);
    if (!ok) {
        hush_secret_destroy(key);
        return cli_fail(CLI_INPUT,
                        "%s: a malformed AGE-SECRET-KEY-1 line "
                        "(bad checksum or length)",
                        where);
    }
    ids->x25519[ids->count++] = key;
    return 0;
}

int age_add_identities_file(age_identities *ids, const char *path,
                            cli_guard *g) {
    hush_secret *text;
    size_t len, keys;
    int st = read_key_file(path, g, &text, &len);
    if (st != 0) return st;
    st = each_key_line((char *)hush_secret_ptr_mut(text), len, path,
                       add_identity_line, ids, &keys);
    hush_secret_destroy(text);
    if (st == 0 && keys == 0)
        st = cli_fail(CLI_INPUT, "%s: no identities in it", cli_name(path));
    return st;
}

void age_identities_free(age_identities *ids) {
    for (size_t i = 0; i < ids->count; i++)
        hush_secret_destroy(ids->x25519[i]);
    ids->count = 0;
}

int age_format_identity(hush_secret **line, const hush_secret *scalar) {
    if (hush_secret_new(line, 128, HUSH_SECRET_HARDENED) != HUSH_OK)
        return cli_error("no secret memory");
    if (bech32_encode((char *)hush_secret_ptr_mut(*line), 128,
                      "age-secret-key-", hush_secret_ptr(scalar), 32, 1) < 0) {
        hush_secret_destroy(*line);
        return cli_error("cannot encode the identity");
    }
    return 0;
}
