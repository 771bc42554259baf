/*
 * Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128 (SP 800-232): incremental
 * against one-shot with fuzzed split points for both absorbing and
 * squeezing, every tier, and against the project's own plain model of the
 * standard (tests/ascon/ascon_model.c).
 *
 * Input: tiers | absorb split | squeeze split | outlen (2) | cslen (2) |
 *        cs | m...
 *
 * A customization string over 256 bytes is HUSH_ERR_INVALID in both the
 * one-shot and the init (checked, then cut to 256 for the rest). After the
 * first squeeze, absorbing (even nothing) is HUSH_ERR_STATE; Hash256
 * squeezes exactly 32 bytes once.
 */
#include "ascon_model.h"
#include "fuzz_split.h"

#define MAX_OUT 1024
#define MAX_CS  300 /* a little past the 256-byte limit */

typedef struct absorber {
    hush_ascon_ctx *c;
} absorber;

static void absorb_piece(void *a, const uint8_t *p, size_t n) {
    FZ_CHECK(hush_ascon_absorb(((absorber *)a)->c, p, n) == HUSH_OK);
}

/* squeezes out[0..outlen) in the pieces of split */
static void squeeze_pieces(hush_ascon_ctx *c, const fuzz_split *s, uint8_t *out,
                           size_t outlen) {
    size_t at = 0;
    for (size_t i = 0; i <= s->count; i++) {
        size_t left = outlen - at;
        size_t n = i < s->count && s->len[i] < left ? s->len[i] : left;
        unsigned mis = s->misalign + 5 * (unsigned)i;
        uint8_t *piece = fz_alloc(NULL, n, mis);
        FZ_CHECK(hush_ascon_squeeze(c, piece, n) == HUSH_OK);
        if (n) memcpy(out + at, piece, n);
        fz_free(piece, mis);
        at += n;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fz_tiers(&in);
    fuzz_split asplit, ssplit;
    fz_split(&in, &asplit);
    fz_split(&in, &ssplit);
    size_t outlen = fz_len(&in, MAX_OUT);
    size_t cslen = fz_len(&in, MAX_CS);
    uint8_t csbuf[MAX_CS];
    fz_bytes(&in, csbuf, cslen);
    size_t mlen;
    const uint8_t *mraw = fz_rest(&in, &mlen);
    uint8_t *m = fz_alloc(mraw, mlen, asplit.misalign);
    uint8_t *cs = fz_alloc(csbuf, cslen, asplit.misalign + 1);
    uint8_t one[MAX_OUT], inc[MAX_OUT], model[MAX_OUT];
    hush_ascon_ctx c;
    absorber ab = {&c};

    /* Hash256 */
    hush_ascon_hash256(one, m, mlen);
    hush_ascon_hash256_init(&c);
    fuzz_pieces(&asplit, m, mlen, absorb_piece, &ab);
    FZ_CHECK(hush_ascon_absorb(&c, m, 0) == HUSH_OK);
    FZ_CHECK(hush_ascon_squeeze(&c, inc, 31) == HUSH_ERR_INVALID);
    FZ_CHECK(hush_ascon_squeeze(&c, inc, 32) == HUSH_OK);
    FZ_CHECK(memcmp(one, inc, 32) == 0);
    FZ_CHECK(hush_ascon_squeeze(&c, inc, 32) == HUSH_ERR_STATE);
    FZ_CHECK(hush_ascon_absorb(&c, m, 0) == HUSH_ERR_STATE);
    model_sponge(MODEL_IV_HASH256, NULL, 0, m, mlen, model, 32);
    FZ_CHECK(memcmp(one, model, 32) == 0);

    /* XOF128 */
    uint8_t *xo = fz_alloc(NULL, outlen, ssplit.misalign);
    hush_ascon_xof128(xo, outlen, m, mlen);
    hush_ascon_xof128_init(&c);
    fuzz_pieces(&asplit, m, mlen, absorb_piece, &ab);
    squeeze_pieces(&c, &ssplit, inc, outlen);
    FZ_CHECK(hush_ascon_absorb(&c, m, 0) == HUSH_ERR_STATE);
    hush_wipe(&c, sizeof c);
    FZ_CHECK(memcmp(xo, inc, outlen) == 0);
    model_sponge(MODEL_IV_XOF128, NULL, 0, m, mlen, model, outlen);
    FZ_CHECK(memcmp(xo, model, outlen) == 0);

    /* CXOF128 */
    int r = hush_ascon_cxof128(xo, outlen, cs, cslen, m, mlen);
    if (cslen > HUSH_ASCON_CXOF128_MAX_CS) {
        FZ_CHECK(r == HUSH_ERR_INVALID);
        FZ_CHECK(hush_ascon_cxof128_init(&c, cs, cslen) == HUSH_ERR_INVALID);
        cslen = HUSH_ASCON_CXOF128_MAX_CS;
        FZ_CHECK(hush_ascon_cxof128(xo, outlen, cs, cslen, m, mlen) == HUSH_OK);
    } else {
        FZ_CHECK(r == HUSH_OK);
    }
    FZ_CHECK(hush_ascon_cxof128_init(&c, cs, cslen) == HUSH_OK);
    fuzz_pieces(&asplit, m, mlen, absorb_piece, &ab);
    squeeze_pieces(&c, &ssplit, inc, outlen);
    hush_wipe(&c, sizeof c);
    FZ_CHECK(memcmp(xo, inc, outlen) == 0);
    model_sponge(MODEL_IV_CXOF128, cs, cslen, m, mlen, model, outlen);
    FZ_CHECK(memcmp(xo, model, outlen) == 0);

    /* the portable tier gives the same bytes */
    fuzz_tiers_portable();
    hush_ascon_hash256(inc, m, mlen);
    FZ_CHECK(memcmp(one, inc, 32) == 0);
    FZ_CHECK(hush_ascon_cxof128(inc, outlen, cs, cslen, m, mlen) == HUSH_OK);
    FZ_CHECK(memcmp(xo, inc, outlen) == 0);

    fz_free(xo, ssplit.misalign);
    fz_free(cs, asplit.misalign + 1);
    fz_free(m, asplit.misalign);
    return 0;
}

/* Messages and outputs around the 8-byte rate, customization strings at
 * and over the limit. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 1000};
    static const size_t cslens[] = {0, 1, 8, 9, 255, 256, 257};
    static const size_t outs[] = {0, 1, 8, 9, 32, 33, 100, 1024};
    static const size_t cuts[][3] = {{0, 0, 0}, {1, 7, 8},  {8, 8, 8},
                                     {7, 1, 9}, {3, 0, 64}, {16, 1, 1}};
    static fuzz_out o;
    static uint8_t m[1000], cs[257];
    unsigned seed = 3000;
    for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            size_t a = (i + t) % 6, s = (i + 2 * t + 1) % 6;
            size_t cslen = cslens[(i + t) % 7];
            fuzz_pattern(cs, cslen, seed);
            fuzz_pattern(m, lens[i], seed + 1);
            fo_tiers(&o, t);
            fo_split(&o, a ? 3 : 0, cuts[a]);
            fo_split(&o, s ? 3 : 0, cuts[s]);
            fo_u16(&o, outs[(i + t) % 8]);
            fo_u16(&o, cslen);
            fo_bytes(&o, cs, cslen);
            fo_bytes(&o, m, lens[i]);
            fo_emit(&o);
            seed += 2;
        }
    }
}
