/*
 * What the hardened tier detects before and after its payload, exactly as
 * docs/SECRETS.md states it (issue 15, defect 9), in both layouts:
 *
 *   default    payload against the end guard, canary in front of it
 *   GUARD_START payload against the front guard, canary after it
 *
 * Each access runs in a forked child. "faults" is SIGSEGV at the access;
 * "aborts" is the canary check at the next destroy (with the message);
 * "silent" is an access the tier does not detect at all, pinned here so
 * the documentation cannot drift from the code.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "secret/secret_impl.h"

enum outcome { FAULTS, ABORTS, SILENT };

typedef struct {
    unsigned flags;
    size_t len;
    long offset; /* relative to the payload start; >= len is past the end */
    int write;
} access_case;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static void do_access(void *arg) {
    const access_case *c = arg;
    hush_secret *s = NULL;
    if (hush_secret_new(&s, c->len, c->flags) != HUSH_OK) _exit(2);
    volatile uint8_t *p = hush_secret_ptr_mut(s) + c->offset;
    if (c->write)
        *p = (uint8_t)(*p ^ 0x5a); /* read-modify-write: always a change */
    else
        (void)*p;
    hush_secret_destroy(s);
    _exit(0);
}

static void expect(unsigned flags, size_t len, long offset, int write,
                   enum outcome want) {
    access_case c = {flags, len, offset, write};
    char err[1024];
    int st = ht_run_child(do_access, &c, err, sizeof err, 20000);
    int ok = want == FAULTS ? ht_killed_by(st, SIGSEGV)
             : want == ABORTS
                 ? ht_killed_by(st, SIGABRT) && strstr(err, "canary") != NULL
                 : ht_exited_with(st, 0);
    if (ok) {
        ht_passed++;
        return;
    }
    static const char *names[] = {"fault", "abort at destroy", "go unnoticed"};
    ht_fail(
        __FILE__, __LINE__,
        "%s, len %zu: %s at offset %ld should %s; status %#x, stderr %.200s",
        flags & HUSH_SECRET_GUARD_START ? "GUARD_START" : "end layout", len,
        write ? "write" : "read", offset, names[want], (unsigned)st, err);
}

/* Bytes from the start of the first payload page to the payload (end
 * layout) or from the payload's end to the end guard (GUARD_START). */
static long slack(size_t len) {
    size_t page = page_size();
    size_t pages = (len + HUSH_SECRET_CANARY_BYTES + page - 1) / page;
    return (long)(pages * page - len);
}

static void test_end_layout(void) {
    const unsigned f = HUSH_SECRET_HARDENED;
    const size_t lens[] = {1, 32, 100, 4000, 4080, 5000};
    for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
        size_t len = lens[i];
        long before = slack(len); /* payload start - first payload page */
        /* past the end: the end guard, at once */
        expect(f, len, (long)len, 0, FAULTS);
        expect(f, len, (long)len, 1, FAULTS);
        /* the canary: a write is caught at destroy, a read never */
        expect(f, len, -1, 1, ABORTS);
        expect(f, len, -HUSH_SECRET_CANARY_BYTES, 1, ABORTS);
        expect(f, len, -1, 0, SILENT);
        expect(f, len, -HUSH_SECRET_CANARY_BYTES, 0, SILENT);
        /* between the first payload page and the canary: not detected */
        if (before > HUSH_SECRET_CANARY_BYTES) {
            expect(f, len, -HUSH_SECRET_CANARY_BYTES - 1, 1, SILENT);
            expect(f, len, -before, 1, SILENT);
            expect(f, len, -before, 0, SILENT);
        }
        /* the front guard */
        expect(f, len, -before - 1, 0, FAULTS);
        expect(f, len, -before - 1, 1, FAULTS);
    }
}

static void test_guard_start(void) {
    const unsigned f = HUSH_SECRET_GUARD_START;
    const size_t lens[] = {1, 32, 100, 4000, 4080, 5000};
    for (size_t i = 0; i < HUSH_ARRAY_LEN(lens); i++) {
        size_t len = lens[i];
        long after = slack(len); /* end guard - payload end */
        /* before the start: the front guard, at once */
        expect(f, len, -1, 0, FAULTS);
        expect(f, len, -1, 1, FAULTS);
        /* the canary after the end: a write is caught at destroy */
        expect(f, len, (long)len, 1, ABORTS);
        expect(f, len, (long)len + HUSH_SECRET_CANARY_BYTES - 1, 1, ABORTS);
        expect(f, len, (long)len, 0, SILENT);
        if (after > HUSH_SECRET_CANARY_BYTES) {
            expect(f, len, (long)len + HUSH_SECRET_CANARY_BYTES, 1, SILENT);
            expect(f, len, (long)len + after - 1, 0, SILENT);
        }
        /* the end guard */
        expect(f, len, (long)len + after, 0, FAULTS);
        expect(f, len, (long)len + after, 1, FAULTS);
    }
}

/* The option itself: implies HARDENED, page-aligned payload, the same
 * status, pooled slots shared with the end layout, REQUIRE combined. */
static void test_guard_start_api(void) {
    size_t page = page_size();
    for (int round = 0; round < 3; round++) {
        hush_secret *a = NULL, *b = NULL;
        CHECK_EQ_INT(hush_secret_random(&a, 48, HUSH_SECRET_GUARD_START),
                     HUSH_OK);
        CHECK((uintptr_t)hush_secret_ptr(a) % page == 0);
        CHECK(hush_secret_flags(a) & HUSH_SECRET_HARDENED);
        CHECK(hush_secret_flags(a) & HUSH_SECRET_GUARD_START);
        CHECK(hush_secret_status(a) & HUSH_GRANTED_GUARDS);
        CHECK(hush_secret_status(a) & HUSH_GRANTED_CANARY);
        CHECK_EQ_INT(hush_secret_protect(a, HUSH_PROT_READONLY), HUSH_OK);
        CHECK_EQ_INT(hush_secret_protect(a, HUSH_PROT_READWRITE), HUSH_OK);
        uint8_t copy[48];
        memcpy(copy, hush_secret_ptr(a), sizeof copy);
        CHECK_EQ_INT(
            hush_secret_from(&b, copy, sizeof copy, HUSH_SECRET_HARDENED),
            HUSH_OK);
        CHECK_EQ_INT(hush_secret_equal(a, b), 1);
        /* the slot goes back to the pool and serves the other layout */
        hush_secret_destroy(a);
        hush_secret_destroy(b);
        CHECK_EQ_INT(hush_secret_new(
                         &a, 48, HUSH_SECRET_GUARD_START | HUSH_SECRET_REQUIRE),
                     HUSH_OK);
        CHECK(ht_all_zero(hush_secret_ptr(a), 48));
        hush_secret_destroy(a);
    }
    /* an AEAD key in this layout: the keyed object keeps the end layout */
    hush_secret *key = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_random(&key, 32, HUSH_SECRET_GUARD_START),
                 HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, HUSH_CHACHA20POLY1305, key), HUSH_OK);
    CHECK((uintptr_t)k % 64 == 0);
    uint8_t c[16 + 16], m[16] = {1};
    static const uint8_t nonce[12];
    CHECK_EQ_INT(hush_aead_seal(k, c, m, sizeof m, NULL, 0, nonce), HUSH_OK);
    uint8_t c2[sizeof c];
    CHECK_EQ_INT(hush_aead_encrypt(HUSH_CHACHA20POLY1305, c2, m, sizeof m, NULL,
                                   0, nonce, hush_secret_ptr(key)),
                 HUSH_OK);
    CHECK_MEM(c, c2, sizeof c);
    hush_aead_free(k);
    hush_secret_destroy(key);
    /* the default tier knows no layouts */
    hush_secret *s = NULL;
    CHECK_EQ_INT(hush_secret_new(&s, 8, HUSH_SECRET_GUARD_START), HUSH_OK);
    CHECK(hush_secret_status(s) & HUSH_GRANTED_HARDENED);
    hush_secret_destroy(s);
    CHECK_EQ_INT(hush_secret_new(&s, 8, 0x80u), HUSH_ERR_INVALID);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_guard_start_api();
    test_end_layout();
    test_guard_start();
    return ht_end();
}
