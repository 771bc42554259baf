/*
 * The age v1 header: parsing exactly the ABNF of the specification,
 * serialising, and the header MAC (age.h).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "age.h"
#include "codec.h"

#define MAX_HEADER (16u << 20) /* far beyond any real header */
static const char version_line[] = "age-encryption.org/v1";

static void stanza_free(age_stanza *s) {
    if (s->args != NULL) free(s->args[0]);
    free(s->args);
    free(s->body);
    memset(s, 0, sizeof *s);
}

void age_header_free(age_header *h) {
    for (size_t i = 0; i < h->count; i++)
        stanza_free(&h->stanzas[i]);
    free(h->stanzas);
    free(h->text);
    memset(h, 0, sizeof *h);
}

/* s->args: n pointers into one block holding the n strings of total
 * bytes, NUL-terminated (args[0] first); 0 or -1. */
static int alloc_args(age_stanza *s, size_t n, size_t bytes) {
    s->args = calloc(n, sizeof *s->args);
    char *block = malloc(bytes);
    if (s->args == NULL || block == NULL) {
        free(s->args);
        free(block);
        s->args = NULL;
        return -1;
    }
    s->args[0] = block;
    return 0;
}

int age_header_add(age_header *h, const char *const *args, int nargs,
                   const uint8_t *body, size_t bodylen) {
    if (nargs < 1) return CLI_FAIL;
    age_stanza *grown = realloc(h->stanzas, (h->count + 1) * sizeof *grown);
    if (grown == NULL) return cli_error("out of memory");
    h->stanzas = grown;
    age_stanza *s = &h->stanzas[h->count++];
    memset(s, 0, sizeof *s);
    size_t bytes = 0;
    for (int a = 0; a < nargs; a++)
        bytes += strlen(args[a]) + 1;
    if (alloc_args(s, (size_t)nargs, bytes) != 0)
        return cli_error("out of memory");
    char *p = s->args[0];
    for (int a = 0; a < nargs; a++) {
        size_t n = strlen(args[a]) + 1;
        memcpy(p, args[a], n);
        s->args[a] = p;
        p += n;
    }
    s->nargs = nargs;
    s->body = malloc(bodylen ? bodylen : 1);
    if (s->body == NULL) return cli_error("out of memory");
    if (bodylen) memcpy(s->body, body, bodylen);
    s->bodylen = bodylen;
    return 0;
}

/* ---- reading ---- */

typedef struct text_buf {
    char *p;
    size_t len, cap;
} text_buf;

static int text_put(text_buf *t, char c) {
    if (t->len == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 1024;
        if (cap > MAX_HEADER) return -1;
        char *p = realloc(t->p, cap);
        if (p == NULL) return -1;
        t->p = p;
        t->cap = cap;
    }
    t->p[t->len++] = c;
    return 0;
}

/* Reads one LF-terminated line into t; returns its start, or -1 (with a
 * message) when the input ends, fails, or the header grows too large. */
static long next_line(age_in *in, text_buf *t) {
    size_t start = t->len;
    for (;;) {
        uint8_t c;
        long n = age_in_read(in, &c, 1);
        if (n < 0) {
            cli_error("%s: %s", cli_name(in->name), age_in_strerror(in));
            return -1;
        }
        if (n == 0) {
            cli_error("%s: the header ends early: not an age file, or "
                      "truncated",
                      cli_name(in->name));
            return -1;
        }
        if (text_put(t, (char)c) != 0) {
            cli_error("%s: header too large", cli_name(in->name));
            return -1;
        }
        if (c == '\n') return (long)start;
    }
}

static int bad_header(const age_in *in, const char *what) {
    return cli_fail(CLI_INPUT, "%s: malformed age header: %s",
                    cli_name(in->name), what);
}

/* "-> arg arg ...": every argument 1*VCHAR, one space between them, as
 * many as the line holds. */
static int parse_args(const char *line, size_t len, age_stanza *s) {
    s->nargs = 0;
    size_t n = 1;
    for (size_t i = 3; i < len; i++) {
        if (line[i] == ' ') {
            /* no empty argument: not first, last, nor after a space */
            if (i == 3 || i + 1 == len || line[i + 1] == ' ') return -1;
            n++;
        } else if (line[i] < 0x21 || line[i] > 0x7e) {
            return -1;
        }
    }
    if (len == 3 || n > INT_MAX) return -1;
    /* the arguments with each space turned into a NUL */
    if (alloc_args(s, n, len - 3 + 1) != 0) return -1;
    char *p = s->args[0];
    memcpy(p, line + 3, len - 3);
    p[len - 3] = 0;
    for (size_t k = 0, a = 1; k < len - 3; k++)
        if (p[k] == ' ') p[k] = 0, s->args[a++] = p + k + 1;
    s->nargs = (int)n;
    return 0;
}

int age_header_read(age_in *in, age_header *h) {
    memset(h, 0, sizeof *h);
    text_buf t = {NULL, 0, 0};
    int st = CLI_INPUT; /* every failure frees everything read so far */
    long at = next_line(in, &t);
    if (at < 0) goto fail;
    if (t.len - 1 != sizeof version_line - 1 ||
        memcmp(t.p, version_line, sizeof version_line - 1) != 0) {
        if (t.len > 19 && memcmp(t.p, "age-encryption.org/", 19) == 0)
            cli_error("%s: an age file of a version hush does not read",
                      cli_name(in->name));
        else
            cli_error("%s: not an age file (hush reads age v1, binary or "
                      "armored)",
                      cli_name(in->name));
        goto fail;
    }
    for (;;) {
        at = next_line(in, &t);
        if (at < 0) goto fail;
        const char *line = t.p + at;
        size_t len = t.len - (size_t)at - 1; /* without the LF */
        if (len >= 3 && memcmp(line, "---", 3) == 0) {
            if (h->count == 0) {
                st = bad_header(in, "no stanza");
                goto fail;
            }
            if (len != 4 + 43 || line[3] != ' ' ||
                b64_decode(h->mac, sizeof h->mac, line + 4, 43, 0) != 32) {
                st = bad_header(in, "the MAC line");
                goto fail;
            }
            h->maclen = (size_t)at + 3;
            h->textlen = t.len;
            h->text = t.p;
            return 0;
        }
        if (len < 3 || memcmp(line, "-> ", 3) != 0) {
            st = bad_header(in, "a line that is neither a stanza nor the "
                                "MAC");
            goto fail;
        }
        age_stanza s;
        memset(&s, 0, sizeof s);
        int bad = parse_args(line, len, &s);
        /* the body: full lines of 64 columns, then one shorter line */
        size_t body_start = t.len, body_chars = 0;
        while (bad == 0) {
            long b = next_line(in, &t);
            if (b < 0) {
                bad = -2;
                break;
            }
            size_t blen = t.len - (size_t)b - 1;
            if (blen > 64) bad = -1;
            for (size_t k = 0; k < blen && bad == 0; k++)
                if (!b64_is_char((unsigned char)t.p[b + (long)k])) bad = -1;
            body_chars += blen;
            if (blen < 64) break;
        }
        if (bad == 0) {
            /* gather the body text without its line breaks */
            char *joined = malloc(body_chars + 1);
            s.body = malloc(body_chars * 3 / 4 + 1);
            size_t j = 0;
            for (size_t k = body_start; joined && k < t.len; k++)
                if (t.p[k] != '\n') joined[j++] = t.p[k];
            long got =
                joined && s.body
                    ? b64_decode(s.body, body_chars * 3 / 4 + 1, joined, j, 0)
                    : -1;
            free(joined);
            if (got < 0) bad = -1;
            s.bodylen = got < 0 ? 0 : (size_t)got;
        }
        if (bad == 0) {
            age_stanza *grown = realloc(h->stanzas, (h->count + 1) * sizeof s);
            if (grown == NULL)
                bad = -1;
            else {
                h->stanzas = grown;
                h->stanzas[h->count++] = s;
            }
        }
        if (bad != 0) {
            stanza_free(&s);
            if (bad != -2) st = bad_header(in, "a recipient stanza");
            goto fail;
        }
    }
fail:
    free(t.p);
    age_header_free(h);
    return st;
}

/* ---- the MAC ---- */

static int header_mac(uint8_t mac[32], const char *text, size_t len,
                      const hush_secret *file_key) {
    hush_secret *key;
    if (hush_secret_new(&key, 32, HUSH_SECRET_HARDENED) != HUSH_OK) return -1;
    int r = hush_hkdf_sha256(hush_secret_ptr_mut(key), 32,
                             hush_secret_ptr(file_key), AGE_FILE_KEY_BYTES,
                             NULL, 0, "header", 6);
    if (r == HUSH_OK)
        hush_hmac_sha256(mac, hush_secret_ptr(key), 32, text, len);
    hush_secret_destroy(key);
    return r == HUSH_OK ? 0 : -1;
}

int age_header_mac_ok(const age_header *h, const hush_secret *file_key) {
    uint8_t mac[32];
    if (header_mac(mac, h->text, h->maclen, file_key) != 0) return 0;
    int ok = hush_ct_equal(mac, h->mac, sizeof mac);
    hush_wipe(mac, sizeof mac);
    return ok;
}

/* ---- writing ---- */

int age_header_seal(age_header *h, const hush_secret *file_key) {
    size_t cap = sizeof version_line + 64;
    for (size_t i = 0; i < h->count; i++) {
        const age_stanza *s = &h->stanzas[i];
        cap += 4 + s->nargs;
        for (int a = 0; a < s->nargs; a++)
            cap += strlen(s->args[a]);
        size_t chars = b64_unpadded_len(s->bodylen);
        cap += chars + chars / 64 + 2;
    }
    char *text = malloc(cap);
    if (text == NULL) return cli_error("out of memory");
    size_t t = 0;
    memcpy(text, version_line, sizeof version_line - 1);
    t = sizeof version_line - 1;
    text[t++] = '\n';
    for (size_t i = 0; i < h->count; i++) {
        const age_stanza *s = &h->stanzas[i];
        text[t++] = '-', text[t++] = '>';
        for (int a = 0; a < s->nargs; a++) {
            size_t n = strlen(s->args[a]);
            text[t++] = ' ';
            memcpy(text + t, s->args[a], n);
            t += n;
        }
        text[t++] = '\n';
        char *b64 = text + t;
        size_t chars = b64_encode(b64, s->body, s->bodylen, 0);
        /* wrap at 64 columns, in place from the end; the last line is
         * shorter than 64, empty if need be */
        size_t lines = chars / 64 + 1;
        memmove(b64 + lines, b64, chars);
        size_t o = 0, k = lines;
        for (size_t line = 0; line < lines; line++) {
            size_t n = chars - (k - lines) < 64 ? chars - (k - lines) : 64;
            memmove(b64 + o, b64 + k, n);
            o += n;
            k += n;
            b64[o++] = '\n';
        }
        t += o;
    }
    memcpy(text + t, "---", 3);
    t += 3;
    free(h->text);
    h->text = text;
    h->maclen = t;
    if (header_mac(h->mac, text, t, file_key) != 0)
        return cli_error("header MAC: no secret memory");
    text[t++] = ' ';
    t += b64_encode(text + t, h->mac, 32, 0);
    text[t++] = '\n';
    h->textlen = t;
    return 0;
}
