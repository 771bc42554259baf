/*
 * hush: the command-line face of the library, for people who never write C.
 *
 *   hush <command> [options]      (hush --help lists the commands)
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const cli_command *const commands[] = {
    &cli_cmd_keygen, &cli_cmd_encrypt, &cli_cmd_decrypt,  &cli_cmd_hash,
    &cli_cmd_hmac,   &cli_cmd_x25519,  &cli_cmd_impl,     &cli_cmd_version,
    &cli_cmd_bench,  &cli_cmd_ct,      &cli_cmd_leakscan,
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* A command that runs another program exists only where it is installed. */
static int available(const cli_command *c) {
    if (c->program == NULL) return 1;
    const char *dir = cli_self_dir();
    char path[PATH_MAX + 32];
    if (dir == NULL) return 0;
    snprintf(path, sizeof path, "%s/%s", dir, c->program);
    return access(path, X_OK) == 0;
}

static int usage(FILE *f) {
    fprintf(f, "usage: hush <command> [options]\n"
               "       hush <command> --help\n"
               "       hush --version\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (available(commands[i]))
            fprintf(f, "  %-10s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(f, "\nman hush explains everything, with the exit statuses.\n");
    return f == stderr ? CLI_USAGE : CLI_OK;
}

/* Whatever a command printed must have reached its destination: a full
 * disk or a closed pipe on standard output is an error, not a success. */
static int finish_stdout(int status) {
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int saved = errno;
    if (close(STDOUT_FILENO) != 0 && errno != EBADF && !bad)
        bad = 1, saved = errno;
    if (bad && status == CLI_OK) {
        fprintf(stderr, "hush: standard output: write error: %s\n",
                strerror(saved));
        return CLI_OUTPUT;
    }
    return status;
}

int main(int argc, char **argv) {
    cli_signals_install();
    if (argc < 2) return usage(stderr);
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 ||
        strcmp(name, "-h") == 0) {
        if (argc > 2) { /* hush help COMMAND */
            argv[1] = argv[2];
            argv[2] = "--help";
            name = argv[1];
            argc = 3;
        } else {
            return finish_stdout(usage(stdout));
        }
    }
    if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0)
        name = "version";
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i]->name) == 0 && available(commands[i]))
            return finish_stdout(commands[i]->run(argc - 1, argv + 1));
    cli_error("unknown command '%s'", name);
    return usage(stderr);
}
