/* hush version, hush impl: what this build is and what it runs. */
#include <string.h>

#include "cli.h"

static int run_version(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("hush %s\n", hush_version());
    return 0;
}

static int run_impl(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("cpu features: %s\n", hush_cpu_features_string());
    for (size_t i = 0; i < hush_primitive_count(); i++) {
        const char *p = hush_primitive_name(i);
        const char *names[16];
        size_t n = hush_impl_list(p, names, 16);
        printf("%-9s in use: %-11s available:", p, hush_impl(p));
        for (size_t j = 0; j < n && j < 16; j++)
            printf(" %s", names[j]);
        printf("\n");
    }
    return 0;
}

const cli_command cli_cmd_version = {"version", "version", run_version};
const cli_command cli_cmd_impl = {
    "impl", "impl                       implementations in use and available",
    run_impl};
