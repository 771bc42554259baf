/*
 * hush bench | ct | leakscan: the measurement programs, which are built as
 * hush-bench, hush-ct and hush-leakscan next to this one. They are not
 * installed, so an installed hush does not list these commands (main.c).
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

const char *cli_self_dir(void) {
    static char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return NULL;
    self[n] = 0;
    char *slash = strrchr(self, '/');
    if (slash) *slash = 0;
    return self;
}

static int run_sibling(const char *program, char **argv) {
    const char *dir = cli_self_dir();
    if (dir == NULL) return cli_error("cannot find my own location");
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/%s", dir, program);
    argv[0] = path;
    execv(path, argv);
    return cli_error("%s: %s (it is built in the source tree: make bench)",
                     path, strerror(errno));
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

const cli_command cli_cmd_bench = {"bench", "the benchmark matrix (hush-bench)",
                                   run_bench, "hush-bench"};
const cli_command cli_cmd_ct = {"ct", "timing-leak test (hush-ct)", run_ct,
                                "hush-ct"};
const cli_command cli_cmd_leakscan = {"leakscan",
                                      "key-copy census (hush-leakscan)",
                                      run_leakscan, "hush-leakscan"};
