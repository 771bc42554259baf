/*
 * Ctrl-C (and TERM, HUP) in the middle of a run: the temporary output is
 * removed and a terminal left without echo by a passphrase prompt is
 * restored, then the process ends as the signal would have ended it (so
 * the shell sees the usual status). Everything the handler touches was
 * prepared beforehand; it calls only async-signal-safe functions.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"

static char cleanup_path[4096];
static volatile sig_atomic_t cleanup_armed;
static struct termios tty_saved;
static volatile sig_atomic_t tty_fd = -1;

static const int handled[] = {SIGINT, SIGTERM, SIGHUP};

static void on_signal(int sig) {
    if (cleanup_armed) unlink(cleanup_path);
    if (tty_fd >= 0) tcsetattr(tty_fd, TCSAFLUSH, &tty_saved);
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_signals_install(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
        sigaddset(&sa.sa_mask, handled[i]);
    }
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
        struct sigaction old;
        /* a signal the shell ignores (nohup, background jobs) stays so */
        if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(handled[i], &sa, NULL);
    }
}

void cli_signals_block(int block) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++)
        sigaddset(&set, handled[i]);
    pthread_sigmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

void cli_cleanup_file(const char *path) {
    cleanup_armed = 0;
    if (path == NULL) return;
    size_t n = strlen(path);
    if (n >= sizeof cleanup_path) return;
    memcpy(cleanup_path, path, n + 1);
    cleanup_armed = 1;
}

void cli_cleanup_tty(int fd, const void *termios_saved) {
    tty_fd = -1;
    if (fd < 0) return;
    memcpy(&tty_saved, termios_saved, sizeof tty_saved);
    tty_fd = fd;
}
