/*
 * hush_chacha20_xor's cut at the wrap of RFC 8439's 32-bit block counter,
 * for messages too long to run: a recording tier stands in for the real
 * ones (it touches no memory), so lengths of 2^38 bytes and more (a
 * counter that wraps twice or more) cost nothing. Every piece must start
 * at block 0 after a wrap with the nonce word as it was, end at the wrap,
 * and the pieces must cover the message exactly once. The real tiers'
 * output across one wrap is test_chacha20's.
 */
#include <stdint.h>

#include "chacha20/chacha20_impl.h"
#include "harness.h"

#define MAX_PIECES 16
static struct {
    uint8_t *at;
    size_t len;
    uint32_t word12, word13;
} pieces[MAX_PIECES];
static size_t npieces;

static void record(uint8_t *out, const uint8_t *in, size_t len,
                   const uint32_t state[16]) {
    (void)in;
    if (npieces < MAX_PIECES) {
        pieces[npieces].at = out;
        pieces[npieces].len = len;
        pieces[npieces].word12 = state[12];
        pieces[npieces].word13 = state[13];
    }
    npieces++;
}
static const hush_chacha20_ops recording = {record};

_Static_assert(SIZE_MAX >= UINT64_MAX, "built for 64-bit size_t only");

static void check_run(uint32_t counter, uint64_t len) {
    const uint64_t wrap = (uint64_t)1 << 38; /* 2^32 blocks of 64 bytes */
    const uint32_t nonce0 = 0x9e3779b9u;
    uint32_t s[16] = {0};
    s[12] = counter;
    s[13] = nonce0;
    npieces = 0;
    /* the pointers are never dereferenced by the recording tier */
    uint8_t *base = (uint8_t *)(uintptr_t)0x1000;
    hush_chacha20_ietf_run(&recording, base, base, (size_t)len, s);
    uint64_t room = wrap - (uint64_t)counter * 64, done = 0;
    size_t want = 1 + (size_t)(len > room ? (len - room + wrap - 1) / wrap : 0);
    CHECK_EQ_INT((long long)npieces, (long long)want);
    for (size_t i = 0; i < npieces && i < MAX_PIECES; i++) {
        uint64_t left = len - done;
        uint64_t cap = i == 0 ? room : wrap;
        CHECK((uintptr_t)pieces[i].at == (uintptr_t)base + done);
        CHECK(pieces[i].len == (left < cap ? left : cap));
        CHECK(pieces[i].word12 == (i == 0 ? counter : 0));
        CHECK(pieces[i].word13 == nonce0);
        done += pieces[i].len;
    }
    CHECK(done == len);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    static const uint32_t counters[] = {0,           1,           7,
                                        0x80000000u, 0xfffffff0u, 0xffffffffu};
    const uint64_t wrap = (uint64_t)1 << 38;
    for (size_t c = 0; c < sizeof counters / sizeof *counters; c++) {
        uint64_t room = wrap - (uint64_t)counters[c] * 64;
        const uint64_t lens[] = {1,
                                 room - 1,
                                 room,
                                 room + 1,
                                 room + wrap - 1,
                                 room + wrap,
                                 room + wrap + 1,
                                 room + 3 * wrap + 64};
        for (size_t i = 0; i < sizeof lens / sizeof *lens; i++)
            check_run(counters[c], lens[i]);
    }
    return ht_end();
}
