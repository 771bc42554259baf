/* Input, output, hex and key files for the `hush` tool. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

int cli_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("hush: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

int cli_open_in(const char *path) {
    if (path == NULL || strcmp(path, "-") == 0) return STDIN_FILENO;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) cli_error("%s: %s", path, strerror(errno));
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
        if (n <= 0) return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

void cli_print_hex(FILE *f, const uint8_t *p, size_t len) {
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02x", p[i]);
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
    if (fd < 0) return 1;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (size_t)st.st_size != len) {
        close(fd);
        return cli_error("%s: a key file must hold exactly %zu bytes", path,
                         len);
    }
    int r = hush_secret_read_fd(out, fd, len, HUSH_SECRET_HARDENED);
    if (fd != STDIN_FILENO) close(fd);
    if (r != HUSH_OK)
        return cli_error("%s: cannot read a %zu-byte key: %s", path, len,
                         hush_strerror(r));
    unsigned granted = hush_secret_status(*out);
    if (getenv("HUSH_VERBOSE") && !(granted & HUSH_GRANTED_MLOCK))
        fprintf(stderr, "hush: note: key memory could not be locked\n");
    return 0;
}

int cli_write_new_private(const char *path, const uint8_t *p, size_t len) {
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return cli_error("%s: %s", path, strerror(errno));
    int bad = cli_write_full(fd, p, len) != 0;
    bad |= close(fd) != 0;
    if (bad) {
        unlink(path);
        return cli_error("%s: write failed", path);
    }
    return 0;
}
