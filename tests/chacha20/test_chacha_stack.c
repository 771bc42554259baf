/*
 * HChaCha20, and ChaCha20 of up to 64 bytes, leave no word of their state
 * on the stack (x86-64 only: the test reads the stack below its own stack
 * pointer with an asm block).
 *
 * hush_hchacha20 keeps the state in registers and zeroes the red zone
 * where the compiler spills; this test holds it to that. For each key it
 * records every value the permutation computes (the key words and every
 * intermediate of every quarter round), calls hush_hchacha20, copies the
 * 1 KiB just below the stack pointer at once, and looks for any of those
 * values at every 4-byte-aligned offset (32-bit spills are aligned). A
 * control that deliberately leaves state words in a dead frame must be
 * found, so the scan is known to see a leak.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "hush/cpu.h"
#include "hush/secret.h"
#include "hush/stream.h"
#include "stack_snapshot.h"

#define SNAP_BYTES 4096
static uint8_t snap[SNAP_BYTES];

/* Every value of the permutation, in computation order. */
#define MAX_SEEN (16 + 80 * 8)
static uint32_t seen[MAX_SEEN];
static size_t nseen;

static uint32_t rotl(uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }

static void qr(uint32_t x[16], int a, int b, int c, int d) {
    x[a] += x[b], seen[nseen++] = x[a];
    x[d] = rotl(x[d] ^ x[a], 16), seen[nseen++] = x[d];
    x[c] += x[d], seen[nseen++] = x[c];
    x[b] = rotl(x[b] ^ x[c], 12), seen[nseen++] = x[b];
    x[a] += x[b], seen[nseen++] = x[a];
    x[d] = rotl(x[d] ^ x[a], 8), seen[nseen++] = x[d];
    x[c] += x[d], seen[nseen++] = x[c];
    x[b] = rotl(x[b] ^ x[c], 7), seen[nseen++] = x[b];
}

/* Records the values; returns the 16-word permuted state in x.
 * noinline: inlined into hchacha_words (clang does), state words stay in
 * its callee-saved registers, and hush_hchacha20's pushes of those
 * registers put them below the stack pointer: the caller's values, not a
 * leak of the function under test, but the scan cannot tell them apart. */
static __attribute__((noinline)) void
reference(uint32_t x[16], const uint8_t key[32], const uint8_t nonce[16]) {
    static const uint32_t c[4] = {0x61707865u, 0x3320646eu, 0x79622d32u,
                                  0x6b206574u};
    nseen = 0;
    for (int i = 0; i < 4; i++)
        x[i] = c[i];
    for (int i = 0; i < 8; i++) {
        memcpy(&x[4 + i], key + 4 * i, 4);
        seen[nseen++] = x[4 + i];
    }
    for (int i = 0; i < 4; i++) {
        memcpy(&x[12 + i], nonce + 4 * i, 4);
        seen[nseen++] = x[12 + i];
    }
    for (int r = 0; r < 10; r++) {
        qr(x, 0, 4, 8, 12), qr(x, 1, 5, 9, 13);
        qr(x, 2, 6, 10, 14), qr(x, 3, 7, 11, 15);
        qr(x, 0, 5, 10, 15), qr(x, 1, 6, 11, 12);
        qr(x, 2, 7, 8, 13), qr(x, 3, 4, 9, 14);
    }
}

/* Which recorded value seen[i] is, for a failure's report. */
static void describe_seen(char *text, size_t cap, size_t i) {
    if (i < 8)
        snprintf(text, cap, "key word %zu", i);
    else if (i < 12)
        snprintf(text, cap, "input word %zu", i + 4);
    else
        snprintf(text, cap, "double round %zu, quarter round %zu, step %zu",
                 (i - 12) / 64, (i - 12) % 64 / 8, (i - 12) % 8);
}

/* Number of 4-byte-aligned words in snap equal to a recorded value.
 * Nonce words and zero are public (and zero is what a wipe leaves).
 * With `what`, each one found is printed: how far below the stack pointer
 * it lay, and which value it is, so that a failure on a machine nobody
 * can log into says where to look. */
static int count_state_words(const uint8_t nonce[16], const char *what) {
    int found = 0;
    for (size_t off = 0; off + 4 <= SNAP_BYTES; off += 4) {
        uint32_t v;
        memcpy(&v, snap + off, 4);
        if (v == 0) continue;
        int is_nonce = 0;
        for (int i = 0; i < 4; i++) {
            uint32_t w;
            memcpy(&w, nonce + 4 * i, 4);
            is_nonce |= v == w;
        }
        if (is_nonce) continue;
        for (size_t i = 0; i < nseen; i++) {
            if (v != seen[i]) continue;
            found++;
            if (what != NULL) {
                char text[80];
                describe_seen(text, sizeof text, i);
                fprintf(stderr,
                        "%s (chacha20=%s): %08x at %zu bytes below "
                        "the stack pointer: %s\n",
                        what, hush_impl("chacha20"), (unsigned)v,
                        SNAP_BYTES - off, text);
            }
        }
    }
    return found;
}

static void __attribute__((noinline)) fill_below(uint8_t v) {
    volatile uint8_t area[SNAP_BYTES + 256];
    for (size_t i = 0; i < sizeof area; i++)
        area[i] = v;
}
static void clear_below(void) { fill_below(0); }

/* The control: a dead frame holding the permuted state. */
static void __attribute__((noinline)) leave_state(const uint32_t x[16]) {
    volatile uint32_t copy[16];
    for (int i = 0; i < 16; i++)
        copy[i] = x[i];
    (void)copy[0];
}

static uint8_t out[32]; /* outside the stack: the result is no leak */

/* The control: a dead frame with the state must be found. */
static void __attribute__((noinline)) check_control(void) {
    uint8_t key[32], nonce[16];
    uint32_t x[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    reference(x, key, nonce);
    clear_below();
    leave_state(x);
    HT_SNAPSHOT_BELOW_SP(snap, sizeof snap);
    CHECK(count_state_words(nonce, NULL) >= 8);
    hush_wipe(key, sizeof key);
}

/* One HChaCha20 call with a fresh key: the words it left (reported under
 * `what`); checks the output. The argument is unused: the shape is
 * found_again's. */
static int __attribute__((noinline))
hchacha_words(size_t unused, const char *what) {
    (void)unused;
    uint8_t key[32], nonce[16];
    uint32_t x[16];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    reference(x, key, nonce);
    clear_below();
    hush_hchacha20(out, nonce, key);
    HT_SNAPSHOT_BELOW_SP(snap, sizeof snap);
    uint8_t want[32];
    memcpy(want, x, 16);
    memcpy(want + 16, x + 12, 16);
    CHECK_MEM(out, want, 32);
    hush_wipe(key, sizeof key);
    return count_state_words(nonce, what);
}

/*
 * A word found fails only when a second key finds one at the same call
 * too. What a path leaves unwiped belongs to the path (the same frames
 * and slots for every key: the code is constant time), so a leak comes
 * back with any key. A chance equality between one of the 652 recorded
 * values and one of the public words below the stack pointer (about 20:
 * halves of pointers that ASLR placed, lengths) does not: 3e-6 a call,
 * 4e-4 a run of this test's 135 calls. Both finds are printed.
 */
static void found_again(int (*words)(size_t, const char *), size_t arg) {
    int found = words(arg, "found with a first key");
    if (found != 0) found = words(arg, "found again with a second key");
    CHECK(found == 0);
}

/*
 * ChaCha20 of 1..64 bytes: the vector tiers' one-block path in general
 * registers (chacha20_avx2.c: a leaf that zeroes its red zone, no scrub);
 * and some longer messages, whose batches' frames the tier scrubs.
 * The block's state is HChaCha20's with words 12-15 = counter and nonce,
 * so reference() records its values; the keystream itself is not looked
 * for (it is the output xor the input, public to whoever holds both).
 */
#define XOR_MAX 4200
static uint8_t msg[XOR_MAX], ct[XOR_MAX]; /* outside the stack */

/* One ChaCha20 call of len bytes with a fresh key: the words it left
 * (reported under `what`); checks the output. */
static int __attribute__((noinline)) xor_words(size_t len, const char *what) {
    uint8_t key[32], nonce[12], words12[16];
    uint32_t x[16];
    const uint32_t counter = (uint32_t)ht_rand_u64() & 0x7fffffffu;
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(msg, len);
    for (int i = 0; i < 4; i++)
        words12[i] = (uint8_t)(counter >> (8 * i));
    memcpy(words12 + 4, nonce, 12);
    reference(x, key, words12);
    fill_below(len > 64 ? 0xa5 : 0);
    hush_chacha20_xor(ct, msg, len, nonce, key, counter);
    HT_SNAPSHOT_BELOW_SP(snap, sizeof snap);
    int found = count_state_words(words12, what);
    if (len > 64 && strcmp(hush_impl("chacha20"), "avx2") == 0) {
        /* the avx2 tier's vector path scrubs 2048 bytes below its entry,
         * which sits less than 300 bytes below here: nothing of the fill
         * may be left from 300 to 1800 bytes down */
        int left = 0;
        for (size_t off = SNAP_BYTES - 1800; off < SNAP_BYTES - 300; off++)
            left += snap[off] == 0xa5;
        CHECK(left == 0);
    }
    /* the output is right: the keystream's first word, x0 + constant */
    uint32_t w0 = x[0] + 0x61707865u;
    for (size_t i = 0; i < len && i < 4; i++)
        CHECK(ct[i] == (uint8_t)(msg[i] ^ (uint8_t)(w0 >> (8 * i))));
    hush_wipe(key, sizeof key);
    return found;
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    check_control();
    for (int i = 0; i < 64; i++)
        found_again(hchacha_words, 0);
    for (size_t len = 1; len <= 64; len++)
        found_again(xor_words, len);
    /* the vector paths and the scrub after them (block 0 is lane 0 of the
     * batches and of the row layout) */
    static const size_t longer[] = {65, 200, 300, 511, 1024, 4096 + 100};
    for (size_t i = 0; i < sizeof longer / sizeof *longer; i++)
        found_again(xor_words, longer[i]);
    return ht_end();
}
