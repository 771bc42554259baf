/* The basics: result names, wiping, constant-time equality, randomness. */
#include <string.h>

#include "harness.h"

static void test_strerror(void) {
    const int codes[] = {
        HUSH_OK,        HUSH_ERR_INVALID,   HUSH_ERR_AUTH,
        HUSH_ERR_NOMEM, HUSH_ERR_HARDENING, HUSH_ERR_UNSUPPORTED,
        HUSH_ERR_STATE, HUSH_ERR_WEAK,      HUSH_ERR_RANDOM};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *s = hush_strerror(codes[i]);
        CHECK(s != NULL && strcmp(s, "unknown error") != 0);
        if (s == NULL) continue; /* counted; the comparisons need a name */
        for (size_t j = 0; j < i; j++) {
            const char *t = hush_strerror(codes[j]);
            CHECK(t != NULL && strcmp(s, t) != 0);
        }
    }
    CHECK(strcmp(hush_strerror(-1000), "unknown error") == 0);
    CHECK_EQ_INT(HUSH_ERR_INVALID, -1);
    CHECK_EQ_INT(HUSH_ERR_WEAK, -7);
}

static void test_wipe(void) {
    uint8_t buf[100];
    memset(buf, 0xa5, sizeof buf);
    hush_wipe(buf + 10, 50);
    CHECK(ht_all_zero(buf + 10, 50));
    CHECK(buf[9] == 0xa5 && buf[60] == 0xa5);
    hush_wipe(NULL, 0);
    hush_wipe(buf, 0);
    CHECK(buf[0] == 0xa5);

    /* mid-sized wipes go in pieces (src/core/wipe.c): every length around
     * a piece boundary and the pieces' upper limit, at an odd offset,
     * clears exactly its bytes */
    static uint8_t big[8192 + 256];
    const size_t lens[] = {1983, 1984, 1985, 2047, 2048, 2049, 2080,
                           3967, 3968, 3969, 5953, 8191, 8192, 8193};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        memset(big, 0xa5, sizeof big);
        hush_wipe(big + 7, lens[i]);
        CHECK(ht_all_zero(big + 7, lens[i]));
        CHECK(big[6] == 0xa5 && big[7 + lens[i]] == 0xa5);
    }
}

static void test_ct_equal(void) {
    uint8_t a[4096], b[4096];
    ht_rand_bytes(a, sizeof a);
    memcpy(b, a, sizeof b);
    const size_t lens[] = {1, 15, 16, 31, 32, 33, 64, 4096};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i];
        CHECK_EQ_INT(hush_ct_equal(a, b, n), 1);
        for (size_t pos = 0; pos < n; pos += (n > 64 ? 61 : 1)) {
            for (int bit = 0; bit < 8; bit++) {
                b[pos] ^= (uint8_t)(1u << bit);
                CHECK_EQ_INT(hush_ct_equal(a, b, n), 0);
                b[pos] ^= (uint8_t)(1u << bit);
            }
        }
    }
    CHECK_EQ_INT(hush_ct_equal(NULL, NULL, 0), 1);
    CHECK_EQ_INT(hush_ct_equal(a, a, sizeof a), 1);
}

static void test_random(void) {
    uint8_t a[64], b[64];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    CHECK_EQ_INT(hush_random(a, sizeof a), HUSH_OK);
    CHECK_EQ_INT(hush_random(b, sizeof b), HUSH_OK);
    CHECK(memcmp(a, b, sizeof a) != 0);
    CHECK(!ht_all_zero(a, sizeof a));
    CHECK_EQ_INT(hush_random(NULL, 0), HUSH_OK);
    CHECK_EQ_INT(hush_random(NULL, 1), HUSH_ERR_INVALID);
    /* larger than one getrandom call returns (32 MiB) */
    size_t big = (size_t)40 << 20;
    uint8_t *p = calloc(1, big);
    CHECK(p != NULL);
    CHECK_EQ_INT(hush_random(p, big), HUSH_OK);
    /* the tail past the first 32 MiB was filled too */
    CHECK(!ht_all_zero(p + big - 4096, 4096));
    free(p);
}

/* Leaves a pattern in a frame below main's, as a primitive's temporaries. */
static volatile uint8_t *left_behind;
static void __attribute__((noinline)) leave_pattern(void) {
    volatile uint8_t secret[2048];
    for (size_t i = 0; i < sizeof secret; i++)
        secret[i] = 0x5c;
    /* the address outlives the frame on purpose: laundered past the
     * compiler's dangling-pointer check */
    uintptr_t where = (uintptr_t)secret;
    __asm__("" : "+r"(where));
    left_behind = (volatile uint8_t *)where;
}
static int __attribute__((noinline)) count_pattern(const volatile uint8_t *p) {
    int n = 0;
    for (size_t i = 0; i < 2048; i++)
        n += p[i] == 0x5c;
    return n;
}

static void test_scrub_stack(void) {
    leave_pattern();
    /* reading a dead frame is what the leak census does too: the bytes are
     * still mapped stack memory; only the C object's lifetime has ended */
    int before = count_pattern(left_behind);
    leave_pattern();
    hush_scrub_stack(16384);
    int after = count_pattern(left_behind);
    CHECK(before > 1024);
    CHECK_EQ_INT(after, 0);
    hush_scrub_stack(0);
    /* the vector stores (64 bytes to 8 KiB, src/core/scrub.c), odd sizes
     * and both sides of the 8 KiB limit */
    const size_t sizes[] = {4096, 4097, 4161, 8191, 8192};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        leave_pattern();
        hush_scrub_stack(sizes[i]);
        CHECK_EQ_INT(count_pattern(left_behind), 0);
    }
}

static void test_version(void) {
    CHECK(hush_version() != NULL && hush_version()[0] != 0);
    CHECK_EQ_INT(hush_init(), HUSH_OK);
    CHECK_EQ_INT(hush_init(), HUSH_OK);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_strerror();
    test_wipe();
    test_ct_equal();
    test_random();
    test_scrub_stack();
    test_version();
    return ht_end();
}
