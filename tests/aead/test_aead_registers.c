/*
 * The generic AEAD layer's own copies of secret state leave nothing in
 * the vector registers (aead.h: the expanded key lives in secret memory;
 * aead_stream.h: vector registers are cleared after each call). The
 * algorithms' calls are covered by the leak census (tools/leakscan); these
 * are the layer's byte moves, which the census does not run:
 *
 *   - hush_aead_dup copies a keyed object's state with memcpy;
 *   - hush_aead_stream_copy compares the keyed states with hush_ct_equal
 *     (a loop the compiler vectorises) and copies the stream with memcpy,
 *     on success and on refusal alike;
 *   - a stream moved to another alignment has its message state moved
 *     (core/align_within.h, memmove) by the next call, also for Ascon,
 *     whose calls the layer does not follow with a clearing
 *     (general_regs_only: its code writes no vector register, but libc's
 *     memmove does).
 *
 * libc's copies take data through vector registers (glibc's SSE2, AVX2 and
 * EVEX memcpy; which bytes stay depends on the size and the CPU), so each
 * call is followed at once by an XSAVE of the register file, searched for
 * every 16-byte window of the secret state copied.
 */
#include <stdio.h>
#include <string.h>

#include "aead/aead_impl.h"
#include "core/registers.h"
#include "harness.h"

static const hush_aead_alg algs[] = {HUSH_CHACHA20POLY1305,
                                     HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                     HUSH_AES256GCM, HUSH_ASCON_AEAD128};

#if defined(__x86_64__)
#define IMAGE_BYTES 16384
static _Alignas(64) uint8_t image[IMAGE_BYTES];
static size_t image_bytes; /* XSAVE's size for the features in XCR0 */

/* The register file, right after the call before it returns here. */
static void __attribute__((noinline)) capture(void) {
    __asm__ __volatile__("xsave64 %0"
                         : "+m"(*(uint8_t(*)[IMAGE_BYTES])image)
                         : "a"(~0u), "d"(~0u)
                         : "memory");
}

static int capture_supported(void) {
    unsigned a, b, c, d;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c & (1u << 27))) return 0; /* no OSXSAVE */
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0xd), "c"(0));
    image_bytes = b;
    return b != 0 && b <= IMAGE_BYTES;
}

/* A window worth looking for: mostly nonzero, several values (key-derived
 * bytes are; the image's own header fields and zeroed registers are not) */
static int distinctive(const uint8_t *w) {
    int nonzero = 0, distinct = 0;
    for (int i = 0; i < 16; i++) {
        nonzero += w[i] != 0;
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= w[j] == w[i];
        distinct += !seen;
    }
    return nonzero >= 12 && distinct >= 8;
}

/* Windows of secret[0, len) found in the captured image. */
static size_t found_in_registers(const uint8_t *secret, size_t len) {
    size_t found = 0;
    for (size_t o = 0; o + 16 <= len; o++) {
        if (!distinctive(secret + o)) continue;
        for (size_t i = 0; i + 16 <= image_bytes; i++)
            if (image[i] == secret[o] &&
                memcmp(image + i, secret + o, 16) == 0) {
                found++;
                break;
            }
    }
    return found;
}

#define EXPECT_CLEAN(secret, len, what)                                        \
    do {                                                                       \
        size_t n_ = found_in_registers((secret), (len));                       \
        if (n_ == 0)                                                           \
            ht_passed++;                                                       \
        else                                                                   \
            ht_fail(__FILE__, __LINE__,                                        \
                    "%s: %zu windows of secret state left in vector "          \
                    "registers",                                               \
                    (what), n_);                                               \
    } while (0)

/* Before each call: the image zeroed, and the registers too, so that what
 * the test itself copied (libc again) is not blamed on the call. */
static void clean_slate(void) {
    memset(image, 0, sizeof image);
    hush_clear_vector_registers();
}

static const uint8_t nonce[24] = {9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2,
                                  3, 4, 5, 6, 7, 8, 9, 8, 7, 6, 5, 4};
static uint8_t msg[100], out[100], ad[40];

static void one_algorithm(hush_aead_alg a) {
    uint8_t key[32];
    ht_rand_bytes(key, sizeof key);
    hush_aead_ctx *k = ht_aead_keyed(a, key), *k2 = NULL;
    ht_rand_bytes(key, sizeof key);
    hush_aead_ctx *foreign = ht_aead_keyed(a, key);
    hush_wipe(key, sizeof key);
    if (k == NULL || foreign == NULL) return;
    const uint8_t *state = hush_aead_object_state(k);
    size_t state_len = hush_aead_object_bytes(k) - 64;

    /* the keyed object's copy */
    clean_slate();
    int r = hush_aead_dup(&k2, k);
    capture();
    CHECK_EQ_INT(r, HUSH_OK);
    EXPECT_CLEAN(state, state_len, "hush_aead_dup");

    /* a stream copied to another object with the same key, and refused
     * for an object with another */
    static _Alignas(64) uint8_t area[3 * sizeof(hush_aead_stream) + 64];
    hush_aead_stream *s = (hush_aead_stream *)(void *)area;
    hush_aead_stream *t =
        (hush_aead_stream *)(void *)(area + sizeof(hush_aead_stream));
    CHECK_EQ_INT(hush_aead_stream_init(s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(s, ad, 13), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(s, out, msg, 37), HUSH_OK);
    static uint8_t before[sizeof(hush_aead_stream)];
    memcpy(before, s, sizeof before);
    clean_slate();
    r = hush_aead_stream_copy(t, s, k2);
    capture();
    CHECK_EQ_INT(r, HUSH_OK);
    EXPECT_CLEAN(state, state_len, "hush_aead_stream_copy: the keyed state");
    EXPECT_CLEAN(before + 64, sizeof before - 64,
                 "hush_aead_stream_copy: the message state");
    clean_slate();
    r = hush_aead_stream_copy(t, s, foreign);
    capture();
    CHECK_EQ_INT(r, HUSH_ERR_INVALID);
    EXPECT_CLEAN(state, state_len,
                 "hush_aead_stream_copy refused: the keyed state");

    /* the stream moved by 8 bytes: the next call moves its state */
    hush_aead_stream *moved =
        (hush_aead_stream *)(void *)(area + 2 * sizeof(hush_aead_stream) + 8);
    memcpy(moved, s, sizeof *moved);
    memcpy(before, s, sizeof before);
    hush_aead_stream_abort(s);
    hush_aead_stream_abort(t);
    clean_slate();
    r = hush_aead_stream_update(moved, out, msg + 37, 20);
    capture();
    CHECK_EQ_INT(r, HUSH_OK);
    EXPECT_CLEAN(before + 64, sizeof before - 64,
                 "a moved stream's update: the message state");
    hush_aead_stream_abort(moved);

    hush_aead_free(k);
    hush_aead_free(k2);
    hush_aead_free(foreign);
}
#endif

int main(int argc, char **argv) {
    ht_begin(argc, argv);
#if defined(__x86_64__)
    if (!capture_supported()) {
        printf("no XSAVE: nothing to check\n");
        return 77;
    }
    ht_rand_seed(0x72656773);
    ht_rand_bytes(msg, sizeof msg);
    ht_rand_bytes(ad, sizeof ad);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        if (hush_aead_keybytes(algs[i]) == 0) continue;
        ht_context = hush_aead_name(algs[i]);
        one_algorithm(algs[i]);
    }
    ht_context = NULL;
#else
    printf("not x86-64: nothing to check\n");
    return 77;
#endif
    return ht_end();
}
