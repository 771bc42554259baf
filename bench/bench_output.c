/*
 * Output: the aligned table on stdout, results/bench.csv, results/bench.json,
 * gnuplot plots (PNG) and docs/BENCHMARKS.md.
 */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <hush.h>

#include "bench_output.h"
#include "bench_peers.h"

const char *bench_cpu_model(void) {
    static char model[128];
    if (model[0]) return model;
    snprintf(model, sizeof model, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL) return model;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        char *colon = strchr(line, ':');
        if (colon == NULL) break;
        colon++;
        while (*colon == ' ' || *colon == '\t')
            colon++;
        colon[strcspn(colon, "\n")] = 0;
        snprintf(model, sizeof model, "%s", colon);
        break;
    }
    fclose(f);
    return model;
}

/* The 1, 5 and 15 minute load averages: a busy machine explains noise. */
static const char *load_average(void) {
    static char buf[64];
    snprintf(buf, sizeof buf, "unknown");
    FILE *f = fopen("/proc/loadavg", "r");
    if (f == NULL) return buf;
    double a, b, c;
    /* the kernel writes this file; a malformed one fails the count */
    /* NOLINTNEXTLINE(cert-err34-c) */
    if (fscanf(f, "%lf %lf %lf", &a, &b, &c) == 3)
        snprintf(buf, sizeof buf, "%.2f %.2f %.2f", a, b, c);
    fclose(f);
    return buf;
}

static const char *today(void) {
    static char buf[64];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

double bench_mb_per_s(const bench_result *r) {
    if (!r->op->throughput || r->size == 0 || r->ns <= 0) return 0;
    return (double)r->size / r->ns * 1e3; /* bytes/ns * 1000 = MB/s */
}

static void size_label(char *buf, size_t n, size_t size) {
    if (size >= 1000000 && size % 1000000 == 0)
        snprintf(buf, n, "%zuMB", size / 1000000);
    else if (size >= 1048576 && size % 1048576 == 0)
        snprintf(buf, n, "%zuMiB", size / 1048576);
    else if (size >= 1024 && size % 1024 == 0)
        snprintf(buf, n, "%zuKiB", size / 1024);
    else
        snprintf(buf, n, "%zu", size);
}

/* ---- stdout table ---- */

void bench_print_header(FILE *f) {
    fprintf(f, "%-40s %7s %-26s %11s %6s %11s %9s %8s %8s %10s %7s %8s\n",
            "operation", "bytes", "implementation", "ns/op", "IQR%", "min ns",
            "MB/s", "ticks/B", "cyc/B", "cycles/op", "allocs",
            bench_opt.vs ? "vs ref" : "vs peer");
    fprintf(f, "%.*s\n", 164,
            "----------------------------------------------------------------"
            "----------------------------------------------------------------"
            "------------------------------");
}

void bench_print_point(FILE *f, size_t first, size_t count) {
    for (size_t i = first; i < first + count; i++) {
        const bench_result *r = bench_result_at(i);
        char sz[32], impl[96];
        size_label(sz, sizeof sz, r->size);
        snprintf(impl, sizeof impl, "%s%s%s", r->impl, r->is_default ? "*" : "",
                 r->mismatch ? " MISMATCH" : "");
        if (r->skipped) {
            fprintf(f, "%-40s %7s %-26s   skipped: %s\n", r->op->name, sz, impl,
                    r->skipped);
            continue;
        }
        char mbs[32] = "-", tpb[32] = "-", cpb[32] = "-", al[32] = "n/a",
             vs[32] = "";
        if (bench_mb_per_s(r) > 0) {
            snprintf(mbs, sizeof mbs, "%.1f", bench_mb_per_s(r));
            snprintf(tpb, sizeof tpb, "%.3f", r->ticks / (double)r->size);
            if (r->cycles >= 0)
                snprintf(cpb, sizeof cpb, "%.3f", r->cycles / (double)r->size);
        }
        char cyc[32] = "-";
        if (r->cycles >= 0) snprintf(cyc, sizeof cyc, "%.0f", r->cycles);
        if (r->allocs >= 0) snprintf(al, sizeof al, "%.2g", r->allocs);
        double ratio = bench_opt.vs ? r->vs_ref : r->vs_best_peer;
        if (ratio > 0) snprintf(vs, sizeof vs, "%.2fx", ratio);
        double iqr = r->ns > 0 ? (r->ns_p75 - r->ns_p25) / r->ns * 100 : 0;
        fprintf(f,
                "%-40s %7s %-26s %11.1f %6.1f %11.1f %9s %8s %8s %10s %7s "
                "%8s\n",
                r->op->name, sz, impl, r->ns, iqr, r->ns_min, mbs, tpb, cpb,
                cyc, al, vs);
    }
    if (count > 1) fputc('\n', f);
    fflush(f);
}

void bench_print_derived(FILE *f) {
    const char *section = NULL;
    for (size_t i = 0; i < bench_note_count(); i++) {
        const bench_note *n = bench_note_at(i);
        if (n->md_only) continue;
        if (section == NULL || strcmp(section, n->section) != 0) {
            section = n->section;
            fprintf(f, "\n%s\n", section);
        }
        fprintf(f, "  %s\n", n->line);
    }
    const char *table = NULL;
    for (size_t i = 0; i < bench_derived_count(); i++) {
        const bench_derived *d = bench_derived_at(i);
        if (table == NULL || strcmp(table, d->table) != 0) {
            table = d->table;
            fprintf(f, "\n%s\n%-24s %7s %-20s %12s %12s %9s  %s\n", table,
                    "construction", "bytes", "implementation", "measured ns",
                    "predicted ns", "overhead", "basis");
        }
        char sz[32];
        size_label(sz, sizeof sz, d->size);
        double over = d->predicted_ns > 0
                          ? (d->measured_ns / d->predicted_ns - 1) * 100
                          : 0;
        fprintf(f, "%-28s %7s %-20s %12.1f %12.1f %8.1f%%  %s\n", d->op, sz,
                d->impl, d->measured_ns, d->predicted_ns, over, d->basis);
    }
}

/* ---- CSV and JSON ---- */

static const char *kind_name(bench_kind k) {
    return k == BENCH_HUSH ? "hush" : k == BENCH_PEER ? "peer" : "ceiling";
}

/* A CSV field, quoted when it holds a comma or a quote (RFC 4180). */
static const char *csv(const char *text) {
    static char buf[4][512];
    static int next;
    if (strpbrk(text, ",\"\n") == NULL) return text;
    char *b = buf[next++ % 4], *o = b;
    *o++ = '"';
    for (; *text && o < b + sizeof buf[0] - 3; text++) {
        if (*text == '"') *o++ = '"';
        *o++ = *text;
    }
    *o++ = '"';
    *o = 0;
    return b;
}

int bench_write_csv(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    /* InputSizeMB,Time,Throughput: the columns older analysis scripts read
     * (MB = 10^6 bytes, Time in seconds per operation, Throughput in MB/s) */
    fprintf(f, "area,operation,implementation,kind,default,bytes,InputSizeMB,"
               "Time,Throughput,ns_per_op,ns_p25,ns_p75,ns_min,ticks_per_op,"
               "ticks_per_byte,cycles_per_op,cycles_per_byte,allocs_per_op,"
               "vs_best_peer,samples,iters_per_sample,instructions_per_op,"
               "instructions_per_byte,skipped,output_mismatch,vs_ref\n");
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        double per = r->size ? (double)r->size : 0;
        fprintf(f, "%s,%s,%s,%s,%d,%zu,%.6f,", r->op->area, csv(r->op->name),
                csv(r->impl), kind_name(r->kind), r->is_default, r->size,
                (double)r->size / 1e6);
        if (r->skipped) {
            /* 16 empty fields: Time .. instructions_per_byte */
            fprintf(f, ",,,,,,,,,,,,,,,,%s,,\n", csv(r->skipped));
            continue;
        }
        fprintf(f, "%.9g,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,", r->ns * 1e-9,
                bench_mb_per_s(r), r->ns, r->ns_p25, r->ns_p75, r->ns_min,
                r->ticks);
        if (per > 0 && r->op->throughput)
            fprintf(f, "%.4f,", r->ticks / per);
        else
            fputc(',', f);
        if (r->cycles >= 0) fprintf(f, "%.1f", r->cycles);
        fputc(',', f);
        if (per > 0 && r->op->throughput && r->cycles >= 0)
            fprintf(f, "%.4f,", r->cycles / per);
        else
            fputc(',', f);
        if (r->allocs >= 0) fprintf(f, "%.4g", r->allocs);
        fputc(',', f);
        if (r->vs_best_peer > 0) fprintf(f, "%.4f", r->vs_best_peer);
        fprintf(f, ",%d,%llu,", r->samples, (unsigned long long)r->iters);
        if (r->instructions >= 0) {
            fprintf(f, "%.1f,", r->instructions);
            if (per > 0) fprintf(f, "%.4f", r->instructions / per);
        } else {
            fputc(',', f);
        }
        fprintf(f, ",,%d,", r->mismatch);
        if (r->vs_ref > 0) fprintf(f, "%.4f", r->vs_ref);
        fputc('\n', f);
    }
    for (size_t i = 0; i < bench_derived_count(); i++) {
        const bench_derived *d = bench_derived_at(i);
        char name[400];
        snprintf(name, sizeof name, "%s (predicted: %s)", d->op, d->basis);
        fprintf(f, "derived,%s,%s,prediction,0,%zu,%.6f,%.9g,", csv(name),
                csv(d->impl), d->size, (double)d->size / 1e6,
                d->predicted_ns * 1e-9);
        if (d->size)
            fprintf(f, "%.3f", (double)d->size / d->predicted_ns * 1e3);
        fprintf(f, ",%.3f,,,,,,,,,,,,,,,,\n", d->predicted_ns);
    }
    return fclose(f);
}

static void json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", (unsigned char)*s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

int bench_write_json(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    fprintf(f, "{\n  \"hush_version\": ");
    json_str(f, hush_version());
    fprintf(f, ",\n  \"git\": ");
    json_str(f, HUSH_BENCH_GIT);
    fprintf(f, ",\n  \"date\": ");
    json_str(f, today());
    fprintf(f, ",\n  \"cpu\": ");
    json_str(f, bench_cpu_model());
    fprintf(f, ",\n  \"cpu_features\": ");
    json_str(f, hush_cpu_features_string());
    fprintf(f, ",\n  \"load_average\": ");
    json_str(f, load_average());
    fprintf(f, ",\n  \"peers\": ");
    json_str(f, bench_peers_summary());
    fprintf(f,
            ",\n  \"tsc_hz\": %.0f,\n  \"tsc_reference_hz\": %.0f,\n"
            "  \"tsc_reference_from\": ",
            bench_clk.tsc_hz, bench_clk.tsc_ref_hz);
    json_str(f, bench_clk.tsc_ref_from);
    fprintf(f,
            ",\n  \"core_hz_imul_chain\": %.0f,\n  \"core_hz_add_chain\": "
            "%.0f,\n",
            bench_clk.imul_hz, bench_clk.add_hz);
    if (bench_clk.refused[0]) {
        fprintf(f, "  \"core_hz_estimate\": null,\n  \"cycles_per_tick\": "
                   "null,\n  \"core_clock_refused\": ");
        json_str(f, bench_clk.refused);
        fprintf(f, ",\n");
    } else {
        fprintf(f,
                "  \"core_hz_estimate\": %.0f,\n  \"cycles_per_tick\": "
                "%.4f,\n",
                bench_clk.core_hz, bench_clk.cycles_per_tick);
    }
    fprintf(f, "  \"results\": [\n");
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        fprintf(f, "    {\"area\": ");
        json_str(f, r->op->area);
        fprintf(f, ", \"operation\": ");
        json_str(f, r->op->name);
        fprintf(f, ", \"implementation\": ");
        json_str(f, r->impl);
        fprintf(f, ", \"kind\": \"%s\", \"default\": %s, \"bytes\": %zu",
                kind_name(r->kind), r->is_default ? "true" : "false", r->size);
        if (r->skipped) {
            fprintf(f, ", \"skipped\": ");
            json_str(f, r->skipped);
        } else {
            fprintf(f,
                    ", \"ns_per_op\": %.3f, \"ns_p25\": %.3f, \"ns_p75\": %.3f,"
                    " \"ns_min\": %.3f, \"ticks_per_op\": %.3f,"
                    " \"mb_per_s\": %.3f,"
                    " \"samples\": %d, \"iters_per_sample\": %llu",
                    r->ns, r->ns_p25, r->ns_p75, r->ns_min, r->ticks,
                    bench_mb_per_s(r), r->samples,
                    (unsigned long long)r->iters);
            if (r->cycles >= 0)
                fprintf(f, ", \"cycles_per_op\": %.1f", r->cycles);
            if (r->allocs >= 0)
                fprintf(f, ", \"allocs_per_op\": %.4g", r->allocs);
            if (r->vs_best_peer > 0)
                fprintf(f, ", \"vs_best_peer\": %.4f", r->vs_best_peer);
            if (r->vs_ref > 0) fprintf(f, ", \"vs_ref\": %.4f", r->vs_ref);
            if (r->instructions >= 0)
                fprintf(f, ", \"instructions_per_op\": %.1f", r->instructions);
            if (r->mismatch) fprintf(f, ", \"output_mismatch\": true");
        }
        fprintf(f, "}%s\n", i + 1 < bench_result_count() ? "," : "");
    }
    fprintf(f, "  ],\n  \"derived\": [\n");
    for (size_t i = 0; i < bench_derived_count(); i++) {
        const bench_derived *d = bench_derived_at(i);
        fprintf(f, "    {\"table\": ");
        json_str(f, d->table);
        fprintf(f, ", \"operation\": ");
        json_str(f, d->op);
        fprintf(f, ", \"implementation\": ");
        json_str(f, d->impl);
        fprintf(f,
                ", \"bytes\": %zu, \"measured_ns\": %.3f, \"predicted_ns\": "
                "%.3f, \"basis\": ",
                d->size, d->measured_ns, d->predicted_ns);
        json_str(f, d->basis);
        fprintf(f, "}%s\n", i + 1 < bench_derived_count() ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return fclose(f);
}

/* ---- plots ---- */

/* Runs args[0], found on PATH, with args; its exit status, or -1 if it
 * could not be started or did not exit. */
static int run_program(char *const args[]) {
    pid_t pid;
    if (posix_spawnp(&pid, args[0], NULL, NULL, args, environ) != 0) return -1;
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void file_safe(char *dst, size_t n, const char *src) {
    size_t i = 0;
    for (; src[i] && i + 1 < n; i++) {
        char c = src[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) c = '_';
        dst[i] = c;
    }
    dst[i] = 0;
}

int bench_write_plots(const char *dir) {
    /* a constant command: nothing of the user's reaches the shell */
    /* NOLINTNEXTLINE(cert-env33-c) */
    if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
        printf("plots: gnuplot is not installed (Debian: gnuplot-nox); "
               "skipping the PNG plots\n");
        return 0;
    }
    char pdir[512];
    snprintf(pdir, sizeof pdir, "%s/plots", dir);
    mkdir(pdir, 0755);
    int made = 0;
    for (size_t o = 0; o < bench_op_count(); o++) {
        const bench_op *op = bench_op_at(o);
        if (!op->throughput) continue;
        /* contenders of this op, in first-seen order */
        const char *impls[BENCH_MAX_CONTENDERS];
        size_t ni = 0, points = 0;
        for (size_t i = 0; i < bench_result_count(); i++) {
            const bench_result *r = bench_result_at(i);
            if (r->op != op || r->skipped || r->size == 0) continue;
            points++;
            int seen = 0;
            for (size_t j = 0; j < ni; j++)
                seen |= !strcmp(impls[j], r->impl);
            if (!seen && ni < BENCH_MAX_CONTENDERS) impls[ni++] = r->impl;
        }
        if (points < 2) continue;
        char base[128], path[700];
        file_safe(base, sizeof base, op->name);
        snprintf(path, sizeof path, "%s/%s.dat", pdir, base);
        FILE *d = fopen(path, "w");
        if (d == NULL) return -1;
        for (size_t j = 0; j < ni; j++) {
            fprintf(d, "# %s\n", impls[j]);
            for (size_t i = 0; i < bench_result_count(); i++) {
                const bench_result *r = bench_result_at(i);
                if (r->op != op || r->skipped || r->size == 0 ||
                    strcmp(r->impl, impls[j]) != 0)
                    continue;
                fprintf(d, "%zu %.3f\n", r->size, bench_mb_per_s(r));
            }
            fprintf(d, "\n\n");
        }
        fclose(d);
        snprintf(path, sizeof path, "%s/%s.gp", pdir, base);
        FILE *g = fopen(path, "w");
        if (g == NULL) return -1;
        fprintf(g,
                "set terminal pngcairo size 1000,600 noenhanced\n"
                "set output '%s/%s.png'\n"
                "set title '%s: throughput against message size (%s)'\n"
                "set logscale x 2\nset format x '%%.0b%%B'\n"
                "set xlabel 'message bytes (K = 1024)'\n"
                "set ylabel 'MB/s (10^6 bytes per second)'\n"
                "set key left top\nset grid\nplot ",
                pdir, base, op->name, bench_cpu_model());
        /* hush tiers solid, peers dashed, ceilings dotted; distinct
         * colours within a plot */
        static const char *const colours[] = {
            "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02",
            "#a6761d", "#666666", "#1f78b4", "#b2df8a", "#fb9a99", "#cab2d6"};
        for (size_t j = 0; j < ni; j++) {
            int dash = strncmp(impls[j], "hush", 4) == 0    ? 1
                       : op->cases[0].kind == BENCH_CEILING ? 3
                                                            : 2;
            fprintf(g,
                    "%s'%s/%s.dat' index %zu with linespoints lw 2 dt %d "
                    "lc rgb '%s' title '%s'",
                    j ? ", \\\n     " : "", pdir, base, j, dash,
                    colours[j % (sizeof colours / sizeof colours[0])],
                    impls[j]);
        }
        fprintf(g, "\n");
        fclose(g);
        /* gnuplot runs with the script's path as its argument, no shell in
         * between: the --out directory may hold any character */
        char *const args[] = {(char *)"gnuplot", path, NULL};
        if (run_program(args) == 0) made++;
    }
    printf("plots: %d PNG files in %s/\n", made, pdir);
    return 0;
}

/* ---- docs/BENCHMARKS.md ---- */

static const bench_result *find(const bench_op *op, const char *impl,
                                size_t size) {
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        if (r->op == op && r->size == size && !strcmp(r->impl, impl)) return r;
    }
    return NULL;
}

/* The size a headline row quotes: 16 KiB when measured, else the largest. */
static size_t headline_size(const bench_op *op) {
    size_t best = 0;
    int found = 0;
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        if (r->op != op) continue;
        if (r->size == 16384) return 16384;
        if (!found || (r->size > best && r->size <= 1048576)) best = r->size;
        found = 1;
    }
    return best;
}

/* "hush:avx2" -> "avx2"; "hush" -> "hush" */
static const char *tier_part(const char *impl) {
    const char *colon = strchr(impl, ':');
    return colon ? colon + 1 : impl;
}

static void md_headline(FILE *f) {
    fprintf(f, "| operation | bytes | hush (default tiers) | best peer | "
               "hush vs best peer | allocs/op |\n"
               "|---|---:|---|---|---:|---:|\n");
    for (size_t o = 0; o < bench_op_count(); o++) {
        const bench_op *op = bench_op_at(o);
        if (!strcmp(op->area, "secret")) continue; /* its own table */
        size_t sz = headline_size(op);
        const bench_result *h = NULL, *p = NULL;
        for (size_t i = 0; i < bench_result_count(); i++) {
            const bench_result *r = bench_result_at(i);
            if (r->op != op || r->size != sz || r->skipped) continue;
            if (r->kind == BENCH_HUSH && r->is_default && !h) h = r;
            if (r->kind == BENCH_PEER && (!p || r->ns < p->ns)) p = r;
        }
        if (h == NULL) continue;
        char hv[96], pv[96] = "-", ratio[32] = "-";
        if (op->throughput && sz)
            snprintf(hv, sizeof hv, "%s: %.0f MB/s", tier_part(h->impl),
                     bench_mb_per_s(h));
        else
            snprintf(hv, sizeof hv, "%s: %.1f ns", tier_part(h->impl), h->ns);
        if (p) {
            if (op->throughput && sz)
                snprintf(pv, sizeof pv, "%s: %.0f MB/s", p->impl,
                         bench_mb_per_s(p));
            else
                snprintf(pv, sizeof pv, "%s: %.1f ns", p->impl, p->ns);
            snprintf(ratio, sizeof ratio, "%.2fx", h->vs_best_peer);
        }
        fprintf(f, "| %s | %zu | %s | %s | %s | %.2g |\n", op->name, sz, hv, pv,
                ratio, h->allocs < 0 ? 0 : h->allocs);
    }
}

static void md_op_table(FILE *f, const bench_op *op) {
    size_t sizes[64], ns = 0;
    const char *impls[BENCH_MAX_CONTENDERS];
    size_t ni = 0;
    for (size_t i = 0; i < bench_result_count(); i++) {
        const bench_result *r = bench_result_at(i);
        if (r->op != op) continue;
        int seen = 0;
        for (size_t j = 0; j < ns; j++)
            seen |= sizes[j] == r->size;
        if (!seen && ns < 64) sizes[ns++] = r->size;
        seen = 0;
        for (size_t j = 0; j < ni; j++)
            seen |= !strcmp(impls[j], r->impl);
        if (!seen && ni < BENCH_MAX_CONTENDERS) impls[ni++] = r->impl;
    }
    if (ni == 0) return;
    int tp = op->throughput;
    fprintf(f, "\n### %s\n\n", op->name);
    if (op->note) fprintf(f, "%s\n\n", op->note);
    fprintf(f, "%s\n\n| implementation |",
            tp ? "MB/s (10^6 bytes/s; 0 bytes: ns per operation). "
                 "`*` marks the tiers hush picks by itself."
               : "ns per operation. `*` marks the tiers hush picks by itself.");
    for (size_t s = 0; s < ns; s++) {
        char sz[32];
        size_label(sz, sizeof sz, sizes[s]);
        fprintf(f, " %s%s |", sz, tp && sizes[s] == 0 ? " (ns)" : "");
    }
    fprintf(f, " allocs/op |\n|---|");
    for (size_t s = 0; s < ns; s++)
        fprintf(f, "---:|");
    fprintf(f, "---:|\n");
    for (size_t j = 0; j < ni; j++) {
        double allocs = 0;
        int star = 0;
        int mismatch = 0;
        for (size_t s = 0; s < ns; s++) {
            const bench_result *r = find(op, impls[j], sizes[s]);
            mismatch |= r && r->mismatch;
        }
        fprintf(f, "| %s%s", impls[j], mismatch ? " (OUTPUT MISMATCH)" : "");
        for (size_t s = 0; s < ns; s++) {
            const bench_result *r = find(op, impls[j], sizes[s]);
            if (r && r->is_default) star = 1;
            if (s == 0 && star) fprintf(f, "*");
            if (s == 0) fprintf(f, " |");
            if (r == NULL || r->skipped) {
                fprintf(f, " %s |", r ? "skipped" : "-");
                continue;
            }
            if (r->allocs > allocs) allocs = r->allocs;
            if (tp && sizes[s] > 0)
                fprintf(f, " %.0f |", bench_mb_per_s(r));
            else
                fprintf(f, " %.1f |", r->ns);
        }
        fprintf(f, " %.2g |\n", allocs);
    }
}

/* The clock's derivation in one line for the Markdown header. */
static const char *clock_line(void) {
    static char line[1024];
    const bench_clock *c = &bench_clk;
    int n = snprintf(line, sizeof line, "TSC %.3f GHz (measured; %s",
                     c->tsc_hz / 1e9, c->tsc_ref_from);
    if (c->tsc_ref_hz > 0)
        n += snprintf(line + n, sizeof line - (size_t)n, " says %.3f GHz",
                      c->tsc_ref_hz / 1e9);
    if (c->refused[0])
        snprintf(line + n, sizeof line - (size_t)n,
                 "); core clock **not estimated**: %s, so no cycle figures",
                 c->refused);
    else
        snprintf(line + n, sizeof line - (size_t)n,
                 "); core %.2f GHz = %.3f core cycles per TSC tick, from a "
                 "chain of dependent 3-cycle `imul` (a chain of dependent "
                 "register adds: %.2f GHz)",
                 c->core_hz / 1e9, c->cycles_per_tick, c->add_hz / 1e9);
    return line;
}

int bench_write_markdown(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) return -1;
    fprintf(f,
            "# Benchmarks\n\n"
            "Generated by `make bench-docs` (`hush-bench --markdown`); do not "
            "edit by hand.\n\n"
            "- Date: %s\n- CPU: %s (%s)\n- hush %s, built from %s\n"
            "- Peers: %s\n"
            "- Clocks: %s\n"
            "- Samples: %d per point, each about %.2f ms, after %.1f ms of "
            "warm-up per contender\n"
            "- Load average when written (1, 5, 15 min): %s on %ld CPUs\n\n",
            today(), bench_cpu_model(), hush_cpu_features_string(),
            hush_version(), HUSH_BENCH_GIT, bench_peers_summary(), clock_line(),
            bench_opt.samples, bench_opt.sample_seconds * 1e3,
            bench_opt.warmup_seconds * 1e3, load_average(),
            sysconf(_SC_NPROCESSORS_ONLN));
    fprintf(f,
            "## Method\n\n"
            "Every point (operation x message size) measures hush's tiers, "
            "the peers and the ceilings alternately in one process, in "
            "rounds of one sample each, so drift and noisy neighbours hit "
            "all of them alike; the order rotates every round (A B C, B C "
            "A, C A B, ...) and each sample follows one untimed call of its "
            "own contender, so none is always the one that finds the shared "
            "buffers out of cache. "
            "Each contender is warmed up, its iterations per sample are "
            "scaled so a sample lasts the target time (thousands of calls "
            "for small messages), and the median of the samples is "
            "reported with the interquartile range. Time comes from `rdtsc`: "
            "*ticks* are TSC ticks (constant rate), *cycles* are estimated "
            "core cycles (ticks x the measured cycles-per-tick ratio, from "
            "dependency chains the renamer cannot fold, cross-checked; "
            "refused rather than guessed). Heap "
            "allocations are counted by interposing `malloc` in the "
            "benchmark binary. Two OpenSSLs race in the same process: "
            "Debian 12's (`openssl`, linked) and, when `make bench` built "
            "it, the newest release Debian carries (`openssl-<version>`, "
            "built from Debian unstable's source package into a shim whose "
            "OpenSSL symbols are all local, loaded with `dlopen`); "
            "`openssl-<version>/aesni` rows, when present, are that library "
            "again with AVX-512 and VAES masked through `OPENSSL_ia32cap`. "
            "Peers use reused, pre-initialised contexts: "
            "OpenSSL EVP contexts keyed once where only the nonce changes, "
            "libsodium and libgcrypt keys set once. AEAD rows use no "
            "associated data. Timings on a shared machine swing: compare "
            "ratios within one run, not absolute figures across runs.\n\n"
            "## Headline\n\n");
    md_headline(f);
    const char *area = NULL;
    for (size_t o = 0; o < bench_op_count(); o++) {
        const bench_op *op = bench_op_at(o);
        if (area == NULL || strcmp(area, op->area) != 0) {
            int any = 0;
            for (size_t i = 0; i < bench_result_count() && !any; i++)
                any = bench_result_at(i)->op == op;
            if (!any) continue;
            area = op->area;
            fprintf(f, "\n## %s\n", area);
        }
        md_op_table(f, op);
    }
    const char *section = NULL;
    for (size_t i = 0; i < bench_note_count(); i++) {
        const bench_note *n = bench_note_at(i);
        if (section == NULL || strcmp(section, n->section) != 0) {
            section = n->section;
            fprintf(f, "\n## %s\n\n", section);
        }
        /* table rows as they are, other lines as a list */
        fprintf(f, "%s%s\n", n->line[0] == '|' || n->line[0] == 0 ? "" : "- ",
                n->line);
    }
    if (bench_derived_count()) {
        const char *table = NULL;
        for (size_t i = 0; i < bench_derived_count(); i++) {
            const bench_derived *d = bench_derived_at(i);
            if (table == NULL || strcmp(table, d->table) != 0) {
                table = d->table;
                fprintf(f,
                        "\n## %s\n\n| construction | bytes | implementation | "
                        "measured ns | predicted ns | overhead | basis |\n"
                        "|---|---:|---|---:|---:|---:|---|\n",
                        table);
            }
            fprintf(f, "| %s | %zu | %s | %.1f | %.1f | %.1f%% | %s |\n", d->op,
                    d->size, d->impl, d->measured_ns, d->predicted_ns,
                    d->predicted_ns > 0
                        ? (d->measured_ns / d->predicted_ns - 1) * 100
                        : 0,
                    d->basis);
        }
    }
    return fclose(f);
}
