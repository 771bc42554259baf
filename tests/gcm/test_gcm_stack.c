/*
 * AES-GCM leaves nothing key-derived on the stack: after every form of
 * call (keyed seal and open, combined and detached, one-shot, streams) at
 * message and AD lengths through every path of every tier (the short and
 * tiny paths, the tails, the 16-, 32- and 64-block steps, seal's halves),
 * the 16 KiB below the stack pointer hold no 16-byte piece of the keyed
 * object's state (round keys, powers of H and the factors made from them,
 * in whatever form the tier keeps them), nor H, E_K(J0) or J0 through all
 * but the last round (the tag's mask before its last round key).
 *
 * The leak census (tools/leakscan) looks for the raw key, the AES
 * schedule and H only, and runs three tier combinations; the vector tiers
 * spill powers of H and the fused tiers' per-message values too, and the
 * schedules differ per pairing, so this runs once per aes x ghash pairing.
 * x86-64 only (the stack is read with an asm block), not under ASan (its
 * instrumentation changes frames). A control that leaves a round key in a
 * dead frame must be found.
 */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/aead_impl.h"
#include "aes/aes_impl.h"
#include "harness.h"
#include "stack_snapshot.h"

#define SNAP_BYTES 16384
static uint8_t snap[SNAP_BYTES];

static void __attribute__((noinline)) fill_below(uint8_t v) {
    volatile uint8_t area[SNAP_BYTES + 1024];
    for (size_t i = 0; i < sizeof area; i++)
        area[i] = v;
}

/* ---- what must not be found: 16-byte needles, sorted ---- */
#define MAX_NEEDLES 512
static uint8_t needles[MAX_NEEDLES][16];
static const char *needle_what[MAX_NEEDLES];
static size_t needle_at[MAX_NEEDLES];
static size_t nneedles;

static int distinctive(const uint8_t *w) {
    int nonzero = 0;
    for (int i = 0; i < 16; i++)
        nonzero += w[i] != 0;
    return nonzero >= 12;
}

static void add_needle(const uint8_t *p, const char *what, size_t at) {
    if (!distinctive(p) || nneedles == MAX_NEEDLES) return;
    memcpy(needles[nneedles], p, 16);
    needle_what[nneedles] = what;
    needle_at[nneedles] = at;
    nneedles++;
}

/* The needles' first two bytes, as bits of a 64 Ki-bit filter */
static uint64_t first2[1024];

static int needle_cmp(const void *a, const void *b) {
    return memcmp(needles[*(const size_t *)a], needles[*(const size_t *)b], 16);
}

/* The needles' indices in byte order, for a binary search (made once the
 * needles are all in). */
static size_t order[MAX_NEEDLES];
static void sort_needles(void) {
    memset(first2, 0, sizeof first2);
    for (size_t i = 0; i < nneedles; i++) {
        unsigned f = (unsigned)needles[i][0] << 8 | needles[i][1];
        first2[f / 64] |= (uint64_t)1 << (f % 64);
        order[i] = i;
    }
    qsort(order, nneedles, sizeof order[0], needle_cmp);
}

/* The needle equal to the 16 bytes at p, or -1. */
static long find_needle(const uint8_t *p) {
    unsigned f = (unsigned)p[0] << 8 | p[1];
    if (!(first2[f / 64] >> (f % 64) & 1)) return -1;
    size_t lo = 0, hi = nneedles;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = memcmp(p, needles[order[mid]], 16);
        if (c == 0) return (long)order[mid];
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

/* Needles found in snap at any offset, reported once per call. */
static int scan(const char *call, size_t len, size_t adlen) {
    int found = 0;
    for (size_t off = 0; off + 16 <= SNAP_BYTES; off++) {
        long i = find_needle(snap + off);
        if (i < 0) continue;
        if (found++ == 0)
            fprintf(stderr,
                    "%s (aes=%s ghash=%s), len %zu, adlen %zu: %s (state "
                    "byte %zu) %zu bytes below the stack pointer\n",
                    call, hush_impl("aes"), hush_impl("ghash"), len, adlen,
                    needle_what[i], needle_at[i], SNAP_BYTES - off);
    }
    return found;
}

/* E_K(J0) and J0 through rounds 0..R-1, with AES-NI from the aesni
 * tier's schedule (its layout: the round keys from byte 0 of the key
 * data); nothing when this CPU has no AES-NI. */
__attribute__((target("aes,sse2"))) static void
j0_needles(const uint8_t *key, size_t kl, const uint8_t nonce[12]) {
    const char *now = hush_impl("aes");
    if (hush_impl_force("aes", "aesni") != HUSH_OK) return;
    hush_aes_ctx c;
    uint8_t j0[16] = {0}, x[16];
    memcpy(j0, nonce, 12);
    j0[15] = 1;
    CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
    const hush_aes_key *ak = (const hush_aes_key *)(const void *)&c;
    __m128i v =
        _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)j0),
                      _mm_loadu_si128((const __m128i *)(const void *)ak->data));
    for (unsigned r = 1; r < ak->rounds; r++)
        v = _mm_aesenc_si128(
            v, _mm_loadu_si128(
                   (const __m128i *)(const void *)(ak->data + 16 * r)));
    _mm_storeu_si128((__m128i *)(void *)x, v);
    add_needle(x, "J0 before the last round", 0);
    hush_aes_encrypt_block(&c, x, j0);
    add_needle(x, "E_K(J0)", 0);
    hush_wipe(&c, sizeof c);
    hush_wipe(x, sizeof x);
    CHECK_EQ_INT(hush_impl_force("aes", now), HUSH_OK);
}

static void make_needles(const hush_aead_ctx *k, const uint8_t *key, size_t kl,
                         const uint8_t nonce[12]) {
    nneedles = 0;
    const uint8_t *st = hush_aead_object_state(k);
    size_t len = hush_aead_object_bytes(k) - 64;
    /* from the round keys on: the AES key's header holds a pointer */
    for (size_t at = 64; at + 16 <= len; at += 16)
        add_needle(st + at, "keyed state", at);
    hush_aes_ctx c;
    uint8_t h[16] = {0}, hr[16];
    CHECK_EQ_INT(hush_aes_init(&c, key, kl), HUSH_OK);
    hush_aes_encrypt_block(&c, h, h);
    for (int i = 0; i < 16; i++)
        hr[i] = h[15 - i];
    add_needle(h, "H", 0);
    add_needle(hr, "H byte-reversed", 0);
    hush_wipe(&c, sizeof c);
    hush_wipe(h, sizeof h);
    hush_wipe(hr, sizeof hr);
    j0_needles(key, kl, nonce);
    sort_needles();
}

static uint8_t in[65536 + 64], out[65536 + 64], back[65536 + 64], ad[700];

enum { SEAL, OPEN, SEAL_DETACHED, OPEN_DETACHED, ENCRYPT, DECRYPT, STREAMS };
static const char *call_names[] = {
    "hush_aead_seal",          "hush_aead_open",    "hush_aead_seal_detached",
    "hush_aead_open_detached", "hush_aead_encrypt", "hush_aead_decrypt",
    "a stream seal and open"};

static int streams(const hush_aead_ctx *k, const uint8_t *nonce, size_t len,
                   size_t adlen) {
    hush_aead_stream s;
    /* not on the stack: an empty message's tag is E_K(J0) itself */
    static uint8_t tag[16];
    size_t cut = len / 3, acut = adlen / 2;
    int r = hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce);
    r |= hush_aead_stream_ad(&s, ad, acut);
    r |= hush_aead_stream_ad(&s, ad + acut, adlen - acut);
    r |= hush_aead_stream_update(&s, out, in, cut);
    r |= hush_aead_stream_update(&s, out + cut, in + cut, len - cut);
    r |= hush_aead_stream_seal_final(&s, tag);
    r |= hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce);
    r |= hush_aead_stream_ad(&s, ad, adlen);
    r |= hush_aead_stream_update(&s, back, out, len - cut);
    r |= hush_aead_stream_update(&s, back + len - cut, out + len - cut, cut);
    r |= hush_aead_stream_open_final(&s, tag);
    return r;
}

static int __attribute__((noinline))
one_call(int which, hush_aead_alg a, const hush_aead_ctx *k, const uint8_t *key,
         const uint8_t *nonce, size_t len, size_t adlen) {
    const uint8_t *adp = adlen ? ad : NULL;
    switch (which) {
    case SEAL: return hush_aead_seal(k, out, in, len, adp, adlen, nonce);
    case OPEN: return hush_aead_open(k, back, out, len + 16, adp, adlen, nonce);
    case SEAL_DETACHED:
        return hush_aead_seal_detached(k, out, out + len, in, len, adp, adlen,
                                       nonce);
    case OPEN_DETACHED:
        return hush_aead_open_detached(k, back, out, len, out + len, adp, adlen,
                                       nonce);
    case ENCRYPT:
        return hush_aead_encrypt(a, out, in, len, adp, adlen, nonce, key);
    case DECRYPT:
        return hush_aead_decrypt(a, back, out, len + 16, adp, adlen, nonce,
                                 key);
    default: return streams(k, nonce, len, adlen);
    }
}

static unsigned long calls, leaks;

static void one_key(hush_aead_alg a, size_t kl) {
    static const size_t lens[] = {0,    1,    15,   16,   17,   64,   65,
                                  112,  113,  200,  255,  256,  257,  300,
                                  511,  512,  513,  600,  1023, 1024, 1025,
                                  1536, 2048, 2049, 4095, 4096, 4097, 65536};
    static const size_t adlens[] = {0, 13, 16, 17, 40, 128, 300, 600};
    uint8_t key[32], nonce[12];
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    hush_aead_ctx *k = ht_aead_keyed(a, key);
    if (k == NULL) return;
    make_needles(k, key, kl, nonce);
    int slow = strcmp(hush_impl("aes"), "portable") == 0;
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        if (slow && len > 4097) continue;
        for (size_t ai = 0; ai < sizeof adlens / sizeof adlens[0]; ai++) {
            size_t adlen = adlens[ai];
            for (int which = SEAL; which <= STREAMS; which++) {
                fill_below(0);
                int r = one_call(which, a, k, key, nonce, len, adlen);
                HT_SNAPSHOT_BELOW_SP(snap, sizeof snap);
                CHECK_EQ_INT(r, HUSH_OK);
                calls++;
                if (scan(call_names[which], len, adlen)) {
                    leaks++;
                    ht_fail(__FILE__, __LINE__,
                            "%s left key-derived bytes on the stack",
                            call_names[which]);
                }
            }
        }
    }
    hush_aead_free(k);
    hush_wipe(key, sizeof key);
}

/* The control: a round key left in a dead frame is found (the asm makes
 * the copy one contiguous object in memory: clang split a volatile array
 * into scattered bytes). */
static void __attribute__((noinline)) leave_needle(void) {
    uint8_t copy[32];
    memcpy(copy + 8, needles[0], 16);
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}

static void control(void) {
    uint8_t key[32] = {1};
    hush_aead_ctx *k = ht_aead_keyed(HUSH_AES128GCM, key);
    if (k == NULL) return;
    make_needles(k, key, 16, key);
    fill_below(0);
    leave_needle();
    HT_SNAPSHOT_BELOW_SP(snap, sizeof snap);
    CHECK(scan("control (expected)", 0, 0) > 0);
    hush_aead_free(k);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x7374636b);
    ht_rand_bytes(in, sizeof in);
    ht_rand_bytes(ad, sizeof ad);
    control();
    HT_FOR_EACH_IMPL("aes", aes) {
        HT_FOR_EACH_IMPL("ghash", ghash) {
            one_key(HUSH_AES128GCM, 16);
            one_key(HUSH_AES256GCM, 32);
        }
    }
    printf("%lu calls, %lu left key-derived bytes on the stack\n", calls,
           leaks);
    return ht_end();
}
