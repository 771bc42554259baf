/*
 * hush-bench: every primitive x every implementation tier this CPU runs x
 * message sizes, next to OpenSSL, libsodium and libgcrypt, measured in one
 * process. `make bench` runs it with the defaults; --help lists the options.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hush.h>

#include "bench_alloc.h"
#include "bench_callgrind.h"
#include "bench_output.h"
#include "bench_peers.h"
#include "bench_run.h"

static void usage(FILE *f) {
    fprintf(f,
            "usage: hush-bench [options]\n"
            "  --out DIR              write DIR/bench.csv, DIR/bench.json and "
            "DIR/plots/*.png\n"
            "  --markdown FILE        also write FILE (docs/BENCHMARKS.md)\n"
            "  --only A,B             areas (hash mac stream aes aead ascon "
            "x25519\n"
            "                         ceiling secret) or operation names "
            "(prefixes)\n"
            "  --impl SPEC,...        prim=tier (e.g. chacha20=avx2), a tier "
            "for every\n"
            "                         primitive (portable), or default\n"
            "  --sizes N,N            message sizes in bytes (suffix k, m "
            "allowed)\n"
            "  --quick                a smoke run under a minute (3 sizes, "
            "few samples)\n"
            "  --bulk                 add 1, 10, 30, 50, 75, 100 MB inputs\n"
            "  --samples N            samples per contender and point\n"
            "  --sample-ms X          target duration of one sample\n"
            "  --cpu N                pin to CPU N\n"
            "  --vs NAME              ratios against the contender NAME (e.g.\n"
            "                         openssl, hush:portable) instead of the "
            "best peer\n"
            "  --paired               ratios as the median of the ratios of "
            "samples\n"
            "                         taken in the same round, not of medians\n"
            "  --thread-time          time samples in thread CPU time (leaves "
            "out\n"
            "                         preemption; for calls of milliseconds)\n"
            "  --no-peers             measure hush and the ceilings only\n"
            "  --openssl-newest FILE  also race the newest OpenSSL, as "
            "FILE says\n"
            "                         (build/openssl-newest/status, written "
            "by\n"
            "                         scripts/openssl-newest.sh; make bench "
            "does both)\n"
            "  --openssl-newest-cap NAME=SPEC|aesni\n"
            "                         and once more with OPENSSL_ia32cap=SPEC "
            "(aesni:\n"
            "                         AVX-512 and VAES masked), rows "
            "openssl-V/NAME\n"
            "  --count-instructions   instructions per operation under "
            "callgrind\n"
            "  --list                 list the operations and exit\n");
}

static size_t split(char *s, const char **out, size_t max) {
    size_t n = 0;
    for (char *tok = strtok(s, ","); tok && n < max; tok = strtok(NULL, ","))
        out[n++] = tok;
    return n;
}

static size_t parse_size(const char *s) {
    char *end;
    double v = strtod(s, &end);
    if (*end == 'k' || *end == 'K') v *= 1024;
    if (*end == 'm' || *end == 'M') v *= 1048576;
    return (size_t)v;
}

/* A copy of an option's list for split, kept for the whole run: the
 * tokens stay in use, and argv stays as it was (--count-instructions hands
 * it to the child). Static space, so nothing is allocated to leak. */
static char *kept_copy(const char *v) {
    static char space[8192];
    static size_t used;
    size_t n = strlen(v) + 1;
    if (n > sizeof space - used) {
        fprintf(stderr, "hush-bench: option lists longer than %zu bytes\n",
                sizeof space);
        exit(2);
    }
    char *p = memcpy(space + used, v, n);
    used += n;
    return p;
}

/* The whole of v as a number in [lo, hi] for option a; 0, or 1 with the
 * reason on stderr (atoi and atof would take garbage for 0). */
static int parse_number(const char *a, const char *v, double lo, double hi,
                        double *out) {
    char *end;
    errno = 0;
    double d = strtod(v, &end);
    if (errno != 0 || end == v || *end != 0 || !(d >= lo && d <= hi)) {
        fprintf(stderr,
                "hush-bench: %s takes a number from %g to %g, not '%s'\n", a,
                lo, hi, v);
        return 1;
    }
    *out = d;
    return 0;
}

static void print_point(size_t first, size_t count) {
    bench_print_point(stdout, first, count);
}

/* Every area, by hand, in the order of the tables. */
static void (*const areas[])(void) = {
    bench_register_ceiling,    bench_register_secret,   bench_register_sha256,
    bench_register_hmac,       bench_register_chacha20, bench_register_poly1305,
    bench_register_chachapoly, bench_register_aes,      bench_register_gcm,
    bench_register_ascon,      bench_register_x25519,   bench_register_pwhash,
};

static void register_all(void) {
    for (size_t i = 0; i < sizeof areas / sizeof areas[0]; i++)
        areas[i]();
}

int main(int argc, char **argv) {
    bench_options *o = &bench_opt;
    o->out_dir = NULL;
    o->cpu = -1;
    o->samples = 0;
    o->sample_seconds = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        double num;
#define NEED_VALUE                                                             \
    do {                                                                       \
        if (v == NULL) {                                                       \
            fprintf(stderr, "hush-bench: %s needs a value\n", a);              \
            return 2;                                                          \
        }                                                                      \
        i++;                                                                   \
    } while (0)
        if (!strcmp(a, "--out")) {
            NEED_VALUE;
            o->out_dir = v;
        } else if (!strcmp(a, "--markdown")) {
            NEED_VALUE;
            o->markdown = v;
        } else if (!strcmp(a, "--only")) {
            NEED_VALUE;
            o->n_only += split(kept_copy(v), o->only + o->n_only,
                               BENCH_MAX_LIST - o->n_only);
        } else if (!strcmp(a, "--impl")) {
            NEED_VALUE;
            o->n_impl += split(kept_copy(v), o->impl + o->n_impl,
                               BENCH_MAX_LIST - o->n_impl);
        } else if (!strcmp(a, "--sizes")) {
            NEED_VALUE;
            const char *items[BENCH_MAX_LIST];
            size_t n = split(kept_copy(v), items, BENCH_MAX_LIST);
            for (size_t k = 0; k < n; k++)
                o->sizes[o->n_sizes++] = parse_size(items[k]);
        } else if (!strcmp(a, "--quick")) {
            o->quick = 1;
        } else if (!strcmp(a, "--bulk")) {
            o->bulk = 1;
        } else if (!strcmp(a, "--samples")) {
            NEED_VALUE;
            if (parse_number(a, v, 0, 1e6, &num)) return 2;
            o->samples = (int)num;
        } else if (!strcmp(a, "--sample-ms")) {
            NEED_VALUE;
            if (parse_number(a, v, 0, 1e6, &num)) return 2;
            o->sample_seconds = num / 1e3;
        } else if (!strcmp(a, "--cpu")) {
            NEED_VALUE;
            if (parse_number(a, v, 0, 65535, &num)) return 2;
            o->cpu = (int)num;
        } else if (!strcmp(a, "--vs")) {
            NEED_VALUE;
            o->vs = v;
        } else if (!strcmp(a, "--paired")) {
            o->paired = 1;
        } else if (!strcmp(a, "--thread-time")) {
            o->thread_time = 1;
        } else if (!strcmp(a, "--openssl-newest")) {
            NEED_VALUE;
            o->openssl_newest = v;
        } else if (!strcmp(a, "--openssl-newest-cap")) {
            NEED_VALUE;
            if (o->n_openssl_caps < BENCH_MAX_LIST)
                o->openssl_caps[o->n_openssl_caps++] = v;
        } else if (!strcmp(a, "--no-peers")) {
            o->no_peers = 1;
        } else if (!strcmp(a, "--count-instructions")) {
            o->count_instructions = 1;
        } else if (!strcmp(a, "--callgrind-child")) {
            NEED_VALUE;
            o->callgrind_child = v;
        } else if (!strcmp(a, "--list")) {
            o->list = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "hush-bench: unknown option %s\n", a);
            usage(stderr);
            return 2;
        }
    }
    /* defaults: the whole matrix in about two minutes here; --quick in a
     * few seconds */
    if (o->samples <= 0) o->samples = o->quick ? 5 : 21;
    if (o->sample_seconds <= 0) o->sample_seconds = o->quick ? 1e-4 : 1e-3;
    o->warmup_seconds = o->quick ? 5e-4 : 5e-3;

    if (o->cpu >= 0 && bench_pin_cpu(o->cpu) != 0) {
        perror("hush-bench: --cpu");
        return 2;
    }
    bench_alloc_start();
    bench_record_defaults();
    bench_peers_init();
    if (o->openssl_newest && !o->no_peers)
        bench_ossl_load_newest(o->openssl_newest, o->openssl_caps,
                               o->n_openssl_caps);
    else if (o->n_openssl_caps)
        fprintf(stderr, "hush-bench: --openssl-newest-cap needs "
                        "--openssl-newest\n");
    register_all();

    if (o->list) {
        for (size_t i = 0; i < bench_op_count(); i++) {
            const bench_op *op = bench_op_at(i);
            printf("%-8s %s\n", op->area, op->name);
        }
        return 0;
    }
    if (o->callgrind_child) {
        bench_run_callgrind_child();
        return 0;
    }
    if (o->count_instructions) return bench_count_instructions(argc, argv);

    bench_clock_calibrate(&bench_clk);
    printf("hush-bench: hush %s (%s) on %s\n", hush_version(), HUSH_BENCH_GIT,
           bench_cpu_model());
    printf("cpu features: %s\n", hush_cpu_features_string());
    /* one peer a line */
    printf("peers: ");
    for (const char *p = bench_peers_summary(); *p; p++) {
        if (p[0] == ';' && p[1] == ' ') {
            printf("\n       ");
            p++;
        } else {
            putchar(*p);
        }
    }
    putchar('\n');
    {
        FILE *la = fopen("/proc/loadavg", "r");
        double l1;
        /* the kernel writes this file; a malformed one fails the count */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (la && fscanf(la, "%lf", &l1) == 1)
            printf("load average: %.2f (the machine's other work shows up as "
                   "noise)\n",
                   l1);
        if (la) fclose(la);
    }
    char clock[2048];
    bench_clock_describe(&bench_clk, clock, sizeof clock);
    printf("%s\n", clock);
    if (bench_clk.refused[0])
        fprintf(stderr,
                "hush-bench: core clock refused: %s; cycle columns "
                "are left empty\n",
                bench_clk.refused);
    printf("units: ns/op median of %d samples (IQR%% = interquartile range / "
           "median); min ns = fastest sample;\n"
           "       MB/s = 10^6 B/s (from the median);\n"
           "       ticks/B = TSC ticks per byte; cyc/B and cycles/op = %s;\n"
           "       allocs = heap allocations per op; %s %s's time / this "
           "time (>1: faster)%s;\n"
           "       * = the tiers hush picks by itself%s\n\n",
           o->samples,
           bench_clk.refused[0] ? "not given (the core clock was refused)"
                                : "estimated core cycles",
           o->vs ? "vs ref =" : "vs peer =", o->vs ? o->vs : "the best peer",
           o->paired ? ", the median of per-round ratios" : "",
           o->thread_time ? "; samples timed in thread CPU time" : "");
    double t0 = bench_now_seconds();
    if (!o->quiet) bench_print_header(stdout);
    bench_run_all(o->quiet ? NULL : print_point);
    bench_run_post_hooks();
    bench_print_derived(stdout);
    /* the clock may have drifted under load: say so rather than hide it */
    bench_clock after;
    bench_clock_calibrate(&after);
    if (after.refused[0] || bench_clk.refused[0])
        printf("\nclock after the run: %s; run took %.0f s\n",
               after.refused[0] ? after.refused
                                : "estimated, but not at the start",
               bench_now_seconds() - t0);
    else
        printf("\nclock after the run: core %.2f GHz (%.3f cycles per tick, "
               "%+.1f%% from the start); run took %.0f s\n",
               after.core_hz / 1e9, after.cycles_per_tick,
               (after.core_hz / bench_clk.core_hz - 1) * 100,
               bench_now_seconds() - t0);

    int rc = 0;
    if (o->out_dir) {
        mkdir(o->out_dir, 0755);
        char path[1024];
        snprintf(path, sizeof path, "%s/bench.csv", o->out_dir);
        if (bench_write_csv(path) != 0)
            rc = 1;
        else
            printf("wrote %s\n", path);
        snprintf(path, sizeof path, "%s/bench.json", o->out_dir);
        if (bench_write_json(path) != 0)
            rc = 1;
        else
            printf("wrote %s\n", path);
        bench_write_plots(o->out_dir);
    }
    if (o->markdown) {
        if (bench_write_markdown(o->markdown) != 0)
            rc = 1;
        else
            printf("wrote %s\n", o->markdown);
    }
    if (rc) fprintf(stderr, "hush-bench: could not write every output\n");
    /* hush's hot paths must not allocate (the secret-memory rows are the
     * allocating constructors, by design, and scrypt takes its memory
     * through hush_secret_new, as pwhash.h documents) */
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        if (r->kind == BENCH_HUSH && !r->skipped && r->allocs > 0 &&
            strcmp(r->op->area, "secret") != 0 &&
            strncmp(r->op->name, "scrypt", 6) != 0)
            fprintf(stderr,
                    "hush-bench: WARNING: %s (%s, %zu bytes) made %.2g heap "
                    "allocations per operation; hush hot paths must make "
                    "none\n",
                    r->op->name, r->impl, r->size, r->allocs);
    }
    size_t mismatches = 0, failures = 0;
    for (size_t i = 0; i < bench_result_count(); i++) {
        mismatches += bench_result_at(i)->mismatch != 0;
        failures += bench_result_at(i)->failed != 0;
    }
    if (mismatches)
        fprintf(stderr,
                "hush-bench: %zu measurements had outputs that disagree "
                "with the other contenders' (marked MISMATCH)\n",
                mismatches);
    if (failures)
        fprintf(stderr,
                "hush-bench: %zu measurements failed: an operation returned "
                "an error (marked FAILED)\n",
                failures);
    if (mismatches || failures) return 3;
    return rc;
}
