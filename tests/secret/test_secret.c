/*
 * hush_secret in both tiers: constructors, views, equality, alignment,
 * status bits checked against what the kernel reports for the mapping,
 * pool reuse and its bounds on locked memory, and many threads at once.
 * Faults, aborts and fork are in test_secret_faults.c, read_fd in
 * test_secret_read_fd.c.
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"
#include "secret/secret_impl.h"
#include "secret_util.h"

static const unsigned tiers[] = {0, HUSH_SECRET_HARDENED};

static void test_arguments(void) {
    hush_secret *s = (hush_secret *)&s; /* must be reset to NULL */
    uint8_t buf[8] = {0};
    CHECK_EQ_INT(hush_secret_new(NULL, 8, 0), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_secret_new(&s, 8, 0x80u), HUSH_ERR_INVALID); /* unknown */
    CHECK(s == NULL);
    s = (hush_secret *)&s;
    CHECK_EQ_INT(hush_secret_from(&s, NULL, 8, 0), HUSH_ERR_INVALID);
    CHECK(s == NULL);
    CHECK_EQ_INT(hush_secret_from(NULL, buf, 8, 0), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_secret_random(NULL, 8, 0), HUSH_ERR_INVALID);
    s = (hush_secret *)&s;
    CHECK_EQ_INT(hush_secret_read_fd(&s, -1, 8, 0), HUSH_ERR_INVALID);
    CHECK(s == NULL);
    CHECK_EQ_INT(hush_secret_new(&s, SIZE_MAX, 0), HUSH_ERR_NOMEM);
    CHECK(s == NULL);
    CHECK_EQ_INT(hush_secret_new(&s, SIZE_MAX, HUSH_SECRET_HARDENED),
                 HUSH_ERR_NOMEM);
    CHECK(s == NULL);
    /* NULL handles */
    hush_secret_destroy(NULL);
    CHECK_EQ_INT(hush_secret_len(NULL), 0);
    CHECK(hush_secret_ptr(NULL) == NULL);
    CHECK(hush_secret_ptr_mut(NULL) == NULL);
    CHECK_EQ_INT(hush_secret_status(NULL), 0);
    CHECK_EQ_INT(hush_secret_flags(NULL), 0);
    CHECK_EQ_INT(hush_secret_equal(NULL, NULL), 0);
    CHECK_EQ_INT(hush_secret_protect(NULL, HUSH_PROT_READONLY),
                 HUSH_ERR_INVALID);
}

static void test_constructors(void) {
    uint8_t src[5000];
    ht_rand_bytes(src, sizeof src);
    const size_t lens[] = {0,  1,   15,   16,   31,   32,   33,
                           64, 240, 4079, 4080, 4081, 4096, 5000};
    for (size_t t = 0; t < 2; t++) {
        for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
            size_t n = lens[i];
            hush_secret *a = NULL, *b = NULL, *r = NULL;
            CHECK_EQ_INT(hush_secret_new(&a, n, tiers[t]), HUSH_OK);
            CHECK_EQ_INT(hush_secret_len(a), n);
            CHECK(hush_secret_ptr(a) != NULL);
            CHECK(hush_secret_ptr_mut(a) == hush_secret_ptr(a));
            CHECK(ht_all_zero(hush_secret_ptr(a), n));
            CHECK_EQ_INT(hush_secret_flags(a), tiers[t]);
            CHECK_EQ_INT(hush_secret_from(&b, src, n, tiers[t]), HUSH_OK);
            CHECK_MEM(hush_secret_ptr(b), src, n);
            CHECK_EQ_INT(hush_secret_equal(b, b), 1);
            CHECK_EQ_INT(hush_secret_equal(a, b), n == 0);
            if (n) memcpy(hush_secret_ptr_mut(a), src, n);
            CHECK_EQ_INT(hush_secret_equal(a, b), 1);
            CHECK_EQ_INT(hush_secret_random(&r, n, tiers[t]), HUSH_OK);
            CHECK_EQ_INT(hush_secret_len(r), n);
            if (n >= 16) {
                CHECK(!ht_all_zero(hush_secret_ptr(r), n));
                CHECK_EQ_INT(hush_secret_equal(a, r), 0);
            }
            hush_secret_destroy(a);
            hush_secret_destroy(b);
            hush_secret_destroy(r);
        }
    }
    /* REQUIRE implies HARDENED */
    hush_secret *s = NULL;
    int r = hush_secret_new(&s, 32, HUSH_SECRET_REQUIRE);
    if (r == HUSH_OK) {
        CHECK_EQ_INT(hush_secret_flags(s),
                     HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE);
        CHECK_EQ_INT(hush_secret_status(s), HUSH_GRANTED_ALL);
        hush_secret_destroy(s);
    } else {
        CHECK_EQ_INT(r, HUSH_ERR_HARDENING);
        CHECK(s == NULL);
    }
}

static void test_equal(void) {
    uint8_t buf[300];
    ht_rand_bytes(buf, sizeof buf);
    for (size_t t = 0; t < 2; t++) {
        hush_secret *a, *b;
        CHECK_EQ_INT(hush_secret_from(&a, buf, sizeof buf, tiers[t]), HUSH_OK);
        /* the other tier: equality does not care where the bytes live */
        CHECK_EQ_INT(hush_secret_from(&b, buf, sizeof buf, tiers[1 - t]),
                     HUSH_OK);
        CHECK_EQ_INT(hush_secret_equal(a, b), 1);
        for (size_t pos = 0; pos < sizeof buf; pos += 7) {
            for (int bit = 0; bit < 8; bit += 3) {
                hush_secret_ptr_mut(b)[pos] ^= (uint8_t)(1u << bit);
                CHECK_EQ_INT(hush_secret_equal(a, b), 0);
                CHECK_EQ_INT(hush_secret_equal(b, a), 0);
                hush_secret_ptr_mut(b)[pos] ^= (uint8_t)(1u << bit);
            }
        }
        CHECK_EQ_INT(hush_secret_equal(a, b), 1);
        hush_secret_destroy(b);
        /* different lengths are never equal, even as a prefix */
        CHECK_EQ_INT(hush_secret_from(&b, buf, sizeof buf - 1, tiers[t]),
                     HUSH_OK);
        CHECK_EQ_INT(hush_secret_equal(a, b), 0);
        hush_secret_destroy(b);
        hush_secret *z1, *z2;
        CHECK_EQ_INT(hush_secret_new(&z1, 0, tiers[t]), HUSH_OK);
        CHECK_EQ_INT(hush_secret_new(&z2, 0, tiers[1 - t]), HUSH_OK);
        CHECK_EQ_INT(hush_secret_equal(z1, z2), 1);
        CHECK_EQ_INT(hush_secret_equal(z1, a), 0);
        CHECK_EQ_INT(hush_secret_equal(a, NULL), 0);
        hush_secret_destroy(z1);
        hush_secret_destroy(z2);
        hush_secret_destroy(a);
    }
}

/* The promise keyed objects rely on: a multiple of 64 starts 64-aligned in
 * either tier; the default tier always does; hardened payloads end on a
 * page boundary. */
static void test_alignment(void) {
    size_t page = su_page_size();
    for (size_t n = 0; n <= 2 * page + 200; n += (n < 300 ? 1 : 61)) {
        hush_secret *d, *h;
        CHECK_EQ_INT(hush_secret_new(&d, n, 0), HUSH_OK);
        CHECK_EQ_INT(hush_secret_new(&h, n, HUSH_SECRET_HARDENED), HUSH_OK);
        CHECK_EQ_INT((uintptr_t)hush_secret_ptr(d) % 64, 0);
        CHECK_EQ_INT((uintptr_t)(hush_secret_ptr(h) + n) % page, 0);
        if (n % 64 == 0) CHECK_EQ_INT((uintptr_t)hush_secret_ptr(h) % 64, 0);
        hush_secret_destroy(d);
        hush_secret_destroy(h);
    }
    /* the sizes hush_aead_new asks for: a 64-byte header plus the state */
    for (size_t n = 64; n <= 64 + 2048; n += 64) {
        hush_secret *h;
        CHECK_EQ_INT(hush_secret_new(&h, n, HUSH_SECRET_HARDENED), HUSH_OK);
        CHECK_EQ_INT((uintptr_t)hush_secret_ptr(h) % 64, 0);
        hush_secret_destroy(h);
    }
}

/* What this machine grants, found independently of the library. */
static unsigned probe_machine(void) {
    size_t page = su_page_size();
    unsigned bits =
        HUSH_GRANTED_HARDENED | HUSH_GRANTED_GUARDS | HUSH_GRANTED_CANARY;
    uint8_t *p = mmap(NULL, page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return 0;
    /* the raw system call: ASan's mlock wrapper succeeds without locking */
    if (syscall(SYS_mlock, p, page) == 0) bits |= HUSH_GRANTED_MLOCK;
    if (madvise(p, page, MADV_DONTDUMP) == 0) bits |= HUSH_GRANTED_DONTDUMP;
    if (madvise(p, page, MADV_WIPEONFORK) == 0) bits |= HUSH_GRANTED_WIPEONFORK;
    munmap(p, page);
    return bits;
}

static void test_status(void) {
    unsigned expected = probe_machine();
    printf("this machine grants:%s%s%s%s%s%s\n",
           expected & HUSH_GRANTED_HARDENED ? " hardened" : "",
           expected & HUSH_GRANTED_GUARDS ? " guards" : "",
           expected & HUSH_GRANTED_MLOCK ? " mlock" : "",
           expected & HUSH_GRANTED_DONTDUMP ? " dontdump" : "",
           expected & HUSH_GRANTED_WIPEONFORK ? " wipeonfork" : "",
           expected & HUSH_GRANTED_CANARY ? " canary" : "");
    hush_secret *d, *h;
    CHECK_EQ_INT(hush_secret_new(&d, 32, 0), HUSH_OK);
    CHECK_EQ_INT(hush_secret_status(d), 0);
    CHECK_EQ_INT(hush_secret_protect(d, HUSH_PROT_READONLY),
                 HUSH_ERR_UNSUPPORTED);
    hush_secret_destroy(d);

    const size_t lens[] = {0, 32, 4096, 100000}; /* the last is not pooled */
    for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
        CHECK_EQ_INT(hush_secret_new(&h, lens[i], HUSH_SECRET_HARDENED),
                     HUSH_OK);
        unsigned st = hush_secret_status(h);
        CHECK_EQ_INT(st, expected);
        /* and the kernel agrees with each bit claimed */
        const uint8_t *p = hush_secret_ptr(h);
        const uint8_t *last = p + lens[i] - 1; /* inside the payload */
        if (lens[i] == 0) last = p - 1;        /* the canary's page */
        char perms[5], flags[256];
        CHECK_EQ_INT(su_mapping_of(last, perms, flags, sizeof flags), 0);
        CHECK(strcmp(perms, "rw-p") == 0);
        CHECK_EQ_INT(su_has_vmflag(flags, "lo"),
                     (st & HUSH_GRANTED_MLOCK) != 0);
        CHECK_EQ_INT(su_has_vmflag(flags, "dd"),
                     (st & HUSH_GRANTED_DONTDUMP) != 0);
        CHECK_EQ_INT(su_has_vmflag(flags, "wf"),
                     (st & HUSH_GRANTED_WIPEONFORK) != 0);
        /* the guard right after the payload, and before the payload
         * pages, are inaccessible */
        CHECK_EQ_INT(su_mapping_of(p + lens[i], perms, flags, sizeof flags), 0);
        CHECK(strcmp(perms, "---p") == 0);
        size_t page = su_page_size();
        uintptr_t first =
            ((uintptr_t)p - HUSH_SECRET_CANARY_BYTES) & ~(uintptr_t)(page - 1);
        CHECK_EQ_INT(
            su_mapping_of((void *)(first - 1), perms, flags, sizeof flags), 0);
        CHECK(strcmp(perms, "---p") == 0);
        hush_secret_destroy(h);
    }
}

static void test_protect_roundtrip(void) {
    uint8_t buf[100];
    ht_rand_bytes(buf, sizeof buf);
    hush_secret *h;
    CHECK_EQ_INT(hush_secret_from(&h, buf, sizeof buf, HUSH_SECRET_HARDENED),
                 HUSH_OK);
    CHECK_EQ_INT(hush_secret_protect(h, 3), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_secret_protect(h, -1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_secret_protect(h, HUSH_PROT_NOACCESS), HUSH_OK);
    char perms[5], flags[256];
    CHECK_EQ_INT(su_mapping_of(hush_secret_ptr(h), perms, flags, sizeof flags),
                 0);
    CHECK(strcmp(perms, "---p") == 0);
    /* still locked while inaccessible */
    CHECK(su_has_vmflag(flags, "lo") ==
          ((hush_secret_status(h) & HUSH_GRANTED_MLOCK) != 0));
    CHECK_EQ_INT(hush_secret_len(h),
                 sizeof buf); /* the handle stays readable */
    CHECK_EQ_INT(hush_secret_protect(h, HUSH_PROT_READONLY), HUSH_OK);
    CHECK_EQ_INT(su_mapping_of(hush_secret_ptr(h), perms, flags, sizeof flags),
                 0);
    CHECK(strcmp(perms, "r--p") == 0);
    CHECK_MEM(hush_secret_ptr(h), buf, sizeof buf);
    CHECK_EQ_INT(hush_secret_protect(h, HUSH_PROT_READWRITE), HUSH_OK);
    hush_secret_ptr_mut(h)[0] ^= 1;
    hush_secret_ptr_mut(h)[0] ^= 1;
    CHECK_MEM(hush_secret_ptr(h), buf, sizeof buf);
    /* destroying an inaccessible secret restores access to wipe it, and the
     * slot comes back from the pool read-write and zeroed */
    const uint8_t *where = hush_secret_ptr(h);
    CHECK_EQ_INT(hush_secret_protect(h, HUSH_PROT_NOACCESS), HUSH_OK);
    hush_secret_destroy(h);
    CHECK_EQ_INT(hush_secret_new(&h, sizeof buf, HUSH_SECRET_HARDENED),
                 HUSH_OK);
    CHECK(hush_secret_ptr(h) == where);
    CHECK(ht_all_zero(hush_secret_ptr(h), sizeof buf));
    hush_secret_ptr_mut(h)[sizeof buf - 1] = 1;
    hush_secret_destroy(h);
}

/* A destroyed hardened slot is reused by the next secret of its class:
 * same address, zero-filled, no growth of locked memory. */
static void test_pool_reuse(void) {
    hush_secret *s;
    CHECK_EQ_INT(hush_secret_new(&s, 32, HUSH_SECRET_HARDENED), HUSH_OK);
    int pooled = hush_secret_status(s) == HUSH_GRANTED_ALL;
    memset(hush_secret_ptr_mut(s), 0xff, 32);
    const uint8_t *end = hush_secret_ptr(s) + 32;
    hush_secret_destroy(s);
    long locked = su_locked_kib();
    long maps = su_mapping_count();
    CHECK(locked >= 0);
    for (int i = 0; i < 2000; i++) {
        /* lengths within the first size class: one payload page */
        size_t n = (size_t)(i * 37) % (su_page_size() - 16);
        CHECK_EQ_INT(hush_secret_new(&s, n, HUSH_SECRET_HARDENED), HUSH_OK);
        if (pooled) CHECK(hush_secret_ptr(s) + n == end);
        CHECK(ht_all_zero(hush_secret_ptr(s), n));
        memset(hush_secret_ptr_mut(s), 0xa5, n);
        hush_secret_destroy(s);
    }
    CHECK_EQ_INT(su_locked_kib(), locked);
    CHECK_EQ_INT(su_mapping_count(), maps);
    if (!pooled) printf("hardened slots are not fully granted: no pooling\n");
}

/* Locked memory grows with live hardened secrets and falls back to the
 * pool's bound once they are destroyed. */
static void test_pool_bounded(void) {
    enum { LIVE = 200 };
    static hush_secret *s[LIVE];
    long before = su_locked_kib();
    for (int i = 0; i < LIVE; i++)
        CHECK_EQ_INT(hush_secret_new(&s[i], 64, HUSH_SECRET_HARDENED), HUSH_OK);
    long during = su_locked_kib();
    int locked = (hush_secret_status(s[0]) & HUSH_GRANTED_MLOCK) != 0;
    long page_kib = (long)su_page_size() / 1024;
    if (locked)
        CHECK(during - before >= (LIVE - HUSH_POOL_MAX_TOTAL_PAGES) * page_kib);
    for (int i = 0; i < LIVE; i++)
        hush_secret_destroy(s[i]);
    long after = su_locked_kib();
    CHECK(after <= before + HUSH_POOL_MAX_TOTAL_PAGES * page_kib);
    CHECK(after <= during);
    printf("locked KiB: %ld before, %ld with %d live, %ld after\n", before,
           during, LIVE, after);
}

/* ---- threads ---- */
enum { THREADS = 4, ROUNDS = 1500 };

static void *churn(void *arg) {
    unsigned id = (unsigned)(uintptr_t)arg;
    uint64_t x = 0x9e3779b97f4a7c15u * (id + 1);
    int bad = 0;
    hush_secret *keep[8] = {0};
    for (int i = 0; i < ROUNDS; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        size_t n = (size_t)(x % 6000);
        unsigned flags = (x >> 20) & 1 ? HUSH_SECRET_HARDENED : 0;
        hush_secret *s;
        if (hush_secret_new(&s, n, flags) != HUSH_OK) {
            bad++;
            continue;
        }
        uint8_t *p = hush_secret_ptr_mut(s);
        for (size_t j = 0; j < n; j++)
            bad += p[j] != 0;
        memset(p, (int)(id + 1), n);
        /* keep some alive for a while so slots cross between threads */
        size_t slot = (x >> 32) % 8;
        hush_secret *old = keep[slot];
        keep[slot] = s;
        if (old != NULL) {
            const uint8_t *q = hush_secret_ptr(old);
            for (size_t j = 0; j < hush_secret_len(old); j++)
                bad += q[j] != (uint8_t)(id + 1);
            hush_secret_destroy(old);
        }
    }
    for (int k = 0; k < 8; k++)
        hush_secret_destroy(keep[k]);
    return (void *)(uintptr_t)bad;
}

static void test_threads(void) {
    long locked = su_locked_kib();
    pthread_t t[THREADS];
    for (unsigned i = 0; i < THREADS; i++)
        CHECK_EQ_INT(pthread_create(&t[i], NULL, churn, (void *)(uintptr_t)i),
                     0);
    for (unsigned i = 0; i < THREADS; i++) {
        void *bad;
        CHECK_EQ_INT(pthread_join(t[i], &bad), 0);
        CHECK_EQ_INT((uintptr_t)bad, 0);
    }
    long page_kib = (long)su_page_size() / 1024;
    CHECK(su_locked_kib() <= locked + HUSH_POOL_MAX_TOTAL_PAGES * page_kib);
}

/* ---- fork while other threads use the pool ---- */
static atomic_int churning;

static void *churn_hardened(void *arg) {
    (void)arg;
    while (atomic_load(&churning)) {
        hush_secret *s;
        if (hush_secret_new(&s, 100, HUSH_SECRET_HARDENED) == HUSH_OK)
            hush_secret_destroy(s);
    }
    return NULL;
}

/* Waits up to 5 s for a child; a child stuck on a pool lock inherited in
 * the locked state is killed and reported. */
static int wait_bounded(pid_t pid) {
    for (int i = 0; i < 5000; i++) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid) return st;
        usleep(1000);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return -1;
}

static void test_fork_while_churning(void) {
    hush_secret *probe;
    CHECK_EQ_INT(hush_secret_new(&probe, 100, HUSH_SECRET_HARDENED), HUSH_OK);
    unsigned want = hush_secret_status(probe);
    hush_secret_destroy(probe);
    atomic_store(&churning, 1);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        CHECK_EQ_INT(pthread_create(&t[i], NULL, churn_hardened, NULL), 0);
    int clean = 0;
    for (int i = 0; i < 30; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            /* the child's pool is usable and its secrets fully granted */
            int code = 0;
            for (int j = 0; j < 20; j++) {
                hush_secret *s;
                if (hush_secret_new(&s, 100, HUSH_SECRET_HARDENED) != HUSH_OK)
                    _exit(2);
                if (hush_secret_status(s) != want) code = 3;
                hush_secret_destroy(s);
            }
            _exit(code);
        }
        int st = pid > 0 ? wait_bounded(pid) : -1;
        if (st == -1) break; /* stuck: one is enough to fail */
        clean += WIFEXITED(st) && WEXITSTATUS(st) == 0;
    }
    atomic_store(&churning, 0);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    CHECK_EQ_INT(clean, 30);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_arguments();
    test_constructors();
    test_equal();
    test_alignment();
    test_status();
    test_protect_roundtrip();
    test_pool_reuse();
    test_pool_bounded();
    test_threads();
    test_fork_while_churning();
    return ht_end();
}
