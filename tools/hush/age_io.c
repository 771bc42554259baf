/*
 * age input and output, binary or armored (age.h).
 *
 * The armor is the strict PEM of RFC 7468 section 3 with the label "AGE
 * ENCRYPTED FILE", as age writes it: lines of exactly 64 base64 characters
 * except the last, padding only at the very end, canonical base64. On
 * reading, whitespace before the BEGIN line and after the END line is
 * accepted, and so are CRLF line endings (the specification allows both);
 * anything else is refused, so an armored file is as unmalleable as a
 * binary one.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "age.h"
#include "codec.h"

static const char armor_begin[] = "-----BEGIN AGE ENCRYPTED FILE-----";
static const char armor_end[] = "-----END AGE ENCRYPTED FILE-----";
#define ARMOR_COLUMNS 64

static int is_space(int c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Reads more input into raw; 1 when bytes arrived, 0 at the end, -1. */
static int fill(age_in *in) {
    if (in->eof) return 0;
    if (in->pos > 0) {
        memmove(in->raw, in->raw + in->pos, in->len - in->pos);
        in->len -= in->pos;
        in->pos = 0;
    }
    if (in->len == sizeof in->raw) return 1;
    for (;;) {
        ssize_t n = read(in->fd, in->raw + in->len, sizeof in->raw - in->len);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            in->error = errno;
            return -1;
        }
        if (n == 0) {
            in->eof = 1;
            return 0;
        }
        in->len += (size_t)n;
        return 1;
    }
}

int age_in_start(age_in *in, int fd, const char *name) {
    in->fd = fd;
    in->name = name;
    in->pos = in->len = 0;
    in->eof = in->armored = in->armor_end = in->short_line = in->error = 0;
    in->lpos = in->llen = 0;
    /* enough bytes to see past leading whitespace and the BEGIN line */
    size_t skip;
    for (;;) {
        for (skip = 0; skip < in->len && is_space(in->raw[skip]); skip++) {
        }
        if (in->len - skip > sizeof armor_begin || in->eof ||
            in->len == sizeof in->raw)
            break;
        if (fill(in) < 0) return -1;
    }
    size_t blen = sizeof armor_begin - 1;
    if (in->len - skip < blen || memcmp(in->raw + skip, armor_begin, blen) != 0)
        return 0; /* binary: read from the first byte */
    in->armored = 1;
    in->pos = skip + blen;
    /* the BEGIN line ends right there */
    if (in->pos < in->len && in->raw[in->pos] == '\r') in->pos++;
    if (in->pos >= in->len || in->raw[in->pos] != '\n') {
        in->error = AGE_IN_BAD_ARMOR;
        return -1;
    }
    in->pos++;
    return 0;
}

const char *age_in_strerror(const age_in *in) {
    if (in->error == AGE_IN_BAD_ARMOR)
        return "malformed armor (not strict PEM as age writes it)";
    return strerror(in->error);
}

/* One line of raw input without its LF (and CR): returns its length, or
 * -1 at the end of the input, -2 when longer than cap, -3 on error. The
 * input may end without a LF: the END line often does (trimmed by an
 * editor or a shell), and age reads that; any other line cut short is
 * refused by the caller, as nothing but the END line may come last. */
static long raw_line(age_in *in, char *line, size_t cap) {
    size_t n = 0;
    for (;;) {
        if (in->pos == in->len) {
            int r = fill(in);
            if (r < 0) return -3;
            if (r == 0 && n == 0) return -1;
            if (r == 0) break;
        }
        uint8_t c = in->raw[in->pos++];
        if (c == '\n') break;
        if (n == cap) return -2;
        line[n++] = (char)c;
    }
    if (n > 0 && line[n - 1] == '\r') n--;
    return (long)n;
}

/* The rest of the input after the END line must be whitespace. */
static int trailing_whitespace_only(age_in *in) {
    for (;;) {
        for (; in->pos < in->len; in->pos++)
            if (!is_space(in->raw[in->pos])) return 0;
        int r = fill(in);
        if (r < 0) return -1;
        if (r == 0) return 1;
    }
}

/* Decodes the next armor line into in->line; 1, 0 at the END line, -1. */
static int armor_next_line(age_in *in) {
    char text[ARMOR_COLUMNS + 2];
    long n = raw_line(in, text, sizeof text);
    if (n == -3) return -1;
    if (n >= 0 && (size_t)n == sizeof armor_end - 1 &&
        memcmp(text, armor_end, (size_t)n) == 0) {
        in->armor_end = 1;
        int t = trailing_whitespace_only(in);
        if (t < 0) return -1;
        if (t == 0) goto bad;
        return 0;
    }
    /* after a short line only the END line may follow */
    if (n <= 0 || n > ARMOR_COLUMNS || in->short_line) goto bad;
    long got = b64_decode(in->line, sizeof in->line, text, (size_t)n, 1);
    if (got <= 0) goto bad;
    if (n < ARMOR_COLUMNS || text[n - 1] == '=') in->short_line = 1;
    in->lpos = 0;
    in->llen = (size_t)got;
    return 1;
bad:
    in->error = AGE_IN_BAD_ARMOR;
    return -1;
}

long age_in_read(age_in *in, uint8_t *out, size_t len) {
    size_t got = 0;
    if (in->armored) {
        while (got < len) {
            if (in->lpos == in->llen) {
                if (in->armor_end) break;
                int r = armor_next_line(in);
                if (r < 0) return -1;
                if (r == 0) break;
            }
            size_t take = in->llen - in->lpos;
            if (take > len - got) take = len - got;
            memcpy(out + got, in->line + in->lpos, take);
            in->lpos += take;
            got += take;
        }
        return (long)got;
    }
    size_t take = in->len - in->pos;
    if (take > len) take = len;
    memcpy(out, in->raw + in->pos, take);
    in->pos += take;
    got = take;
    /* the rest straight from the file, without passing through raw */
    while (got < len && !in->eof) {
        ssize_t n = read(in->fd, out + got, len - got);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            in->error = errno;
            return -1;
        }
        if (n == 0) in->eof = 1;
        got += (size_t)n;
    }
    return (long)got;
}

void age_out_start(age_out *out, int fd, int armored) {
    out->fd = fd;
    out->armored = armored;
    out->npending = 0;
    out->error = 0;
    out->any_order = 0;
    if (armored) {
        static const char line[] = "-----BEGIN AGE ENCRYPTED FILE-----\n";
        if (cli_write_full(fd, (const uint8_t *)line, sizeof line - 1) != 0)
            out->error = errno;
    }
}

static int out_raw(age_out *out, const uint8_t *p, size_t len) {
    if (out->error) return -1;
    if (cli_write_full(out->fd, p, len) != 0) {
        out->error = errno;
        return -1;
    }
    return 0;
}

int age_out_write(age_out *out, const uint8_t *p, size_t len) {
    if (!out->armored) return out_raw(out, p, len);
    /* 48 bytes make one 64-column line; encode 1024 lines per write */
    char text[1024 * (ARMOR_COLUMNS + 1)];
    size_t t = 0;
    while (len > 0) {
        size_t take = 48 - out->npending;
        if (take > len) take = len;
        memcpy(out->pending + out->npending, p, take);
        out->npending += take;
        p += take;
        len -= take;
        if (out->npending < 48) break;
        t += b64_encode(text + t, out->pending, 48, 1);
        text[t++] = '\n';
        out->npending = 0;
        if (t == sizeof text && out_raw(out, (uint8_t *)text, t) != 0)
            return -1;
        if (t == sizeof text) t = 0;
    }
    return t ? out_raw(out, (uint8_t *)text, t) : (out->error ? -1 : 0);
}

int age_out_finish(age_out *out) {
    if (!out->armored) return out->error ? -1 : 0;
    char text[ARMOR_COLUMNS + 2 + sizeof armor_end + 1];
    size_t t = 0;
    if (out->npending) {
        t = b64_encode(text, out->pending, out->npending, 1);
        text[t++] = '\n';
    }
    memcpy(text + t, armor_end, sizeof armor_end - 1);
    t += sizeof armor_end - 1;
    text[t++] = '\n';
    return out_raw(out, (uint8_t *)text, t);
}
