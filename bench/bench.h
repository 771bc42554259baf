/*
 * hush-bench: the framework every benchmark file registers its rows with.
 *
 * An operation ("sha256", "chacha20poly1305 seal") has contenders: hush,
 * expanded by the runner into one contender per implementation tier (or
 * combination of tiers for operations that use several primitives), the
 * peer libraries, and ceilings. For every message size the runner measures
 * all contenders of an operation alternately in one process, in rounds
 * whose order rotates (A B C, B C A, ...), so drift, noisy neighbours and
 * the state one contender leaves to the next hit them all alike.
 *
 * Benchmark files use only the public API of hush (plus the peers').
 */
#ifndef HUSH_BENCH_H
#define HUSH_BENCH_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_MAX_PRIMS 3

typedef enum {
    BENCH_HUSH = 0, /* expanded into one contender per tier configuration */
    BENCH_PEER,     /* another library, measured in the same run */
    BENCH_CEILING,  /* memcpy, XOR: the rate no stream cipher can beat */
} bench_kind;

/*
 * What one contender works on. The framework allocates in/out (64-byte
 * aligned, size + 64 bytes each, shared by the contenders of a point; the
 * input is random) and fills key/nonce with random bytes; setup makes the
 * contender's own objects in obj/obj2.
 */
typedef struct bench_state {
    uint8_t *in;
    uint8_t *out;
    size_t size; /* message bytes per operation */
    uint8_t key[64];
    uint8_t nonce[32];
    uint8_t tag[16];
    uint8_t scratch[256];
    void *obj; /* contender-owned: library context, keyed object, ... */
    void *obj2;
    void *obj3;
    uint8_t *buf;    /* contender-owned buffer (e.g. a ciphertext to open) */
    const void *arg; /* the case's arg */
    int status;      /* nonzero once an operation failed (BENCH_LOOP) */
} bench_state;

typedef struct bench_case {
    const char *label; /* "hush", "openssl", "libsodium", "memcpy" */
    bench_kind kind;
    /* hush: the primitives whose tiers this row depends on, NULL-ended */
    const char *prims[BENCH_MAX_PRIMS + 1];
    /* 0 on success; nonzero means "cannot run here" (reason in why) */
    int (*setup)(bench_state *st, const char **why);
    /* runs `iters` operations; the loop lives here so the framework costs
     * one indirect call per sample, not per operation */
    void (*run)(bench_state *st, uint64_t iters);
    void (*teardown)(bench_state *st);
    const void *arg; /* copied to bench_state.arg (e.g. which AEAD) */
} bench_case;

#define BENCH_MAX_CASES 16

typedef struct bench_op {
    const char *area;          /* --only filter: "hash", "mac", "aead", ... */
    const char *name;          /* "sha256", "aes128gcm seal" */
    const char *note;          /* one line for the docs, may be NULL */
    size_t min_size, max_size; /* sizes outside are skipped (0, 0 = all) */
    const size_t *fixed_sizes; /* 0-ended list replacing the matrix sizes */
    int throughput;            /* 1: MB/s and per-byte figures are meaningful */
    /* Output cross-check: every contender of a point gets the same key,
     * nonce and input, runs one operation, and the first
     * verify_fixed (+ size, if verify_plus_size) output bytes must agree;
     * 0/0 = not checked (rows without an equivalent peer output). */
    size_t verify_fixed;
    int verify_plus_size;
    /* Optional: one more tier configuration of the hush rows, besides the
     * default, each tier varied alone and all-portable, written as
     * "prim=tier,prim=tier" (e.g. the pairing a CPU without VAES gets). */
    const char *extra_config;
    bench_case cases[BENCH_MAX_CASES];
} bench_op;

/* Adds an operation; the struct is copied. */
void bench_add(const bench_op *op);

/* Registration functions of the area files, one per file, each named
 * after its src/ folder (bench_main.c calls them in the order of the
 * tables). */
void bench_register_ceiling(void);
void bench_register_secret(void);
void bench_register_sha256(void);
void bench_register_hmac(void);
void bench_register_chacha20(void);
void bench_register_poly1305(void);
void bench_register_chachapoly(void);
void bench_register_aes(void);
void bench_register_gcm(void);
void bench_register_ascon(void);
void bench_register_x25519(void);
void bench_register_pwhash(void);

/* Appends c to a list of BENCH_MAX_CASES cases ended by a case whose run
 * is NULL (an op's cases, an AEAD's peers). */
void bench_case_append(bench_case *list, bench_case c);

/* The three rows of a hush AEAD (bench_aead.c): "<name> seal" with a keyed
 * object, "<name> open" of a valid ciphertext with it, and "<name> encrypt
 * (one-shot)", each with hush's tiers of `prims` and its own peers (lists
 * for bench_case_append). */
typedef struct bench_aead_rows {
    const char *name; /* "aes128gcm" */
    const void *alg;  /* a static hush_aead_alg */
    const char *prims[BENCH_MAX_PRIMS + 1];
    const char *extra_config; /* see bench_op; NULL for none */
    bench_case seal[BENCH_MAX_CASES], open[BENCH_MAX_CASES],
        once[BENCH_MAX_CASES];
} bench_aead_rows;
void bench_add_aead(const bench_aead_rows *rows);

/* Derived figures computed after the run (Ascon: predicted from the
 * permutation's cost): an area installs a hook that reads the results with
 * bench_lookup_ns and prints/records its own table with bench_add_derived. */
typedef void (*bench_post_hook)(void);
void bench_add_post_hook(bench_post_hook hook);
/* Median ns/op of op/impl at size, or -1 if it was not measured. `impl` is
 * the full contender name ("hush:portable", "libsodium") or "hush" for the
 * first hush tier measured (the default is measured first). */
double bench_lookup_ns(const char *op, const char *impl, size_t size);
/* The tier names of hush contenders measured for op (NULL-ended, static). */
const char *const *bench_measured_impls(const char *op);
/* The message sizes measured for op, in order; returns how many. */
size_t bench_measured_sizes(const char *op, size_t *sizes, size_t max);
/* A line of text under a heading, printed after the tables and written
 * to the Markdown (strings are copied). */
void bench_add_note(const char *section, const char *line);
/* The same, for the Markdown only (e.g. the rows of a Markdown table). */
void bench_add_md_note(const char *section, const char *line);
/* ns -> estimated core cycles with the run's calibration; -1 when the
 * core clock was refused (no cycle figure may be printed then). */
double bench_ns_to_cycles(double ns);
void bench_add_derived(const char *table, const char *op, const char *impl,
                       size_t size, double measured_ns, double predicted_ns,
                       const char *basis);

/* Keeps the compiler from removing work whose result is otherwise unused. */
static inline void bench_consume(const void *p) {
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* Keeps a result alive (computed, in a register) without storing it. */
static inline void bench_keep(int v) { __asm__ __volatile__("" : : "r"(v)); }

/* Bumps a nonce so consecutive operations never reuse one (the way real
 * callers use AEADs); costs one byte increment. */
static inline void bench_next_nonce(uint8_t *nonce) { nonce[0]++; }

/*
 * The timing loop of a row, written once (as BearSSL's speed test writes
 * its loops with one macro per kind): defines
 *     static void fn(bench_state *st, uint64_t iters)
 * which runs the statements `...` (one operation) `iters` times and then
 * consumes st->out, so the work cannot be dropped. The statements may
 * declare locals, and OR a nonzero value into `status` when an operation
 * reports failure: the runner then refuses the row (FAILED) instead of
 * timing an error path.
 */
#define BENCH_LOOP(fn, ...)                                                    \
    static void fn(bench_state *st, uint64_t iters) {                          \
        int status = 0;                                                        \
        for (uint64_t iter = 0; iter < iters; iter++) {                        \
            __VA_ARGS__;                                                       \
        }                                                                      \
        st->status |= status;                                                  \
        bench_consume(st->out);                                                \
    }

#endif
