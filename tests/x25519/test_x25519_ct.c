/*
 * Constant-time check under valgrind (memcheck): the scalar and the point
 * are marked undefined, so any branch or memory index that depends on them
 * inside the library is reported ("conditional jump or move depends on
 * uninitialised value"), and the ctest fails through --error-exitcode.
 * The outputs are declared defined again before they are compared: they
 * are the public results. Run natively (no valgrind) the marks do nothing
 * and the program still checks its results.
 *
 * valgrind cannot execute AVX-512, so tests.cmake runs this under valgrind
 * only for the portable and mulx tiers.
 */
#include <string.h>
#include <valgrind/memcheck.h>

#include "harness.h"

static void check_tier(void) {
    uint8_t k[32], u[32], out[32], want[32], want_base[32];
    static const uint8_t nine[32] = {9};
    for (int round = 0; round < 3; round++) {
        ht_rand_bytes(k, 32);
        ht_rand_bytes(u, 32);
        CHECK_EQ_INT(hush_x25519(want, k, u), HUSH_OK);
        CHECK_EQ_INT(hush_x25519(want_base, k, nine), HUSH_OK);

        VALGRIND_MAKE_MEM_UNDEFINED(k, 32);
        VALGRIND_MAKE_MEM_UNDEFINED(u, 32);
        int rc = hush_x25519(out, k, u);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc); /* the public verdict */
        VALGRIND_MAKE_MEM_DEFINED(out, 32);
        CHECK_EQ_INT(rc, HUSH_OK);
        CHECK_MEM(out, want, 32);

        rc = hush_x25519_base(out, k);
        VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
        VALGRIND_MAKE_MEM_DEFINED(out, 32);
        CHECK_EQ_INT(rc, HUSH_OK);
        CHECK_MEM(out, want_base, 32);
        VALGRIND_MAKE_MEM_DEFINED(k, 32);
        VALGRIND_MAKE_MEM_DEFINED(u, 32);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(7748);
    HT_FOR_EACH_IMPL("x25519", impl) { check_tier(); }
    return ht_end();
}
