/*
 * The allocation check: after a warm-up call, the hot paths make no call
 * into the C allocator. Covered: hush_ct_equal, hush_wipe, hush_secret_equal,
 * the pooled hardened create/destroy, every one-shot and incremental hash,
 * MAC, KDF, stream, block-cipher and X25519 function, the one-shot AEAD
 * functions, and hush_aead_seal/open on keyed objects of both tiers, each
 * on every implementation this CPU runs; PBKDF2 allocates nothing and
 * scrypt exactly its one documented secret.
 *
 * The counter is hush-bench's (bench/bench_alloc.c): it sees the
 * library's calls too (interposed allocator, or the sanitizer's hooks
 * under `make sanitize`): a control case that must allocate proves it.
 */
#include <stdlib.h>
#include <string.h>

#include "bench_alloc.h"
#include "harness.h"

/* Buffers live in static storage so the cases themselves never touch the
 * allocator; sizes reach every bulk path (SIMD tiers take 256+ bytes). */
#define MAXLEN 16384
static uint8_t in[MAXLEN + 64], out[MAXLEN + 64], back[MAXLEN + 64];
static uint8_t key[64], nonce[32], tag[16], digest[64];
static const size_t lens[] = {0, 1, 63, 64, 65, 1000, MAXLEN};
#define NLENS (sizeof lens / sizeof lens[0])

static unsigned long cases;

/* Allocator calls so far: allocations and frees of non-NULL pointers. */
static unsigned long ca_calls(void) {
    return (unsigned long)(bench_alloc_count() + bench_free_count());
}

/* Runs `stmt` once to warm up (dispatch, lazy initialisation), then twice
 * more while counting allocator calls; any call is a failure naming it. */
#define NO_ALLOC(what, stmt)                                                   \
    do {                                                                       \
        stmt;                                                                  \
        unsigned long before_ = ca_calls();                                    \
        stmt;                                                                  \
        stmt;                                                                  \
        unsigned long made_ = ca_calls() - before_;                            \
        cases++;                                                               \
        if (made_ == 0)                                                        \
            ht_passed++;                                                       \
        else                                                                   \
            ht_fail(__FILE__, __LINE__, "%s: %lu allocator calls", what,       \
                    made_);                                                    \
    } while (0)

/* ---- control: the counter sees the library allocate ---- */
static void test_counter_works(void) {
    unsigned long before = ca_calls();
    hush_secret *s = NULL;
    CHECK_EQ_INT(hush_secret_new(&s, 32, 0), HUSH_OK);
    hush_secret_destroy(s);
    /* the default tier is one malloc and one free */
    CHECK_EQ_INT(ca_calls() - before, 2);
    void *(*volatile m)(size_t) = malloc;
    before = ca_calls();
    free(m(100));
    CHECK_EQ_INT(ca_calls() - before, 2);
}

/* ---- core and secret memory ---- */
static void test_core(void) {
    volatile int sink = 0;
    for (size_t i = 0; i < NLENS; i++) {
        size_t n = lens[i];
        NO_ALLOC("hush_ct_equal", sink += hush_ct_equal(in, out, n));
        NO_ALLOC("hush_wipe", hush_wipe(back, n));
    }
    NO_ALLOC("hush_scrub_stack", hush_scrub_stack(16384));
    hush_secret *a = NULL, *b = NULL;
    CHECK_EQ_INT(hush_secret_random(&a, 4096, 0), HUSH_OK);
    CHECK_EQ_INT(
        hush_secret_from(&b, hush_secret_ptr(a), 4096, HUSH_SECRET_HARDENED),
        HUSH_OK);
    NO_ALLOC("hush_secret_equal", sink += hush_secret_equal(a, b));
    NO_ALLOC("hush_secret_len/ptr/status", sink += (int)hush_secret_len(a) +
                                                   hush_secret_ptr(b)[0] +
                                                   (int)hush_secret_status(b));
    int rc = HUSH_OK; /* the results of the calls below, OR-ed */
    NO_ALLOC("hush_secret_protect",
             (rc |= hush_secret_protect(b, HUSH_PROT_READONLY),
              rc |= hush_secret_protect(b, HUSH_PROT_READWRITE)));
    hush_secret_destroy(a);
    hush_secret_destroy(b);
    /* a pooled hardened slot: taking and returning it uses no heap */
    hush_secret *h = NULL;
    NO_ALLOC("hardened create+destroy (pooled)",
             (rc |= hush_secret_new(&h, 32, HUSH_SECRET_HARDENED),
              hush_secret_destroy(h)));
    CHECK_EQ_INT(rc, HUSH_OK);
    (void)sink;
}

static void test_sha256(void) {
    HT_FOR_EACH_IMPL("sha256", impl) {
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            hush_sha256_ctx c;
            NO_ALLOC("hush_sha256", hush_sha256(digest, in, n));
            NO_ALLOC("hush_sha256_init/update/final",
                     (hush_sha256_init(&c), hush_sha256_update(&c, in, n),
                      hush_sha256_update(&c, in, 3),
                      hush_sha256_final(&c, digest)));
            NO_ALLOC("hush_sha256_x2",
                     hush_sha256_x2(digest, in, digest + 32, out, n));
        }
    }
}

static void test_hmac_hkdf(void) {
    HT_FOR_EACH_IMPL("sha256", impl) {
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            hush_hmac_sha256_ctx c;
            NO_ALLOC("hush_hmac_sha256",
                     hush_hmac_sha256(digest, key, 32, in, n));
            /* a key longer than a block is hashed first */
            NO_ALLOC("hush_hmac_sha256 long key",
                     hush_hmac_sha256(digest, in, 100, in, n));
            NO_ALLOC("hush_hmac_sha256_init/update/final",
                     (hush_hmac_sha256_init(&c, key, 32),
                      hush_hmac_sha256_update(&c, in, n),
                      hush_hmac_sha256_final(&c, digest)));
        }
        uint8_t prk[32];
        int rc = HUSH_OK;
        NO_ALLOC("hush_hkdf_sha256_extract",
                 hush_hkdf_sha256_extract(prk, key, 32, in, 80));
        NO_ALLOC("hush_hkdf_sha256_expand",
                 rc |= hush_hkdf_sha256_expand(out, 8160, prk, in, 80));
        NO_ALLOC("hush_hkdf_sha256",
                 rc |= hush_hkdf_sha256(out, 1000, in, 80, key, 32, in, 80));
        CHECK_EQ_INT(rc, HUSH_OK);
    }
}

static void test_ascon(void) {
    HT_FOR_EACH_IMPL("ascon", impl) {
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            hush_ascon_ctx c;
            int rc = HUSH_OK;
            NO_ALLOC("hush_ascon_hash256", hush_ascon_hash256(digest, in, n));
            NO_ALLOC("hush_ascon_xof128", hush_ascon_xof128(out, 1000, in, n));
            NO_ALLOC("hush_ascon_cxof128",
                     rc |= hush_ascon_cxof128(out, 100, key, 64, in, n));
            NO_ALLOC("hush_ascon_hash256_init/absorb/squeeze",
                     (hush_ascon_hash256_init(&c),
                      rc |= hush_ascon_absorb(&c, in, n),
                      rc |= hush_ascon_squeeze(&c, digest, 32)));
            NO_ALLOC("hush_ascon_xof128_init/absorb/squeeze",
                     (hush_ascon_xof128_init(&c),
                      rc |= hush_ascon_absorb(&c, in, n),
                      rc |= hush_ascon_squeeze(&c, out, 77),
                      rc |= hush_ascon_squeeze(&c, out, 1000)));
            NO_ALLOC("hush_ascon_cxof128_init/absorb/squeeze",
                     (rc |= hush_ascon_cxof128_init(&c, key, 64),
                      rc |= hush_ascon_absorb(&c, in, n),
                      rc |= hush_ascon_squeeze(&c, out, 64)));
            CHECK_EQ_INT(rc, HUSH_OK);
        }
    }
}

static void test_chacha20(void) {
    HT_FOR_EACH_IMPL("chacha20", impl) {
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            NO_ALLOC("hush_chacha20_xor",
                     hush_chacha20_xor(out, in, n, nonce, key, 1));
            NO_ALLOC("hush_chacha20_xor in place",
                     hush_chacha20_xor(out, out, n, nonce, key, 7));
            NO_ALLOC("hush_xchacha20_xor",
                     hush_xchacha20_xor(out, in, n, nonce, key, 0));
        }
        NO_ALLOC("hush_hchacha20", hush_hchacha20(digest, nonce, key));
    }
}

static void test_poly1305(void) {
    HT_FOR_EACH_IMPL("poly1305", impl) {
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            hush_poly1305_ctx c;
            NO_ALLOC("hush_poly1305", hush_poly1305(tag, in, n, key));
            NO_ALLOC("hush_poly1305_init/update/final",
                     (hush_poly1305_init(&c, key),
                      hush_poly1305_update(&c, in, n),
                      hush_poly1305_update(&c, in, 5),
                      hush_poly1305_final(&c, tag)));
        }
    }
}

static void test_aes(void) {
    HT_FOR_EACH_IMPL("aes", impl) {
        static const size_t keylens[] = {16, 24, 32};
        for (size_t k = 0; k < 3; k++) {
            hush_aes_ctx c;
            int rc = HUSH_OK;
            NO_ALLOC("hush_aes_init", rc |= hush_aes_init(&c, key, keylens[k]));
            CHECK_EQ_INT(rc, HUSH_OK);
            NO_ALLOC("hush_aes_encrypt_block",
                     hush_aes_encrypt_block(&c, out, in));
            NO_ALLOC("hush_aes_decrypt_block",
                     hush_aes_decrypt_block(&c, out, in));
            for (size_t i = 0; i < NLENS; i++)
                NO_ALLOC("hush_aes_ctr_xor",
                         hush_aes_ctr_xor(&c, out, in, lens[i], nonce));
            hush_wipe(&c, sizeof c);
        }
    }
}

static void test_x25519(void) {
    HT_FOR_EACH_IMPL("x25519", impl) {
        int rc = HUSH_OK;
        NO_ALLOC("hush_x25519", rc |= hush_x25519(out, key, in));
        NO_ALLOC("hush_x25519_base", rc |= hush_x25519_base(out, key));
        CHECK_EQ_INT(rc, HUSH_OK);
    }
}

/* ---- AEADs: one-shot, and keyed objects of both tiers ---- */
static void aead_cases(hush_aead_alg alg) {
    size_t kb = hush_aead_keybytes(alg);
    CHECK(kb != 0);
    if (kb == 0) return;
    const size_t tb = 16;
    volatile int sink = 0;
    for (size_t i = 0; i < NLENS; i++) {
        size_t n = lens[i];
        NO_ALLOC("hush_aead_encrypt",
                 sink +=
                 hush_aead_encrypt(alg, out, in, n, key, 13, nonce, key));
        NO_ALLOC("hush_aead_decrypt",
                 sink += hush_aead_decrypt(alg, back, out, n + tb, key, 13,
                                           nonce, key));
        NO_ALLOC("hush_aead_encrypt_detached",
                 sink += hush_aead_encrypt_detached(alg, out, tag, in, n, key,
                                                    13, nonce, key));
        NO_ALLOC("hush_aead_decrypt_detached",
                 sink += hush_aead_decrypt_detached(alg, back, out, n, tag, key,
                                                    13, nonce, key));
    }
    const unsigned tiers[] = {0, HUSH_SECRET_HARDENED};
    for (size_t t = 0; t < 2; t++) {
        hush_secret *k = NULL;
        hush_aead_ctx *obj = NULL;
        CHECK_EQ_INT(hush_secret_from(&k, key, kb, tiers[t]), HUSH_OK);
        CHECK_EQ_INT(hush_aead_new(&obj, alg, k), HUSH_OK);
        hush_secret_destroy(k);
        if (obj == NULL) continue;
        for (size_t i = 0; i < NLENS; i++) {
            size_t n = lens[i];
            NO_ALLOC("hush_aead_seal",
                     sink += hush_aead_seal(obj, out, in, n, key, 13, nonce));
            NO_ALLOC("hush_aead_open",
                     sink +=
                     hush_aead_open(obj, back, out, n + tb, key, 13, nonce));
            CHECK_MEM(back, in, n);
            NO_ALLOC("hush_aead_seal_detached",
                     sink += hush_aead_seal_detached(obj, out, tag, in, n, key,
                                                     13, nonce));
            NO_ALLOC("hush_aead_open_detached",
                     sink += hush_aead_open_detached(obj, back, out, n, tag,
                                                     key, 13, nonce));
            /* a forged tag: the failure path allocates nothing either */
            out[n] ^= 1;
            NO_ALLOC("hush_aead_open (forged)",
                     sink +=
                     hush_aead_open(obj, back, out, n + tb, key, 13, nonce));
            out[n] ^= 1;
        }
        hush_aead_free(obj);
    }
    (void)sink;
}

/* PBKDF2 allocates nothing; scrypt exactly its one documented secret
 * (hush_secret_new, default tier: one malloc and one free per call). */
static void test_pwhash(void) {
    HT_FOR_EACH_IMPL("sha256", impl) {
        int rc = HUSH_OK;
        NO_ALLOC("hush_pbkdf2_sha256",
                 rc |= hush_pbkdf2_sha256(out, 100, key, 32, in, 16, 3));
        CHECK_EQ_INT(rc, HUSH_OK);
    }
    HT_FOR_EACH_IMPL("scrypt", impl) {
        CHECK_EQ_INT(hush_scrypt(out, 32, key, 32, in, 16, 64, 2, 2), HUSH_OK);
        unsigned long before = ca_calls();
        CHECK_EQ_INT(hush_scrypt(out, 32, key, 32, in, 16, 64, 2, 2), HUSH_OK);
        CHECK_EQ_INT(ca_calls() - before, 2);
        cases++;
    }
}

/* Runs the AEAD's cases once per implementation of each primitive it is
 * built on (a keyed object keeps the implementations of its creation). */
static void test_aead(hush_aead_alg alg, const char *prim1, const char *prim2) {
    HT_FOR_EACH_IMPL(prim1, impl) { aead_cases(alg); }
    if (prim2 != NULL) HT_FOR_EACH_IMPL(prim2, impl) {
            aead_cases(alg);
        }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_bytes(in, sizeof in);
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(nonce, sizeof nonce);
    bench_alloc_start();
    printf("counting allocator calls by: %s\n", bench_alloc_mechanism());
    test_counter_works();
    test_core();
    test_sha256();
    test_hmac_hkdf();
    test_ascon();
    test_chacha20();
    test_poly1305();
    test_aes();
    test_x25519();
    test_pwhash();
    test_aead(HUSH_CHACHA20POLY1305, "chacha20", "poly1305");
    test_aead(HUSH_XCHACHA20POLY1305, "chacha20", "poly1305");
    test_aead(HUSH_AES128GCM, "aes", "ghash");
    test_aead(HUSH_AES256GCM, "aes", "ghash");
    test_aead(HUSH_ASCON_AEAD128, "ascon", NULL);
    printf("%lu hot paths checked\n", cases);
    return ht_end();
}
