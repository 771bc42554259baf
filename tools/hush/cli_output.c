/*
 * Outputs that never lose data (docs/CLI.md, "Never lose data").
 *
 * A regular-file output is written to a temporary file beside it and
 * renamed into place only when the command succeeded, so a failure, a full
 * disk or a signal leaves whatever was there before and nothing else.
 * Without -f the rename refuses to replace a file (RENAME_NOREPLACE, or
 * link + unlink where the file system lacks it), so two runs writing the
 * same new output cannot both win: one fails, neither leaves a mixture.
 * With -f the rename replaces atomically: the last complete run wins.
 * Standard output and outputs that are not regular files (a terminal, a
 * device, a FIFO) cannot be renamed onto: they are written directly. A
 * symlink is refused rather than replaced. No output may be one of the
 * command's own input, key or identity files.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

void cli_guard_fd(cli_guard *g, int fd) {
    struct stat st;
    if (g->count < CLI_MAX_GUARDED && fstat(fd, &st) == 0) {
        g->files[g->count].dev = st.st_dev;
        g->files[g->count].ino = st.st_ino;
        g->count++;
    }
}

static int guarded(const cli_guard *g, const struct stat *st) {
    for (size_t i = 0; g != NULL && i < g->count; i++)
        if (g->files[i].dev == st->st_dev && g->files[i].ino == st->st_ino)
            return 1;
    return 0;
}

const char *cli_out_name(const cli_out *o) {
    return o->path ? o->path : "standard output";
}

static mode_t default_mode(void) {
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* dir/.base.hush-XXXXXX for path dir/base, or -1 when it would not fit
 * whole: a truncated template would name some other file. */
static int temp_name(char *tmp, size_t cap, const char *path) {
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dirlen;
    size_t baselen = strlen(base);
    if (baselen == 0) return -1;
    /* ".", ".hush-XXXXXX": 12 bytes beyond the name, within NAME_MAX */
    if (baselen + 12 > NAME_MAX) return -1;
    int n = snprintf(tmp, cap, "%.*s.%s.hush-XXXXXX", (int)dirlen, path, base);
    if (n < 0 || (size_t)n >= cap || (size_t)n >= PATH_MAX) return -1;
    return 0;
}

int cli_out_open(cli_out *o, const char *path, int force, const cli_guard *g) {
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->force = force;
    o->mode = default_mode();
    struct stat st;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fd = STDOUT_FILENO;
        o->direct = 1;
        if (fstat(o->fd, &st) == 0 && S_ISREG(st.st_mode) && guarded(g, &st))
            return cli_fail(CLI_OUTPUT,
                            "standard output is one of this command's input "
                            "files: refused (it would destroy it)");
        return 0;
    }
    o->path = path;
    if (lstat(path, &st) == 0) {
        if (S_ISLNK(st.st_mode))
            return cli_fail(CLI_OUTPUT,
                            "%s: is a symbolic link: refused (name the file "
                            "it points to)",
                            path);
        if (S_ISDIR(st.st_mode))
            return cli_fail(CLI_OUTPUT, "%s: is a directory", path);
        if (guarded(g, &st))
            return cli_fail(CLI_OUTPUT,
                            "%s: is also this command's input, key or "
                            "identity file: refused",
                            path);
        if (!S_ISREG(st.st_mode)) {
            /* a device or a FIFO: renaming onto it would replace it */
            o->fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
            if (o->fd < 0)
                return cli_fail(CLI_OUTPUT, "%s: %s", path, strerror(errno));
            o->direct = 1;
            return 0;
        }
        if (!force)
            return cli_fail(CLI_OUTPUT,
                            "%s: already exists; -f (--force) replaces it",
                            path);
        o->mode = st.st_mode & 07777;
    } else if (errno != ENOENT) {
        return cli_fail(CLI_OUTPUT, "%s: %s", path, strerror(errno));
    }
    if (temp_name(o->tmp, sizeof o->tmp, path) != 0)
        return cli_fail(CLI_OUTPUT,
                        "%s: output path too long (its temporary file's name "
                        "would not fit)",
                        path);
    /* no signal between creating the file and registering it for cleanup */
    cli_signals_block(1);
    o->fd = mkostemp(o->tmp, O_CLOEXEC);
    if (o->fd >= 0) {
        o->created = 1;
        cli_cleanup_file(o->tmp);
    }
    int saved = errno;
    cli_signals_block(0);
    if (o->fd < 0)
        return cli_fail(CLI_OUTPUT, "%s: cannot create a file beside it: %s",
                        path, strerror(saved));
    return 0;
}

static int rename_noreplace(const char *from, const char *to) {
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
        return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    /* a file system without RENAME_NOREPLACE: link refuses to replace */
    if (link(from, to) != 0) return -1;
    unlink(from);
    return 0;
}

int cli_out_commit(cli_out *o) {
    if (o->direct) {
        /* standard output stays open for the exit checks in main */
        if (o->fd != STDOUT_FILENO && close(o->fd) != 0) {
            o->fd = -1;
            return cli_fail(CLI_OUTPUT, "%s: %s", o->path, strerror(errno));
        }
        o->fd = -1;
        return 0;
    }
    int bad = fchmod(o->fd, o->mode) != 0;
    int saved = errno;
    if (close(o->fd) != 0 && !bad) bad = 1, saved = errno;
    o->fd = -1;
    if (bad) {
        cli_out_abort(o);
        return cli_fail(CLI_OUTPUT, "%s: %s", o->path, strerror(saved));
    }
    cli_signals_block(1);
    int r =
        o->force ? rename(o->tmp, o->path) : rename_noreplace(o->tmp, o->path);
    saved = errno;
    if (r == 0) {
        o->created = 0;
        cli_cleanup_file(NULL);
    }
    cli_signals_block(0);
    if (r != 0) {
        cli_out_abort(o);
        if (saved == EEXIST)
            return cli_fail(CLI_OUTPUT,
                            "%s: appeared while this ran (another run?); left "
                            "as it is: -f replaces it",
                            o->path);
        return cli_fail(CLI_OUTPUT, "%s: %s", o->path, strerror(saved));
    }
    return 0;
}

void cli_out_abort(cli_out *o) {
    if (o->fd >= 0 && o->fd != STDOUT_FILENO) close(o->fd);
    o->fd = -1;
    if (o->created) {
        cli_signals_block(1);
        unlink(o->tmp);
        o->created = 0;
        cli_cleanup_file(NULL);
        cli_signals_block(0);
    }
}
