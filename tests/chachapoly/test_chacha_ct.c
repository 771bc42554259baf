/*
 * Constant-time check under valgrind (the ctgrind method): the key and
 * the message are marked undefined, so memcheck reports any branch, index
 * or variable-latency operand that depends on them. Run by ctest under
 * `valgrind --error-exitcode=...` for the tiers valgrind can execute
 * (portable, avx2; valgrind has no AVX-512). Without valgrind the marks are
 * no-ops and the program checks results only.
 *
 * AEAD opening is not covered here: its tag verdict is derived from the
 * key and is deliberately branched on (a public result), and the library
 * declassifies it (HUSH_CT_DECLASSIFY) only in its ctgrind build, which
 * tests/ctgrind links and uses for the openings of every AEAD.
 */
#include <sodium.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "harness.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static void run(size_t len) {
    uint8_t key[32], nonce[24], msg[1200], out[1200 + 16], ref[1200 + 16];
    uint8_t tag[16], rtag[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(msg, len);

    SECRET(key, 32), SECRET(msg, len);
    hush_chacha20_xor(out, msg, len, nonce, key, 1);
    PUBLIC(key, 32), PUBLIC(msg, len), PUBLIC(out, len);
    crypto_stream_chacha20_ietf_xor_ic(ref, msg, len, nonce, 1, key);
    CHECK_MEM(out, ref, len);

    SECRET(key, 32), SECRET(msg, len);
    hush_xchacha20_xor(out, msg, len, nonce, key, 1);
    PUBLIC(key, 32), PUBLIC(msg, len), PUBLIC(out, len);
    crypto_stream_xchacha20_xor_ic(ref, msg, len, nonce, 1, key);
    CHECK_MEM(out, ref, len);

    SECRET(key, 32), SECRET(msg, len);
    hush_poly1305(tag, msg, len, key);
    PUBLIC(key, 32), PUBLIC(msg, len), PUBLIC(tag, 16);
    crypto_onetimeauth_poly1305(rtag, msg, len, key);
    CHECK_MEM(tag, rtag, 16);

    for (int x = 0; x < 2; x++) {
        hush_aead_alg alg = x ? HUSH_XCHACHA20POLY1305 : HUSH_CHACHA20POLY1305;
        SECRET(key, 32), SECRET(msg, len);
        CHECK_EQ_INT(hush_aead_encrypt(alg, out, msg, len, NULL, 0, nonce, key),
                     HUSH_OK);
        PUBLIC(key, 32), PUBLIC(msg, len), PUBLIC(out, len + 16);
        unsigned long long clen;
        if (x)
            crypto_aead_xchacha20poly1305_ietf_encrypt(
                ref, &clen, msg, len, NULL, 0, NULL, nonce, key);
        else
            crypto_aead_chacha20poly1305_ietf_encrypt(
                ref, &clen, msg, len, NULL, 0, NULL, nonce, key);
        CHECK_MEM(out, ref, len + 16);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    if (sodium_init() < 0) return 1;
    HT_FOR_EACH_IMPL("chacha20", cimpl) {
        HT_FOR_EACH_IMPL("poly1305", pimpl) {
            static const size_t lens[] = {0,   1,   63,  64,   65,   200,
                                          511, 512, 700, 1024, 1100, 1200};
            for (size_t i = 0; i < sizeof lens / sizeof *lens; i++)
                run(lens[i]);
        }
    }
    return ht_end();
}
