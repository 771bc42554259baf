/*
 * The secret-memory allocation ladder (issue 3): the reference points a
 * user reasons with, in ns per operation, from a comparison of 32 bytes to
 * the first use of a hardened slot (mmap + mlock).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hush.h>

#include "bench.h"

static const size_t sizes_32_4096[] = {32, 4096, 0};
static const size_t size_32[] = {32, 0};
static const size_t sizes_32_240[] = {32, 240, 0};
static const size_t size_64k[] = {65536, 0};

/* Called through volatile pointers so the compiler can neither inline nor
 * drop them (it removes a malloc/free pair whose memory is never used). */
static int (*volatile memcmp_fn)(const void *, const void *, size_t) = memcmp;
static void *(*volatile malloc_fn)(size_t) = malloc;
static void (*volatile free_fn)(void *) = free;

static int equal_setup(bench_state *st, const char **why) {
    (void)why;
    memcpy(st->out, st->in, st->size); /* equal: both scan every byte */
    return 0;
}

BENCH_LOOP(memcmp_run, bench_keep(memcmp_fn(st->in, st->out, st->size)))

BENCH_LOOP(ct_equal_run, bench_keep(hush_ct_equal(st->in, st->out, st->size)))

BENCH_LOOP(malloc_free_run, void *p = malloc_fn(st->size); bench_consume(p);
           free_fn(p))

static unsigned flags_of(const bench_state *st) {
    return *(const unsigned *)st->arg;
}

/* A constructor that worked in setup and fails mid-run (memory, mappings
 * or locked memory exhausted) leaves no honest number to report: the run
 * records it in `status` and the runner refuses the row. */

BENCH_LOOP(create_destroy_run, hush_secret *s = NULL;
           status |= hush_secret_new(&s, st->size, flags_of(st));
           hush_secret_destroy(s))

static int create_check(bench_state *st, const char **why) {
    hush_secret *s = NULL;
    int r = hush_secret_new(&s, st->size, flags_of(st));
    if (r != HUSH_OK) {
        *why = hush_strerror(r);
        return -1;
    }
    hush_secret_destroy(s);
    return 0;
}

BENCH_LOOP(from_run, hush_secret *s = NULL;
           status |= hush_secret_from(&s, st->in, st->size, 0);
           hush_secret_destroy(s))

static int secret_equal_setup(bench_state *st, const char **why) {
    hush_secret *a = NULL, *b = NULL;
    if (hush_secret_from(&a, st->in, st->size, 0) != HUSH_OK ||
        hush_secret_from(&b, st->in, st->size, 0) != HUSH_OK) {
        hush_secret_destroy(a);
        *why = "hush_secret_from failed";
        return -1;
    }
    st->obj = a;
    st->obj2 = b;
    return 0;
}
BENCH_LOOP(secret_equal_run, bench_keep(hush_secret_equal(st->obj, st->obj2)))
static void secret_equal_teardown(bench_state *st) {
    hush_secret_destroy(st->obj);
    hush_secret_destroy(st->obj2);
}

/*
 * First use of a hardened slot, forced through the public API only.
 * Destroy returns a slot to its size class's pool (at most POOL_DRAIN of
 * them per class, docs/SECRETS.md), and create takes a pooled slot first.
 * So each batch first takes POOL_DRAIN secrets (emptying the pool), then
 * creates `n` more held at once (each a fresh mmap + mlock), destroys them
 * (the first POOL_DRAIN refill the pool, the rest are unmapped) and
 * finally destroys the drain secrets (unmapped: the pool is full). Per
 * measured pair: one fresh create and one unmapping destroy; the 2 x
 * POOL_DRAIN pooled operations per batch (about 100 ns each) are counted
 * in the batch's time, under 1% of it once n is 100 or more.
 */
#define POOL_DRAIN  16
#define FRESH_BATCH 256
static int fresh_setup(bench_state *st, const char **why) {
    if (create_check(st, why) != 0) return -1;
    st->obj = calloc(POOL_DRAIN + FRESH_BATCH, sizeof(hush_secret *));
    if (st->obj == NULL) {
        *why = "out of memory";
        return -1;
    }
    return 0;
}
static void fresh_teardown(bench_state *st) { free(st->obj); }
/* Not a BENCH_LOOP: `iters` operations are made in batches of held
 * secrets, not one after the other. */
static void fresh_run(bench_state *st, uint64_t iters) {
    hush_secret **held = st->obj;
    unsigned flags = flags_of(st);
    while (iters > 0 && st->status == 0) {
        size_t n = iters < FRESH_BATCH ? (size_t)iters : FRESH_BATCH;
        size_t total = POOL_DRAIN + n, made = 0;
        while (made < total && st->status == 0)
            st->status |= hush_secret_new(&held[made++], st->size, flags);
        /* measured ones first, then the drain ones: see above */
        for (size_t i = POOL_DRAIN; i < made; i++)
            hush_secret_destroy(held[i]);
        for (size_t i = 0; i < POOL_DRAIN && i < made; i++)
            hush_secret_destroy(held[i]);
        iters -= n;
    }
}

BENCH_LOOP(scrub_run, hush_scrub_stack(st->size))

static const unsigned flags_default = 0;
static const unsigned flags_hardened = HUSH_SECRET_HARDENED;

static void add(const char *name, const char *note, const size_t *sizes,
                bench_case c) {
    bench_op op = {.area = "secret",
                   .name = name,
                   .note = note,
                   .fixed_sizes = sizes,
                   .throughput = 0};
    op.cases[0] = c;
    bench_add(&op);
}

#define LADDER "Secret-memory allocation ladder"

static void ladder_summary(void) {
    static const struct {
        const char *op;
        size_t size;
    } rows[] = {
        {"memcmp", 32},
        {"memcmp", 4096},
        {"hush_ct_equal", 32},
        {"hush_ct_equal", 4096},
        {"hush_secret_equal", 32},
        {"malloc+free", 32},
        {"secret new+destroy (default)", 32},
        {"secret new+destroy (default)", 240},
        {"hush_secret_from+destroy (default)", 32},
        {"secret new+destroy (hardened, pooled)", 32},
        {"secret new+destroy (hardened, first use)", 32},
        {"hush_scrub_stack", 65536},
    };
    double base = bench_lookup_ns("malloc+free", "ref", 32);
    int any = 0;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const char *impl = strncmp(rows[i].op, "memcmp", 6) == 0 ||
                                   strncmp(rows[i].op, "malloc", 6) == 0
                               ? "ref"
                               : "hush";
        double ns = bench_lookup_ns(rows[i].op, impl, rows[i].size);
        if (ns < 0) continue;
        if (!any) {
            printf("\nsecret-memory allocation ladder (ns per operation, "
                   "median)\n%-42s %7s %10s %12s\n",
                   "operation", "bytes", "ns/op", "x malloc+free");
            bench_add_md_note(LADDER, "| operation | bytes | ns/op | x "
                                      "malloc+free |");
            bench_add_md_note(LADDER, "|---|---:|---:|---:|");
            any = 1;
        }
        char ratio[32] = "-", md[200];
        if (base > 0) snprintf(ratio, sizeof ratio, "%.1f", ns / base);
        printf("%-42s %7zu %10.1f %12s\n", rows[i].op, rows[i].size, ns, ratio);
        snprintf(md, sizeof md, "| %s | %zu | %.1f | %s |", rows[i].op,
                 rows[i].size, ns, ratio);
        bench_add_md_note(LADDER, md);
    }
    if (!any) return;
    hush_secret *s = NULL;
    if (hush_secret_new(&s, 32, HUSH_SECRET_HARDENED) == HUSH_OK) {
        unsigned g = hush_secret_status(s);
        char line[200];
        snprintf(line, sizeof line,
                 "hardened secrets here were granted:%s%s%s%s%s%s (status "
                 "0x%02x)",
                 g & HUSH_GRANTED_HARDENED ? " hardened" : "",
                 g & HUSH_GRANTED_GUARDS ? " guards" : "",
                 g & HUSH_GRANTED_MLOCK ? " mlock" : " NO-mlock",
                 g & HUSH_GRANTED_DONTDUMP ? " dontdump" : "",
                 g & HUSH_GRANTED_WIPEONFORK ? " wipeonfork" : "",
                 g & HUSH_GRANTED_CANARY ? " canary" : "", g);
        printf("%s\n", line);
        bench_add_md_note(LADDER, "");
        bench_add_md_note(LADDER, line);
        hush_secret_destroy(s);
    }
}

void bench_register_secret(void) {
    add("memcmp", "Reference: libc memcmp of two equal buffers.", sizes_32_4096,
        (bench_case){
            "ref", BENCH_CEILING, {NULL}, equal_setup, memcmp_run, NULL, NULL});
    add("hush_ct_equal", "Constant-time comparison of two equal buffers.",
        sizes_32_4096,
        (bench_case){
            "hush", BENCH_HUSH, {NULL}, equal_setup, ct_equal_run, NULL, NULL});
    add("hush_secret_equal", "Constant-time comparison of two secrets.",
        size_32,
        (bench_case){"hush",
                     BENCH_HUSH,
                     {NULL},
                     secret_equal_setup,
                     secret_equal_run,
                     secret_equal_teardown,
                     NULL});
    add("malloc+free", "Reference: glibc malloc + free.", size_32,
        (bench_case){
            "ref", BENCH_CEILING, {NULL}, NULL, malloc_free_run, NULL, NULL});
    add("secret new+destroy (default)",
        "hush_secret_new(flags 0) + hush_secret_destroy: heap, zero-filled, "
        "wiped.",
        sizes_32_240,
        (bench_case){"hush",
                     BENCH_HUSH,
                     {NULL},
                     create_check,
                     create_destroy_run,
                     NULL,
                     &flags_default});
    add("hush_secret_from+destroy (default)",
        "hush_secret_from (copy in) + destroy, default tier.", size_32,
        (bench_case){"hush", BENCH_HUSH, {NULL}, NULL, from_run, NULL, NULL});
    add("secret new+destroy (hardened, pooled)",
        "HUSH_SECRET_HARDENED create + destroy reusing the pooled slot of "
        "its size class (no system call).",
        size_32,
        (bench_case){"hush",
                     BENCH_HUSH,
                     {NULL},
                     create_check,
                     create_destroy_run,
                     NULL,
                     &flags_hardened});
    add("secret new+destroy (hardened, first use)",
        "HUSH_SECRET_HARDENED create of a fresh slot (mmap, guard pages, "
        "mlock, madvise) + destroy that unmaps it. Forced through the public "
        "API: batches of up to 256 secrets held at once after draining the "
        "16-slot pool of the size class (see bench_secret.c).",
        size_32,
        (bench_case){"hush",
                     BENCH_HUSH,
                     {NULL},
                     fresh_setup,
                     fresh_run,
                     fresh_teardown,
                     &flags_hardened});
    add("hush_scrub_stack", "Zeroing 64 KiB of stack below the caller.",
        size_64k,
        (bench_case){"hush", BENCH_HUSH, {NULL}, NULL, scrub_run, NULL, NULL});
    bench_add_post_hook(ladder_summary);
}
