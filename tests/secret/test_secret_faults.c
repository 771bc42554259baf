/*
 * What the hardened tier does when something goes wrong, each case in a
 * forked child: overflow and underflow hit the guard pages (SIGSEGV), a
 * corrupted canary aborts with a message, NOACCESS and READONLY fault,
 * a forked child reads zeros, and HUSH_SECRET_REQUIRE fails cleanly when
 * mlock is refused (RLIMIT_MEMLOCK 0 after dropping CAP_IPC_LOCK).
 *
 * Under ASan the children restore the default SIGSEGV action through the
 * raw system call (secret_util.c), so the kernel's fault reaches waitpid.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "secret/secret_impl.h"
#include "secret_util.h"

static hush_secret *make_hardened(size_t len) {
    hush_secret *s = NULL;
    if (hush_secret_new(&s, len, HUSH_SECRET_HARDENED) != HUSH_OK) abort();
    memset(hush_secret_ptr_mut(s), 0x3c, len);
    return s;
}

/* volatile accesses: the compiler may not drop or reorder the faulting one */
static void poke(uint8_t *p) { *(volatile uint8_t *)p = 0x42; }
static uint8_t peek(const uint8_t *p) { return *(const volatile uint8_t *)p; }

/* ---- guard pages ---- */
static void overflow_by_one(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    poke(hush_secret_ptr_mut(s) + len); /* one past the end: the end guard */
    _exit(3);                           /* not reached */
}

static void overread_by_one(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    (void)peek(hush_secret_ptr(s) + len);
    _exit(3);
}

static void underflow_to_guard(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    /* the byte before the first payload page: the front guard */
    size_t page = su_page_size();
    uintptr_t first =
        ((uintptr_t)hush_secret_ptr(s) - HUSH_SECRET_CANARY_BYTES) &
        ~(uintptr_t)(page - 1);
    poke((uint8_t *)(first - 1));
    _exit(3);
}

static void test_guards(void) {
    const size_t lens[] = {1, 32, 64, 4000, 4096, 9000, 70000};
    for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
        size_t len = lens[i];
        int st = su_run_child(overflow_by_one, &len, NULL, 0);
        CHECK(su_killed_by(st, SIGSEGV));
        st = su_run_child(overread_by_one, &len, NULL, 0);
        CHECK(su_killed_by(st, SIGSEGV));
        st = su_run_child(underflow_to_guard, &len, NULL, 0);
        CHECK(su_killed_by(st, SIGSEGV));
    }
}

/* ---- canary ---- */
static void corrupt_then_destroy(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    hush_secret_ptr_mut(s)[-1] ^= 1; /* the byte right before the payload */
    hush_secret_destroy(s);
    _exit(3);
}

static void corrupt_then_protect(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    hush_secret_ptr_mut(s)[-HUSH_SECRET_CANARY_BYTES] ^= 0x80; /* first byte */
    /* must abort: returning at all, with any result, is the failure */
    _exit(hush_secret_protect(s, HUSH_PROT_READONLY) == HUSH_OK ? 3 : 5);
}

static void intact_then_destroy(void *arg) {
    size_t len = *(size_t *)arg;
    hush_secret *s = make_hardened(len);
    if (hush_secret_protect(s, HUSH_PROT_READONLY) != HUSH_OK) _exit(5);
    hush_secret_destroy(s);
    _exit(0);
}

static void test_canary(void) {
    const size_t lens[] = {0, 32, 4096};
    char err[512];
    for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
        size_t len = lens[i];
        int st = su_run_child(corrupt_then_destroy, &len, err, sizeof err);
        CHECK(su_killed_by(st, SIGABRT));
        CHECK(strstr(err, "canary") != NULL);
        st = su_run_child(corrupt_then_protect, &len, err, sizeof err);
        CHECK(su_killed_by(st, SIGABRT));
        CHECK(strstr(err, "canary") != NULL);
        /* the control: an untouched canary passes both checks */
        st = su_run_child(intact_then_destroy, &len, err, sizeof err);
        CHECK(su_exited_with(st, 0));
        CHECK_EQ_INT(strlen(err), 0);
    }
}

/* ---- protect ---- */
/* Each child makes its own secret: one inherited from the parent would
 * read as zeros there (WIPEONFORK). */
static void read_noaccess(void *arg) {
    (void)arg;
    hush_secret *s = make_hardened(64);
    if (hush_secret_protect(s, HUSH_PROT_NOACCESS) != HUSH_OK) _exit(5);
    (void)peek(hush_secret_ptr(s));
    _exit(3);
}

static void write_noaccess(void *arg) {
    (void)arg;
    hush_secret *s = make_hardened(64);
    if (hush_secret_protect(s, HUSH_PROT_NOACCESS) != HUSH_OK) _exit(5);
    poke(hush_secret_ptr_mut(s) + 5);
    _exit(3);
}

static void write_readonly(void *arg) {
    (void)arg;
    hush_secret *s = make_hardened(100);
    if (hush_secret_protect(s, HUSH_PROT_READONLY) != HUSH_OK) _exit(5);
    if (peek(hush_secret_ptr(s) + 99) != 0x3c) _exit(4);
    poke(hush_secret_ptr_mut(s) + 99);
    _exit(3);
}

static void noaccess_then_readwrite(void *arg) {
    (void)arg;
    hush_secret *s = make_hardened(100);
    if (hush_secret_protect(s, HUSH_PROT_NOACCESS) != HUSH_OK) _exit(5);
    if (hush_secret_protect(s, HUSH_PROT_READWRITE) != HUSH_OK) _exit(5);
    poke(hush_secret_ptr_mut(s));
    int ok = peek(hush_secret_ptr(s) + 99) == 0x3c;
    hush_secret_destroy(s);
    _exit(ok ? 0 : 4);
}

static void test_protect_faults(void) {
    CHECK(su_killed_by(su_run_child(read_noaccess, NULL, NULL, 0), SIGSEGV));
    CHECK(su_killed_by(su_run_child(write_noaccess, NULL, NULL, 0), SIGSEGV));
    CHECK(su_killed_by(su_run_child(write_readonly, NULL, NULL, 0), SIGSEGV));
    /* the control: access comes back */
    CHECK(su_exited_with(su_run_child(noaccess_then_readwrite, NULL, NULL, 0),
                         0));
}

/* ---- fork ---- */
static hush_secret *inherited_hardened, *inherited_default;

static void child_reads_inherited(void *arg) {
    unsigned parent_status = *(unsigned *)arg;
    int code = 0;
    const uint8_t *p = hush_secret_ptr(inherited_hardened);
    size_t n = hush_secret_len(inherited_hardened);
    unsigned st = hush_secret_status(inherited_hardened);
    if ((st & HUSH_GRANTED_WIPEONFORK) && !ht_all_zero(p, n)) code |= 1;
    if (st & HUSH_GRANTED_MLOCK) code |= 2; /* locks are not inherited */
    /* the default tier is plain heap: the child has a full copy */
    if (hush_secret_ptr(inherited_default)[0] != 0x3c) code |= 4;
    /* destroying an inherited secret works (its canary was zeroed too) */
    hush_secret_destroy(inherited_hardened);
    hush_secret_destroy(inherited_default);
    /* and the child's own hardened secrets are granted as the parent's */
    hush_secret *mine = make_hardened(32);
    if (hush_secret_status(mine) != parent_status) code |= 8;
    hush_secret_destroy(mine);
    _exit(code);
}

static void test_wipe_on_fork(void) {
    inherited_hardened = make_hardened(300);
    CHECK_EQ_INT(hush_secret_new(&inherited_default, 300, 0), HUSH_OK);
    memset(hush_secret_ptr_mut(inherited_default), 0x3c, 300);
    unsigned st = hush_secret_status(inherited_hardened);
    CHECK(st & HUSH_GRANTED_WIPEONFORK); /* granted on every kernel >= 4.14 */
    int status = su_run_child(child_reads_inherited, &st, NULL, 0);
    CHECK(su_exited_with(status, 0));
    if (!su_exited_with(status, 0))
        printf("child exit status %d\n", WEXITSTATUS(status));
    /* the parent's copy is untouched */
    uint8_t want[300];
    memset(want, 0x3c, sizeof want);
    CHECK_MEM(hush_secret_ptr(inherited_hardened), want, 300);
    CHECK_EQ_INT(hush_secret_status(inherited_hardened), st);
    hush_secret_destroy(inherited_hardened);
    hush_secret_destroy(inherited_default);
}

/* ---- REQUIRE when mlock is refused ---- */
static void refused_mlock(void *arg) {
    (void)arg;
    int code = 0;
    /* Root's CAP_IPC_LOCK lets mlock ignore the limit: drop it first. */
    if (su_drop_ipc_lock() != 0) _exit(20);
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_MEMLOCK, &none) != 0) _exit(21);

    /* without REQUIRE: created, and the status says mlock is missing */
    hush_secret *s = NULL;
    if (hush_secret_new(&s, 32, HUSH_SECRET_HARDENED) != HUSH_OK) _exit(22);
    unsigned st = hush_secret_status(s);
    if (st & HUSH_GRANTED_MLOCK) code |= 1;
    if (!(st & HUSH_GRANTED_HARDENED) || !(st & HUSH_GRANTED_GUARDS) ||
        !(st & HUSH_GRANTED_CANARY))
        code |= 2;
    hush_secret_destroy(s); /* not fully granted: unmapped, not pooled */

    /* with REQUIRE: HUSH_ERR_HARDENING, nothing mapped or locked after */
    long maps = su_mapping_count(), locked = su_locked_kib();
    for (int i = 0; i < 3; i++) {
        s = (hush_secret *)&s;
        unsigned f = HUSH_SECRET_REQUIRE | (i ? HUSH_SECRET_HARDENED : 0);
        int r = i == 2 ? hush_secret_random(&s, 4000, f)
                       : hush_secret_new(&s, 32, f);
        if (r != HUSH_ERR_HARDENING || s != NULL) code |= 4;
    }
    uint8_t key[32] = {1};
    s = (hush_secret *)&s;
    if (hush_secret_from(&s, key, sizeof key, HUSH_SECRET_REQUIRE) !=
            HUSH_ERR_HARDENING ||
        s != NULL)
        code |= 4;
    /* read_fd fails before reading: the bytes stay in the pipe */
    int fds[2];
    if (pipe(fds) != 0 || write(fds[1], key, sizeof key) != sizeof key)
        _exit(23);
    if (hush_secret_read_fd(&s, fds[0], sizeof key, HUSH_SECRET_REQUIRE) !=
        HUSH_ERR_HARDENING)
        code |= 8;
    uint8_t back[32];
    fcntl(fds[0], F_SETFL, O_NONBLOCK); /* a wrong answer must not hang */
    if (read(fds[0], back, sizeof back) != sizeof back) code |= 8;
    if (su_mapping_count() != maps) code |= 16;
    if (su_locked_kib() != locked) code |= 32;
    _exit(code);
}

static void test_require_refused(void) {
    int st = su_run_child(refused_mlock, NULL, NULL, 0);
    CHECK(su_exited_with(st, 0));
    if (!su_exited_with(st, 0))
        printf("child exit status %d\n", WEXITSTATUS(st));
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_guards();
    test_canary();
    test_protect_faults();
    test_wipe_on_fork();
    test_require_refused();
    return ht_end();
}
