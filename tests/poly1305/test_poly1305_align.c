/*
 * hush_poly1305_ctx at every alignment malloc gives (issue 15, defect 6).
 * The type asks for 64 bytes, but a context inside a malloc'd block (or
 * any heap structure) is only 16-aligned: the ifma tier crashed there on
 * its aligned vector stores of the powers of r. Every tier, forced in
 * turn, runs one message in several splits with the context at offsets
 * 16, 32 and 48 of a 64-aligned buffer, from malloc, and moved with memcpy
 * to another alignment between two updates; each tag must equal the one
 * the same tier gives with a 64-aligned context. Each case runs in a
 * forked child so a fault is one failed case, not the end of the test.
 * The AEAD streams, which hold a Poly1305 state for ChaCha20-Poly1305,
 * are run the same way (copied with hush_aead_stream_copy).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define MSG_MAX 4200

static uint8_t key[32], msg[MSG_MAX];

typedef struct job {
    uint8_t *ctx_at;   /* where the context lives */
    uint8_t *move_to;  /* NULL, or where it is moved after the first update */
    size_t len, split; /* message length, first update's length */
    uint8_t want[16];  /* the tag with a 64-aligned context */
    int stream;        /* run_stream, not run */
} job;

/* In the child: the incremental tag where the job says; exits 0 when it
 * is the aligned context's tag, 1 when not. */
static void run(void *arg) {
    job *j = arg;
    hush_poly1305_ctx *c = (hush_poly1305_ctx *)(void *)j->ctx_at;
    uint8_t tag[16];
    hush_poly1305_init(c, key);
    hush_poly1305_update(c, msg, j->split);
    if (j->move_to) {
        memcpy(j->move_to, j->ctx_at, sizeof *c);
        hush_wipe(j->ctx_at, sizeof *c);
        c = (hush_poly1305_ctx *)(void *)j->move_to;
    }
    hush_poly1305_update(c, msg + j->split, j->len - j->split);
    hush_poly1305_final(c, tag);
    _exit(memcmp(tag, j->want, 16) == 0 ? 0 : 1);
}

/* A stream (aead_stream.h) of every algorithm at the job's address, one
 * message of j->len bytes cut at j->split; exits 0 when the ciphertext
 * and tag are those of a 64-aligned stream. The ChaCha20-Poly1305 streams
 * keep a Poly1305 state inside: the same crash on the ifma tier. */
static void run_stream(void *arg) {
    job *j = arg;
    static const hush_aead_alg algs[] = {HUSH_CHACHA20POLY1305,
                                         HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                         HUSH_AES256GCM, HUSH_ASCON_AEAD128};
    static uint8_t want[MSG_MAX], got[MSG_MAX];
    const uint8_t nonce[24] = {7};
    int same = 1;
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        hush_secret *ks = NULL;
        hush_aead_ctx *k = NULL;
        if (hush_secret_from(&ks, key, hush_aead_keybytes(algs[a]), 0) ||
            hush_aead_new(&k, algs[a], ks))
            _exit(2);
        uint8_t tag_want[16], tag_got[16];
        hush_aead_stream aligned;
        hush_aead_stream *s = (hush_aead_stream *)(void *)j->ctx_at;
        int r = hush_aead_stream_init(&aligned, k, HUSH_AEAD_SEAL, nonce);
        r |= hush_aead_stream_ad(&aligned, msg, 40);
        r |= hush_aead_stream_update(&aligned, want, msg, j->len);
        r |= hush_aead_stream_seal_final(&aligned, tag_want);
        r |= hush_aead_stream_init(s, k, HUSH_AEAD_SEAL, nonce);
        r |= hush_aead_stream_ad(s, msg, 40);
        r |= hush_aead_stream_update(s, got, msg, j->split);
        if (j->move_to) {
            r |= hush_aead_stream_copy((hush_aead_stream *)(void *)j->move_to,
                                       s, k);
            hush_aead_stream_abort(s);
            s = (hush_aead_stream *)(void *)j->move_to;
        }
        r |= hush_aead_stream_update(s, got + j->split, msg + j->split,
                                     j->len - j->split);
        r |= hush_aead_stream_seal_final(s, tag_got);
        same &= r == HUSH_OK && memcmp(want, got, j->len) == 0 &&
                memcmp(tag_want, tag_got, 16) == 0;
        hush_aead_free(k);
        hush_secret_destroy(ks);
    }
    _exit(same ? 0 : 1);
}

static void check_case(const char *where, job *j) {
    char err[512];
    int st =
        ht_run_child(j->stream ? run_stream : run, j, err, sizeof err, 10000);
    if (ht_exited_with(st, 0)) {
        ht_passed++;
        return;
    }
    ht_fail(__FILE__, __LINE__, "%s %s, %zu bytes split at %zu: %s %s",
            j->stream ? "stream" : "context", where, j->len, j->split,
            ht_exited_with(st, 1) ? "wrong tag" : "the child died", err);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);
    /* short, one vector step, the ifma pairs and group, long, odd tails */
    static const size_t lens[] = {0, 15, 16, 255, 256, 384, 1000, 4096, 4199};
    /* room for a context at offset 48 of a 64-aligned address */
    const size_t room = sizeof(hush_aead_stream) + 64; /* the larger */
    uint8_t *area = aligned_alloc(64, 2 * room);
    CHECK(area != NULL);
    if (area == NULL) return ht_end();
    uint8_t *second = area + room;
    HT_FOR_EACH_IMPL("poly1305", tier) {
        (void)tier; /* the harness labels failures with it */
        for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
            size_t len = lens[li];
            size_t splits[] = {0, len / 3, len};
            for (int si = 0; si < 3; si++) {
                job j = {NULL, NULL, len, splits[si], {0}, 0};
                hush_poly1305_ctx aligned;
                hush_poly1305_init(&aligned, key);
                hush_poly1305_update(&aligned, msg, len);
                hush_poly1305_final(&aligned, j.want);
                /* the one-shot is the aligned incremental's tag */
                uint8_t one[16];
                hush_poly1305(one, msg, len, key);
                CHECK_MEM(one, j.want, 16);
                for (size_t off = 16; off < 64; off += 16) {
                    char where[64];
                    snprintf(where, sizeof where, "at offset %zu", off);
                    j.ctx_at = area + off, j.move_to = NULL;
                    check_case(where, &j);
                    snprintf(where, sizeof where, "moved from offset 0 to %zu",
                             off);
                    j.ctx_at = area, j.move_to = second + off;
                    check_case(where, &j);
                    snprintf(where, sizeof where, "moved from offset %zu to 0",
                             off);
                    j.ctx_at = area + off, j.move_to = second;
                    check_case(where, &j);
                }
                /* where malloc puts it: 16-aligned, not 64 */
                hush_poly1305_ctx *heap_ctx = malloc(sizeof *heap_ctx);
                CHECK(heap_ctx != NULL);
                if (heap_ctx == NULL) continue;
                uint8_t *heap = (uint8_t *)(void *)heap_ctx;
                char where[64];
                snprintf(where, sizeof where, "from malloc (offset %u)",
                         (unsigned)((uintptr_t)heap % 64));
                j.ctx_at = heap, j.move_to = NULL;
                check_case(where, &j);
                free(heap_ctx);
                /* the AEAD streams at the same places */
                j.stream = 1;
                for (size_t off = 16; off < 64; off += 16) {
                    snprintf(where, sizeof where, "at offset %zu", off);
                    j.ctx_at = area + off, j.move_to = NULL;
                    check_case(where, &j);
                    snprintf(where, sizeof where, "copied from 0 to %zu", off);
                    j.ctx_at = area, j.move_to = second + off;
                    check_case(where, &j);
                }
            }
        }
    }
    free(area);
    return ht_end();
}
