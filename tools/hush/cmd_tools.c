/*
 * hush bench | ct | leakscan: the measurement programs, which are built as
 * hush-bench, hush-ct and hush-leakscan next to this one.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static int run_sibling(const char *program, char **argv) {
    char self[PATH_MAX], path[PATH_MAX + 32];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return cli_error("cannot find my own location");
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash) *slash = 0;
    snprintf(path, sizeof path, "%s/%s", self, program);
    argv[0] = path;
    execv(path, argv);
    return cli_error("%s: %s (is it built? `make bench` builds it)", path,
                     strerror(errno));
}

static int run_bench(int argc, char **argv) {
    (void)argc;
    return run_sibling("hush-bench", argv);
}
static int run_ct(int argc, char **argv) {
    (void)argc;
    return run_sibling("hush-ct", argv);
}
static int run_leakscan(int argc, char **argv) {
    (void)argc;
    return run_sibling("hush-leakscan", argv);
}

const cli_command cli_cmd_bench = {
    "bench", "bench [ARGS]               the benchmark matrix (hush-bench)",
    run_bench};
const cli_command cli_cmd_ct = {
    "ct", "ct [ARGS]                  timing-leak test (hush-ct)", run_ct};
const cli_command cli_cmd_leakscan = {
    "leakscan", "leakscan [ARGS]            key-copy census (hush-leakscan)",
    run_leakscan};
