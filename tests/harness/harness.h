/*
 * The test harness: checks that report and continue, hex helpers, a reader
 * for the "[section] / name = value" vector files (NIST CAVP, the Ascon KATs,
 * rfc-vectors.txt), Wycheproof JSON through jansson, and a loop that runs a
 * body once per implementation of a primitive.
 *
 * A test program's main calls ht_begin(argc, argv) and returns ht_end().
 * `--impl SPEC` (HUSH_IMPL syntax) pins primitives to one implementation;
 * HT_FOR_EACH_IMPL then runs only that one, and the program exits 77
 * (ctest's SKIP) when this CPU cannot run it. `--part NAME` runs one part.
 */
#ifndef HUSH_TEST_HARNESS_H
#define HUSH_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hush.h"

/* ---- checks ---- */
extern unsigned long ht_passed, ht_failed;
extern const char *ht_context; /* printed with each failure, e.g. a tcId */

void ht_begin(int argc, char **argv);
int ht_end(void); /* prints "N passed, N failed", returns the exit code */
void ht_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (cond)                                                              \
            ht_passed++;                                                       \
        else                                                                   \
            ht_fail(__FILE__, __LINE__, "%s", #cond);                          \
    } while (0)

#define CHECK_EQ_INT(got, want)                                                \
    do {                                                                       \
        long long g_ = (long long)(got), w_ = (long long)(want);               \
        if (g_ == w_)                                                          \
            ht_passed++;                                                       \
        else                                                                   \
            ht_fail(__FILE__, __LINE__, "%s == %lld, expected %lld", #got, g_, \
                    w_);                                                       \
    } while (0)

#define CHECK_MEM(got, want, len)                                              \
    do {                                                                       \
        if (ht_mem_equal((got), (want), (len)))                                \
            ht_passed++;                                                       \
        else                                                                   \
            ht_fail_mem(__FILE__, __LINE__, #got, (got), (want), (len));       \
    } while (0)

int ht_mem_equal(const void *a, const void *b, size_t len);
void ht_fail_mem(const char *file, int line, const char *what, const void *got,
                 const void *want, size_t len);
int ht_all_zero(const void *p, size_t len);

/* ---- buffers ---- */
/* len bytes at a random offset 0..15 from malloc's alignment (p); the
 * caller frees base. */
typedef struct ht_buf {
    uint8_t *base, *p;
} ht_buf;
ht_buf ht_buf_new(size_t len);

/* ---- AEAD keyed objects ---- */
/* A keyed object for key (hush_aead_keybytes(a) bytes) under algorithm a,
 * in secret memory of the default tier, each step checked; NULL if one
 * failed. */
hush_aead_ctx *ht_aead_keyed(hush_aead_alg a, const uint8_t *key);

/* ---- buffers against a guard page ---- */
/* A pointer p whose len (<= 4096) bytes end exactly where an inaccessible
 * page begins: an access one byte past p + len faults. slot (0..7) picks
 * one of eight such buffers, mapped once and kept for the process. The
 * bytes are left as the last use of the slot wrote them. */
uint8_t *ht_guarded_end(int slot, size_t len);

/* ---- death tests ---- */
/* Runs fn(arg) in a forked child with core dumps off and the default
 * SIGSEGV, SIGBUS and SIGABRT actions (restored through the raw system
 * call, so a sanitizer's handler cannot turn a fault into an exit code),
 * then _exit(0). The child's stderr is captured into err (NUL-terminated,
 * at most cap - 1 bytes) unless err is NULL. A child still running after
 * timeout_ms is killed with SIGKILL (ht_timed_out then says so). Returns
 * the wait status, or -1 if the child could not be started. */
int ht_run_child(void (*fn)(void *), void *arg, char *err, size_t cap,
                 unsigned timeout_ms);
int ht_killed_by(int status, int sig);    /* 1 if killed by that signal */
int ht_exited_with(int status, int code); /* 1 if it exited with code */
int ht_timed_out(int status);             /* 1 if ht_run_child killed it */

/* ---- numbers ---- */
/* The decimal integer that is all of s (a vector field, an environment
 * variable); anything else, NULL included, is a test failure and gives
 * `otherwise`. atoi would read garbage as 0 without a word. */
long ht_number(const char *s, long otherwise);
/* 1 if s (a vector field, NULL for a missing one) begins with prefix. */
int ht_starts_with(const char *s, const char *prefix);

/* ---- hex ---- */
/* Decodes hex into a malloc'd buffer (never NULL, even for ""); *len set. */
uint8_t *ht_unhex(const char *hex, size_t *len);
void ht_print_hex(FILE *f, const void *p, size_t len);

/* ---- deterministic pseudo-random test data (not for keys in production) */
void ht_rand_seed(uint64_t seed);
void ht_rand_bytes(void *p, size_t len);
uint64_t ht_rand_u64(void);

/* ---- parts ---- */
/* `--part NAME` runs one part of a program (kat, vectors, diff, ...), each
 * registered as its own ctest; without it every part runs. */
int ht_part(const char *name);

/* ---- vector files ---- */
/*
 * Two places, both read in place (never copied into the project):
 *   HT_PACKAGE   Debian's python3-cryptography-vectors (pyca's
 *                cryptography_vectors), a test dependency found at configure
 *                time; NIST CAVP, RFC 4231, RFC 5869, RFC 7748, RFC 7539.
 *   HT_DIR       the vector directory: $HUSH_VECTORS_DIR, else the CMake
 *                option HUSH_VECTORS_DIR, else ../shared/vectors beside the
 *                project root (Wycheproof, the Ascon KATs, RFC text vectors
 *                the package lacks). It may be absent: see ht_vectors_dir.
 */
typedef enum { HT_PACKAGE, HT_DIR } ht_source;

/* The vector directory, or NULL when it does not exist. In a run of one
 * part (--part), a missing directory prints why and exits 77 (ctest:
 * SKIPPED); in a run of every part it prints why and returns NULL, and the
 * caller leaves those sets out. Call it before the part's first check. */
const char *ht_vectors_dir(void);

/* Full path of a vector file (a static buffer); aborts if its place is
 * missing. */
const char *ht_vector_path(ht_source src, const char *relative);

/*
 * Records of "name = value" lines separated by blank lines. "[name = value]"
 * and "[id]" lines set section attributes that persist until the next run
 * of section lines; a bare word (e.g. FAIL) is a field with value "". A
 * value in double quotes is text: ht_kv_hex returns its bytes.
 */
typedef struct ht_kv_file ht_kv_file;
/* Opens a vector file; aborts if it is missing. */
ht_kv_file *ht_kv_open(ht_source src, const char *relative_path);
/* Records start at each line whose name is `name` (e.g. "COUNT") instead of
 * at blank lines, for files that put blank lines inside a record. */
void ht_kv_split_at(ht_kv_file *f, const char *name);
int ht_kv_next(ht_kv_file *f); /* 1 while records remain */
const char *ht_kv_get(const ht_kv_file *f,
                      const char *name); /* NULL if absent */
int ht_kv_has(const ht_kv_file *f, const char *name);
uint8_t *ht_kv_hex(const ht_kv_file *f, const char *name, size_t *len);
const char *ht_kv_section(const ht_kv_file *f, const char *name);
void ht_kv_close(ht_kv_file *f);
/* rfc/rfc-vectors.txt of the vector directory, a record per call: the
 * record's alg ("" if it has none), with ht_context set to its [id]; NULL
 * after the last, when the file is closed and ht_context cleared. *f is
 * NULL before the first call. */
const char *ht_rfc_next(ht_kv_file **f);

/* ---- Wycheproof (jansson), from the vector directory ---- */
#include <jansson.h>
json_t *ht_json_load(const char *relative_path); /* aborts if unreadable */
/* hex field of a JSON object, malloc'd (never NULL); aborts if absent */
uint8_t *ht_json_hex(json_t *obj, const char *field, size_t *len);
int ht_json_has_flag(json_t *test, const char *flag);
/* result is "valid", "invalid" or "acceptable" */
const char *ht_json_result(json_t *test);

/* ---- implementations ---- */
/* The implementations to test for a primitive: the pinned one if --impl
 * named it, else every one this CPU runs. Returns the count. */
size_t ht_impls(const char *primitive, const char **names, size_t max);

#define HT_MAX_IMPLS 16
typedef struct ht_impl_iter {
    const char *primitive;
    const char *names[HT_MAX_IMPLS];
    size_t count, next;
    const char *current;
    const char *saved; /* the choice in force before the loop */
} ht_impl_iter;
ht_impl_iter ht_impl_iter_start(const char *primitive);
/* Forces the next implementation and labels failures with it; 0 when done
 * (then the default choice is restored). */
int ht_impl_iter_next(ht_impl_iter *it);

/* Runs the following block once per implementation of `prim`, forced with
 * hush_impl_force; `impl` names it. Loops over two primitives nest. */
#define HT_FOR_EACH_IMPL(prim, impl)                                           \
    for (ht_impl_iter it_##impl = ht_impl_iter_start(prim);                    \
         ht_impl_iter_next(&it_##impl);)                                       \
        for (const char *impl = it_##impl.current; impl != NULL; impl = NULL)

#endif
