/*
 * A secret destroyed twice and a keyed AEAD object freed twice (issue 15,
 * defect 1). The first destroy of a pooled hardened secret hands the slot
 * and its handle to the pool; a second destroy must not free() that
 * handle (the pool would then give one block to two owners): it reports
 * misuse and aborts. The default tier detects what it can (the handle's
 * marker, cleared by the first destroy, while the block is not reused),
 * and under ASan the second read of a freed block is reported by ASan
 * itself, which is no worse than free() twice.
 *
 * Each case runs in a forked child; a second set replaces the misuse
 * handler with one that records the call and siglongjmps back.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "secret/secret_impl.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static unsigned flags_of(int i) {
    static const unsigned f[] = {0, HUSH_SECRET_HARDENED, HUSH_SECRET_REQUIRE};
    return f[i];
}

/* arg: tier index and length */
typedef struct {
    int tier;
    size_t len;
} secret_case;

static void destroy_twice(void *arg) {
    const secret_case *c = arg;
    hush_secret *s = NULL;
    if (hush_secret_random(&s, c->len, flags_of(c->tier)) != HUSH_OK) _exit(2);
    hush_secret_destroy(s);
    hush_secret_destroy(s); /* the misuse */
    /* the old code went on here: the pool and the heap now share a block */
    hush_secret *t = NULL;
    if (hush_secret_new(&t, c->len, flags_of(c->tier)) != HUSH_OK) _exit(2);
    hush_secret_destroy(t);
    _exit(0);
}

static void free_twice(void *arg) {
    const secret_case *c = arg;
    hush_secret *key = NULL;
    hush_aead_ctx *k = NULL;
    if (hush_secret_random(&key, 32, flags_of(c->tier)) != HUSH_OK ||
        hush_aead_new(&k, HUSH_CHACHA20POLY1305, key) != HUSH_OK)
        _exit(2);
    hush_secret_destroy(key);
    hush_aead_free(k);
    hush_aead_free(k); /* the misuse */
    hush_aead_ctx *k2 = NULL;
    if (hush_secret_random(&key, 32, flags_of(c->tier)) != HUSH_OK ||
        hush_aead_new(&k2, HUSH_CHACHA20POLY1305, key) != HUSH_OK)
        _exit(2);
    hush_aead_free(k2);
    hush_secret_destroy(key);
    _exit(0);
}

/* A handle that was never a secret: zeroed memory, as a caller's stale
 * struct might be. */
static void destroy_zeroed(void *arg) {
    (void)arg;
    void *fake = calloc(1, 256);
    hush_secret_destroy((hush_secret *)fake);
    _exit(0);
}

static int reported(const char *err, const char *function) {
    char want[96];
    snprintf(want, sizeof want, "hush: misuse in %s: ", function);
    return strstr(err, want) != NULL;
}

/* The child must stop at the second call: our report and abort, or under
 * ASan, for a block already freed, ASan's report (its exit code 1). */
static void expect_stopped(int st, const char *err, const char *function,
                           int asan_may_report) {
    if (ht_killed_by(st, SIGABRT) && reported(err, function)) {
        ht_passed++;
        return;
    }
#if defined(UNDER_ASAN)
    if (asan_may_report && strstr(err, "AddressSanitizer") != NULL &&
        !ht_exited_with(st, 0)) {
        ht_passed++;
        return;
    }
#else
    (void)asan_may_report;
#endif
    ht_fail(__FILE__, __LINE__,
            "%s twice: expected a misuse report and abort, got status %#x, "
            "stderr: %.300s",
            function, (unsigned)st, err);
}

static void test_death(void) {
    const size_t lens[] = {0, 32, 4096, 70000}; /* 70000: not pooled */
    char err[4096];
    for (int tier = 0; tier < 3; tier++) {
        for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
            secret_case c = {tier, lens[i]};
            int st = ht_run_child(destroy_twice, &c, err, sizeof err, 20000);
            /* a hardened handle stays allocated while pooled: only a
             * default-tier block or an unpooled handle is freed memory */
            int freed = tier == 0 || lens[i] > HUSH_POOL_MAX_PAGES * 4096;
            ht_context = tier == 0 ? "default" : "hardened";
            expect_stopped(st, err, "hush_secret_destroy", freed);
        }
        secret_case c = {tier, 32};
        int st = ht_run_child(free_twice, &c, err, sizeof err, 20000);
        expect_stopped(st, err, "hush_aead_free", tier == 0);
    }
    ht_context = NULL;
    int st = ht_run_child(destroy_zeroed, NULL, err, sizeof err, 20000);
    expect_stopped(st, err, "hush_secret_destroy", 0);
}

/* ---- a replaced handler ---- */
static sigjmp_buf back;
static char seen_function[64], seen_problem[160];
static int seen_calls;

static void recording_handler(const char *function, const char *problem) {
    seen_calls++;
    snprintf(seen_function, sizeof seen_function, "%s", function);
    snprintf(seen_problem, sizeof seen_problem, "%s", problem);
    siglongjmp(back, 1);
}

static void test_handler(void) {
    CHECK(hush_set_misuse_handler(recording_handler) == NULL);
    /* hardened and pooled: the handle stays valid memory, so the second
     * destroy can be observed in this process */
    hush_secret *s = NULL;
    CHECK_EQ_INT(hush_secret_new(&s, 32, HUSH_SECRET_HARDENED), HUSH_OK);
    hush_secret_destroy(s);
    seen_calls = 0;
    if (sigsetjmp(back, 1) == 0) hush_secret_destroy(s);
    CHECK_EQ_INT(seen_calls, 1);
    CHECK(strcmp(seen_function, "hush_secret_destroy") == 0);
    CHECK(strlen(seen_problem) > 10);
    /* the pool is intact: two new secrets of the class are two slots */
    hush_secret *a = NULL, *b = NULL;
    CHECK_EQ_INT(hush_secret_new(&a, 32, HUSH_SECRET_HARDENED), HUSH_OK);
    CHECK_EQ_INT(hush_secret_new(&b, 32, HUSH_SECRET_HARDENED), HUSH_OK);
    CHECK(a != b && hush_secret_ptr(a) != hush_secret_ptr(b));
    hush_secret_destroy(a);
    hush_secret_destroy(b);

    hush_secret *key = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_random(&key, 32, HUSH_SECRET_HARDENED), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, HUSH_CHACHA20POLY1305, key), HUSH_OK);
    hush_aead_free(k);
    seen_calls = 0;
    if (sigsetjmp(back, 1) == 0) hush_aead_free(k);
    CHECK_EQ_INT(seen_calls, 1);
    CHECK(strcmp(seen_function, "hush_aead_free") == 0);
    hush_secret_destroy(key);
    CHECK(hush_set_misuse_handler(NULL) == recording_handler);
}

/* A handler that returns does not let the call go on: abort all the same. */
static void returning_handler(const char *function, const char *problem) {
    (void)problem;
    fprintf(stderr, "handler saw %s\n", function);
}

static void destroy_twice_returning(void *arg) {
    (void)arg;
    hush_set_misuse_handler(returning_handler);
    hush_secret *s = NULL;
    if (hush_secret_new(&s, 32, HUSH_SECRET_HARDENED) != HUSH_OK) _exit(2);
    hush_secret_destroy(s);
    hush_secret_destroy(s);
    _exit(0);
}

static void test_returning_handler(void) {
    char err[1024];
    int st =
        ht_run_child(destroy_twice_returning, NULL, err, sizeof err, 20000);
    CHECK(ht_killed_by(st, SIGABRT));
    CHECK(strstr(err, "handler saw hush_secret_destroy") != NULL);
    CHECK(!reported(err, "hush_secret_destroy")); /* the handler replaced it */
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_death();
    test_handler();
    test_returning_handler();
    return ht_end();
}
