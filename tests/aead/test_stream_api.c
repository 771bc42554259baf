/*
 * The streaming AEAD's contract apart from its results (aead_stream.h):
 * the state machine, argument errors leaving the stream as it was, length
 * limits checked before anything is processed, wiping at the end, streams
 * interleaved on one keyed object, init abandoning a message, messages
 * copied half-way (hush_aead_stream_copy, hush_aead_dup), for every
 * algorithm.
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "stream_util.h"

static const hush_aead_alg algs[] = {HUSH_CHACHA20POLY1305,
                                     HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                     HUSH_AES256GCM, HUSH_ASCON_AEAD128};

static uint8_t key[32], nonce[24], msg[300], ad[40];

/* The stream's bytes before a call that must change nothing. */
static hush_aead_stream snapshot;
#define UNCHANGED(s) CHECK(memcmp(&snapshot, (s), sizeof snapshot) == 0)

static void oneshot(hush_aead_alg a, uint8_t *c, uint8_t tag[16], size_t mlen,
                    size_t adlen) {
    CHECK_EQ_INT(
        hush_aead_encrypt_detached(a, c, tag, msg, mlen, ad, adlen, nonce, key),
        HUSH_OK);
}

static void state_machine(hush_aead_alg a, const hush_aead_ctx *k) {
    hush_aead_stream s;
    uint8_t out[300], tag[16], want_c[300], want_tag[16];

    /* a zero stream is "none": everything but init is out of order */
    memset(&s, 0, sizeof s);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 4), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 4), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_open_final(&s, tag), HUSH_ERR_STATE);
    CHECK(ht_all_zero(&s, sizeof s));
    /* so is one that was never initialised */
    ht_rand_bytes(&s, sizeof s);
    snapshot = s;
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 4), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_ERR_STATE);
    UNCHANGED(&s);

    /* init's own errors leave s alone */
    CHECK_EQ_INT(hush_aead_stream_init(NULL, k, HUSH_AEAD_SEAL, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_init(&s, NULL, HUSH_AEAD_SEAL, nonce),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, NULL),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, 0, nonce), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, 3, nonce), HUSH_ERR_INVALID);
    UNCHANGED(&s);

    /* AD, message, then AD again: out of order, and nothing changed */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 10), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, NULL, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad + 10, 30), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 0), HUSH_OK);
    snapshot = s;
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 1), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, NULL, 0), HUSH_ERR_STATE);
    /* the wrong final for the direction */
    CHECK_EQ_INT(hush_aead_stream_open_final(&s, tag), HUSH_ERR_STATE);
    /* argument errors */
    CHECK_EQ_INT(hush_aead_stream_update(&s, NULL, msg, 5), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, NULL, 5), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_update(NULL, out, msg, 5), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, NULL), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_seal_final(NULL, tag), HUSH_ERR_INVALID);
    memcpy(out, msg, 100);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out + 1, out, 50),
                 HUSH_ERR_INVALID); /* partial overlap */
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, out + 49, 50),
                 HUSH_ERR_INVALID);
    UNCHANGED(&s);
    /* and the message still comes out right */
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 7), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out + 7, msg + 7, 293), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_OK);
    CHECK(ht_all_zero(&s, sizeof s));
    oneshot(a, want_c, want_tag, 300, 40);
    CHECK_MEM(out, want_c, 300);
    CHECK_MEM(tag, want_tag, 16);
    /* finished: "none" again */
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 1), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_ERR_STATE);

    /* an open stream refuses seal_final and stays as it was */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 40), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, want_c, 300), HUSH_OK);
    snapshot = s;
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_open_final(&s, NULL), HUSH_ERR_INVALID);
    UNCHANGED(&s);
    CHECK_EQ_INT(hush_aead_stream_open_final(&s, want_tag), HUSH_OK);
    CHECK(ht_all_zero(&s, sizeof s));
    CHECK_MEM(out, msg, 300);

    /* a failed open wipes the stream too */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, want_c, 300), HUSH_OK);
    uint8_t bad[16];
    memcpy(bad, want_tag, 16);
    bad[3] ^= 1;
    CHECK_EQ_INT(hush_aead_stream_open_final(&s, bad), HUSH_ERR_AUTH);
    CHECK(ht_all_zero(&s, sizeof s));

    /* the empty message: init and final only, and only the AD */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_OK);
    oneshot(a, want_c, want_tag, 0, 0);
    CHECK_MEM(tag, want_tag, 16);
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 17), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_OK);
    oneshot(a, want_c, want_tag, 0, 17);
    CHECK_MEM(tag, want_tag, 16);

    /* init abandons a message in progress */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, msg, 33), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 77), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 5), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 99), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_OK);
    oneshot(a, want_c, want_tag, 99, 5);
    CHECK_MEM(out, want_c, 99);
    CHECK_MEM(tag, want_tag, 16);

    /* abort wipes; NULL is a no-op */
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 21), HUSH_OK);
    hush_aead_stream_abort(&s);
    CHECK(ht_all_zero(&s, sizeof s));
    hush_aead_stream_abort(NULL);
}

/* Two streams on one keyed object, fed alternately, one of each direction. */
static void interleaved(hush_aead_alg a, const hush_aead_ctx *k) {
    hush_aead_stream s1, s2;
    uint8_t c[300], m[300], tag1[16], want_c[300], want_tag[16];
    oneshot(a, want_c, want_tag, 300, 40);
    CHECK_EQ_INT(hush_aead_stream_init(&s1, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_init(&s2, k, HUSH_AEAD_OPEN, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s1, ad, 40), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s2, ad, 19), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s2, ad + 19, 21), HUSH_OK);
    for (size_t at = 0; at < 300; at += 30) {
        CHECK_EQ_INT(hush_aead_stream_update(&s1, c + at, msg + at, 30),
                     HUSH_OK);
        CHECK_EQ_INT(hush_aead_stream_update(&s2, m + at, want_c + at, 30),
                     HUSH_OK);
    }
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s1, tag1), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_open_final(&s2, want_tag), HUSH_OK);
    CHECK_MEM(c, want_c, 300);
    CHECK_MEM(tag1, want_tag, 16);
    CHECK_MEM(m, msg, 300);
}

/* A message copied half-way, onto the same object, onto a copy of it (the
 * original then freed), and refused onto an object with another key. */
static void copies(hush_aead_alg a, const hush_aead_ctx *k) {
    hush_aead_stream s, t, u;
    uint8_t c1[300], c2[300], tag1[16], tag2[16], want_c[300], want_tag[16];
    hush_aead_ctx *k2 = NULL, *other = NULL;
    CHECK_EQ_INT(hush_aead_dup(&k2, k), HUSH_OK);
    CHECK_EQ_INT(hush_aead_dup(NULL, k), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_dup(&other, NULL), HUSH_ERR_INVALID);
    CHECK(other == NULL);
    if (k2 == NULL) return;
    uint8_t key2[32];
    memcpy(key2, key, sizeof key2);
    key2[0] ^= 1;
    other = ht_aead_keyed(a, key2);
    oneshot(a, want_c, want_tag, 300, 40);

    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 40), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, c1, msg, 101), HUSH_OK);
    memcpy(c2, c1, 101);
    memset(&u, 0x5a, sizeof u);
    hush_aead_stream before = u;
    CHECK_EQ_INT(hush_aead_stream_copy(&u, &s, other), HUSH_ERR_INVALID);
    CHECK(memcmp(&u, &before, sizeof u) == 0);
    memset(&t, 0, sizeof t);
    CHECK_EQ_INT(hush_aead_stream_copy(&u, &t, k), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_aead_stream_copy(NULL, &s, k), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_aead_stream_copy(&t, &s, k), HUSH_OK);  /* same k */
    CHECK_EQ_INT(hush_aead_stream_copy(&u, &s, k2), HUSH_OK); /* the dup */
    /* s and t go on on k; u goes on on the copy k2 */
    CHECK_EQ_INT(hush_aead_stream_update(&s, c1 + 101, msg + 101, 199),
                 HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag1), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&t, c2 + 101, msg + 101, 50), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&t, c2 + 151, msg + 151, 149),
                 HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&t, tag2), HUSH_OK);
    CHECK_MEM(c1, want_c, 300);
    CHECK_MEM(tag1, want_tag, 16);
    CHECK_MEM(c2, want_c, 300);
    CHECK_MEM(tag2, want_tag, 16);
    CHECK_EQ_INT(hush_aead_stream_copy(&u, &u, k2), HUSH_OK);
    memset(c2, 0, sizeof c2);
    CHECK_EQ_INT(hush_aead_stream_update(&u, c2 + 101, msg + 101, 199),
                 HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&u, tag2), HUSH_OK);
    CHECK_MEM(c2 + 101, want_c + 101, 199);
    CHECK_MEM(tag2, want_tag, 16);
    hush_aead_free(k2);
    hush_aead_free(other);
}

/* Totals over the limit are refused before anything is read (the
 * pointers here cover far less than the lengths claimed). */
static void limits(hush_aead_alg a, const hush_aead_ctx *k) {
    hush_aead_stream s;
    uint8_t out[64], tag[16], want_c[64], want_tag[16];
    uint64_t max_m = 0, max_ad = 0;
    if (a == HUSH_AES128GCM || a == HUSH_AES256GCM) {
        max_m = (UINT64_C(1) << 36) - 32;
        max_ad = (UINT64_C(1) << 61) - 1;
    } else if (a == HUSH_CHACHA20POLY1305) {
        max_m = (UINT64_C(1) << 32) * 64 - 64;
    }
    CHECK_EQ_INT(hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce), HUSH_OK);
    if (max_ad && max_ad < SIZE_MAX) {
        snapshot = s;
        CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, (size_t)max_ad + 1),
                     HUSH_ERR_INVALID);
        UNCHANGED(&s);
    }
    CHECK_EQ_INT(hush_aead_stream_ad(&s, ad, 8), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, 16), HUSH_OK);
    snapshot = s;
    if (max_m && max_m < SIZE_MAX) {
        /* 16 bytes are in already: max - 15 more is one too many */
        CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, (size_t)max_m - 15),
                     HUSH_ERR_INVALID);
    }
    CHECK_EQ_INT(hush_aead_stream_update(&s, out, msg, SIZE_MAX),
                 HUSH_ERR_INVALID);
    UNCHANGED(&s);
    CHECK_EQ_INT(hush_aead_stream_update(&s, out + 16, msg + 16, 48), HUSH_OK);
    CHECK_EQ_INT(hush_aead_stream_seal_final(&s, tag), HUSH_OK);
    oneshot(a, want_c, want_tag, 64, 8);
    CHECK_MEM(out, want_c, 64);
    CHECK_MEM(tag, want_tag, 16);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x61706973);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    ht_rand_bytes(msg, sizeof msg);
    ht_rand_bytes(ad, sizeof ad);
    CHECK(sizeof(hush_aead_stream) == HUSH_AEAD_STREAM_BYTES);
    CHECK(_Alignof(hush_aead_stream) == 64);
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        ht_context = hush_aead_name(algs[i]);
        hush_aead_ctx *k = ht_aead_keyed(algs[i], key);
        if (k == NULL) continue;
        state_machine(algs[i], k);
        interleaved(algs[i], k);
        copies(algs[i], k);
        limits(algs[i], k);
        hush_aead_free(k);
    }
    ht_context = NULL;
    return ht_end();
}
