/*
 * --count-instructions: instructions per operation, a figure that does not
 * move with machine noise, for regression comparisons.
 *
 * Why callgrind and not an in-process counter: the obvious in-process
 * counter, perf_event_open(PERF_COUNT_HW_INSTRUCTIONS), needs a hardware
 * PMU, and virtual machines (this one included: the call fails with ENOENT)
 * often have none. Callgrind counts every guest instruction exactly on any
 * x86-64 Linux. Its cost: it runs ~50x slower, and valgrind cannot execute
 * AVX-512, so under it hush detects no AVX-512 and only the portable and
 * AVX2 tiers (and the peers' non-AVX-512 paths) are counted.
 *
 * How: hush-bench re-executes itself under
 *   valgrind --tool=callgrind --collect-atstart=no
 * with --callgrind-child DIR. The child walks the same points; for each
 * contender it warms up with collection off, then zeroes the counters,
 * switches collection on around `k` operations, and dumps the counts with a
 * client request naming the point. The parent reads DIR/points.tsv and the
 * dump files and prints instructions per operation and per byte.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <hush.h>

#include "bench_callgrind.h"
#include "bench_run.h"

#if defined(HUSH_BENCH_HAVE_CALLGRIND_H)
#include <valgrind/callgrind.h>
#endif

/* Operations per counted run: enough that the loop's own instructions are
 * noise next to small messages, few enough that 1 MiB stays quick. */
static uint64_t counted_iters(size_t size) {
    if (size >= 65536) return 1;
    uint64_t k = 65536 / (size + 64);
    return k > 64 ? 64 : k;
}

void bench_run_callgrind_child(void) {
#if defined(HUSH_BENCH_HAVE_CALLGRIND_H)
    char path[1024];
    snprintf(path, sizeof path, "%s/points.tsv", bench_opt.callgrind_child);
    FILE *list = fopen(path, "w");
    if (list == NULL) {
        perror(path);
        exit(2);
    }
    unsigned id = 0;
    for (size_t o = 0; o < bench_op_count(); o++) {
        const bench_op *op = bench_op_at(o);
        if (!bench_op_selected(op)) continue;
        size_t sizes[64];
        size_t ns = bench_sizes_for(op, sizes, 64);
        for (size_t s = 0; s < ns; s++) {
            bench_contender ks[BENCH_MAX_CONTENDERS];
            size_t n = bench_contenders(op, ks, BENCH_MAX_CONTENDERS);
            uint8_t *in, *out;
            bench_point_buffers(sizes[s], &in, &out);
            for (size_t i = 0; i < n; i++) {
                bench_contender *k = &ks[i];
                if (!bench_contender_setup(k, sizes[s], in, out)) {
                    bench_contender_teardown(k);
                    continue;
                }
                uint64_t iters = counted_iters(sizes[s]);
                if (k->c->kind == BENCH_HUSH) bench_apply_config(&k->cfg);
                k->c->run(&k->st, 1);
                char tag[32];
                snprintf(tag, sizeof tag, "p%u", id);
                CALLGRIND_ZERO_STATS;
                CALLGRIND_TOGGLE_COLLECT;
                k->c->run(&k->st, iters);
                CALLGRIND_TOGGLE_COLLECT;
                CALLGRIND_DUMP_STATS_AT(tag);
                fprintf(list, "%u\t%zu\t%s\t%zu\t%llu\t%d\n", id, o, k->name,
                        sizes[s], (unsigned long long)iters,
                        k->c->kind == BENCH_HUSH && k->cfg.is_default);
                id++;
                bench_contender_teardown(k);
            }
            bench_restore_defaults();
            free(in);
            free(out);
        }
    }
    fclose(list);
#else
    fprintf(stderr, "hush-bench: built without valgrind/callgrind.h\n");
    exit(2);
#endif
}

/* Instruction totals of every dump in dir, by point id. */
static double *read_dumps(const char *dir, unsigned max_id) {
    double *ir = calloc(max_id + 1, sizeof *ir);
    DIR *d = opendir(dir);
    if (ir == NULL || d == NULL) return ir;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "cg.out", 6) != 0) continue;
        char path[1024], line[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "r");
        if (f == NULL) continue;
        long id = -1;
        double total = -1;
        while (fgets(line, sizeof line, f)) {
            const char *p = strstr(line, "Client Request: p");
            if (strncmp(line, "desc:", 5) == 0 && p)
                id = strtol(p + strlen("Client Request: p"), NULL, 10);
            if (strncmp(line, "totals:", 7) == 0)
                total = strtod(line + 7, NULL);
            else if (strncmp(line, "summary:", 8) == 0 && total < 0)
                total = strtod(line + 8, NULL);
        }
        fclose(f);
        if (id >= 0 && (unsigned long)id <= max_id && total >= 0)
            ir[id] = total;
    }
    closedir(d);
    return ir;
}

#if defined(HUSH_BENCH_HAVE_CALLGRIND_H)
/* One line of points.tsv; names may hold spaces, so split on tabs. */
static int read_point(FILE *f, unsigned *id, size_t *op, char *impl,
                      size_t impl_len, size_t *size, unsigned long long *iters,
                      int *is_default) {
    char line[256];
    if (fgets(line, sizeof line, f) == NULL) return 0;
    char *field[6];
    char *p = line;
    for (int i = 0; i < 6; i++) {
        field[i] = p;
        p = strchr(p, i < 5 ? '\t' : '\n');
        if (p == NULL && i < 5) return 0;
        if (p) *p++ = 0;
    }
    *id = (unsigned)strtoul(field[0], NULL, 10);
    *op = (size_t)strtoull(field[1], NULL, 10);
    snprintf(impl, impl_len, "%s", field[2]);
    *size = (size_t)strtoull(field[3], NULL, 10);
    *iters = strtoull(field[4], NULL, 10);
    *is_default = (int)strtol(field[5], NULL, 10);
    return 1;
}
#endif

int bench_count_instructions(int argc, char **argv) {
#if !defined(HUSH_BENCH_HAVE_CALLGRIND_H)
    (void)argc;
    (void)argv;
    fprintf(stderr, "hush-bench: --count-instructions needs valgrind "
                    "(Debian: valgrind) at build time\n");
    return 2;
#else
    /* a constant command: nothing of the user's reaches the shell */
    /* NOLINTNEXTLINE(cert-env33-c) */
    if (system("command -v valgrind >/dev/null 2>&1") != 0) {
        fprintf(stderr, "hush-bench: --count-instructions needs valgrind "
                        "(Debian: valgrind)\n");
        return 2;
    }
    char dir[] = "/tmp/hush-bench-callgrind.XXXXXX";
    if (mkdtemp(dir) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    char outfile[600], self[4096];
    snprintf(outfile, sizeof outfile, "--callgrind-out-file=%s/cg.out", dir);
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) return 2;
    self[sl] = 0;
    /* the child gets the same filters; output options stay with us */
    char **args = calloc((size_t)argc + 12, sizeof *args);
    int n = 0;
    args[n++] = "valgrind";
    args[n++] = "--tool=callgrind";
    args[n++] = "--collect-atstart=no";
    args[n++] = "-q";
    args[n++] = outfile;
    args[n++] = self;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--count-instructions")) continue;
        if (!strcmp(argv[i], "--out") || !strcmp(argv[i], "--markdown") ||
            !strcmp(argv[i], "--cpu")) {
            i++;
            continue;
        }
        args[n++] = argv[i];
    }
    args[n++] = "--callgrind-child";
    args[n++] = dir;
    args[n] = NULL;
    printf("counting instructions under callgrind (valgrind runs no "
           "AVX-512: portable and AVX2 tiers only)...\n");
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execvp("valgrind", args);
        perror("valgrind");
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    free(args);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "hush-bench: the callgrind run failed\n");
        return 1;
    }

    char path[1024];
    snprintf(path, sizeof path, "%s/points.tsv", dir);
    FILE *list = fopen(path, "r");
    if (list == NULL) return 1;
    unsigned id, max_id = 0;
    size_t o, size;
    char impl[80];
    unsigned long long iters;
    int is_default;
    while (read_point(list, &id, &o, impl, sizeof impl, &size, &iters,
                      &is_default))
        if (id > max_id) max_id = id;
    double *ir = read_dumps(dir, max_id);
    rewind(list);

    printf("%-40s %7s %-26s %14s %10s\n", "operation", "bytes",
           "implementation", "instr/op", "instr/B");
    const bench_op *last = NULL;
    while (read_point(list, &id, &o, impl, sizeof impl, &size, &iters,
                      &is_default)) {
        bench_result *r = bench_result_new();
        r->op = bench_op_at(o);
        snprintf(r->impl, sizeof r->impl, "%s", impl);
        r->size = size;
        r->is_default = is_default;
        r->kind = strncmp(impl, "hush", 4) == 0 ? BENCH_HUSH : BENCH_PEER;
        r->instructions = ir[id] / (double)iters;
        if (last && last != r->op) printf("\n");
        last = r->op;
        char per[32] = "-";
        if (size && r->op->throughput)
            snprintf(per, sizeof per, "%.2f", r->instructions / (double)size);
        printf("%-40s %7zu %-26s %14.0f %10s\n", r->op->name, size, impl,
               r->instructions, per);
    }
    fclose(list);
    free(ir);

    const char *outdir = bench_opt.out_dir;
    if (outdir) {
        mkdir(outdir, 0755);
        snprintf(path, sizeof path, "%s/instructions.csv", outdir);
        FILE *f = fopen(path, "w");
        if (f) {
            fprintf(f, "area,operation,implementation,default,bytes,"
                       "instructions_per_op,instructions_per_byte\n");
            for (size_t i = 0; i < bench_result_count(); i++) {
                const bench_result *r = bench_result_at(i);
                fprintf(f, "%s,%s,%s,%d,%zu,%.1f,", r->op->area, r->op->name,
                        r->impl, r->is_default, r->size, r->instructions);
                if (r->size)
                    fprintf(f, "%.4f", r->instructions / (double)r->size);
                fputc('\n', f);
            }
            fclose(f);
            printf("wrote %s\n", path);
        }
    }
    /* the dumps are only an intermediate */
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    /* dir is mkdtemp's name from a constant template: letters and digits
     * only, so the quoted shell word is exactly it */
    /* NOLINTNEXTLINE(cert-env33-c) */
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    return 0;
#endif
}
