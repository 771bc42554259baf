/*
 * Ascon beyond the vector files, for every implementation:
 * - the permutation and the precomputed initial states against the plain
 *   model of ascon_model.c (there is no Ascon in OpenSSL or libsodium, so
 *   the model is the differential peer);
 * - every message length 0..1100 of the three sponges against the model,
 *   with random customization lengths, random buffer alignment, and the
 *   incremental API at random split points; the AEAD through the generic
 *   body against the model (tests/aead/aead_generic.h);
 * - the state machine and argument errors of the context API;
 * - copying a context forks the computation;
 * - the AEAD API's parameters, limits and refusals (the generic body).
 * Parts: diff (against the model), api (the contract).
 */
/* The library's answers to NULL arguments are tested here: without
 * HUSH_NONNULL (hush/common.h), for which each such call would be a
 * warning and undefined behaviour. */
#define HUSH_NO_NONNULL

#include <stdlib.h>
#include <string.h>

#include "aead_generic.h"
#include "ascon/ascon_impl.h"
#include "ascon_model.h"
#include "ascon_test_util.h"
#include "harness.h"

const uint64_t *hush_ascon_initial_state(uint64_t iv);

#define MAX_LEN 1100

static void test_permutation(void) {
    const hush_ascon_ops *ops = hush_ascon_ops_now();
    for (int i = 0; i < 200; i++) {
        uint64_t a[5], b[5];
        ht_rand_bytes(a, sizeof a);
        memcpy(b, a, sizeof a);
        unsigned rounds = 1 + (unsigned)(i % 12);
        if (i % 3 == 0)
            CHECK_EQ_INT(hush_ascon_permute(a, rounds), HUSH_OK);
        else
            ops->permute(a, rounds);
        model_permute(b, (int)rounds);
        CHECK_MEM(a, b, sizeof a);
    }
    uint64_t z[5] = {0};
    CHECK_EQ_INT(hush_ascon_permute(z, 0), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_permute(z, 13), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_permute(NULL, 12), HUSH_ERR_INVALID);
    CHECK(ht_all_zero(z, sizeof z));
    const uint64_t ivs[3] = {MODEL_IV_HASH256, MODEL_IV_XOF128,
                             MODEL_IV_CXOF128};
    for (int i = 0; i < 3; i++) {
        uint64_t s[5] = {ivs[i], 0, 0, 0, 0}, m[5] = {ivs[i], 0, 0, 0, 0};
        ops->permute(s, 12);
        model_permute(m, 12);
        CHECK_MEM(s, m, sizeof s);
        const uint64_t *pre = hush_ascon_initial_state(ivs[i]);
        CHECK(pre != NULL);
        if (pre) CHECK_MEM(pre, s, sizeof s);
    }
}

static void test_sponge_lengths(void) {
    static const t_sponge kinds[3] = {T_HASH256, T_XOF128, T_CXOF128};
    static const uint64_t ivs[3] = {MODEL_IV_HASH256, MODEL_IV_XOF128,
                                    MODEL_IV_CXOF128};
    for (size_t len = 0; len <= MAX_LEN; len++) {
        for (int k = 0; k < 3; k++) {
            size_t outlen = kinds[k] == T_HASH256 ? 32 : ht_rand_u64() % 200;
            size_t cslen = kinds[k] == T_CXOF128
                               ? ht_rand_u64() % (HUSH_ASCON_CXOF128_MAX_CS + 1)
                               : 0;
            ht_buf in = ht_buf_new(len), out = ht_buf_new(outlen),
                   cs = ht_buf_new(cslen);
            uint8_t *want = malloc(outlen + 1), *inc = malloc(outlen + 1);
            ht_rand_bytes(in.p, len);
            ht_rand_bytes(cs.p, cslen);
            model_sponge(ivs[k], cs.p, cslen, in.p, len, want, outlen);
            switch (kinds[k]) {
            case T_HASH256: hush_ascon_hash256(out.p, in.p, len); break;
            case T_XOF128: hush_ascon_xof128(out.p, outlen, in.p, len); break;
            case T_CXOF128:
                CHECK_EQ_INT(
                    hush_ascon_cxof128(out.p, outlen, cs.p, cslen, in.p, len),
                    HUSH_OK);
                break;
            }
            CHECK_MEM(out.p, want, outlen);
            t_sponge_incremental(kinds[k], cs.p, cslen, in.p, len, inc, outlen);
            CHECK_MEM(inc, want, outlen);
            free(in.base), free(out.base), free(cs.base), free(want);
            free(inc);
        }
    }
}

/* One-shot outputs may alias their inputs (the input is read first). */
static void test_aliasing(void) {
    uint8_t buf[100], copy[100], want[100];
    ht_rand_bytes(buf, sizeof buf);
    memcpy(copy, buf, sizeof buf);
    hush_ascon_hash256(want, copy, sizeof copy);
    hush_ascon_hash256(buf, buf, sizeof buf);
    CHECK_MEM(buf, want, 32);
    memcpy(buf, copy, sizeof buf);
    hush_ascon_xof128(want, 100, copy, 100);
    hush_ascon_xof128(buf, 100, buf, 100);
    CHECK_MEM(buf, want, 100);
    memcpy(buf, copy, sizeof buf);
    CHECK_EQ_INT(hush_ascon_cxof128(want, 100, "cs", 2, copy, 100), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_cxof128(buf, 100, "cs", 2, buf, 100), HUSH_OK);
    CHECK_MEM(buf, want, 100);
}

/* A million-byte message against the model, one-shot and incremental
 * (the AEAD's: aead_generic_diff). */
static void test_long(void) {
    size_t len = (1u << 20) + 5;
    uint8_t *m = malloc(len);
    ht_rand_bytes(m, len);
    uint8_t h[32], mh[32];
    model_sponge(MODEL_IV_HASH256, NULL, 0, m, len, mh, 32);
    hush_ascon_hash256(h, m, len);
    CHECK_MEM(h, mh, 32);
    memset(h, 0, 32);
    t_sponge_incremental(T_HASH256, NULL, 0, m, len, h, 32);
    CHECK_MEM(h, mh, 32);
    free(m);
}

static void test_states(void) {
    hush_ascon_ctx c;
    uint8_t out[64], want[64];

    /* init zeroes the reserved bytes too (as documented in ascon.h) */
    memset(&c, 0xa5, sizeof c);
    hush_ascon_xof128_init(&c);
    CHECK(ht_all_zero(c.opaque + 72, sizeof c - 72));
    memset(&c, 0xa5, sizeof c);
    CHECK_EQ_INT(hush_ascon_cxof128_init(&c, "z", 1), HUSH_OK);
    CHECK(ht_all_zero(c.opaque + 72, sizeof c - 72));

    /* a zeroed (never initialised or wiped) context is refused */
    memset(&c, 0, sizeof c);
    CHECK_EQ_INT(hush_ascon_absorb(&c, "x", 1), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 32), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_absorb(NULL, "x", 1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_squeeze(NULL, out, 1), HUSH_ERR_INVALID);

    /* Hash256: only 32 bytes, once; then nothing */
    hush_ascon_hash256_init(&c);
    CHECK_EQ_INT(hush_ascon_absorb(&c, NULL, 5), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_absorb(&c, "abc", 3), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 31), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 33), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 0), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, NULL, 32), HUSH_ERR_INVALID);
    /* the refused squeezes left the context usable */
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 32), HUSH_OK);
    hush_ascon_hash256(want, "abc", 3);
    CHECK_MEM(out, want, 32);
    CHECK(ht_all_zero(&c, sizeof c)); /* wiped by the final squeeze */
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 32), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_absorb(&c, NULL, 0), HUSH_ERR_STATE);

    /* XOF128: squeezing (even 0 bytes) ends absorbing for good */
    hush_ascon_xof128_init(&c);
    CHECK_EQ_INT(hush_ascon_absorb(&c, "abc", 3), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, NULL, 0), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_absorb(&c, NULL, 0), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_absorb(&c, "d", 1), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, NULL, 3), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 5), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out + 5, 59), HUSH_OK);
    hush_ascon_xof128(want, 64, "abc", 3);
    CHECK_MEM(out, want, 64);
    hush_wipe(&c, sizeof c);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 1), HUSH_ERR_STATE);

    /* CXOF128: the customization string is at most 2048 bits */
    uint8_t cs[HUSH_ASCON_CXOF128_MAX_CS + 1];
    ht_rand_bytes(cs, sizeof cs);
    CHECK_EQ_INT(hush_ascon_cxof128_init(&c, cs, sizeof cs), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128_init(&c, NULL, 1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128_init(NULL, cs, 1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128(out, 64, cs, sizeof cs, "m", 1),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128(NULL, 64, cs, 1, "m", 1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128(out, 64, cs, 1, NULL, 1), HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_ascon_cxof128(out, 0, NULL, 0, NULL, 0), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_cxof128_init(&c, cs, sizeof cs - 1), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, out, 64), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_cxof128(want, 64, cs, sizeof cs - 1, NULL, 0),
                 HUSH_OK);
    CHECK_MEM(out, want, 64);
    model_sponge(MODEL_IV_CXOF128, cs, sizeof cs - 1, NULL, 0, want, 64);
    CHECK_MEM(out, want, 64);
    /* the empty customization string and a NULL one are the same */
    CHECK_EQ_INT(hush_ascon_cxof128(out, 64, NULL, 0, "m", 1), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_cxof128(want, 64, "", 0, "m", 1), HUSH_OK);
    CHECK_MEM(out, want, 64);
    hush_wipe(&c, sizeof c);

    /* NULL with length 0 is fine; NULL output, or NULL data with a length,
     * is misuse and aborts (tests/core/test_misuse.c) */
    hush_ascon_hash256(out, NULL, 0);
    model_sponge(MODEL_IV_HASH256, NULL, 0, NULL, 0, want, 32);
    CHECK_MEM(out, want, 32);
}

/* Copying a context forks the computation: both copies go on alone. */
static void test_fork(void) {
    uint8_t msg[300], a[80], b[80], want[80];
    ht_rand_bytes(msg, sizeof msg);
    hush_ascon_ctx c1, c2;
    hush_ascon_xof128_init(&c1);
    CHECK_EQ_INT(hush_ascon_absorb(&c1, msg, 13), HUSH_OK);
    c2 = c1;
    CHECK_EQ_INT(hush_ascon_absorb(&c1, msg + 13, 100), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_absorb(&c2, msg + 13, 200), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c1, a, 20), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c2, b, 20), HUSH_OK);
    hush_ascon_xof128(want, 80, msg, 113);
    CHECK_MEM(a, want, 20);
    hush_ascon_xof128(want, 80, msg, 213);
    CHECK_MEM(b, want, 20);
    /* fork while squeezing, mid-block */
    CHECK_EQ_INT(hush_ascon_squeeze(&c1, a + 20, 3), HUSH_OK);
    c2 = c1;
    CHECK_EQ_INT(hush_ascon_squeeze(&c1, a + 23, 57), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c2, b, 57), HUSH_OK);
    hush_ascon_xof128(want, 80, msg, 113);
    CHECK_MEM(a, want, 80);
    CHECK_MEM(b, want + 23, 57);
    /* Hash256 forks too: two digests from one shared prefix */
    hush_ascon_hash256_init(&c1);
    CHECK_EQ_INT(hush_ascon_absorb(&c1, msg, 50), HUSH_OK);
    c2 = c1;
    CHECK_EQ_INT(hush_ascon_squeeze(&c1, a, 32), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_absorb(&c2, msg + 50, 1), HUSH_OK);
    CHECK_EQ_INT(hush_ascon_squeeze(&c2, b, 32), HUSH_OK);
    hush_ascon_hash256(want, msg, 50);
    CHECK_MEM(a, want, 32);
    hush_ascon_hash256(want, msg, 51);
    CHECK_MEM(b, want, 32);
    hush_wipe(&c1, sizeof c1);
    hush_wipe(&c2, sizeof c2);
}

static void model_oracle(uint8_t *c, uint8_t tag[16], const uint8_t *m,
                         size_t mlen, const uint8_t *ad, size_t adlen,
                         const uint8_t *nonce, const uint8_t *key) {
    model_aead_encrypt(key, nonce, ad, adlen, m, mlen, c, tag);
}

/* The generic AEAD body (tests/aead/aead_generic.h) against the model;
 * its longer message is a million bytes with 20 bytes of AD. */
static const aead_more ascon_more[] = {{(1u << 20) + 5, 20}};
static const aead_case ascon_case = {
    HUSH_ASCON_AEAD128, "Ascon-AEAD128", 16, 16, 0, 0,
    model_oracle,       ascon_more,      1};

/* A context and a keyed object keep the implementation in force when they
 * were made (the table pointer at byte 48 of the context, as documented in
 * ascon.h); forcing another one affects only what is made later. */
static void test_remembers_impl(void) {
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list("ascon", names, HT_MAX_IMPLS);
    const char *before = hush_impl("ascon");
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++) {
        for (size_t j = 0; j < n && j < HT_MAX_IMPLS; j++) {
            CHECK_EQ_INT(hush_impl_force("ascon", names[i]), HUSH_OK);
            const void *ops_i = hush_ascon_ops_now();
            hush_ascon_ctx c;
            hush_ascon_xof128_init(&c);
            CHECK_EQ_INT(hush_impl_force("ascon", names[j]), HUSH_OK);
            const void *kept;
            memcpy(&kept, c.opaque + 48, sizeof kept);
            CHECK(kept == ops_i);
            uint8_t a[40], b[40];
            CHECK_EQ_INT(hush_ascon_absorb(&c, "abc", 3), HUSH_OK);
            CHECK_EQ_INT(hush_ascon_squeeze(&c, a, sizeof a), HUSH_OK);
            hush_ascon_xof128(b, sizeof b, "abc", 3);
            CHECK_MEM(a, b, sizeof a);
            hush_wipe(&c, sizeof c);
        }
    }
    CHECK_EQ_INT(hush_impl_force("ascon", before), HUSH_OK);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x6173636f6e617069ull);
    HT_FOR_EACH_IMPL("ascon", impl) {
        if (ht_part("diff")) {
            test_permutation();
            aead_generic_diff(&ascon_case);
            test_sponge_lengths();
            test_aliasing();
            test_long();
        }
        if (ht_part("api")) {
            test_states();
            test_fork();
            aead_generic_api(&ascon_case);
        }
    }
    if (ht_part("api")) test_remembers_impl();
    return ht_end();
}
