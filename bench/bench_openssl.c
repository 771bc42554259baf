/*
 * The OpenSSL instances: see bench_openssl.h.
 *
 * Loading the newest: scripts/openssl-newest.sh links that release's
 * libcrypto.a into one shared object whose only exported symbol is
 * hush_bench_openssl_symbol (bench/openssl_shim.c), so dlopen puts it
 * beside Debian's libcrypto.so.3 with no symbol of one reaching the other,
 * and both share this process's libc (its allocations reach bench_alloc's
 * counter; its thread-specific data is its own). A second namespace
 * (dlmopen) was tried first and dropped: it loads a second libc, whose
 * pthread keys index the same per-thread slots as the first one's, and
 * the newest OpenSSL read another library's value there and crashed.
 *
 * OPENSSL_ia32cap is read by the library's constructor, at dlopen: a mask
 * is set in the environment for that call only, on a private copy of the
 * shim (dlopen of the same file would return the instance already
 * loaded); the copy is unlinked once loaded.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_peers.h"

#define MAX_OSSL 4

static char summary[1600];

__attribute__((format(printf, 1, 2))) static void say(const char *fmt, ...) {
    size_t n = strlen(summary);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(summary + n, sizeof summary - n, fmt, ap);
    va_end(ap);
}

const char *bench_ossl_summary(void) { return summary; }

#if defined(HUSH_BENCH_HAVE_OPENSSL)

static bench_ossl instances[MAX_OSSL];
static size_t n_instances;

void bench_ossl_init(void) {
    bench_ossl *o = &instances[n_instances++];
    snprintf(o->label, sizeof o->label, "openssl");
    snprintf(o->version, sizeof o->version, "%s",
             OpenSSL_version(OPENSSL_VERSION));
    snprintf(o->origin, sizeof o->origin, "Debian's, linked");
#define BENCH_OSSL_LINKED(fn) o->fn = fn;
    BENCH_OSSL_FUNCTIONS(BENCH_OSSL_LINKED)
#undef BENCH_OSSL_LINKED
    say("openssl: %s (%s)", o->version, o->origin);
}

void bench_ossl_append(bench_case *list, bench_case c) {
    const char *rest = strncmp(c.label, "openssl", 7) == 0 ? c.label + 7 : "";
    for (size_t i = 0; i < n_instances; i++) {
        bench_case k = c;
        bench_ossl_arg *a = malloc(sizeof *a);
        size_t label_len = strlen(instances[i].label) + strlen(rest) + 1;
        char *label = malloc(label_len);
        if (a == NULL || label == NULL) exit(2);
        a->lib = &instances[i];
        a->arg = c.arg;
        snprintf(label, label_len, "%s%s", instances[i].label, rest);
        k.label = label; /* both live as long as the registry */
        k.arg = a;
        bench_case_append(list, k);
    }
}

/* A private copy of the file at `path` (mkstemp, unlinked by the caller
 * once loaded); its name in `out`. */
static int copy_of(const char *path, char *out, size_t n) {
    snprintf(out, n, "/tmp/hush-bench-openssl-XXXXXX");
    int fd = mkstemp(out);
    FILE *in = fopen(path, "rb");
    FILE *to = fd >= 0 ? fdopen(fd, "wb") : NULL;
    int ok = in != NULL && to != NULL;
    char buf[1 << 16];
    size_t got;
    while (ok && (got = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, got, to) == got;
    if (in) fclose(in);
    if (to)
        ok &= fclose(to) == 0;
    else if (fd >= 0)
        close(fd);
    if (!ok && fd >= 0) unlink(out);
    return ok ? 0 : -1;
}

/* One instance: the shim at `path`, with OPENSSL_ia32cap=cap set while it
 * loads when cap is not NULL. NULL and *why on failure. */
static bench_ossl *load(const char *path, const char *cap, const char **why) {
    static char err[300];
    if (n_instances == MAX_OSSL) {
        *why = "too many OpenSSL instances";
        return NULL;
    }
    char copy[64] = "";
    if (cap && copy_of(path, copy, sizeof copy) != 0) {
        *why = "could not copy the shim for a second instance";
        return NULL;
    }
    char *saved = getenv("OPENSSL_ia32cap");
    saved = saved ? strdup(saved) : NULL;
    if (cap) setenv("OPENSSL_ia32cap", cap, 1);
    void *h = dlopen(cap ? copy : path, RTLD_NOW | RTLD_LOCAL);
    if (cap) {
        if (saved)
            setenv("OPENSSL_ia32cap", saved, 1);
        else
            unsetenv("OPENSSL_ia32cap");
        unlink(copy);
    }
    free(saved);
    if (h == NULL) {
        snprintf(err, sizeof err, "dlopen failed: %s", dlerror());
        *why = err;
        return NULL;
    }
    void *(*sym)(const char *) =
        (void *(*)(const char *))dlsym(h, "hush_bench_openssl_symbol");
    if (sym == NULL) {
        *why = "not a shim of scripts/openssl-newest.sh (no "
               "hush_bench_openssl_symbol)";
        return NULL;
    }
    bench_ossl *o = &instances[n_instances];
    memset(o, 0, sizeof *o);
#define BENCH_OSSL_SYMBOL(fn)                                                  \
    if ((o->fn = (__typeof__(fn) *)sym(#fn)) == NULL) {                        \
        *why = "the shim lacks " #fn;                                          \
        return NULL;                                                           \
    }
    BENCH_OSSL_FUNCTIONS(BENCH_OSSL_SYMBOL)
#undef BENCH_OSSL_SYMBOL
    snprintf(o->version, sizeof o->version, "%s",
             o->OpenSSL_version(OPENSSL_VERSION));
    void (*caps)(unsigned int *) =
        (void (*)(unsigned int *))dlsym(h, "hush_bench_openssl_caps");
    if (caps) caps(o->caps);
    n_instances++;
    return o;
}

/* "OpenSSL 3.6.3 9 Jun 2026" -> "openssl-3.6.3" */
static void label_of(const char *version, char *out, size_t n) {
    char v[32] = "";
    if (sscanf(version, "OpenSSL %31s", v) != 1) snprintf(v, sizeof v, "?");
    snprintf(out, n, "openssl-%s", v);
}

/* The value of `key=` in the status file's text, or NULL. */
static const char *field(const char *text, const char *key, char *out,
                         size_t n) {
    size_t k = strlen(key);
    for (const char *p = text; p && *p;
         p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (strncmp(p, key, k) == 0 && p[k] == '=') {
            snprintf(out, n, "%.*s", (int)strcspn(p + k + 1, "\n"), p + k + 1);
            return out;
        }
    return NULL;
}

/* OPENSSL_ia32cap's second word is CPUID.(EAX=7,ECX=0): EBX in the low
 * half, ECX in the high half. Masked: AVX512F, DQ, IFMA, CD, BW, VL (EBX
 * 16, 17, 21, 28, 30, 31) and VAES, VPCLMULQDQ (ECX 9, 10), which every
 * AVX-512 and VAES path of OpenSSL requires; ':' first keeps the first
 * word (AES-NI, PCLMULQDQ, AVX) as detected. */
#define IA32CAP_AESNI ":~0x600d0230000"

int bench_ossl_load_newest(const char *status, const char *const *caps,
                           size_t ncaps) {
    char text[4096] = "", st[32], version[64], lib[1024], note[512];
    FILE *f = fopen(status, "r");
    size_t len = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f) fclose(f);
    text[len] = 0;
    if (f == NULL) {
        say("; newest openssl: UNAVAILABLE: no %s (scripts/openssl-newest.sh "
            "writes it)",
            status);
        return -1;
    }
    if (field(text, "status", st, sizeof st) == NULL || strcmp(st, "ok") != 0) {
        char reason[1024];
        say("; newest openssl: UNAVAILABLE: %s",
            field(text, "reason", reason, sizeof reason)
                ? reason
                : "scripts/openssl-newest.sh gave no reason");
        return -1;
    }
    if (!field(text, "version", version, sizeof version) ||
        !field(text, "library", lib, sizeof lib)) {
        say("; newest openssl: UNAVAILABLE: %s has no version or library",
            status);
        return -1;
    }
    const char *why = NULL;
    bench_ossl *o = load(lib, NULL, &why);
    if (o == NULL) {
        say("; newest openssl: UNAVAILABLE: %s (%s)", why, lib);
        return -1;
    }
    label_of(o->version, o->label, sizeof o->label);
    snprintf(o->origin, sizeof o->origin,
             "Debian's openssl %s source package, built by "
             "scripts/openssl-newest.sh into a shim, loaded with dlopen",
             version);
    if (field(text, "note", note, sizeof note)) {
        size_t n = strlen(o->origin);
        snprintf(o->origin + n, sizeof o->origin - n, ": %s", note);
    }
    say("; %s: %s (%s)", o->label, o->version, o->origin);
    const char *base = o->label;
    for (size_t i = 0; i < ncaps; i++) {
        char name[32], spec[128];
        const char *eq = strchr(caps[i], '=');
        if (eq) {
            snprintf(name, sizeof name, "%.*s", (int)(eq - caps[i]), caps[i]);
            snprintf(spec, sizeof spec, "%s", eq + 1);
        } else if (strcmp(caps[i], "aesni") == 0) {
            snprintf(name, sizeof name, "aesni");
            snprintf(spec, sizeof spec, IA32CAP_AESNI);
        } else {
            say("; %s: unknown capability mask (NAME=SPEC or aesni)", caps[i]);
            continue;
        }
        bench_ossl *m = load(lib, spec, &why);
        if (m == NULL) {
            say("; %s/%s: UNAVAILABLE: %s", base, name, why);
            continue;
        }
        if (snprintf(m->label, sizeof m->label, "%s/%s", base, name) >=
            (int)sizeof m->label)
            m->label[sizeof m->label - 1] = 0; /* a long NAME is cut */
        snprintf(m->origin, sizeof m->origin,
                 "a second copy of the shim, OPENSSL_ia32cap=%s set "
                 "before it initialised: CPUID.7 EBX:ECX words "
                 "%08x:%08x, unmasked %08x:%08x",
                 spec, m->caps[2], m->caps[3], o->caps[2], o->caps[3]);
        say("; %s: %s", m->label, m->origin);
    }
    return 0;
}

/* ---- the cipher rows the area files share (bench_peers.h) ---- */

static const bench_cipher_spec *spec_of(const bench_state *st) {
    return bench_ossl_arg_of(st);
}

/* The IV of this message: the nonce, behind a zero block counter for
 * OpenSSL's ChaCha20 (its 16-byte IV is counter || nonce). */
static const uint8_t *ossl_iv(bench_state *st, const bench_cipher_spec *s) {
    if (!s->counter_prefix) return st->nonce;
    memset(st->scratch, 0, 4);
    memcpy(st->scratch + 4, st->nonce, 12);
    return st->scratch;
}

static int ossl_cipher_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    const bench_cipher_spec *s = spec_of(st);
    EVP_CIPHER *c = o->EVP_CIPHER_fetch(NULL, s->openssl, NULL);
    EVP_CIPHER_CTX *ctx = c ? o->EVP_CIPHER_CTX_new() : NULL;
    if (ctx == NULL ||
        !o->EVP_EncryptInit_ex2(ctx, c, st->key,
                                s->ivlen ? ossl_iv(st, s) : NULL, NULL)) {
        *why = "EVP cipher setup failed";
        o->EVP_CIPHER_CTX_free(ctx);
        o->EVP_CIPHER_free(c);
        return -1;
    }
    if (s->ivlen == 0) o->EVP_CIPHER_CTX_set_padding(ctx, 0);
    st->obj = c;
    st->obj2 = ctx;
    return 0;
}

static void ossl_cipher_teardown(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    o->EVP_CIPHER_CTX_free(st->obj2);
    o->EVP_CIPHER_free(st->obj);
}

void bench_ossl_mac_teardown(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    o->EVP_MAC_CTX_free(st->obj2);
    o->EVP_MAC_free(st->obj);
}

/* A new IV per message for the ciphers that take one (not ECB). */
static void ossl_next_iv(bench_state *st) {
    const bench_ossl *o = bench_ossl_of(st);
    const bench_cipher_spec *s = spec_of(st);
    if (s->ivlen == 0) return;
    bench_next_nonce(st->nonce);
    o->EVP_EncryptInit_ex2(st->obj2, NULL, NULL, ossl_iv(st, s), NULL);
}

BENCH_LOOP(ossl_stream_run, const bench_ossl *o = bench_ossl_of(st); int len;
           ossl_next_iv(st);
           o->EVP_EncryptUpdate(st->obj2, st->out, &len, st->in, (int)st->size))

BENCH_LOOP(ossl_aead_run, const bench_ossl *o = bench_ossl_of(st); int len;
           int fin; bench_next_nonce(st->nonce);
           o->EVP_EncryptInit_ex2(st->obj2, NULL, NULL, st->nonce, NULL);
           o->EVP_EncryptUpdate(st->obj2, st->out, &len, st->in, (int)st->size);
           o->EVP_EncryptFinal_ex(st->obj2, st->out + len, &fin);
           o->EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_GET_TAG, 16,
                                  st->out + st->size))

/* Opening: a valid ciphertext and tag of the input, sealed once in setup
 * under the nonce; then a decrypting context keyed once opens it again and
 * again (a failed tag check would time the wrong path: status). */
static int ossl_open_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    if (ossl_cipher_setup(st, why) != 0) return -1;
    EVP_CIPHER_CTX *dec = o->EVP_CIPHER_CTX_new();
    int len, fin;
    st->buf = malloc(st->size + 16);
    if (st->buf == NULL || dec == NULL ||
        !o->EVP_EncryptUpdate(st->obj2, st->buf, &len, st->in, (int)st->size) ||
        !o->EVP_EncryptFinal_ex(st->obj2, st->buf + len, &fin) ||
        !o->EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_GET_TAG, 16,
                                st->buf + st->size) ||
        !o->EVP_DecryptInit_ex2(dec, st->obj, st->key, st->nonce, NULL)) {
        *why = "EVP AEAD seal for the open row failed";
        o->EVP_CIPHER_CTX_free(dec);
        free(st->buf);
        ossl_cipher_teardown(st);
        return -1;
    }
    o->EVP_CIPHER_CTX_free(st->obj2); /* the sealing context's work is done */
    st->obj2 = dec;
    return 0;
}
static void ossl_open_teardown(bench_state *st) {
    ossl_cipher_teardown(st);
    free(st->buf);
}
BENCH_LOOP(ossl_open_run, const bench_ossl *o = bench_ossl_of(st); int len;
           int fin;
           o->EVP_DecryptInit_ex2(st->obj2, NULL, NULL, st->nonce, NULL);
           o->EVP_DecryptUpdate(st->obj2, st->out, &len, st->buf,
                                (int)st->size);
           o->EVP_CIPHER_CTX_ctrl(st->obj2, EVP_CTRL_AEAD_SET_TAG, 16,
                                  st->buf + st->size);
           status |= o->EVP_DecryptFinal_ex(st->obj2, st->out + len, &fin) != 1)

/* One-shot: a context made, keyed and freed per message; the EVP_CIPHER
 * is fetched once (OpenSSL 3's advice: an implicit fetch per call would
 * time the provider lookup). */
static int ossl_fetch_setup(bench_state *st, const char **why) {
    const bench_ossl *o = bench_ossl_of(st);
    st->obj = o->EVP_CIPHER_fetch(NULL, spec_of(st)->openssl, NULL);
    if (st->obj == NULL) *why = "EVP_CIPHER_fetch failed";
    return st->obj == NULL ? -1 : 0;
}
static void ossl_fetch_teardown(bench_state *st) {
    bench_ossl_of(st)->EVP_CIPHER_free(st->obj);
}
BENCH_LOOP(ossl_oneshot_run, const bench_ossl *o = bench_ossl_of(st); int len;
           int fin; bench_next_nonce(st->nonce);
           EVP_CIPHER_CTX *ctx = o->EVP_CIPHER_CTX_new();
           o->EVP_EncryptInit_ex2(ctx, st->obj, st->key, st->nonce, NULL);
           o->EVP_EncryptUpdate(ctx, st->out, &len, st->in, (int)st->size);
           o->EVP_EncryptFinal_ex(ctx, st->out + len, &fin);
           o->EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16,
                                  st->out + st->size);
           o->EVP_CIPHER_CTX_free(ctx))

bench_case bench_ossl_stream(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",       BENCH_PEER,           {NULL}, ossl_cipher_setup,
        ossl_stream_run, ossl_cipher_teardown, spec};
}
bench_case bench_ossl_aead(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",     BENCH_PEER,           {NULL}, ossl_cipher_setup,
        ossl_aead_run, ossl_cipher_teardown, spec};
}
bench_case bench_ossl_aead_open(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",     BENCH_PEER,         {NULL}, ossl_open_setup,
        ossl_open_run, ossl_open_teardown, spec};
}
bench_case bench_ossl_aead_oneshot(const bench_cipher_spec *spec) {
    return (bench_case){
        "openssl",        BENCH_PEER,          {NULL}, ossl_fetch_setup,
        ossl_oneshot_run, ossl_fetch_teardown, spec};
}

#else

void bench_ossl_init(void) {
    say("openssl: MISSING (not found at build time)");
}
int bench_ossl_load_newest(const char *status, const char *const *caps,
                           size_t ncaps) {
    (void)status;
    (void)caps;
    (void)ncaps;
    say("; newest openssl: UNAVAILABLE: hush-bench was built without "
        "OpenSSL's headers");
    return -1;
}

#endif
