/*
 * AEAD open, every algorithm, through a keyed object: a tag
 * wrong in its first byte vs wrong in its last byte (where a comparison
 * that stops early would show), and a valid tag vs a tag wrong in its first
 * or last byte. The verdict itself is public: a failed open also zeroes the
 * plaintext, so valid vs wrong rows measure that too (docs/CONSTANT_TIME.md).
 * The aead_stream_open rows compare the two wrong tags through the
 * streaming API, the AD and the message each cut in two at points that are
 * not block boundaries (its verdict is the same code as one-shot's).
 */
#include <stdlib.h>
#include <string.h>

#include "ct_cases.h"

#define MSG_BYTES 64
#define AD_BYTES  16

/* arg: the algorithm in the low byte, the class pair above it */
#define WRONG_FIRST_VS_LAST 0x000u
#define VALID_VS_FIRST      0x100u
#define VALID_VS_LAST       0x200u
/* through hush_aead_stream_* instead of hush_aead_open */
#define THROUGH_STREAM 0x1000u

typedef struct open_state {
    hush_aead_ctx *key;
    unsigned pair, stream;
    uint8_t nonce[32], ad[AD_BYTES];
    uint8_t reference[MSG_BYTES + 16]; /* a valid ciphertext and tag */
    uint8_t *c;                        /* the working ciphertext */
    uint8_t m[MSG_BYTES];
    volatile int sink;
} open_state;

static void open_fill(void *state, int cls, ct_rng *rng) {
    (void)rng;
    open_state *s = state;
    uint8_t *tag = s->c + MSG_BYTES;
    memcpy(s->c, s->reference, sizeof s->reference);
    /* the same byte store in both classes; only its value or place differs */
    if (s->pair == WRONG_FIRST_VS_LAST)
        tag[15 * cls] ^= 0x01;
    else
        tag[s->pair == VALID_VS_FIRST ? 0 : 15] ^= (uint8_t)cls;
}

static void open_run(void *state) {
    open_state *s = state;
    if (!s->stream) {
        s->sink = hush_aead_open(s->key, s->m, s->c, MSG_BYTES + 16, s->ad,
                                 AD_BYTES, s->nonce);
        return;
    }
    hush_aead_stream st;
    int r = hush_aead_stream_init(&st, s->key, HUSH_AEAD_OPEN, s->nonce);
    r |= hush_aead_stream_ad(&st, s->ad, 5);
    r |= hush_aead_stream_ad(&st, s->ad + 5, AD_BYTES - 5);
    r |= hush_aead_stream_update(&st, s->m, s->c, 21);
    r |= hush_aead_stream_update(&st, s->m + 21, s->c + 21, MSG_BYTES - 21);
    s->sink = r | hush_aead_stream_open_final(&st, s->c + MSG_BYTES);
}

static void open_teardown(void *state) {
    open_state *s = state;
    hush_aead_free(s->key);
    free(s->c);
    free(s);
}

static void *open_setup(const ct_case *c, ct_rng *rng) {
    hush_aead_alg alg = (hush_aead_alg)(c->arg & 0xff);
    size_t keybytes = hush_aead_keybytes(alg);
    open_state *s = ct_alloc(sizeof *s);
    hush_secret *key = NULL;
    if (s == NULL || hush_secret_random(&key, keybytes, 0) != HUSH_OK)
        return NULL;
    s->pair = (unsigned)(c->arg & 0xf00);
    s->stream = (unsigned)(c->arg & THROUGH_STREAM);
    int r = hush_aead_new(&s->key, alg, key);
    hush_secret_destroy(key);
    s->c = ct_alloc(sizeof s->reference);
    if (r != HUSH_OK || s->c == NULL) return NULL;
    uint8_t m[MSG_BYTES];
    ct_rng_bytes(rng, m, sizeof m);
    ct_rng_bytes(rng, s->nonce, sizeof s->nonce);
    ct_rng_bytes(rng, s->ad, sizeof s->ad);
    if (hush_aead_seal(s->key, s->reference, m, sizeof m, s->ad, AD_BYTES,
                       s->nonce) != HUSH_OK ||
        hush_aead_open(s->key, s->m, s->reference, sizeof s->reference, s->ad,
                       AD_BYTES, s->nonce) != HUSH_OK)
        return NULL;
    return s;
}

/* clang-format off */
#define OPEN_ROW(op, name, alg, prims, kind, classes, pair)                     \
    {op "." name, classes, prims, kind, NULL, open_setup, open_teardown,       \
     open_fill, open_run, (alg) | (pair)}
#define OPEN_ROWS_OF(op, name, alg, prims, how)                                \
    OPEN_ROW(op, name, alg, prims, CT_HUSH, "tag wrong in byte 0 vs byte 15", \
             WRONG_FIRST_VS_LAST | (how)),                                     \
    OPEN_ROW(op, name, alg, prims, CT_VERDICT, "valid tag vs wrong in byte 0", \
             VALID_VS_FIRST | (how)),                                          \
    OPEN_ROW(op, name, alg, prims, CT_VERDICT,                                 \
             "valid tag vs wrong in byte 15", VALID_VS_LAST | (how))
#define OPEN_ROWS(name, alg, prims)                                            \
    OPEN_ROWS_OF("aead_open", name, alg, prims, 0),                            \
    OPEN_ROW("aead_stream_open", name, alg, prims, CT_HUSH,                   \
             "tag wrong in byte 0 vs byte 15",                                 \
             WRONG_FIRST_VS_LAST | THROUGH_STREAM)
/* clang-format on */

const ct_case ct_cases_aead[] = {
    OPEN_ROWS("chacha20poly1305", HUSH_CHACHA20POLY1305, "chacha20 poly1305"),
    OPEN_ROWS("xchacha20poly1305", HUSH_XCHACHA20POLY1305, "chacha20 poly1305"),
    OPEN_ROWS("aes128gcm", HUSH_AES128GCM, "aes ghash"),
    OPEN_ROWS("aes256gcm", HUSH_AES256GCM, "aes ghash"),
    OPEN_ROWS("ascon_aead128", HUSH_ASCON_AEAD128, "ascon"),
};
const size_t ct_cases_aead_count =
    sizeof ct_cases_aead / sizeof ct_cases_aead[0];
