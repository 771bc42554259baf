/* hush version, hush impl: what this build is and what it runs. */
#include <string.h>

#include "cli.h"

static int run_version(int argc, char **argv) {
    if (argc > 1 &&
        (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return cli_help("usage: hush version\n       hush --version\n\n"
                        "Prints the version of hush and its library.\n");
    if (argc > 1) return cli_usage("version", "version");
    printf("hush %s\n", hush_version());
    return 0;
}

static int run_impl(int argc, char **argv) {
    if (argc > 1 &&
        (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
        return cli_help("usage: hush impl\n\nLists each primitive's "
                        "implementation in use and those this CPU can run\n"
                        "(HUSH_IMPL=prim=impl,... forces a choice).\n");
    if (argc > 1) return cli_usage("impl", "impl");
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

const cli_command cli_cmd_version = {"version", "print the version",
                                     run_version, NULL};
const cli_command cli_cmd_impl = {
    "impl", "implementations in use and available", run_impl, NULL};
