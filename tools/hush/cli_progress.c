/*
 * A progress line on stderr for long runs, only when stderr is a terminal
 * (never in a pipeline or a log) and --quiet was not given: percentage,
 * rate and time left when the input's size is known, bytes and rate when
 * it is not. Redrawn at most ten times a second; cleared at the end.
 */
#include <time.h>
#include <unistd.h>

#include "cli.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void human(char *buf, size_t cap, double bytes) {
    static const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4)
        bytes /= 1024, u++;
    snprintf(buf, cap, u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
}

void cli_progress_start(cli_progress *p, const char *what, int in_fd,
                        int quiet) {
    p->on = !quiet && isatty(STDERR_FILENO);
    p->total = 0;
    p->done = 0;
    p->what = what;
    p->start = p->last = now();
    struct stat st;
    if (in_fd >= 0 && fstat(in_fd, &st) == 0 && S_ISREG(st.st_mode)) {
        off_t pos = lseek(in_fd, 0, SEEK_CUR);
        p->total = (uint64_t)st.st_size - (pos > 0 ? (uint64_t)pos : 0);
    }
}

void cli_progress_add(cli_progress *p, uint64_t bytes) {
    p->done += bytes;
    if (!p->on) return;
    double t = now();
    /* nothing for the first half second: short runs stay silent */
    if (t - p->last < 0.1 || t - p->start < 0.5) return;
    p->last = t;
    double rate = (double)p->done / (t - p->start);
    char done[32], speed[32];
    human(done, sizeof done, (double)p->done);
    human(speed, sizeof speed, rate);
    if (p->total != 0 && p->done <= p->total) {
        double left = rate > 0 ? (double)(p->total - p->done) / rate : 0;
        fprintf(stderr, "\r\033[Khush: %s %3d%%  %s  %s/s  %d:%02d left",
                p->what, (int)(100.0 * (double)p->done / (double)p->total),
                done, speed, (int)left / 60, (int)left % 60);
    } else {
        fprintf(stderr, "\r\033[Khush: %s %s  %s/s", p->what, done, speed);
    }
}

void cli_progress_end(cli_progress *p) {
    if (p->on && p->last != p->start) fprintf(stderr, "\r\033[K");
}
