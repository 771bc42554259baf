/*
 * Misuse of the functions that return nothing (issue 15, defect 8): NULL
 * where data must be read or written with a nonzero length, a context
 * used before init, after final or after a wipe, an AES context that was
 * zeroed. Each is reported through the misuse handler and then aborts
 * (include/hush/common.h): never a silent no-op that leaves the output
 * unwritten, never a jump through a pointer read from a dead context.
 *
 * Every case runs twice: in a forked child with the default handler (it
 * must die by SIGABRT with "hush: misuse in <function>: " on stderr), and
 * in this process with a handler that records the call and siglongjmps
 * back (it must be called once, with the function's name, before anything
 * was written). Controls (the same functions used correctly, and NULL
 * with length 0) must not call the handler at all.
 */
/* The NULL arguments here are the point: without this they would meet
 * HUSH_NONNULL (hush/common.h), a warning and undefined behaviour each. */
#define HUSH_NO_NONNULL

#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define PATTERN 0xa5

static uint8_t out[64];            /* every output goes here: checked intact */
static const uint8_t in[64] = {1}; /* data, key and nonce of the cases */

static hush_sha256_ctx sha;
static hush_hmac_sha256_ctx hmac;
static hush_poly1305_ctx poly;
static hush_aes_ctx aes;

/* contexts in each dead state */
static void sha_final(void) {
    hush_sha256_init(&sha);
    hush_sha256_final(&sha, out);
}
static void sha_zero(void) { memset(&sha, 0, sizeof sha); }
static void sha_garbage(void) { memset(&sha, 0x5c, sizeof sha); }
static void hmac_final(void) {
    hush_hmac_sha256_init(&hmac, in, 32);
    hush_hmac_sha256_final(&hmac, out);
}
static void hmac_zero(void) { memset(&hmac, 0, sizeof hmac); }
static void poly_final(void) {
    hush_poly1305_init(&poly, in);
    hush_poly1305_final(&poly, out);
}
static void poly_zero(void) { memset(&poly, 0, sizeof poly); }
static void poly_garbage(void) { memset(&poly, 0x5c, sizeof poly); }
static void aes_zero(void) { memset(&aes, 0, sizeof aes); }
static void aes_wiped(void) {
    CHECK_EQ_INT(hush_aes_init(&aes, in, 16), HUSH_OK);
    hush_wipe(&aes, sizeof aes);
}
static void aes_garbage(void) { memset(&aes, 0x5c, sizeof aes); }
static void aes_live(void) {
    CHECK_EQ_INT(hush_aes_init(&aes, in, 16), HUSH_OK);
}
static void sha_live(void) { hush_sha256_init(&sha); }
static void hmac_live(void) { hush_hmac_sha256_init(&hmac, in, 32); }
static void poly_live(void) { hush_poly1305_init(&poly, in); }

typedef struct {
    const char *function; /* expected in the report */
    const char *what;
    void (*prepare)(void); /* NULL: nothing */
    void (*call)(void);
} misuse_case;

#define CASE(fn, what, prep, body)                                             \
    { #fn, what, prep, body }

/* ---- the misused calls ---- */
static void c_sha256_out(void) { hush_sha256(NULL, in, 3); }
static void c_sha256_in(void) { hush_sha256(out, NULL, 3); }
static void c_sha256_init(void) { hush_sha256_init(NULL); }
static void c_sha256_update_null(void) { hush_sha256_update(NULL, in, 3); }
static void c_sha256_update(void) { hush_sha256_update(&sha, in, 3); }
static void c_sha256_update_0(void) { hush_sha256_update(&sha, NULL, 0); }
static void c_sha256_update_in(void) { hush_sha256_update(&sha, NULL, 3); }
static void c_sha256_final_null(void) { hush_sha256_final(NULL, out); }
static void c_sha256_final(void) { hush_sha256_final(&sha, out); }
static void c_sha256_final_out(void) { hush_sha256_final(&sha, NULL); }
static void c_sha256_x2_out0(void) { hush_sha256_x2(NULL, in, out, in, 3); }
static void c_sha256_x2_in0(void) { hush_sha256_x2(out, NULL, out, in, 3); }
static void c_sha256_x2_out1(void) { hush_sha256_x2(out, in, NULL, in, 3); }
static void c_sha256_x2_in1(void) { hush_sha256_x2(out, in, out, NULL, 3); }

static void c_hmac_out(void) { hush_hmac_sha256(NULL, in, 32, in, 3); }
static void c_hmac_key(void) { hush_hmac_sha256(out, NULL, 32, in, 3); }
static void c_hmac_msg(void) { hush_hmac_sha256(out, in, 32, NULL, 3); }
static void c_hmac_init_null(void) { hush_hmac_sha256_init(NULL, in, 32); }
static void c_hmac_init_key(void) { hush_hmac_sha256_init(&hmac, NULL, 32); }
static void c_hmac_update_null(void) { hush_hmac_sha256_update(NULL, in, 3); }
static void c_hmac_update(void) { hush_hmac_sha256_update(&hmac, in, 3); }
static void c_hmac_update_in(void) { hush_hmac_sha256_update(&hmac, NULL, 3); }
static void c_hmac_final_null(void) { hush_hmac_sha256_final(NULL, out); }
static void c_hmac_final(void) { hush_hmac_sha256_final(&hmac, out); }
static void c_hmac_final_out(void) { hush_hmac_sha256_final(&hmac, NULL); }
static void c_hkdf_prk(void) { hush_hkdf_sha256_extract(NULL, in, 3, in, 3); }
static void c_hkdf_salt(void) { hush_hkdf_sha256_extract(out, NULL, 3, in, 3); }
static void c_hkdf_ikm(void) { hush_hkdf_sha256_extract(out, in, 3, NULL, 3); }

static void c_ascon_hash_out(void) { hush_ascon_hash256(NULL, in, 3); }
static void c_ascon_hash_in(void) { hush_ascon_hash256(out, NULL, 3); }
static void c_ascon_xof_out(void) { hush_ascon_xof128(NULL, 8, in, 3); }
static void c_ascon_xof_in(void) { hush_ascon_xof128(out, 8, NULL, 3); }
static void c_ascon_hash_init(void) { hush_ascon_hash256_init(NULL); }
static void c_ascon_xof_init(void) { hush_ascon_xof128_init(NULL); }

static void c_chacha_out(void) { hush_chacha20_xor(NULL, in, 3, in, in, 0); }
static void c_chacha_in(void) { hush_chacha20_xor(out, NULL, 3, in, in, 0); }
static void c_chacha_nonce(void) { hush_chacha20_xor(out, in, 3, NULL, in, 0); }
static void c_chacha_key(void) { hush_chacha20_xor(out, in, 3, in, NULL, 0); }
static void c_xchacha_out(void) { hush_xchacha20_xor(NULL, in, 3, in, in, 0); }
static void c_xchacha_in(void) { hush_xchacha20_xor(out, NULL, 3, in, in, 0); }
static void c_xchacha_nonce(void) {
    hush_xchacha20_xor(out, in, 3, NULL, in, 0);
}
static void c_xchacha_key(void) { hush_xchacha20_xor(out, in, 3, in, NULL, 0); }
static void c_hchacha_out(void) { hush_hchacha20(NULL, in, in); }
static void c_hchacha_nonce(void) { hush_hchacha20(out, NULL, in); }
static void c_hchacha_key(void) { hush_hchacha20(out, in, NULL); }

static void c_poly_tag(void) { hush_poly1305(NULL, in, 3, in); }
static void c_poly_msg(void) { hush_poly1305(out, NULL, 3, in); }
static void c_poly_key(void) { hush_poly1305(out, in, 3, NULL); }
static void c_poly_init_null(void) { hush_poly1305_init(NULL, in); }
static void c_poly_init_key(void) { hush_poly1305_init(&poly, NULL); }
static void c_poly_update_null(void) { hush_poly1305_update(NULL, in, 3); }
static void c_poly_update(void) { hush_poly1305_update(&poly, in, 3); }
static void c_poly_update_in(void) { hush_poly1305_update(&poly, NULL, 3); }
static void c_poly_final_null(void) { hush_poly1305_final(NULL, out); }
static void c_poly_final(void) { hush_poly1305_final(&poly, out); }
static void c_poly_final_tag(void) { hush_poly1305_final(&poly, NULL); }

static void c_aes_enc_null(void) { hush_aes_encrypt_block(NULL, out, in); }
static void c_aes_enc(void) { hush_aes_encrypt_block(&aes, out, in); }
static void c_aes_enc_out(void) { hush_aes_encrypt_block(&aes, NULL, in); }
static void c_aes_enc_in(void) { hush_aes_encrypt_block(&aes, out, NULL); }
static void c_aes_dec_null(void) { hush_aes_decrypt_block(NULL, out, in); }
static void c_aes_dec(void) { hush_aes_decrypt_block(&aes, out, in); }
static void c_aes_dec_out(void) { hush_aes_decrypt_block(&aes, NULL, in); }
static void c_aes_dec_in(void) { hush_aes_decrypt_block(&aes, out, NULL); }
static void c_aes_ctr_null(void) { hush_aes_ctr_xor(NULL, out, in, 3, in); }
static void c_aes_ctr(void) { hush_aes_ctr_xor(&aes, out, in, 3, in); }
static void c_aes_ctr_0(void) { hush_aes_ctr_xor(&aes, out, in, 0, in); }
static void c_aes_ctr_out(void) { hush_aes_ctr_xor(&aes, NULL, in, 3, in); }
static void c_aes_ctr_in(void) { hush_aes_ctr_xor(&aes, out, NULL, 3, in); }
static void c_aes_ctr_iv(void) { hush_aes_ctr_xor(&aes, out, in, 3, NULL); }

static const misuse_case cases[] = {
    CASE(hush_sha256, "NULL output", NULL, c_sha256_out),
    CASE(hush_sha256, "NULL data, length 3", NULL, c_sha256_in),
    CASE(hush_sha256_init, "NULL context", NULL, c_sha256_init),
    CASE(hush_sha256_update, "NULL context", NULL, c_sha256_update_null),
    CASE(hush_sha256_update, "after final", sha_final, c_sha256_update),
    CASE(hush_sha256_update, "after final, length 0", sha_final,
         c_sha256_update_0),
    CASE(hush_sha256_update, "zeroed context", sha_zero, c_sha256_update),
    CASE(hush_sha256_update, "never initialised", sha_garbage, c_sha256_update),
    CASE(hush_sha256_update, "NULL data, length 3", sha_live,
         c_sha256_update_in),
    CASE(hush_sha256_final, "NULL context", NULL, c_sha256_final_null),
    CASE(hush_sha256_final, "after final", sha_final, c_sha256_final),
    CASE(hush_sha256_final, "zeroed context", sha_zero, c_sha256_final),
    CASE(hush_sha256_final, "NULL output", sha_live, c_sha256_final_out),
    CASE(hush_sha256_x2, "NULL first output", NULL, c_sha256_x2_out0),
    CASE(hush_sha256_x2, "NULL first data", NULL, c_sha256_x2_in0),
    CASE(hush_sha256_x2, "NULL second output", NULL, c_sha256_x2_out1),
    CASE(hush_sha256_x2, "NULL second data", NULL, c_sha256_x2_in1),

    CASE(hush_hmac_sha256, "NULL output", NULL, c_hmac_out),
    CASE(hush_hmac_sha256, "NULL key, length 32", NULL, c_hmac_key),
    CASE(hush_hmac_sha256, "NULL message, length 3", NULL, c_hmac_msg),
    CASE(hush_hmac_sha256_init, "NULL context", NULL, c_hmac_init_null),
    CASE(hush_hmac_sha256_init, "NULL key, length 32", NULL, c_hmac_init_key),
    CASE(hush_hmac_sha256_update, "NULL context", NULL, c_hmac_update_null),
    CASE(hush_hmac_sha256_update, "after final", hmac_final, c_hmac_update),
    CASE(hush_hmac_sha256_update, "zeroed context", hmac_zero, c_hmac_update),
    CASE(hush_hmac_sha256_update, "NULL data, length 3", hmac_live,
         c_hmac_update_in),
    CASE(hush_hmac_sha256_final, "NULL context", NULL, c_hmac_final_null),
    CASE(hush_hmac_sha256_final, "after final", hmac_final, c_hmac_final),
    CASE(hush_hmac_sha256_final, "NULL output", hmac_live, c_hmac_final_out),
    CASE(hush_hkdf_sha256_extract, "NULL output", NULL, c_hkdf_prk),
    CASE(hush_hkdf_sha256_extract, "NULL salt, length 3", NULL, c_hkdf_salt),
    CASE(hush_hkdf_sha256_extract, "NULL input, length 3", NULL, c_hkdf_ikm),

    CASE(hush_ascon_hash256, "NULL output", NULL, c_ascon_hash_out),
    CASE(hush_ascon_hash256, "NULL data, length 3", NULL, c_ascon_hash_in),
    CASE(hush_ascon_xof128, "NULL output, length 8", NULL, c_ascon_xof_out),
    CASE(hush_ascon_xof128, "NULL data, length 3", NULL, c_ascon_xof_in),
    CASE(hush_ascon_hash256_init, "NULL context", NULL, c_ascon_hash_init),
    CASE(hush_ascon_xof128_init, "NULL context", NULL, c_ascon_xof_init),

    CASE(hush_chacha20_xor, "NULL output", NULL, c_chacha_out),
    CASE(hush_chacha20_xor, "NULL input", NULL, c_chacha_in),
    CASE(hush_chacha20_xor, "NULL nonce", NULL, c_chacha_nonce),
    CASE(hush_chacha20_xor, "NULL key", NULL, c_chacha_key),
    CASE(hush_xchacha20_xor, "NULL output", NULL, c_xchacha_out),
    CASE(hush_xchacha20_xor, "NULL input", NULL, c_xchacha_in),
    CASE(hush_xchacha20_xor, "NULL nonce", NULL, c_xchacha_nonce),
    CASE(hush_xchacha20_xor, "NULL key", NULL, c_xchacha_key),
    CASE(hush_hchacha20, "NULL output", NULL, c_hchacha_out),
    CASE(hush_hchacha20, "NULL nonce", NULL, c_hchacha_nonce),
    CASE(hush_hchacha20, "NULL key", NULL, c_hchacha_key),

    CASE(hush_poly1305, "NULL tag", NULL, c_poly_tag),
    CASE(hush_poly1305, "NULL message, length 3", NULL, c_poly_msg),
    CASE(hush_poly1305, "NULL key", NULL, c_poly_key),
    CASE(hush_poly1305_init, "NULL context", NULL, c_poly_init_null),
    CASE(hush_poly1305_init, "NULL key", NULL, c_poly_init_key),
    CASE(hush_poly1305_update, "NULL context", NULL, c_poly_update_null),
    CASE(hush_poly1305_update, "after final", poly_final, c_poly_update),
    CASE(hush_poly1305_update, "zeroed context", poly_zero, c_poly_update),
    CASE(hush_poly1305_update, "never initialised", poly_garbage,
         c_poly_update),
    CASE(hush_poly1305_update, "NULL data, length 3", poly_live,
         c_poly_update_in),
    CASE(hush_poly1305_final, "NULL context", NULL, c_poly_final_null),
    CASE(hush_poly1305_final, "after final", poly_final, c_poly_final),
    CASE(hush_poly1305_final, "never initialised", poly_garbage, c_poly_final),
    CASE(hush_poly1305_final, "NULL tag", poly_live, c_poly_final_tag),

    CASE(hush_aes_encrypt_block, "NULL context", NULL, c_aes_enc_null),
    CASE(hush_aes_encrypt_block, "zeroed context", aes_zero, c_aes_enc),
    CASE(hush_aes_encrypt_block, "wiped context", aes_wiped, c_aes_enc),
    CASE(hush_aes_encrypt_block, "never initialised", aes_garbage, c_aes_enc),
    CASE(hush_aes_encrypt_block, "NULL output", aes_live, c_aes_enc_out),
    CASE(hush_aes_encrypt_block, "NULL input", aes_live, c_aes_enc_in),
    CASE(hush_aes_decrypt_block, "NULL context", NULL, c_aes_dec_null),
    CASE(hush_aes_decrypt_block, "zeroed context", aes_zero, c_aes_dec),
    CASE(hush_aes_decrypt_block, "wiped context", aes_wiped, c_aes_dec),
    CASE(hush_aes_decrypt_block, "NULL output", aes_live, c_aes_dec_out),
    CASE(hush_aes_decrypt_block, "NULL input", aes_live, c_aes_dec_in),
    CASE(hush_aes_ctr_xor, "NULL context", NULL, c_aes_ctr_null),
    CASE(hush_aes_ctr_xor, "zeroed context", aes_zero, c_aes_ctr),
    CASE(hush_aes_ctr_xor, "wiped context, length 0", aes_wiped, c_aes_ctr_0),
    CASE(hush_aes_ctr_xor, "NULL output, length 3", aes_live, c_aes_ctr_out),
    CASE(hush_aes_ctr_xor, "NULL input, length 3", aes_live, c_aes_ctr_in),
    CASE(hush_aes_ctr_xor, "NULL counter block", aes_live, c_aes_ctr_iv),
};

/* ---- in a child, with the default handler ---- */
static void run_case(void *arg) {
    const misuse_case *c = arg;
    if (c->prepare) c->prepare();
    c->call();
    _exit(0); /* the call returned: misuse went unreported */
}

static void test_default_handler(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const misuse_case *c = &cases[i];
        char err[1024], want[128];
        snprintf(want, sizeof want, "hush: misuse in %s: ", c->function);
        int st = ht_run_child(run_case, (void *)c, err, sizeof err, 20000);
        if (ht_killed_by(st, SIGABRT) && strstr(err, want) != NULL) {
            ht_passed++;
        } else {
            ht_fail(__FILE__, __LINE__,
                    "%s, %s: expected \"%s...\" and SIGABRT; status %#x, "
                    "stderr \"%.200s\"",
                    c->function, c->what, want, (unsigned)st, err);
        }
    }
}

/* ---- in this process, with a recording handler ---- */
static sigjmp_buf back;
static int calls;
static char seen[64];

static void recording(const char *function, const char *problem) {
    calls++;
    snprintf(seen, sizeof seen, "%s", function);
    (void)problem;
    siglongjmp(back, 1);
}

static int intact(void) {
    for (size_t i = 0; i < sizeof out; i++)
        if (out[i] != PATTERN) return 0;
    return 1;
}

static void test_recording_handler(void) {
    hush_set_misuse_handler(recording);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const misuse_case *c = &cases[i];
        if (c->prepare) c->prepare();
        memset(out, PATTERN, sizeof out);
        calls = 0;
        seen[0] = 0;
        if (sigsetjmp(back, 1) == 0) c->call();
        ht_context = c->what;
        CHECK_EQ_INT(calls, 1);
        if (strcmp(seen, c->function) != 0)
            ht_fail(__FILE__, __LINE__, "%s: handler saw \"%s\"", c->function,
                    seen);
        else
            ht_passed++;
        /* reported before anything was written */
        if (!intact())
            ht_fail(__FILE__, __LINE__, "%s, %s: output written", c->function,
                    c->what);
        else
            ht_passed++;
    }
    ht_context = NULL;
    CHECK(hush_set_misuse_handler(NULL) == recording);
}

/* ---- controls: correct use, and NULL with length 0, report nothing ---- */
static void test_controls(void) {
    hush_set_misuse_handler(recording);
    calls = 0;
    if (sigsetjmp(back, 1) == 0) {
        uint8_t o[64];
        hush_sha256(o, NULL, 0);
        hush_sha256_x2(o, NULL, o + 32, NULL, 0);
        sha_live();
        hush_sha256_update(&sha, NULL, 0);
        hush_sha256_update(&sha, in, 3);
        hush_sha256_final(&sha, o);
        hush_hmac_sha256(o, NULL, 0, NULL, 0);
        hush_hmac_sha256_init(&hmac, NULL, 0);
        hush_hmac_sha256_update(&hmac, NULL, 0);
        hush_hmac_sha256_final(&hmac, o);
        hush_hkdf_sha256_extract(o, NULL, 0, NULL, 0);
        hush_ascon_hash256(o, NULL, 0);
        hush_ascon_xof128(NULL, 0, NULL, 0);
        hush_chacha20_xor(NULL, NULL, 0, NULL, NULL, 0);
        hush_xchacha20_xor(NULL, NULL, 0, NULL, NULL, 0);
        hush_chacha20_xor(o, in, 3, in, in, 0);
        hush_poly1305(o, NULL, 0, in);
        poly_live();
        hush_poly1305_update(&poly, NULL, 0);
        hush_poly1305_final(&poly, o);
        aes_live();
        hush_aes_ctr_xor(&aes, NULL, NULL, 0, NULL);
        hush_aes_ctr_xor(&aes, o, in, 3, in);
        hush_aes_encrypt_block(&aes, o, in);
        hush_aes_decrypt_block(&aes, o, o);
        hush_wipe(NULL, 0);
        hush_wipe(NULL, 32); /* wipes nothing: documented, not misuse */
        hush_secret_destroy(NULL);
        hush_aead_free(NULL);
        /* a copied context is a live context */
        hush_sha256_ctx copy;
        sha_live();
        copy = sha;
        hush_sha256_update(&copy, in, 3);
        hush_sha256_final(&copy, o);
        hush_sha256_final(&sha, o);
    }
    CHECK_EQ_INT(calls, 0);
    if (calls) fprintf(stderr, "control reported misuse in %s\n", seen);
    hush_set_misuse_handler(NULL);
}

/* The Ascon context functions return a code: a context never set up is
 * HUSH_ERR_STATE whatever its bytes say, not a jump through its table. */
static void test_ascon_garbage(void) {
    hush_ascon_ctx c;
    uint8_t o[32];
    for (int fill = 0; fill < 256; fill += 51) {
        memset(&c, fill, sizeof c);
        CHECK_EQ_INT(hush_ascon_absorb(&c, in, 3), HUSH_ERR_STATE);
        CHECK_EQ_INT(hush_ascon_squeeze(&c, o, sizeof o), HUSH_ERR_STATE);
    }
    /* a phase that looks right over a table pointer that is not one (the
     * table sits at byte 48, as ascon.h documents) */
    hush_ascon_xof128_init(&c);
    memset(c.opaque + 48, 0x5c, sizeof(void *));
    CHECK_EQ_INT(hush_ascon_absorb(&c, in, 3), HUSH_ERR_STATE);
    CHECK_EQ_INT(hush_ascon_squeeze(&c, o, sizeof o), HUSH_ERR_STATE);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_ascon_garbage();
    test_controls();
    test_recording_handler();
    test_default_handler();
    return ht_end();
}
