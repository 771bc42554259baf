/*
 * Where the buffers of an AEAD call may lie (issue 15, defect 3): the
 * contract every implementation keeps, on every tier combination.
 *
 * The rule (include/hush/aead.h): the message output may alias the
 * message input exactly (in place) and must not overlap it otherwise; no
 * other input (AD, nonce, key, and for opening the tag) may overlap the
 * message output; a sealing tag may overlap neither message, but may lie
 * on the AD, nonce and key in any way (a tag output may alias its own
 * inputs); inputs may overlap each other freely. A call that breaks the
 * rule returns HUSH_ERR_INVALID and writes nothing. A call that keeps it
 * gives exactly the bytes and the result of the same call with every
 * buffer separate.
 * The old code let the AD lie inside the output, and the VAES-512 GCM
 * short path (1-112 bytes) wrote the ciphertext before it read the AD:
 * a wrong tag on that tier only.
 *
 * The test moves one buffer at a time (AD, nonce, detached tag, one-shot
 * key) across every offset around the input, the output and the detached
 * tag, from just before to just after, for message lengths that cover
 * every tier's short paths and block and batch edges, for all eight forms
 * (one-shot and keyed, combined and detached, seal and open), in place and
 * apart, for every AEAD and every combination of the tiers it is built
 * from (HT_FOR_EACH_IMPL over aes x ghash, chacha20 x poly1305, ascon).
 * For an open, the input is made a valid message for the bytes the moved
 * buffer then holds whenever that is consistent, so the success path is
 * compared too, not only the refusal of a forgery.
 *
 * About 10 million layouts, 13 s of CPU on a Sapphire Rapids core. While
 * working on one algorithm: HUSH_TEST_AEAD="AES-128-GCM" runs only it,
 * --impl aes=vaes512,ghash=vpclmul512 only those tiers, and
 * HUSH_TEST_VERBOSE=1 prints the layouts and CPU time per combination.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#define LMAX   (1024 + 17) /* longest message */
#define MARGIN 96          /* > longest moved buffer + 2 */
#define AD_MAX 70
#define ARENA  (3 * (LMAX + 16) + 12 * MARGIN)

typedef struct {
    hush_aead_alg alg;
    const char *prims[3]; /* the primitives whose tiers it combines */
} algorithm;

static const algorithm algorithms[] = {
    {HUSH_AES128GCM, {"aes", "ghash", "gcm"}},
    {HUSH_AES256GCM, {"aes", "ghash", "gcm"}},
    {HUSH_CHACHA20POLY1305, {"chacha20", "poly1305", NULL}},
    {HUSH_XCHACHA20POLY1305, {"chacha20", "poly1305", NULL}},
    {HUSH_ASCON_AEAD128, {"ascon", NULL, NULL}},
};

/* Message lengths: each tier's short path (VAES-512 GCM 1-112, ChaCha20
 * one block up to 64, row layouts to 256 or 512), block and batch edges.
 * The default tiers get every length up to 160 as well. */
static const size_t lens[] = {0,   1,   15,  16,  17,  31,  32,  63,
                              64,  65,  111, 112, 113, 128, 129, 255,
                              256, 257, 511, 512, 513, LMAX};
/* Combinations with a portable (or table) tier, 5 to 20 times slower,
 * stop at 129 bytes (one-block, short-path and first-batch edges); with
 * the bitsliced AES, whose key expansion every one-shot call pays, at 65
 * (its one- and two-block paths). */
#define SLOW_LMAX    129
#define SLOWEST_LMAX 65
static const size_t adlens[] = {1, 17, AD_MAX};

/* Inside a region, a moved buffer visits every STRIDE-th offset. */
#define STRIDE 7

enum form_bits { OPEN = 1, DETACHED = 2, KEYED = 4 };
#define FORMS 8

/* One call's buffers. For a combined open, len is the ciphertext length
 * with the tag; tag is unused by the combined forms. */
typedef struct {
    uint8_t *out;
    const uint8_t *in;
    size_t len;
    uint8_t *tag;
    const uint8_t *ad;
    size_t adlen;
    const uint8_t *nonce;
    const uint8_t *key;
} call_args;

static int run(int form, hush_aead_alg a, const hush_aead_ctx *k,
               const call_args *x) {
    switch (form) {
    case 0:
        return hush_aead_encrypt(a, x->out, x->in, x->len, x->ad, x->adlen,
                                 x->nonce, x->key);
    case OPEN:
        return hush_aead_decrypt(a, x->out, x->in, x->len, x->ad, x->adlen,
                                 x->nonce, x->key);
    case DETACHED:
        return hush_aead_encrypt_detached(a, x->out, x->tag, x->in, x->len,
                                          x->ad, x->adlen, x->nonce, x->key);
    case OPEN | DETACHED:
        return hush_aead_decrypt_detached(a, x->out, x->in, x->len, x->tag,
                                          x->ad, x->adlen, x->nonce, x->key);
    case KEYED:
        return hush_aead_seal(k, x->out, x->in, x->len, x->ad, x->adlen,
                              x->nonce);
    case KEYED | OPEN:
        return hush_aead_open(k, x->out, x->in, x->len, x->ad, x->adlen,
                              x->nonce);
    case KEYED | DETACHED:
        return hush_aead_seal_detached(k, x->out, x->tag, x->in, x->len, x->ad,
                                       x->adlen, x->nonce);
    default:
        return hush_aead_open_detached(k, x->out, x->in, x->len, x->tag, x->ad,
                                       x->adlen, x->nonce);
    }
}

/* The buffer that moves. */
enum mover { MOVE_AD, MOVE_NONCE, MOVE_TAG, MOVE_KEY, MOVERS };

typedef struct {
    size_t off, len;
} region;

static int overlap(region a, region b) {
    return a.len != 0 && b.len != 0 && a.off < b.off + b.len &&
           b.off < a.off + a.len;
}

/* The state of one layout: offsets into the arena of every buffer. */
typedef struct {
    hush_aead_alg alg;
    const hush_aead_ctx *keyed;
    int form;
    size_t mlen;
    int in_place;
    region in, out, tag, ad, nonce, key;
    size_t used; /* bytes of the arena this layout spans */
} layout;

static uint8_t arena[ARENA], before[ARENA], expect[ARENA];
static uint8_t message[LMAX];
static unsigned long calls_refused, calls_compared, opens_valid;

static call_args args_in(uint8_t *base, const layout *l) {
    call_args x;
    x.out = base + l->out.off;
    x.in = base + l->in.off;
    x.len = l->in.len;
    x.tag = base + l->tag.off;
    x.ad = l->ad.len ? base + l->ad.off : NULL;
    x.adlen = l->ad.len;
    x.nonce = base + l->nonce.off;
    x.key = (l->form & KEYED) ? NULL : base + l->key.off;
    return x;
}

/* Whether the API must refuse this layout (the rule above). */
static int must_refuse(const layout *l) {
    const region *inputs[4];
    int ni = 0;
    inputs[ni++] = &l->ad;
    inputs[ni++] = &l->nonce;
    if (!(l->form & KEYED)) inputs[ni++] = &l->key;
    if ((l->form & OPEN) && (l->form & DETACHED)) inputs[ni++] = &l->tag;
    /* the combined seal's output is the ciphertext then the tag: only
     * the ciphertext part is excluded for the other inputs */
    region msg_out = {l->out.off, l->mlen};
    for (int i = 0; i < ni; i++)
        if (overlap(*inputs[i], msg_out)) return 1;
    /* a detached sealing tag must not overlap the message it is computed
     * over, nor the ciphertext (the combined tag follows it by layout) */
    if (!(l->form & OPEN) && (l->form & DETACHED) &&
        (overlap(l->tag, l->in) || overlap(l->tag, l->out)))
        return 1;
    return 0;
}

/* The same call with every buffer apart: copies of the inputs as the
 * arena holds them now, fresh outputs. Returns the result; writes the
 * outputs where the arena's outputs are in `into`. */
static int separate(const layout *l, const uint8_t *from, uint8_t *into) {
    static uint8_t in[LMAX + 16], out[LMAX + 16], tag[16], ad[AD_MAX],
        nonce[24], key[32];
    call_args x = args_in((uint8_t *)from, l);
    memcpy(in, x.in, x.len);
    if (x.adlen) memcpy(ad, x.ad, x.adlen);
    memcpy(nonce, x.nonce, l->nonce.len);
    if (x.key) memcpy(key, x.key, l->key.len);
    memcpy(tag, from + l->tag.off, 16);
    memset(out, 0xee, sizeof out);
    call_args y = {out,
                   in,
                   x.len,
                   tag,
                   x.adlen ? ad : NULL,
                   x.adlen,
                   nonce,
                   x.key ? key : NULL};
    int r = run(l->form, l->alg, l->keyed, &y);
    memcpy(into + l->out.off, out, l->out.len);
    if (!(l->form & OPEN) && (l->form & DETACHED))
        memcpy(into + l->tag.off, tag, 16);
    return r;
}

/* For an open: turns the input into a valid message for the AD, nonce and
 * key the layout holds now, unless writing it changes those bytes (a moved
 * buffer lying on the ciphertext or the tag); then the input stays as it
 * was and the open is a forgery, compared all the same. */
static void make_valid(const layout *l) {
    static uint8_t ad[AD_MAX], nonce[24], key[32], ct[LMAX], tag[16],
        saved[ARENA];
    memcpy(ad, arena + l->ad.off, l->ad.len);
    memcpy(nonce, arena + l->nonce.off, l->nonce.len);
    memcpy(key, arena + l->key.off, l->key.len);
    const uint8_t *a = l->ad.len ? ad : NULL;
    int r = (l->form & KEYED)
                ? hush_aead_seal_detached(l->keyed, ct, tag, message, l->mlen,
                                          a, l->ad.len, nonce)
                : hush_aead_encrypt_detached(l->alg, ct, tag, message, l->mlen,
                                             a, l->ad.len, nonce, key);
    if (r != HUSH_OK) return;
    memcpy(saved, arena, l->used);
    size_t tag_off = (l->form & DETACHED) ? l->tag.off : l->in.off + l->mlen;
    memcpy(arena + l->in.off, ct, l->mlen);
    memcpy(arena + tag_off, tag, 16);
    if (memcmp(arena + l->ad.off, ad, l->ad.len) != 0 ||
        memcmp(arena + l->nonce.off, nonce, l->nonce.len) != 0 ||
        memcmp(arena + l->key.off, key, l->key.len) != 0) {
        memcpy(arena, saved, l->used);
        return;
    }
    opens_valid++;
}

static void check_layout(const layout *l, const char *what) {
    if (l->form & OPEN) make_valid(l);
    memcpy(before, arena, l->used);
    call_args x = args_in(arena, l);
    int r = run(l->form, l->alg, l->keyed, &x);
    int want;
    memcpy(expect, before, l->used);
    if (must_refuse(l)) {
        want = HUSH_ERR_INVALID;
        calls_refused++;
    } else {
        want = separate(l, before, expect);
        calls_compared++;
    }
    if (r == want && memcmp(arena, expect, l->used) == 0) {
        ht_passed++;
    } else {
        size_t first = 0;
        while (first < l->used && arena[first] == expect[first])
            first++;
        ht_fail(__FILE__, __LINE__,
                "%s %s%s%s%s, mlen %zu, adlen %zu, %s: result %d, expected "
                "%d; first wrong byte at %zd (in %zu, out %zu, tag %zu, ad "
                "%zu, nonce %zu, key %zu)",
                hush_aead_name(l->alg), l->form & KEYED ? "keyed " : "",
                l->form & OPEN ? "open" : "seal",
                l->form & DETACHED ? " detached" : "",
                l->in_place ? " in place" : "", l->mlen, l->ad.len, what, r,
                want, first == l->used ? (ssize_t)-1 : (ssize_t)first,
                l->in.off, l->out.off, l->tag.off, l->ad.off, l->nonce.off,
                l->key.off);
    }
    memcpy(arena, before, l->used); /* the next layout starts from the fill */
}

/* Fills the arena with random background, and the message where a seal
 * reads it (an open's input is made by make_valid). */
static void fill(const layout *l) {
    ht_rand_bytes(arena, l->used);
    if (!(l->form & OPEN)) memcpy(arena + l->in.off, message, l->mlen);
}

/* Moves one buffer around each region of the layout: through every
 * offset where it straddles (or touches) the region's start or end, and
 * when `inside` also through the region's interior every STRIDE bytes. */
static void sweep(layout l, enum mover m, const char *label, int inside) {
    region *moved = m == MOVE_AD      ? &l.ad
                    : m == MOVE_NONCE ? &l.nonce
                    : m == MOVE_TAG   ? &l.tag
                                      : &l.key;
    region around[3];
    int n = 0;
    around[n++] = l.in;
    if (!l.in_place) around[n++] = l.out;
    if ((l.form & DETACHED) && m != MOVE_TAG) around[n++] = l.tag;
    fill(&l);
    size_t x = moved->len;
    for (int i = 0; i < n; i++) {
        size_t s0 = around[i].off, e0 = s0 + around[i].len;
        size_t start_to = s0 + 2, end_from = e0 - x - 2;
        if (end_from <= start_to + 1) start_to = end_from = e0 + 2;
        for (size_t p = s0 - x - 2; p <= e0 + 2; p++) {
            if (p > start_to && p < end_from) {
                if (!inside) {
                    p = end_from - 1;
                    continue;
                }
                if ((p - start_to) % STRIDE != 0) continue;
            }
            moved->off = p;
            check_layout(&l, label);
        }
    }
}

static void check_algorithm(const algorithm *alg, int dense, size_t lmax) {
    hush_aead_alg a = alg->alg;
    size_t kb = hush_aead_keybytes(a), nb = hush_aead_noncebytes(a);
    uint8_t keybytes[32];
    ht_rand_bytes(keybytes, sizeof keybytes);
    hush_secret *key = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_from(&key, keybytes, kb, 0), HUSH_OK);
    CHECK_EQ_INT(hush_aead_new(&k, a, key), HUSH_OK);
    if (k == NULL) return;
    size_t nlens = COUNT(lens) + (dense ? 160 : 0);
    for (size_t li = 0; li < nlens; li++) {
        size_t mlen = li < COUNT(lens) ? lens[li] : li - COUNT(lens);
        if (mlen > lmax) continue;
        ht_rand_bytes(message, mlen);
        for (int form = 0; form < FORMS; form++) {
            for (int in_place = 0; in_place <= 1; in_place++) {
                layout l;
                memset(&l, 0, sizeof l);
                l.alg = a;
                l.keyed = k;
                l.form = form;
                l.mlen = mlen;
                l.in_place = in_place;
                size_t in_len =
                    mlen + ((form & OPEN) && !(form & DETACHED) ? 16 : 0);
                size_t out_len =
                    mlen + (!(form & OPEN) && !(form & DETACHED) ? 16 : 0);
                size_t at = MARGIN;
                l.in = (region){at, in_len};
                at += in_len + 2 * MARGIN;
                l.out = (region){in_place ? l.in.off : at, out_len};
                at += out_len + 2 * MARGIN;
                l.tag = (region){(form & DETACHED) ? at : 0, 16};
                if (!(form & DETACHED)) /* the combined tag: after c */
                    l.tag.off =
                        (form & OPEN) ? l.in.off + mlen : l.out.off + mlen;
                at += 16 + 2 * MARGIN;
                l.ad = (region){at, 13};
                at += AD_MAX + 2 * MARGIN;
                l.nonce = (region){at, nb};
                at += 24 + 2 * MARGIN;
                l.key = (region){at, (form & KEYED) ? 0 : kb};
                l.used = at + 32 + MARGIN;
                if (l.used > ARENA) abort();
                if (li >= COUNT(lens)) {
                    /* the dense lengths: the AD around every edge */
                    l.ad.len = 17;
                    sweep(l, MOVE_AD, "AD moved", 0);
                    continue;
                }
                for (size_t ai = 0; ai < COUNT(adlens); ai++) {
                    layout la = l;
                    la.ad.len = adlens[ai];
                    sweep(la, MOVE_AD, "AD moved", 1);
                }
                sweep(l, MOVE_NONCE, "nonce moved", 1);
                if (form & DETACHED) sweep(l, MOVE_TAG, "tag moved", 1);
                if (!(form & KEYED)) sweep(l, MOVE_KEY, "key moved", 1);
            }
        }
    }
    hush_aead_free(k);
    hush_secret_destroy(key);
}

/* Runs check_algorithm once per combination of the tiers of the
 * primitives the algorithm is built from (those this build has). The
 * default combination (every primitive's first tier) also gets every
 * message length up to 160. The recursion is one level per primitive
 * (at most 3). */
/* NOLINTNEXTLINE(misc-no-recursion) */
static void each_combination(const algorithm *alg, const char **prims, int n) {
    if (n == 0) {
        int dense = 1;
        size_t lmax = LMAX;
        for (int i = 0; i < 3 && alg->prims[i] != NULL; i++) {
            const char *names[HT_MAX_IMPLS];
            const char *now = hush_impl(alg->prims[i]);
            if (now == NULL) continue;
            hush_impl_list(alg->prims[i], names, HT_MAX_IMPLS);
            if (strcmp(now, names[0]) != 0) dense = 0;
            if ((strcmp(now, "portable") == 0 || strcmp(now, "table") == 0) &&
                lmax > SLOW_LMAX)
                lmax = SLOW_LMAX;
            if (strcmp(alg->prims[i], "aes") == 0 &&
                strcmp(now, "portable") == 0)
                lmax = SLOWEST_LMAX;
        }
        unsigned long before_calls = calls_refused + calls_compared;
        struct timespec t0, t1;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
        check_algorithm(alg, dense, lmax);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
        if (getenv("HUSH_TEST_VERBOSE"))
            printf("  %s, %s=%s%s%s%s: %lu layouts, %.2f s CPU\n",
                   hush_aead_name(alg->alg), alg->prims[0],
                   hush_impl(alg->prims[0]), alg->prims[1] ? " " : "",
                   alg->prims[1] ? alg->prims[1] : "", alg->prims[1] ? "=" : "",
                   calls_refused + calls_compared - before_calls,
                   (double)(t1.tv_sec - t0.tv_sec) +
                       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
        return;
    }
    HT_FOR_EACH_IMPL(prims[0], impl) {
        (void)impl;
        each_combination(alg, prims + 1, n - 1);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(15003);
    for (size_t i = 0; i < COUNT(algorithms); i++) {
        if (hush_aead_keybytes(algorithms[i].alg) == 0) continue;
        const char *only = getenv("HUSH_TEST_AEAD");
        if (only && strcmp(only, hush_aead_name(algorithms[i].alg)) != 0)
            continue;
        const char *prims[3];
        int n = 0;
        for (int j = 0; j < 3; j++)
            if (algorithms[i].prims[j] != NULL &&
                hush_impl(algorithms[i].prims[j]) != NULL)
                prims[n++] = algorithms[i].prims[j];
        each_combination(&algorithms[i], prims, n);
    }
    printf("layouts: %lu refused, %lu compared with separate buffers, %lu "
           "of the opens valid messages\n",
           calls_refused, calls_compared, opens_valid);
    return ht_end();
}
