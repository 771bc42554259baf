/*
 * hush_random when the kernel's generator fails. In forked children a
 * seccomp filter makes getrandom(2) fail with a chosen errno: every
 * failure is HUSH_ERR_RANDOM, which hush_strerror names, and EINTR for
 * ever (a sandbox that answers EINTR, or a signal storm) ends after a
 * bounded number of retries instead of spinning. The secret constructors
 * that draw randomness pass the code on and leave *out NULL.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#define HAVE_FILTER 1
#endif

#include "harness.h"

#if defined(HAVE_FILTER)
/* getrandom(2) answers -err from now on in this process; everything else
 * is allowed. */
static int fail_getrandom_with(int err) {
    struct sock_filter f[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getrandom, 0, 1),
        BPF_STMT(BPF_RET | BPF_K,
                 SECCOMP_RET_ERRNO | ((unsigned)err & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog prog = {(unsigned short)(sizeof f / sizeof f[0]), f};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return -1;
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
}

static double seconds_since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) +
           (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* The child's verdict: exit 0 when every expectation held, else 1 with
 * the reasons on stderr (which the parent prints). */
static int child_bad;
#define EXPECT(cond)                                                           \
    do {                                                                       \
        if (!(cond)) {                                                         \
            fprintf(stderr, "child: expectation failed: %s\n", #cond);         \
            child_bad = 1;                                                     \
        }                                                                      \
    } while (0)

static void random_fails(void *arg) {
    int err = *(const int *)arg;
    if (fail_getrandom_with(err) != 0) {
        fprintf(stderr, "child: cannot install the seccomp filter: %s\n",
                strerror(errno));
        _exit(2);
    }
    /* the filter works: the raw call fails as told */
    uint8_t buf[64];
    errno = 0;
    EXPECT(syscall(SYS_getrandom, buf, sizeof buf, 0) == -1 && errno == err);

    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    EXPECT(hush_random(buf, sizeof buf) == HUSH_ERR_RANDOM);
    EXPECT(hush_random(buf, 1) == HUSH_ERR_RANDOM);
    /* a few thousand retries at most: well under a second */
    EXPECT(seconds_since(&t0) < 1.0);
    /* nothing to draw: no system call, success */
    EXPECT(hush_random(buf, 0) == HUSH_OK);
    EXPECT(hush_random(NULL, 0) == HUSH_OK);

    hush_secret *s = (hush_secret *)buf; /* not NULL: must be reset */
    EXPECT(hush_secret_random(&s, 32, 0) == HUSH_ERR_RANDOM);
    EXPECT(s == NULL);
    s = (hush_secret *)buf;
    EXPECT(hush_secret_random(&s, 32, HUSH_SECRET_HARDENED) == HUSH_ERR_RANDOM);
    EXPECT(s == NULL);
    /* memory that needs no randomness is still there */
    EXPECT(hush_secret_new(&s, 32, HUSH_SECRET_HARDENED) == HUSH_OK);
    hush_secret_destroy(s);
    EXPECT(hush_secret_new(&s, 32, 0) == HUSH_OK);
    hush_secret_destroy(s);
    _exit(child_bad);
}

static void test_failures(void) {
    /* EINTR for ever, then errors getrandom can really return */
    const int errs[] = {EINTR, ENOSYS, EPERM, EIO, EAGAIN, EFAULT};
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        char err[2048];
        int e = errs[i];
        int st = ht_run_child(random_fails, &e, err, sizeof err, 10000);
        if (!ht_exited_with(st, 0))
            fprintf(stderr, "errno %d (%s): %s%s", e, strerror(e),
                    ht_timed_out(st) ? "timed out after 10 s\n" : "", err);
        CHECK(!ht_timed_out(st));
        CHECK(ht_exited_with(st, 0));
    }
}
#endif

static void test_code(void) {
    CHECK_EQ_INT(HUSH_ERR_RANDOM, -8);
    const char *name = hush_strerror(HUSH_ERR_RANDOM);
    CHECK(strcmp(name, "unknown error") != 0);
    CHECK(strcmp(name, hush_strerror(HUSH_ERR_UNSUPPORTED)) != 0);
    CHECK(strstr(name, "random") != NULL);
}

/* Interrupted now and then, by a real signal, hush_random still succeeds:
 * the retry bound counts interruptions without progress only. */
static void on_alarm(int sig) { (void)sig; }

static void test_signals_still_succeed(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm; /* no SA_RESTART */
    sigaction(SIGALRM, &sa, NULL);
    timer_t timer;
    struct sigevent ev;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_SIGNAL;
    ev.sigev_signo = SIGALRM;
    if (timer_create(CLOCK_MONOTONIC, &ev, &timer) != 0) {
        CHECK(0);
        return;
    }
    struct itimerspec every = {{0, 20000}, {0, 20000}}; /* 50 kHz */
    timer_settime(timer, 0, &every, NULL);
    static uint8_t big[1 << 20];
    for (int i = 0; i < 20; i++)
        CHECK_EQ_INT(hush_random(big, sizeof big), HUSH_OK);
    timer_delete(timer);
    signal(SIGALRM, SIG_DFL);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_code();
    test_signals_still_succeed();
#if defined(HAVE_FILTER)
    test_failures();
#endif
    return ht_end();
}
