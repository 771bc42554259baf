/*
 * hush_secret_read_fd from a pipe fed in small pieces: every short read is
 * continued, and reads interrupted by a signal (a handler installed without
 * SA_RESTART, so read(2) returns EINTR) are retried. End of file before the
 * length wanted fails and leaves nothing.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

static atomic_int signals_seen;
static void on_signal(int sig) {
    (void)sig;
    atomic_fetch_add(&signals_seen, 1);
}

typedef struct feeder {
    int fd;
    const uint8_t *data;
    size_t len;
    pthread_t reader;
} feeder;

static void pause_us(long us) {
    struct timespec ts = {0, us * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* Writes 1..7 bytes at a time; every 16th piece it first lets the reader
 * block on the empty pipe and then interrupts it with SIGUSR1. */
static void *feed(void *arg) {
    feeder *f = arg;
    size_t off = 0, piece = 0;
    while (off < f->len) {
        size_t n = 1 + piece % 7;
        if (n > f->len - off) n = f->len - off;
        if (piece % 16 == 0) {
            pause_us(1000);
            pthread_kill(f->reader, SIGUSR1);
            pause_us(200);
        }
        ssize_t w = write(f->fd, f->data + off, n);
        if (w > 0) off += (size_t)w;
        piece++;
        pause_us(20);
    }
    close(f->fd);
    return NULL;
}

static void test_short_reads(unsigned flags) {
    enum { LEN = 1500 };
    uint8_t want[LEN];
    ht_rand_bytes(want, sizeof want);
    int fds[2];
    CHECK_EQ_INT(pipe(fds), 0);
    atomic_store(&signals_seen, 0);
    feeder f = {fds[1], want, LEN, pthread_self()};
    pthread_t writer;
    CHECK_EQ_INT(pthread_create(&writer, NULL, feed, &f), 0);
    hush_secret *s = NULL;
    CHECK_EQ_INT(hush_secret_read_fd(&s, fds[0], LEN, flags), HUSH_OK);
    pthread_join(writer, NULL);
    CHECK(s != NULL);
    CHECK_EQ_INT(hush_secret_len(s), LEN);
    CHECK_MEM(hush_secret_ptr(s), want, LEN);
    CHECK(atomic_load(&signals_seen) >= 10); /* the reads were interrupted */
    hush_secret_destroy(s);
    close(fds[0]);
}

static void test_early_eof(unsigned flags) {
    int fds[2];
    CHECK_EQ_INT(pipe(fds), 0);
    uint8_t some[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    CHECK_EQ_INT(write(fds[1], some, sizeof some), sizeof some);
    close(fds[1]);
    hush_secret *s = (hush_secret *)&s;
    CHECK_EQ_INT(hush_secret_read_fd(&s, fds[0], 20, flags), HUSH_ERR_INVALID);
    CHECK(s == NULL);
    close(fds[0]);
}

static void test_edges(unsigned flags) {
    int fds[2];
    CHECK_EQ_INT(pipe(fds), 0);
    /* zero bytes wanted: nothing is read (the pipe would block) */
    hush_secret *s = NULL;
    CHECK_EQ_INT(hush_secret_read_fd(&s, fds[0], 0, flags), HUSH_OK);
    CHECK(s != NULL);
    CHECK_EQ_INT(hush_secret_len(s), 0);
    hush_secret_destroy(s);
    /* exactly len bytes are taken; the rest stays for the next reader */
    uint8_t data[40];
    ht_rand_bytes(data, sizeof data);
    CHECK_EQ_INT(write(fds[1], data, sizeof data), sizeof data);
    CHECK_EQ_INT(hush_secret_read_fd(&s, fds[0], 32, flags), HUSH_OK);
    CHECK_MEM(hush_secret_ptr(s), data, 32);
    hush_secret_destroy(s);
    uint8_t rest[8];
    CHECK_EQ_INT(read(fds[0], rest, sizeof rest), 8);
    CHECK_MEM(rest, data + 32, 8);
    /* a descriptor that cannot be read */
    s = (hush_secret *)&s;
    errno = 0;
    CHECK_EQ_INT(hush_secret_read_fd(&s, fds[1], 4, flags), HUSH_ERR_INVALID);
    CHECK_EQ_INT(errno, EBADF); /* the read error is told by errno */
    CHECK(s == NULL);
    close(fds[0]);
    close(fds[1]);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal; /* no SA_RESTART: read(2) returns EINTR */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGUSR1, &sa, NULL);
    const unsigned tiers[] = {0, HUSH_SECRET_HARDENED};
    for (size_t t = 0; t < 2; t++) {
        test_short_reads(tiers[t]);
        test_early_eof(tiers[t]);
        test_edges(tiers[t]);
    }
    return ht_end();
}
