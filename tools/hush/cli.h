/* Shared pieces of the `hush` command-line tool. */
#ifndef HUSH_CLI_H
#define HUSH_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hush.h"

/* A subcommand: argc/argv start at the subcommand's own name. */
typedef struct cli_command {
    const char *name;
    const char *usage;
    int (*run)(int argc, char **argv);
} cli_command;

/* Prints "hush: <message>" on stderr; returns 1 (the exit status). */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Opens a file for reading, "-" or NULL meaning standard input. */
int cli_open_in(const char *path);

/* Reads up to len bytes, looping on short reads; returns bytes read, or -1. */
long cli_read_full(int fd, uint8_t *buf, size_t len);
int cli_write_full(int fd, const uint8_t *buf, size_t len);

void cli_print_hex(FILE *f, const uint8_t *p, size_t len);
/* Decodes exactly `len` bytes of hex; 0 on success. */
int cli_parse_hex(const char *hex, uint8_t *out, size_t len);

/* Reads a key file of exactly `len` bytes straight into hardened secret
 * memory (hardening is reported on stderr when not all of it was granted). */
int cli_read_key(const char *path, size_t len, hush_secret **out);

/* Writes a new file readable only by its owner; fails if it exists. */
int cli_write_new_private(const char *path, const uint8_t *p, size_t len);

/* The commands, each in its own file (compiled when its primitive is). */
extern const cli_command cli_cmd_version, cli_cmd_impl, cli_cmd_hash,
    cli_cmd_hmac, cli_cmd_keygen, cli_cmd_encrypt, cli_cmd_decrypt,
    cli_cmd_x25519, cli_cmd_bench, cli_cmd_ct, cli_cmd_leakscan;

#endif
