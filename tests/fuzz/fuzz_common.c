/*
 * The shared half of every fuzz target: initialisation, seed output, tier
 * choice, checks and buffers (fuzz.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#define MAX_PRIMS 16
#define MAX_TIERS 16

static size_t nprims;
static const char *prim_name[MAX_PRIMS];
static const char *tier_name[MAX_PRIMS][MAX_TIERS];
static size_t ntiers[MAX_PRIMS];
static size_t chosen[MAX_PRIMS];

static const char *seed_dir; /* write mode: seeds go here */
static unsigned seed_count;

__attribute__((weak)) void fuzz_setup(void) {}

static void load_tiers(void) {
    nprims = hush_primitive_count();
    if (nprims > MAX_PRIMS) {
        fprintf(stderr, "fuzz: more than %d primitives\n", MAX_PRIMS);
        exit(2);
    }
    for (size_t i = 0; i < nprims; i++) {
        prim_name[i] = hush_primitive_name(i);
        ntiers[i] = hush_impl_list(prim_name[i], tier_name[i], MAX_TIERS);
        if (ntiers[i] == 0 || ntiers[i] > MAX_TIERS) {
            fprintf(stderr, "fuzz: %s lists %zu tiers\n", prim_name[i],
                    ntiers[i]);
            exit(2);
        }
    }
}

/* libFuzzer's signature: it hands over argc and argv to be changed */
/* NOLINTNEXTLINE(readability-non-const-parameter) */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    if (hush_init() != HUSH_OK) exit(2);
    load_tiers();
    fuzz_setup();
    seed_dir = getenv("HUSH_FUZZ_SEEDS");
    if (seed_dir != NULL) {
        if (mkdir(seed_dir, 0755) != 0 && errno != EEXIST) {
            perror(seed_dir);
            exit(2);
        }
        fuzz_seeds();
        printf("fuzz: %u seeds written to %s\n", seed_count, seed_dir);
        exit(seed_count ? 0 : 1);
    }
    return 0;
}

/* Replay mode (fuzz_replay.c) runs each seed as it is emitted. */
void fuzz_replay_one(const uint8_t *p, size_t len);
__attribute__((weak)) void fuzz_replay_one(const uint8_t *p, size_t len) {
    (void)p, (void)len;
    fprintf(stderr, "fuzz: seeds emitted outside HUSH_FUZZ_SEEDS mode\n");
    abort();
}

void fuzz_emit(const uint8_t *p, size_t len) {
    seed_count++;
    if (seed_dir == NULL) {
        fuzz_replay_one(p, len);
        return;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/seed-%05u", seed_dir, seed_count);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0 || write(fd, p, len) != (ssize_t)len || close(fd) != 0) {
        perror(path);
        exit(2);
    }
}

void fo_u8(fuzz_out *o, unsigned v) {
    if (o->n >= sizeof o->buf) {
        fprintf(stderr, "fuzz: seed too long\n");
        exit(2);
    }
    o->buf[o->n++] = (uint8_t)v;
}

void fo_u16(fuzz_out *o, size_t v) {
    fo_u8(o, (unsigned)(v & 0xff));
    fo_u8(o, (unsigned)(v >> 8 & 0xff));
}

void fo_bytes(fuzz_out *o, const void *p, size_t len) {
    if (len > sizeof o->buf - o->n) {
        fprintf(stderr, "fuzz: seed too long\n");
        exit(2);
    }
    if (len) memcpy(o->buf + o->n, p, len);
    o->n += len;
}

void fo_emit(fuzz_out *o) {
    fuzz_emit(o->buf, o->n);
    o->n = 0;
}

void fuzz_pattern(uint8_t *out, size_t len, unsigned seed) {
    /* xorshift32: varied bytes, reproducible */
    uint32_t x = 0x9e3779b9u ^ (seed * 0x85ebca6bu);
    if (x == 0) x = 1;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        out[i] = (uint8_t)x;
    }
}

void fz_tiers(fuzz_in *in) {
    for (size_t i = 0; i < nprims; i++) {
        chosen[i] = fz_u8(in) % ntiers[i];
        int r = hush_impl_force(prim_name[i], tier_name[i][chosen[i]]);
        FZ_CHECK(r == HUSH_OK);
    }
}

void fo_tiers(fuzz_out *o, unsigned t) {
    for (size_t i = 0; i < nprims; i++)
        fo_u8(o, t);
}

unsigned fuzz_max_tiers(void) {
    size_t m = 1;
    for (size_t i = 0; i < nprims; i++)
        if (ntiers[i] > m) m = ntiers[i];
    return (unsigned)m;
}

void fuzz_tiers_portable(void) {
    for (size_t i = 0; i < nprims; i++) {
        int r = hush_impl_force(prim_name[i], "portable");
        FZ_CHECK(r == HUSH_OK);
    }
}

const char *fuzz_tier_label(void) {
    static char label[512];
    size_t at = 0;
    label[0] = 0;
    for (size_t i = 0; i < nprims && at < sizeof label; i++) {
        int n = snprintf(label + at, sizeof label - at, "%s%s=%s", i ? "," : "",
                         prim_name[i], tier_name[i][chosen[i]]);
        if (n < 0) break;
        at += (size_t)n;
    }
    return label;
}

/* the real stderr while fuzz_stderr_off is in force */
static int real_stderr = -1, dev_null = -1;

/* weak: present only in sanitizer builds; the name is the sanitizer
 * runtime's, reserved to the implementation, which it is part of */
/* NOLINTNEXTLINE(bugprone-reserved-identifier) */
extern void __sanitizer_set_report_fd(void *fd) __attribute__((weak));

void fuzz_stderr_off(void) {
    if (real_stderr < 0) {
        real_stderr = dup(2);
        dev_null = open("/dev/null", O_WRONLY | O_CLOEXEC);
        if (real_stderr < 0 || dev_null < 0) abort();
        if (__sanitizer_set_report_fd)
            __sanitizer_set_report_fd((void *)(intptr_t)real_stderr);
    }
    fflush(stderr);
    if (dup2(dev_null, 2) < 0) abort();
}

void fuzz_stderr_on(void) {
    if (real_stderr < 0) return;
    fflush(stderr);
    if (dup2(real_stderr, 2) < 0) abort();
}

void fuzz_fail(const char *file, int line, const char *what) {
    fuzz_stderr_on();
    fprintf(stderr, "\nFUZZ CHECK FAILED at %s:%d: %s\n  tiers: %s\n", file,
            line, what, fuzz_tier_label());
    abort();
}

uint8_t *fz_alloc(const uint8_t *src, size_t len, unsigned misalign) {
    misalign &= 63;
    uint8_t *base = malloc(misalign + len + (misalign + len == 0));
    if (base == NULL) abort();
    uint8_t *p = base + misalign;
    if (src != NULL && len) memcpy(p, src, len);
    return p;
}

void fz_free(uint8_t *p, unsigned misalign) {
    if (p != NULL) free(p - (misalign & 63));
}

/* the algorithms this build has, so a mutated byte never picks a missing
 * one */
static unsigned aead_list(hush_aead_alg have[FUZZ_AEAD_COUNT]) {
    unsigned n = 0;
    for (int a = HUSH_CHACHA20POLY1305; a <= HUSH_ASCON_AEAD128; a++)
        if (hush_aead_keybytes((hush_aead_alg)a) != 0)
            have[n++] = (hush_aead_alg)a;
    if (n == 0) {
        fprintf(stderr, "fuzz: no AEAD in this build\n");
        exit(2);
    }
    return n;
}

unsigned fuzz_aead_count(void) {
    hush_aead_alg have[FUZZ_AEAD_COUNT];
    return aead_list(have);
}

hush_aead_alg fuzz_aead_pick(unsigned byte) {
    hush_aead_alg have[FUZZ_AEAD_COUNT];
    unsigned n = aead_list(have);
    return have[byte % n];
}

void fz_aead_head(fuzz_in *in, fuzz_aead_head *h) {
    h->alg = fuzz_aead_pick(fz_u8(in));
    fz_tiers(in);
    unsigned flags = fz_u8(in);
    h->hardened = flags & 1;
    h->mis = flags >> 1;
    uint8_t key[32], nonce[24], ad[FUZZ_AEAD_MAX_AD];
    fz_bytes(in, key, sizeof key);
    fz_bytes(in, nonce, sizeof nonce);
    h->adlen = fz_len(in, FUZZ_AEAD_MAX_AD);
    fz_bytes(in, ad, h->adlen);
    h->keylen = hush_aead_keybytes(h->alg);
    h->noncelen = hush_aead_noncebytes(h->alg);
    h->k = fz_alloc(key, h->keylen, h->mis);
    h->n = fz_alloc(nonce, h->noncelen, h->mis + 1);
    h->ad = h->adlen ? fz_alloc(ad, h->adlen, h->mis + 2) : NULL;
}

void fz_aead_head_free(const fuzz_aead_head *h) {
    fz_free(h->ad, h->mis + 2);
    fz_free(h->n, h->mis + 1);
    fz_free(h->k, h->mis);
}

hush_aead_ctx *fz_aead_object(const fuzz_aead_head *h) {
    hush_secret *ks;
    FZ_CHECK(hush_secret_from(&ks, h->k, h->keylen,
                              h->hardened ? HUSH_SECRET_HARDENED : 0) ==
             HUSH_OK);
    hush_aead_ctx *obj;
    FZ_CHECK(hush_aead_new(&obj, h->alg, ks) == HUSH_OK);
    hush_secret_destroy(ks);
    return obj;
}

void fo_aead_head(fuzz_out *o, unsigned a, unsigned t, unsigned flags,
                  const uint8_t key[32], const uint8_t nonce[24],
                  const uint8_t *ad, size_t adlen) {
    fo_u8(o, a);
    fo_tiers(o, t);
    fo_u8(o, flags);
    fo_bytes(o, key, 32);
    fo_bytes(o, nonce, 24);
    fo_u16(o, adlen);
    fo_bytes(o, ad, adlen);
}
