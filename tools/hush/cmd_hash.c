/*
 * hush hash, hush hmac: digests and MACs of files, a drop-in for sha256sum
 * (its output, --tag, -c/--check with its messages and exit statuses,
 * escaped file names). Large inputs are read on a second thread while the
 * first hashes (cli_pipe.h), so reading never waits for hashing.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_pipe.h"

#define MAX_OUT 4096

typedef enum { ALG_SHA256, ALG_ASCON_HASH256, ALG_ASCON_XOF128 } hash_alg;

static const struct {
    const char *name, *tag;
    hash_alg alg;
} algorithms[] = {
    {"sha256", "SHA256", ALG_SHA256},
    {"ascon-hash256", "ASCON-HASH256", ALG_ASCON_HASH256},
    {"ascon-xof128", "ASCON-XOF128", ALG_ASCON_XOF128},
};
#define NALGS (sizeof algorithms / sizeof algorithms[0])

/* ---- feeding a file to a hash ---- */

typedef void (*update_fn)(void *ctx, const uint8_t *p, size_t len);

typedef struct feed {
    int fd;
    update_fn update;
    void *ctx;
    int error;
} feed;

static long feed_source(void *f_, uint8_t *buf, size_t cap) {
    feed *f = f_;
    long n = cli_read_full(f->fd, buf, cap);
    if (n < 0) {
        f->error = errno;
        return -1;
    }
    return n;
}

static int feed_sink(void *f_, pipe_slot *s) {
    feed *f = f_;
    if (s->status == 0 && s->inlen) f->update(f->ctx, s->in, s->inlen);
    return 0;
}

/* Feeds all of fd to update; 0, or an errno. Regular files under 4 MiB
 * are read here; anything larger, or a pipe, through the reader thread. */
static int feed_fd(int fd, update_fn update, void *ctx) {
    static uint8_t buffer[1 << 16]; /* file data, not secret */
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size < (4 << 20)) {
        long n;
        while ((n = cli_read_full(fd, buffer, sizeof buffer)) > 0)
            update(ctx, buffer, (size_t)n);
        return n < 0 ? errno : 0;
    }
    feed f = {fd, update, ctx, 0};
    pipe_ops ops = {
        .ctx = &f, .source = feed_source, .sink = feed_sink, .in_cap = 1 << 20};
    int st2 = pipe_run(&ops);
    if (f.error) return f.error;
    return st2 == 0 ? 0 : EIO;
}

/* ---- the digests ---- */

typedef struct hasher {
    hash_alg alg;
    hush_sha256_ctx sha;
    hush_ascon_ctx ascon;
    int status; /* the Ascon calls' results, OR-ed */
} hasher;

static void hasher_update(void *h_, const uint8_t *p, size_t len) {
    hasher *h = h_;
    if (h->alg == ALG_SHA256)
        hush_sha256_update(&h->sha, p, len);
    else
        h->status |= hush_ascon_absorb(&h->ascon, p, len);
}

/* The digest of a file ("-": standard input); 0 or an errno. */
static int digest_file(const char *path, hash_alg alg, uint8_t *out,
                       size_t outlen) {
    int fd = STDIN_FILENO;
    if (strcmp(path, "-") != 0) {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) return errno;
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            return EISDIR;
        }
    }
    hasher h;
    h.alg = alg;
    h.status = HUSH_OK;
    if (alg == ALG_SHA256) hush_sha256_init(&h.sha);
    if (alg == ALG_ASCON_HASH256) hush_ascon_hash256_init(&h.ascon);
    if (alg == ALG_ASCON_XOF128) hush_ascon_xof128_init(&h.ascon);
    int err = feed_fd(fd, hasher_update, &h);
    if (fd != STDIN_FILENO) close(fd);
    if (alg == ALG_SHA256) {
        hush_sha256_final(&h.sha, out);
    } else {
        h.status |= hush_ascon_squeeze(&h.ascon, out, outlen);
        hush_wipe(&h.ascon, sizeof h.ascon);
    }
    /* the Ascon calls cannot fail on a context initialised here; if one
     * did, the digest is not to be printed */
    return err ? err : h.status != HUSH_OK ? EINVAL : 0;
}

/* sha256sum's escaping: a name with a backslash, LF or CR is printed with
 * those escaped, and its line starts with a backslash. */
static int needs_escape(const char *name) {
    return strpbrk(name, "\\\n\r") != NULL;
}

static void print_name(const char *name) {
    for (const char *p = name; *p; p++) {
        if (*p == '\\')
            fputs("\\\\", stdout);
        else if (*p == '\n')
            fputs("\\n", stdout);
        else if (*p == '\r')
            fputs("\\r", stdout);
        else
            putchar(*p);
    }
}

static void print_digest_line(const char *tag, const uint8_t *d, size_t len,
                              const char *name, int tagged, int binary) {
    int esc = needs_escape(name);
    if (esc) putchar('\\');
    if (tagged) {
        printf("%s (", tag);
        print_name(name);
        printf(") = ");
        cli_print_hex(stdout, d, len);
    } else {
        cli_print_hex(stdout, d, len);
        fputs(binary ? " *" : "  ", stdout);
        print_name(name);
    }
    putchar('\n');
}

/* ---- --check ---- */

typedef struct check_opts {
    int quiet, status, strict, warn, ignore_missing;
    hash_alg alg;
    const char *tag;
    size_t outlen;
} check_opts;

typedef struct check_counts {
    unsigned long improper, unreadable, mismatched, verified;
} check_counts;

static int unescape(char *s) {
    char *o = s;
    for (char *p = s; *p; p++) {
        if (*p != '\\') {
            *o++ = *p;
            continue;
        }
        p++;
        if (*p == '\\')
            *o++ = '\\';
        else if (*p == 'n')
            *o++ = '\n';
        else if (*p == 'r')
            *o++ = '\r';
        else
            return -1;
    }
    *o = 0;
    return 0;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Splits one line into a digest and a name; 0, or -1 when improper. */
static int parse_check_line(char *line, const check_opts *o, uint8_t *want,
                            size_t *wantlen, char **name) {
    int esc = line[0] == '\\';
    if (esc) line++;
    char *hex;
    size_t taglen = strlen(o->tag);
    if (strncmp(line, o->tag, taglen) == 0 && line[taglen] == ' ' &&
        line[taglen + 1] == '(') {
        /* TAG (NAME) = HEX: the last ") = " ends the name */
        char *n = line + taglen + 2, *end = NULL;
        for (char *p = strstr(n, ") = "); p; p = strstr(p + 1, ") = "))
            end = p;
        if (end == NULL) return -1;
        *end = 0;
        *name = n;
        hex = end + 4;
    } else {
        hex = line;
        char *sp = strchr(line, ' ');
        if (sp == NULL || (sp[1] != ' ' && sp[1] != '*') || sp[2] == 0)
            return -1;
        *sp = 0;
        *name = sp + 2;
    }
    size_t hl = strlen(hex);
    if (hl == 0 || hl % 2 || hl / 2 > MAX_OUT) return -1;
    if (o->alg != ALG_ASCON_XOF128 && hl / 2 != o->outlen) return -1;
    for (size_t i = 0; i < hl / 2; i++) {
        int a = hex_value(hex[2 * i]), b = hex_value(hex[2 * i + 1]);
        if (a < 0 || b < 0) return -1;
        want[i] = (uint8_t)(a << 4 | b);
    }
    *wantlen = hl / 2;
    if (esc && unescape(*name) != 0) return -1;
    return (*name)[0] ? 0 : -1;
}

/* sha256sum -c escapes a name in its report only when it holds a line
 * break (a backslash or CR alone is printed as it is). */
static void print_check_result(const char *name, const char *result) {
    if (strchr(name, '\n') == NULL) {
        printf("%s: %s\n", name, result);
        return;
    }
    putchar('\\');
    print_name(name);
    printf(": %s\n", result);
}

static int check_list(const char *list, const check_opts *o,
                      check_counts *total) {
    FILE *f = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
    if (f == NULL) {
        cli_error("%s: %s", list, strerror(errno));
        return 1;
    }
    check_counts c = {0, 0, 0, 0};
    char *line = NULL;
    size_t cap = 0, lineno = 0, proper = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n') line[--len] = 0;
        if (len > 0 && line[len - 1] == '\r') line[--len] = 0;
        if (line[0] == '#') continue;
        uint8_t want[MAX_OUT], got[MAX_OUT];
        size_t wantlen;
        char *name;
        if (parse_check_line(line, o, want, &wantlen, &name) != 0) {
            c.improper++;
            if (o->warn)
                cli_error("%s: %zu: improperly formatted %s checksum line",
                          list, lineno, o->tag);
            continue;
        }
        proper++;
        int err = digest_file(name, o->alg, got, wantlen);
        if (err != 0) {
            if (err == ENOENT && o->ignore_missing) continue;
            c.unreadable++;
            if (!o->status) {
                cli_error("%s: %s", name, strerror(err));
                print_check_result(name, "FAILED open or read");
            }
            continue;
        }
        int same = memcmp(got, want, wantlen) == 0;
        if (!same)
            c.mismatched++;
        else
            c.verified++;
        if (!o->status && (!same || !o->quiet))
            print_check_result(name, same ? "OK" : "FAILED");
    }
    int read_error = ferror(f);
    free(line);
    if (f != stdin) fclose(f);
    int status = 0;
    if (read_error) status = cli_error("%s: read error", list);
    if (proper == 0) {
        status = cli_error("%s: no properly formatted %s checksum lines found",
                           list, o->tag);
    } else if (c.verified == 0 && c.mismatched == 0 && c.unreadable == 0 &&
               o->ignore_missing) {
        status = cli_error("%s: no file was verified", list);
    }
    if (!o->status) {
        if (c.improper)
            cli_error("WARNING: %lu line%s improperly formatted", c.improper,
                      c.improper == 1 ? " is" : "s are");
        if (c.unreadable)
            cli_error("WARNING: %lu listed file%s could not be read",
                      c.unreadable, c.unreadable == 1 ? "" : "s");
        if (c.mismatched)
            cli_error("WARNING: %lu computed checksum%s did NOT match",
                      c.mismatched, c.mismatched == 1 ? "" : "s");
    }
    if (c.unreadable || c.mismatched || (o->strict && c.improper)) status = 1;
    total->improper += c.improper;
    return status;
}

static const char hash_help[] =
    "usage: hush hash [-a ALG] [-n BYTES] [--tag] [-b] [FILE...]\n"
    "       hush hash -c [--quiet] [--status] [--strict] [-w] "
    "[--ignore-missing] [FILE...]\n"
    "\n"
    "Prints the digest of each FILE (standard input when none, or -) as\n"
    "sha256sum does, and checks lists of them as sha256sum -c does.\n"
    "\n"
    "  -a, --alg ALG        sha256 (default), ascon-hash256, ascon-xof128\n"
    "  -n, --length BYTES   ascon-xof128's output length, 1 to 4096 "
    "(default 32)\n"
    "      --tag            BSD-style lines: SHA256 (FILE) = HEX\n"
    "  -b, --binary         mark names with * (as sha256sum -b); -t, --text\n"
    "                       the default\n"
    "  -c, --check          read digests from the FILEs and check them\n"
    "      --quiet          (-c) do not print OK for each verified file\n"
    "      --status         (-c) print nothing: the exit status says it\n"
    "      --strict         (-c) improperly formatted lines are failures\n"
    "  -w, --warn           (-c) warn about improperly formatted lines\n"
    "      --ignore-missing (-c) skip listed files that do not exist\n"
    "  -h, --help           this text\n"
    "\n"
    "Names with a backslash or a line break are escaped, and their lines\n"
    "start with a backslash, exactly as sha256sum writes them.\n"
    "Exit status: 0 all good; 1 a file could not be read or a digest did\n"
    "not match; 2 usage; 5 writing the output failed.\n";

enum { OPT_TAG = 256, OPT_QUIET, OPT_STATUS, OPT_STRICT, OPT_IGNORE_MISSING };

static int run_hash(int argc, char **argv) {
    static const struct option longopts[] = {
        {"alg", required_argument, NULL, 'a'},
        {"length", required_argument, NULL, 'n'},
        {"tag", no_argument, NULL, OPT_TAG},
        {"binary", no_argument, NULL, 'b'},
        {"text", no_argument, NULL, 't'},
        {"check", no_argument, NULL, 'c'},
        {"quiet", no_argument, NULL, OPT_QUIET},
        {"status", no_argument, NULL, OPT_STATUS},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"warn", no_argument, NULL, 'w'},
        {"ignore-missing", no_argument, NULL, OPT_IGNORE_MISSING},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    static const char synopsis[] = "hash [-a ALG] [-n BYTES] [--tag] [-c] "
                                   "[FILE...]";
    check_opts o = {0, 0, 0, 0, 0, ALG_SHA256, "SHA256", 32};
    int tagged = 0, binary = 0, check = 0, c;
    size_t length = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "a:n:btcwh", longopts, NULL)) != -1) {
        switch (c) {
        case 'a': {
            size_t i = 0;
            while (i < NALGS && strcmp(optarg, algorithms[i].name) != 0)
                i++;
            if (i == NALGS) {
                cli_error("unknown algorithm '%s'; this build has:", optarg);
                for (i = 0; i < NALGS; i++)
                    fprintf(stderr, "  %s\n", algorithms[i].name);
                return CLI_USAGE;
            }
            o.alg = algorithms[i].alg;
            o.tag = algorithms[i].tag;
            break;
        }
        case 'n': {
            char *end;
            errno = 0;
            unsigned long v = strtoul(optarg, &end, 10);
            if (*end || end == optarg || errno || v == 0 || v > MAX_OUT)
                return cli_fail(CLI_USAGE, "--length takes 1 to %d bytes",
                                MAX_OUT);
            length = v;
            break;
        }
        case OPT_TAG: tagged = 1; break;
        case 'b': binary = 1; break;
        case 't': binary = 0; break;
        case 'c': check = 1; break;
        case OPT_QUIET: o.quiet = 1; break;
        case OPT_STATUS: o.status = 1; break;
        case OPT_STRICT: o.strict = 1; break;
        case 'w': o.warn = 1; break;
        case OPT_IGNORE_MISSING: o.ignore_missing = 1; break;
        case 'h': return cli_help(hash_help);
        default: return cli_usage("hash", synopsis);
        }
    }
    if (length && o.alg != ALG_ASCON_XOF128)
        return cli_fail(CLI_USAGE, "-n applies to ascon-xof128 only (the "
                                   "others have a fixed 32-byte digest)");
    o.outlen = length ? length : 32;
    if (check && tagged)
        return cli_fail(CLI_USAGE, "--tag and --check do not go together");
    if (!check &&
        (o.quiet || o.status || o.strict || o.warn || o.ignore_missing))
        return cli_fail(CLI_USAGE, "--quiet, --status, --strict, --warn and "
                                   "--ignore-missing go with --check");
    int status = 0;
    static char *stdin_only[] = {"-", NULL};
    char **files = optind < argc ? argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    if (check) {
        check_counts total = {0, 0, 0, 0};
        for (int i = 0; i < nfiles; i++)
            status |= check_list(files[i], &o, &total);
        return status ? CLI_FAIL : CLI_OK;
    }
    uint8_t out[MAX_OUT];
    for (int i = 0; i < nfiles; i++) {
        int err = digest_file(files[i], o.alg, out, o.outlen);
        if (err != 0) {
            status = cli_error("%s: %s", files[i], strerror(err));
            continue;
        }
        print_digest_line(o.tag, out, o.outlen, files[i], tagged, binary);
    }
    return status;
}

/* ---- hmac ---- */

/* HMAC keys are any length: the whole key file, up to 4096 bytes. */
static int read_mac_key(const char *path, hush_secret **key) {
    *key = NULL; /* defined on every failure too */
    struct stat st;
    if (stat(path, &st) != 0)
        return cli_fail(CLI_INPUT, "%s: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return cli_fail(CLI_INPUT, "%s: the key must be a regular file", path);
    if (st.st_size > 4096)
        return cli_fail(CLI_INPUT, "%s: key files are at most 4096 bytes",
                        path);
    return cli_read_key(path, (size_t)st.st_size, key);
}

static void hmac_update(void *c, const uint8_t *p, size_t len) {
    hush_hmac_sha256_update(c, p, len);
}

static const char hmac_help[] =
    "usage: hush hmac -k KEYFILE [FILE...]\n"
    "\n"
    "Prints the HMAC-SHA256 of each FILE (standard input when none, or -)\n"
    "under the key held in KEYFILE (its raw bytes, up to 4096), in\n"
    "sha256sum's format.\n"
    "\n"
    "  -k, --key KEYFILE   the key\n"
    "  -h, --help          this text\n"
    "Exit status: 0 done; 1 a file could not be read; 2 usage; 3 the key\n"
    "could not be read; 5 writing the output failed.\n";

static int run_hmac(int argc, char **argv) {
    static const struct option longopts[] = {
        {"key", required_argument, NULL, 'k'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *keyfile = NULL;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "k:h", longopts, NULL)) != -1) {
        if (c == 'k')
            keyfile = optarg;
        else if (c == 'h')
            return cli_help(hmac_help);
        else
            return cli_usage("hmac", "hmac -k KEYFILE [FILE...]");
    }
    if (keyfile == NULL)
        return cli_fail(CLI_USAGE, "hmac needs -k KEYFILE (any file of "
                                   "random bytes, e.g. head -c 32 "
                                   "/dev/urandom > KEYFILE)");
    hush_secret *key;
    int st = read_mac_key(keyfile, &key);
    if (st != 0) return st;
    hush_hmac_sha256_ctx keyed, ctx;
    hush_hmac_sha256_init(&keyed, hush_secret_ptr(key), hush_secret_len(key));
    hush_secret_destroy(key);
    int status = 0;
    static char *stdin_only[] = {"-", NULL};
    char **files = optind < argc ? argv + optind : stdin_only;
    int nfiles = optind < argc ? argc - optind : 1;
    for (int i = 0; i < nfiles; i++) {
        int fd = cli_open_in(files[i]);
        if (fd < 0) {
            status = CLI_FAIL;
            continue;
        }
        ctx = keyed; /* the precomputed key states, copied per file */
        int err = feed_fd(fd, hmac_update, &ctx);
        if (fd != STDIN_FILENO) close(fd);
        uint8_t tag[32];
        hush_hmac_sha256_final(&ctx, tag);
        if (err != 0) {
            status = cli_error("%s: %s", files[i], strerror(err));
            continue;
        }
        print_digest_line("HMAC-SHA256", tag, sizeof tag, files[i], 0, 0);
    }
    hush_wipe(&keyed, sizeof keyed);
    hush_wipe(&ctx, sizeof ctx);
    return status;
}

const cli_command cli_cmd_hash = {"hash",
                                  "digests of files, like sha256sum (-c "
                                  "checks them)",
                                  run_hash, NULL};
const cli_command cli_cmd_hmac = {"hmac", "HMAC-SHA256 of files under a key",
                                  run_hmac, NULL};
