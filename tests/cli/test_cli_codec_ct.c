/*
 * Constant time of the CLI's text encoders of secrets under valgrind
 * (memcheck): the Bech32 encoder writes every AGE-SECRET-KEY-1 line (hush
 * keygen), the hex printer the shared secret of hush x25519 shared. The
 * secret is marked undefined and any branch or memory index that depends
 * on it is reported, failing the ctest through --error-exitcode. The text
 * written is declared defined again before it is compared: it is the
 * output. Run natively (no valgrind) the marks do nothing and the program
 * still checks its results against the text made before the marks.
 */
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "cli.h"
#include "codec.h"
#include "harness.h"

static void check_encode(int upper) {
    uint8_t key[32];
    char want[128], got[128];
    for (int round = 0; round < 4; round++) {
        ht_rand_bytes(key, sizeof key);
        long n = bech32_encode(want, sizeof want, "age-secret-key-", key,
                               sizeof key, upper);
        CHECK_EQ_INT(n, 74);
        VALGRIND_MAKE_MEM_UNDEFINED(key, sizeof key);
        long m = bech32_encode(got, sizeof got, "age-secret-key-", key,
                               sizeof key, upper);
        VALGRIND_MAKE_MEM_DEFINED(got, sizeof got);
        VALGRIND_MAKE_MEM_DEFINED(key, sizeof key);
        CHECK_EQ_INT(m, n);
        CHECK(strcmp(got, want) == 0);
    }
}

/* cli_print_hex into a memory stream (no system call sees the secret) */
static void check_print_hex(void) {
    uint8_t secret[32];
    for (int round = 0; round < 4; round++) {
        ht_rand_bytes(secret, sizeof secret);
        char want[65];
        for (size_t i = 0; i < sizeof secret; i++)
            snprintf(want + 2 * i, 3, "%02x", secret[i]);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        CHECK(f != NULL);
        if (f == NULL) return;
        VALGRIND_MAKE_MEM_UNDEFINED(secret, sizeof secret);
        cli_print_hex(f, secret, sizeof secret);
        fflush(f);
        VALGRIND_MAKE_MEM_DEFINED(text, len);
        VALGRIND_MAKE_MEM_DEFINED(secret, sizeof secret);
        CHECK_EQ_INT(len, 64);
        CHECK(len == 64 && memcmp(text, want, 64) == 0);
        fclose(f);
        free(text);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(1732);
    check_encode(1); /* identities are written upper case */
    check_encode(0);
    check_print_hex();
    return ht_end();
}
