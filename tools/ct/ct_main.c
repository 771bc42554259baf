/*
 * hush-ct: timing-leak evidence for hush, dudect style.
 *
 *   hush-ct [SAMPLES [CALLS]] [--only PATTERN[,PATTERN...]] [--impl SPEC]
 *           [--controls] [--assert-controls] [--markdown] [--list]
 *
 * Every row times one operation on two classes of input (ct_cases.h) and
 * reports the mean TSC ticks per call of each class, the largest |t| of
 * the tests in ct_measure.c and the number of samples. Rows marked control
 * run code that is variable time on purpose (memcmp, the table AES tier):
 * they show that the measurement can see a leak at all.
 * --assert-controls (used by `make test`) exits 1 unless every control row
 * was detected, retrying an undetected one with more samples; hush rows
 * are reported, never asserted, there. docs/CONSTANT_TIME.md explains.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ct_cases.h"

typedef struct group {
    const ct_case *cases;
    const size_t *count;
} group;

static const group groups[] = {
    {ct_cases_core, &ct_cases_core_count},
    {ct_cases_aead, &ct_cases_aead_count},
    {ct_cases_aes, &ct_cases_aes_count},
    {ct_cases_gcm, &ct_cases_gcm_count},
    {ct_cases_ghash, &ct_cases_ghash_count},
    {ct_cases_chacha20, &ct_cases_chacha20_count},
    {ct_cases_poly1305, &ct_cases_poly1305_count},
    {ct_cases_sha256, &ct_cases_sha256_count},
    {ct_cases_hmac, &ct_cases_hmac_count},
    {ct_cases_pwhash, &ct_cases_pwhash_count},
    {ct_cases_ascon, &ct_cases_ascon_count},
    {ct_cases_x25519, &ct_cases_x25519_count},
};

/* ---- options ---- */
static size_t opt_samples = 20000, opt_calls = 20;
/* --target TICKS: calls per sample chosen per row so that a sample lasts
 * about TICKS (at most CALLS); 0 keeps CALLS for every row */
static unsigned long opt_target;
static const char *opt_only, *opt_impl;
static int opt_controls, opt_assert, opt_markdown, opt_list;
/* --rows A-B: only rows A..B (1-based, in --list order), so a long run can
 * be split into pieces that each hold the benchmark lock briefly */
static unsigned long opt_row_first = 1, opt_row_last = (unsigned long)-1;
static unsigned long row_index;

static void usage(void) {
    fprintf(stderr,
            "usage: hush-ct [SAMPLES [CALLS]] [--only PATTERN[,PATTERN...]]\n"
            "               [--impl SPEC] [--controls] [--assert-controls]\n"
            "               [--markdown] [--list] [--aa]\n"
            "               [--rows A-B] [--target TICKS]\n"
            "  SAMPLES  timed samples per row (default 20000)\n"
            "  CALLS    calls of the operation per sample (default 20)\n"
            "  --only   rows whose name or implementation contains a PATTERN\n"
            "  --impl   HUSH_IMPL syntax: pin those primitives to one tier\n"
            "  --controls          only the control rows\n"
            "  --assert-controls   exit 1 unless every control leaks\n"
            "  --rows A-B  only rows A to B of --list (split long runs)\n"
            "  --target TICKS  per row, calls per sample for samples of about\n"
            "                  TICKS TSC ticks (CALLS is then the maximum)\n"
            "  --aa     A/A check: both classes get class 0's input\n");
    exit(2);
}

/* ---- implementations ---- */
#define MAX_PRIMS 4
#define MAX_IMPLS 16

/* The primitives pinned by --impl, each to the implementation in force. */
static char pinned[256];

static int is_pinned(const char *prim) {
    size_t n = strlen(prim);
    for (const char *p = pinned; (p = strstr(p, prim)) != NULL; p += n)
        if ((p == pinned || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
            return 1;
    return 0;
}

static int apply_impl_spec(const char *spec) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *item = strtok(buf, ","); item; item = strtok(NULL, ",")) {
        if (strcmp(item, "portable") == 0) {
            for (size_t i = 0; i < hush_primitive_count(); i++) {
                const char *p = hush_primitive_name(i);
                if (hush_impl_force(p, "portable") != HUSH_OK) {
                    fprintf(stderr, "hush-ct: cannot force %s=portable\n", p);
                    return -1;
                }
                strncat(pinned, " ", sizeof pinned - strlen(pinned) - 1);
                strncat(pinned, p, sizeof pinned - strlen(pinned) - 1);
            }
            continue;
        }
        char *eq = strchr(item, '=');
        if (eq == NULL) return -1;
        *eq = 0;
        int r = hush_impl_force(item, eq + 1);
        if (r != HUSH_OK) {
            fprintf(stderr, "hush-ct: --impl %s=%s: %s\n", item, eq + 1,
                    hush_strerror(r));
            return r == HUSH_ERR_UNSUPPORTED ? 77 : -1;
        }
        strncat(pinned, " ", sizeof pinned - strlen(pinned) - 1);
        strncat(pinned, item, sizeof pinned - strlen(pinned) - 1);
    }
    return 0;
}

/* The table AES tier is variable time: it appears only as a control. */
static int is_variable_time(const char *impl) {
    return strcmp(impl, "table") == 0;
}

/* ---- one row ---- */
typedef struct row {
    const ct_case *c;
    size_t nforce;
    const char *prim[MAX_PRIMS], *impl[MAX_PRIMS];
    char label[96];
} row;

static int matches_only(const row *r) {
    if (opt_only == NULL) return 1;
    char buf[256], text[256];
    snprintf(text, sizeof text, "%s %s", r->c->name, r->label);
    snprintf(buf, sizeof buf, "%s", opt_only);
    for (char *pat = strtok(buf, ","); pat; pat = strtok(NULL, ","))
        if (strstr(text, pat)) return 1;
    return 0;
}

static int print_header_done;

static void print_header(void) {
    if (print_header_done++) return;
    if (opt_markdown) {
        printf("| row | implementation | classes | class 0 | class 1 | \\|t\\| "
               "| samples x calls | verdict |\n"
               "|---|---|---|---:|---:|---:|---:|---|\n");
    } else {
        printf("%-28s %-34s %-32s %9s %9s %8s %13s  %s\n", "row",
               "implementation", "classes (0 vs 1)", "ticks0", "ticks1", "|t|",
               "samples x calls", "verdict");
    }
}

static const char *verdict(const ct_case *c, const ct_result *res) {
    int leak = res->t_max > CT_T_THRESHOLD;
    if (c->control == CT_CONTROL)
        return leak ? "control: leak detected" : "CONTROL NOT DETECTED";
    if (c->control == CT_VERDICT)
        return leak ? "differs: public verdict" : "ok";
    return leak ? "LEAK?" : "ok";
}

static void print_row(const row *r, const ct_result *res) {
    if (opt_markdown) {
        printf("| %s%s | %s | %s | %.1f | %.1f | %.2f | %zu x %zu | %s |\n",
               r->c->name,
               r->c->control == CT_CONTROL   ? " (control)"
               : r->c->control == CT_VERDICT ? " (verdict)"
                                             : "",
               r->label, r->c->classes, res->mean[0], res->mean[1], res->t_max,
               res->samples, res->calls, verdict(r->c, res));
    } else {
        printf("%-28s %-34s %-32s %9.1f %9.1f %8.2f %7zu x %3zu  %s (%s, "
               "n=%zu)\n",
               r->c->name, r->label, r->c->classes, res->mean[0], res->mean[1],
               res->t_max, res->samples, res->calls, verdict(r->c, res),
               res->t_max_how, res->n_max);
    }
    fflush(stdout);
}

/* Forces the row's implementations, measures, restores the previous ones.
 * Returns 1 if measured, 0 if unavailable. */
static int run_row(const row *r, size_t samples, ct_rng *rng, ct_result *res) {
    const char *saved[MAX_PRIMS];
    int ok = 1;
    for (size_t i = 0; i < r->nforce; i++) {
        saved[i] = hush_impl(r->prim[i]);
        if (hush_impl_force(r->prim[i], r->impl[i]) != HUSH_OK) ok = 0;
    }
    void *state = ok ? r->c->setup(r->c, rng) : NULL;
    if (state != NULL) {
        ct_target t = {r->c->fill, r->c->run, state};
        size_t calls = opt_target
                           ? ct_pick_calls(&t, opt_calls, opt_target, rng)
                           : opt_calls;
        if (ct_measure(&t, samples, calls, rng, res) != 0) ok = 0;
        res->calls = calls;
        r->c->teardown(state);
    } else {
        ok = 0;
    }
    /* what was in force before is runnable, so this cannot fail; if it did,
     * every later row would measure the wrong implementation */
    for (size_t i = 0; i < r->nforce; i++)
        if (saved[i] && hush_impl_force(r->prim[i], saved[i]) != HUSH_OK) {
            fprintf(stderr, "hush-ct: cannot restore %s=%s\n", r->prim[i],
                    saved[i]);
            exit(1);
        }
    return ok;
}

/* controls_expected counts control rows selected, run or not */
static unsigned controls_expected, controls_detected, rows_run, rows_flagged;
static unsigned rows_failed; /* a case that could not set up: a bug */

static void do_row(row *r) {
    if (opt_controls && r->c->control != CT_CONTROL) return;
    if (!matches_only(r)) return;
    row_index++;
    if (row_index < opt_row_first || row_index > opt_row_last) return;
    if (opt_list) {
        printf("%3lu %-28s %-34s %s%s\n", row_index, r->c->name, r->label,
               r->c->classes,
               r->c->control == CT_CONTROL   ? "  [control]"
               : r->c->control == CT_VERDICT ? "  [public verdict]"
                                             : "");
        return;
    }
    print_header();
    ct_rng rng;
    ct_rng_seed(&rng);
    ct_result res;
    size_t samples = opt_samples;
    /* a control that hides in noise once is tried again with 2x, 4x and 8x
     * the samples before it counts as missed (a noisy VM once hid the table
     * AES control at |t| 3.84 with 4x) */
    int is_control = r->c->control == CT_CONTROL;
    int attempts = is_control && opt_assert ? 4 : 1;
    for (int a = 0; a < attempts; a++, samples *= 2) {
        if (!run_row(r, samples, &rng, &res)) {
            printf("%-28s %-34s FAILED: setup failed\n", r->c->name, r->label);
            rows_failed++;
            if (is_control) controls_expected++;
            return;
        }
        if (!is_control || res.t_max > CT_T_THRESHOLD) break;
        if (a + 1 < attempts) {
            printf("%-28s %-34s control not detected with %zu samples "
                   "(|t| %.2f): again with %zu\n",
                   r->c->name, r->label, samples, res.t_max, samples * 2);
        }
    }
    print_row(r, &res);
    rows_run++;
    if (is_control) {
        controls_expected++;
        if (res.t_max > CT_T_THRESHOLD) controls_detected++;
    } else if (r->c->control == CT_HUSH && res.t_max > CT_T_THRESHOLD) {
        rows_flagged++;
    }
}

static void set_label(row *r) {
    r->label[0] = 0;
    for (size_t i = 0; i < r->nforce; i++) {
        size_t n = strlen(r->label);
        snprintf(r->label + n, sizeof r->label - n, "%s%s=%s", n ? " " : "",
                 r->prim[i], r->impl[i]);
    }
    if (r->nforce == 0) snprintf(r->label, sizeof r->label, "-");
}

/* Pairs of tiers that run their own code only together (src/gcm/gcm.c: a
 * fused one-pass tier exists for exactly these pairs), so varying one
 * primitive at a time never reaches them. */
static const struct {
    const char *prim_a, *impl_a, *prim_b, *impl_b;
} fused_pairs[] = {
    {"aes", "aesni", "ghash", "pclmul"},
};

static int names_prim(const char *const *prims, size_t np, const char *p) {
    for (size_t i = 0; i < np; i++)
        if (strcmp(prims[i], p) == 0) return 1;
    return 0;
}

static int runs_impl(const char *prim, const char *impl) {
    const char *names[MAX_IMPLS];
    size_t n = hush_impl_list(prim, names, MAX_IMPLS);
    for (size_t i = 0; i < n && i < MAX_IMPLS; i++)
        if (strcmp(names[i], impl) == 0) return 1;
    return 0;
}

/* The rows of fused_pairs for a case naming both primitives (and no
 * others), unless the pair is already the default or a primitive is pinned
 * elsewhere. */
static void do_fused_pairs(const ct_case *c, const char *const *prims,
                           size_t np) {
    for (size_t k = 0; k < sizeof fused_pairs / sizeof fused_pairs[0]; k++) {
        const char *a = fused_pairs[k].prim_a, *b = fused_pairs[k].prim_b;
        const char *ia = fused_pairs[k].impl_a, *ib = fused_pairs[k].impl_b;
        if (np != 2 || !names_prim(prims, np, a) || !names_prim(prims, np, b))
            continue;
        if (!runs_impl(a, ia) || !runs_impl(b, ib)) continue;
        if (hush_impl(a) && hush_impl(b) && strcmp(hush_impl(a), ia) == 0 &&
            strcmp(hush_impl(b), ib) == 0)
            continue; /* the default row has it already */
        if ((is_pinned(a) && strcmp(hush_impl(a), ia) != 0) ||
            (is_pinned(b) && strcmp(hush_impl(b), ib) != 0))
            continue;
        row r = {.c = c};
        r.nforce = 2;
        r.prim[0] = a, r.impl[0] = ia;
        r.prim[1] = b, r.impl[1] = ib;
        set_label(&r);
        do_row(&r);
    }
}

/* One row per implementation of each primitive the case names: the first
 * primitive's every implementation with the others at their default, then
 * each other primitive's non-default implementations, then fused_pairs. */
static void do_case(const ct_case *c) {
    row r = {.c = c};
    if (c->force != NULL) {
        static char prim[32];
        const char *eq = strchr(c->force, '=');
        snprintf(prim, sizeof prim, "%.*s", (int)(eq - c->force), c->force);
        int present = runs_impl(prim, eq + 1);
        r.nforce = 1;
        r.prim[0] = prim;
        r.impl[0] = eq + 1;
        set_label(&r);
        if (!present) {
            if (!opt_list && (!opt_controls || c->control == CT_CONTROL) &&
                matches_only(&r)) {
                printf("%-28s %-34s unavailable: no such implementation\n",
                       c->name, r.label);
                if (c->control == CT_CONTROL) controls_expected++;
            }
            return;
        }
        do_row(&r);
        return;
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%s", c->prims);
    const char *prims[MAX_PRIMS];
    size_t np = 0;
    for (char *p = strtok(buf, " "); p && np < MAX_PRIMS; p = strtok(NULL, " "))
        prims[np++] = p;
    if (np == 0) {
        set_label(&r);
        do_row(&r);
        return;
    }
    for (size_t k = 0; k < np; k++) {
        const char *names[MAX_IMPLS];
        size_t n = hush_impl_list(prims[k], names, MAX_IMPLS);
        if (n > MAX_IMPLS) n = MAX_IMPLS;
        const char *dflt = hush_impl(prims[k]);
        if (dflt == NULL) { /* a name the registry does not know: a typo */
            fprintf(stderr, "hush-ct: case %s names unknown primitive %s\n",
                    c->name, prims[k]);
            exit(2);
        }
        for (size_t i = 0; i < n; i++) {
            if (is_variable_time(names[i])) continue;
            if (is_pinned(prims[k]) && strcmp(names[i], dflt) != 0) continue;
            if (k > 0 && strcmp(names[i], dflt) == 0) continue;
            /* the others stay at their default, named for the label */
            r.nforce = 0;
            for (size_t j = 0; j < np; j++) {
                r.prim[r.nforce] = prims[j];
                r.impl[r.nforce] = j == k ? names[i] : hush_impl(prims[j]);
                r.nforce++;
            }
            set_label(&r);
            do_row(&r);
        }
    }
    do_fused_pairs(c, prims, np);
}

int main(int argc, char **argv) {
    int positional = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--only") == 0 && i + 1 < argc) {
            opt_only = argv[++i];
        } else if (strcmp(a, "--impl") == 0 && i + 1 < argc) {
            opt_impl = argv[++i];
        } else if (strcmp(a, "--controls") == 0) {
            opt_controls = 1;
        } else if (strcmp(a, "--assert-controls") == 0) {
            opt_assert = 1;
        } else if (strcmp(a, "--markdown") == 0) {
            opt_markdown = 1;
        } else if (strcmp(a, "--rows") == 0 && i + 1 < argc) {
            char *end;
            opt_row_first = strtoul(argv[++i], &end, 10);
            opt_row_last =
                *end == '-' ? strtoul(end + 1, &end, 10) : opt_row_first;
            if (*end || opt_row_first == 0 || opt_row_last < opt_row_first)
                usage();
        } else if (strcmp(a, "--target") == 0 && i + 1 < argc) {
            opt_target = strtoul(argv[++i], NULL, 10);
        } else if (strcmp(a, "--aa") == 0) {
            ct_aa_test = 1;
        } else if (strcmp(a, "--list") == 0) {
            opt_list = 1;
        } else if (a[0] != '-' && positional < 2) {
            char *end;
            unsigned long long v = strtoull(a, &end, 10);
            if (*end || v == 0) usage();
            if (positional++ == 0)
                opt_samples = (size_t)v;
            else
                opt_calls = (size_t)v;
        } else {
            usage();
        }
    }
    if (opt_samples < 1000) {
        fprintf(stderr, "hush-ct: at least 1000 samples per row\n");
        return 2;
    }
    if (opt_impl != NULL) {
        int r = apply_impl_spec(opt_impl);
        if (r != 0) return r == 77 ? 77 : 2;
    }
    if (!opt_list) {
        printf("hush-ct: %zu samples x %zu calls per row; ticks are TSC "
               "ticks per call (not core cycles); |t| > %.1f flags a "
               "difference\n",
               opt_samples, opt_calls, CT_T_THRESHOLD);
        printf("cpu features: %s\n", hush_cpu_features_string());
    }
    time_t start = time(NULL);
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
        for (size_t i = 0; i < *groups[g].count; i++)
            do_case(&groups[g].cases[i]);
    if (opt_list) return 0;
    printf("%u rows in %lds; hush rows with |t| > %.1f: %u; controls "
           "detected: %u of %u\n",
           rows_run, (long)(time(NULL) - start), CT_T_THRESHOLD, rows_flagged,
           controls_detected, controls_expected);
    if (rows_failed) {
        printf("FAIL: %u rows could not be measured\n", rows_failed);
        return 1;
    }
    if (opt_assert) {
        if (controls_expected == 0 || controls_detected < controls_expected) {
            printf("FAIL: a control row was not detected or did not run\n");
            return 1;
        }
        printf("PASS: every control row leaked, as it must\n");
    }
    return 0;
}
