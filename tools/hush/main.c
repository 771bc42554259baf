/*
 * hush: the command-line face of the library, for people who never write C.
 *
 *   hush <command> [options]      (hush help lists the commands)
 */
#include <string.h>

#include "cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_version, &cli_cmd_impl,
#if defined(HUSH_HAVE_SHA256)
    &cli_cmd_hash,    &cli_cmd_hmac,
#endif
#if defined(HUSH_HAVE_SHA256) && defined(HUSH_HAVE_AEADS)
    &cli_cmd_keygen,  &cli_cmd_encrypt, &cli_cmd_decrypt,
#endif
#if defined(HUSH_HAVE_X25519)
    &cli_cmd_x25519,
#endif
    &cli_cmd_bench,   &cli_cmd_ct,      &cli_cmd_leakscan,
};

static int usage(FILE *f) {
    fprintf(f, "usage: hush <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %s\n", commands[i]->usage);
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage(stderr);
    if (strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "-h") == 0)
        return usage(stdout);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i]->name) == 0)
            return commands[i]->run(argc - 1, argv + 1);
    cli_error("unknown command '%s'", argv[1]);
    return usage(stderr);
}
