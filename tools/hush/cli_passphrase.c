/*
 * Passphrases from the terminal, as age asks for them: /dev/tty (not
 * standard input, which may be the data), echo off, one line, read byte by
 * byte straight into hardened secret memory. A signal during the prompt
 * restores the terminal (cli_signal.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "age.h"

#define MAX_PASSPHRASE 1024

int cli_read_passphrase(const char *prompt, hush_secret **out) {
    int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return cli_fail(CLI_USAGE,
                        "a passphrase is read from the terminal, "
                        "and there is none (%s)",
                        strerror(errno));
    struct termios saved, quiet;
    if (tcgetattr(fd, &saved) != 0) {
        close(fd);
        return cli_fail(CLI_USAGE, "cannot use the terminal: %s",
                        strerror(errno));
    }
    hush_secret *buf;
    if (hush_secret_new(&buf, MAX_PASSPHRASE, HUSH_SECRET_HARDENED) !=
        HUSH_OK) {
        close(fd);
        return cli_error("no secret memory");
    }
    /* echo off before the prompt appears: whatever is typed after it must
     * neither be echoed nor be flushed away by this change */
    quiet = saved;
    quiet.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    quiet.c_lflag |= ICANON;
    cli_cleanup_tty(fd, &saved);
    tcsetattr(fd, TCSAFLUSH, &quiet);
    cli_write_full(fd, (const uint8_t *)prompt, strlen(prompt));
    uint8_t *p = hush_secret_ptr_mut(buf);
    size_t n = 0;
    int st = 0;
    for (;;) {
        uint8_t c;
        ssize_t r = read(fd, &c, 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0 || c == '\n') break;
        if (n == MAX_PASSPHRASE) {
            st = cli_fail(CLI_USAGE, "passphrase longer than %d bytes",
                          MAX_PASSPHRASE);
            break;
        }
        p[n++] = c;
        c = 0;
    }
    tcsetattr(fd, TCSANOW, &saved);
    cli_cleanup_tty(-1, NULL);
    cli_write_full(fd, (const uint8_t *)"\n", 1);
    close(fd);
    if (n > 0 && p[n - 1] == '\r') n--;
    if (st == 0) {
        /* the exact length, so the passphrase is hush_secret_len of it */
        if (hush_secret_from(out, p, n, HUSH_SECRET_HARDENED) != HUSH_OK)
            st = cli_error("no secret memory");
    }
    hush_secret_destroy(buf);
    return st;
}
