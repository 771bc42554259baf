/* Shared pieces of the `hush` command-line tool. */
#ifndef HUSH_CLI_H
#define HUSH_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "hush.h"

/*
 * Exit statuses (docs/CLI.md). hash and hmac follow sha256sum instead:
 * 1 for a file that could not be read or (-c) did not match.
 */
enum {
    CLI_OK = 0,
    CLI_FAIL = 1,   /* anything else: no memory, no randomness */
    CLI_USAGE = 2,  /* bad option or argument; nothing was done */
    CLI_INPUT = 3,  /* input, key or identity unreadable or malformed */
    CLI_AUTH = 4,   /* wrong key or passphrase, tampered or truncated file */
    CLI_OUTPUT = 5, /* output refused, or writing it failed */
};

/* A subcommand: argc/argv start at the subcommand's own name. */
typedef struct cli_command {
    const char *name;
    const char *summary; /* one line for `hush --help` */
    int (*run)(int argc, char **argv);
    /* a program it runs from the same directory (hush-bench): the command
     * is listed only where that program is installed */
    const char *program;
} cli_command;

/* Prints "hush: <message>" on stderr; returns `status`. */
int cli_fail(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Prints "hush: <message>" on stderr; returns CLI_FAIL. */
int cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "usage: ..." and a pointer to --help on stderr; returns CLI_USAGE. */
int cli_usage(const char *command, const char *synopsis);
/* Prints a command's help text on stdout; returns CLI_OK. */
int cli_help(const char *text);
/* The directory this executable is in (a static buffer), or NULL. */
const char *cli_self_dir(void);

/* Opens a file for reading, "-" or NULL meaning standard input; prints
 * the error and returns -1 on failure. */
int cli_open_in(const char *path);
/* The name to print for an input path ("-" for standard input). */
const char *cli_name(const char *path);

/* Reads up to len bytes, looping on short reads; returns bytes read (less
 * only at end of file), or -1 with errno set. */
long cli_read_full(int fd, uint8_t *buf, size_t len);
/* Writes all of buf; 0, or -1 with errno set (a zero-byte write is EIO). */
int cli_write_full(int fd, const uint8_t *buf, size_t len);

void cli_print_hex(FILE *f, const uint8_t *p, size_t len);
/* Decodes exactly `len` bytes of hex; 0 on success. */
int cli_parse_hex(const char *hex, uint8_t *out, size_t len);

/* Reads a key file of exactly `len` bytes straight into hardened secret
 * memory (hardening is reported on stderr when not all of it was granted).
 * Returns 0 or an exit status. */
int cli_read_key(const char *path, size_t len, hush_secret **out);

/* Writes a new file readable only by its owner; fails if it exists.
 * Returns 0 or an exit status. */
int cli_write_new_private(const char *path, const uint8_t *p, size_t len);

/* ---- files the command must not overwrite (cli_output.c) ---- */
typedef struct cli_inode {
    dev_t dev;
    ino_t ino;
} cli_inode;
#define CLI_MAX_GUARDED 64
typedef struct cli_guard {
    cli_inode files[CLI_MAX_GUARDED];
    size_t count;
} cli_guard;
/* Remembers the file behind fd (an input, key or identity file). */
void cli_guard_fd(cli_guard *g, int fd);

/*
 * An output: a temporary file beside the target, renamed into place by
 * cli_out_commit; or, for standard output and for targets that are not
 * regular files (devices, FIFOs), the target itself, written directly.
 * A symlink is refused. An existing regular file is replaced only with
 * force, never when it is one of the guarded files.
 */
typedef struct cli_out {
    const char *path; /* as given; NULL means standard output */
    int fd;
    int direct;  /* writing straight to the target */
    int created; /* tmp names a file this run created */
    int force;
    mode_t mode; /* given to the file at commit */
    char tmp[4096];
} cli_out;
/* Returns 0 or an exit status (the message printed). */
int cli_out_open(cli_out *o, const char *path, int force, const cli_guard *g);
/* Closes and renames into place. Returns 0 or an exit status. */
int cli_out_commit(cli_out *o);
/* Closes and removes the temporary file, if this run created one. */
void cli_out_abort(cli_out *o);
/* The name to print for an output. */
const char *cli_out_name(const cli_out *o);

/* ---- signals (cli_signal.c) ---- */
/* INT, TERM and HUP remove the registered temporary file and restore the
 * terminal, then end the process as the signal would have. */
void cli_signals_install(void);
/* Blocks or unblocks those signals in this thread. */
void cli_signals_block(int block);
void cli_cleanup_file(const char *path);                 /* NULL: none */
void cli_cleanup_tty(int fd, const void *termios_saved); /* fd -1: none */

/* ---- progress on stderr (cli_progress.c) ---- */
typedef struct cli_progress {
    int on;
    uint64_t total; /* 0 when unknown */
    uint64_t done;
    double start, last;
    const char *what;
} cli_progress;
/* On when stderr is a terminal and not quiet; total from fd if regular. */
void cli_progress_start(cli_progress *p, const char *what, int in_fd,
                        int quiet);
void cli_progress_add(cli_progress *p, uint64_t bytes);
void cli_progress_end(cli_progress *p);

/* The commands, each in its own file (compiled when its primitive is). */
extern const cli_command cli_cmd_version, cli_cmd_impl, cli_cmd_hash,
    cli_cmd_hmac, cli_cmd_keygen, cli_cmd_encrypt, cli_cmd_decrypt,
    cli_cmd_x25519, cli_cmd_bench, cli_cmd_ct, cli_cmd_leakscan;

#endif
