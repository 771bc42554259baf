/* Messages, input, hex and key files for the `hush` tool. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

__attribute__((format(printf, 1, 0))) static void vmessage(const char *fmt,
                                                           va_list ap) {
    fflush(stdout);
    fputs("hush: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int cli_fail(int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vmessage(fmt, ap);
    va_end(ap);
    return status;
}

int cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vmessage(fmt, ap);
    va_end(ap);
    return CLI_FAIL;
}

int cli_usage(const char *command, const char *synopsis) {
    fprintf(stderr, "usage: hush %s\n(hush %s --help explains every option)\n",
            synopsis, command);
    return CLI_USAGE;
}

int cli_help(const char *text) {
    fputs(text, stdout);
    return CLI_OK;
}

const char *cli_name(const char *path) {
    return path == NULL || strcmp(path, "-") == 0 ? "standard input" : path;
}

int cli_open_in(const char *path) {
    if (path == NULL || strcmp(path, "-") == 0) return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cli_error("%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        cli_error("%s: is a directory", path);
        errno = EISDIR;
        return -1;
    }
    return fd;
}

long cli_read_full(int fd, uint8_t *buf, size_t len) {
    size_t got = 0;
    while (got < len) {
        ssize_t n = read(fd, buf + got, len - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        got += (size_t)n;
    }
    return (long)got;
}

int cli_write_full(int fd, const uint8_t *buf, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) {
            errno = EIO;
            return -1;
        }
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

/* The hex digit of v (0-15) by arithmetic, not a table indexed by v: the
 * bytes printed may be a shared secret (hush x25519 shared). 9 - v wraps
 * to a large value exactly for the letters, adding 'a' - '0' - 10. */
static int hex_char(unsigned v) {
    return (int)(v + '0' + (((9u - v) >> 8) & ('a' - '0' - 10)));
}

void cli_print_hex(FILE *f, const uint8_t *p, size_t len) {
    for (size_t i = 0; i < len; i++) {
        putc(hex_char(p[i] >> 4), f);
        putc(hex_char(p[i] & 15u), f);
    }
}

static int hex_digit(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int cli_parse_hex(const char *hex, uint8_t *out, size_t len) {
    if (strlen(hex) != 2 * len) return -1;
    for (size_t i = 0; i < len; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return 0;
}

int cli_read_key(const char *path, size_t len, hush_secret **out) {
    int fd = cli_open_in(path);
    if (fd < 0) return CLI_INPUT;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (size_t)st.st_size != len) {
        close(fd);
        return cli_fail(CLI_INPUT, "%s: a key file must hold exactly %zu bytes",
                        path, len);
    }
    int r = hush_secret_read_fd(out, fd, len, HUSH_SECRET_HARDENED);
    if (fd != STDIN_FILENO) close(fd);
    if (r != HUSH_OK)
        return cli_fail(CLI_INPUT, "%s: cannot read a %zu-byte key: %s", path,
                        len, hush_strerror(r));
    unsigned granted = hush_secret_status(*out);
    if (getenv("HUSH_VERBOSE") && !(granted & HUSH_GRANTED_MLOCK))
        fprintf(stderr, "hush: note: key memory could not be locked\n");
    return 0;
}

int cli_write_new_private(const char *path, const uint8_t *p, size_t len) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return cli_fail(CLI_OUTPUT, "%s: %s%s", path, strerror(errno),
                        errno == EEXIST ? " (never overwritten)" : "");
    int bad = cli_write_full(fd, p, len) != 0;
    int saved = errno;
    if (close(fd) != 0 && !bad) bad = 1, saved = errno;
    if (bad) {
        unlink(path);
        return cli_fail(CLI_OUTPUT, "%s: write failed: %s", path,
                        strerror(saved));
    }
    return 0;
}
