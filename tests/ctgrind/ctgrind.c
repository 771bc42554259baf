/*
 * Secret poisoning under valgrind (Adam Langley's ctgrind idea): keys,
 * plaintexts, scalars and the contents of secret memory are marked secret
 * (HUSH_CT_SECRET, memcheck's "undefined") before every secret-handling
 * call. Memcheck then reports every conditional jump and every memory
 * address that depends on a secret: the two ways code leaks through timing
 * and the cache.
 *
 * The program links the ctgrind build of the library (hush_ctgrind), which
 * declassifies what it makes public itself: the tag verdict of every AEAD
 * opening and X25519's all-zero verdict. So return codes are used as they
 * come, and memcheck reports a verdict the library forgot to declassify.
 * The program itself declassifies only what is the caller's to call
 * public: the results of hush_ct_equal and hush_secret_equal, and a public
 * key it goes on to use.
 *
 *   valgrind ctgrind --tier NAME --part main|open   (must report no error)
 *   valgrind ctgrind --control memcmp|table          (must report errors)
 *
 * --tier forces NAME for every primitive that has such an implementation
 * and portable for the rest; under valgrind, AVX-512, VAES, SHA-NI and ADX
 * are not offered (valgrind cannot run them), so those tiers are absent and
 * the program exits 77 (skipped) for a tier that nothing has.
 * --part open runs the AEAD openings, main everything else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ct.h"
#include "hush.h"

static unsigned long calls;  /* secret-handling calls made */
static unsigned long faults; /* wrong results (a bug, not a leak) */

static void expect(int ok, const char *what) {
    calls++;
    if (!ok) {
        faults++;
        fprintf(stderr, "ctgrind: unexpected result from %s\n", what);
    }
}

/* Lengths that reach every path: empty, partial blocks, one and several
 * blocks, and runs long enough for the widest tier's main loop; 1500 for
 * the ChaCha20-Poly1305 one-shot path above 960 bytes (the stitched AVX2
 * loop: two 512-byte units and a tail). */
static const size_t lengths[] = {0, 1, 15, 16, 17, 64, 65, 600, 1500};
#define NLEN   (sizeof lengths / sizeof lengths[0])
#define MAXLEN 2048

static uint8_t key[128], msg[MAXLEN], out[MAXLEN + 64], ad[64], nonce[32];

/* Fresh, defined bytes, then poisoned: each call sees secrets it has not
 * seen before as far as memcheck knows. */
static void fresh_secrets(void) {
    HUSH_CT_DECLASSIFY(key, sizeof key);
    HUSH_CT_DECLASSIFY(msg, sizeof msg);
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 13 + 5);
    for (size_t i = 0; i < sizeof ad; i++)
        ad[i] = (uint8_t)i;
    for (size_t i = 0; i < sizeof nonce; i++)
        nonce[i] = (uint8_t)(i + 100);
    HUSH_CT_SECRET(key, sizeof key);
    HUSH_CT_SECRET(msg, sizeof msg);
}

/* ---- comparison and secret memory ---- */
static void part_core(void) {
    uint8_t a[64], b[64];
    memset(a, 0x5a, sizeof a);
    memcpy(b, a, sizeof b);
    b[63] ^= 1;
    for (size_t n = 1; n <= 64; n *= 2) {
        HUSH_CT_SECRET(a, sizeof a);
        HUSH_CT_SECRET(b, sizeof b);
        /* the comparison's result is secret until its caller says not */
        int r = hush_ct_equal(a, b, n);
        HUSH_CT_DECLASSIFY(&r, sizeof r);
        expect(r == (n < 64), "hush_ct_equal");
    }
    /* both tiers of secret memory: default and hardened */
    for (unsigned flags = 0; flags <= HUSH_SECRET_HARDENED; flags++) {
        hush_secret *s1 = NULL, *s2 = NULL, *s3 = NULL;
        if (hush_secret_new(&s1, 32, flags) != HUSH_OK ||
            hush_secret_new(&s2, 32, flags) != HUSH_OK) {
            fprintf(stderr, "ctgrind: hush_secret_new failed\n");
            exit(1);
        }
        memset(hush_secret_ptr_mut(s1), 0x33, 32);
        memset(hush_secret_ptr_mut(s2), 0x33, 32);
        HUSH_CT_SECRET(hush_secret_ptr_mut(s1), 32);
        HUSH_CT_SECRET(hush_secret_ptr_mut(s2), 32);
        int r = hush_secret_equal(s1, s2);
        HUSH_CT_DECLASSIFY(&r, sizeof r);
        expect(r == 1, "hush_secret_equal");
        HUSH_CT_SECRET(a, sizeof a);
        r = hush_secret_from(&s3, a, sizeof a, flags);
        expect(r == HUSH_OK, "hush_secret_from");
        hush_secret_destroy(s3);
        hush_secret_destroy(s1);
        hush_secret_destroy(s2);
    }
    hush_wipe(a, sizeof a);
}

/* ---- hashes and MACs ---- */
static void part_sha256(void) {
    for (size_t i = 0; i < NLEN; i++) {
        size_t n = lengths[i];
        fresh_secrets();
        hush_sha256(out, msg, n);
        hush_sha256_x2(out, msg, out + 32, msg + 1, n);
        hush_sha256_ctx c;
        hush_sha256_init(&c);
        hush_sha256_update(&c, msg, n / 2);
        hush_sha256_update(&c, msg + n / 2, n - n / 2);
        hush_sha256_final(&c, out);
        hush_hmac_sha256(out, key, i * 18, msg, n); /* keys 0..126 bytes */
        hush_hmac_sha256_ctx h;
        hush_hmac_sha256_init(&h, key, 32);
        hush_hmac_sha256_update(&h, msg, n);
        hush_hmac_sha256_final(&h, out);
        uint8_t prk[32];
        hush_hkdf_sha256_extract(prk, ad, 16, key, 32);
        int r = hush_hkdf_sha256_expand(out, n, prk, ad, 8);
        expect(r == HUSH_OK, "hush_hkdf_sha256_expand");
        r = hush_hkdf_sha256(out, n, key, 32, ad, 16, ad, 8);
        expect(r == HUSH_OK, "hush_hkdf_sha256");
        calls += 8;
    }
}

static void part_ascon(void) {
    for (size_t i = 0; i < NLEN; i++) {
        size_t n = lengths[i];
        fresh_secrets();
        hush_ascon_hash256(out, msg, n);
        hush_ascon_xof128(out, n + 1, msg, n);
        int r = hush_ascon_cxof128(out, 40, ad, 16, msg, n);
        expect(r == HUSH_OK, "hush_ascon_cxof128");
        hush_ascon_ctx c;
        hush_ascon_xof128_init(&c);
        r = hush_ascon_absorb(&c, msg, n / 3);
        r |= hush_ascon_absorb(&c, msg + n / 3, n - n / 3);
        r |= hush_ascon_squeeze(&c, out, 7);
        r |= hush_ascon_squeeze(&c, out + 7, 50);
        expect(r == HUSH_OK, "hush_ascon absorb/squeeze");
        hush_wipe(&c, sizeof c);
        calls += 2;
    }
}

/* ---- stream ciphers, Poly1305, AES ---- */
static void part_stream(void) {
    for (size_t i = 0; i < NLEN; i++) {
        size_t n = lengths[i];
        fresh_secrets();
        hush_chacha20_xor(out, msg, n, nonce, key, 7);
        hush_xchacha20_xor(out, msg, n, nonce, key, 3);
        calls += 2;
    }
    fresh_secrets();
    hush_hchacha20(out, nonce, key);
    calls++;
    for (size_t i = 0; i < NLEN; i++) {
        size_t n = lengths[i];
        fresh_secrets();
        hush_poly1305(out, msg, n, key);
        hush_poly1305_ctx c;
        hush_poly1305_init(&c, key);
        hush_poly1305_update(&c, msg, n / 2);
        hush_poly1305_update(&c, msg + n / 2, n - n / 2);
        hush_poly1305_final(&c, out);
        calls += 2;
    }
    static const size_t keylens[] = {16, 24, 32};
    for (size_t k = 0; k < 3; k++) {
        for (size_t i = 0; i < NLEN; i++) {
            size_t n = lengths[i];
            fresh_secrets();
            hush_aes_ctx c;
            int r = hush_aes_init(&c, key, keylens[k]);
            expect(r == HUSH_OK, "hush_aes_init");
            hush_aes_encrypt_block(&c, out, msg);
            hush_aes_decrypt_block(&c, out + 16, msg + 16);
            hush_aes_ctr_xor(&c, out, msg, n, nonce);
            hush_wipe(&c, sizeof c);
            calls += 3;
        }
    }
}

/* ---- AEADs ---- */
static const hush_aead_alg aeads[] = {HUSH_CHACHA20POLY1305,
                                      HUSH_XCHACHA20POLY1305, HUSH_AES128GCM,
                                      HUSH_AES256GCM, HUSH_ASCON_AEAD128};

/* One message through a stream on k, the 16 bytes of AD in two pieces and
 * the n of data in two (split inside a block); the final's result. */
static int stream_run(const hush_aead_ctx *k, int direction, uint8_t *dst,
                      const uint8_t *src, size_t n, uint8_t tag[16]) {
    hush_aead_stream s;
    int r = hush_aead_stream_init(&s, k, direction, nonce);
    r |= hush_aead_stream_ad(&s, ad, 5);
    r |= hush_aead_stream_ad(&s, ad + 5, 11);
    r |= hush_aead_stream_update(&s, dst, src, n / 3);
    r |= hush_aead_stream_update(&s, dst + n / 3, src + n / 3, n - n / 3);
    if (r != HUSH_OK) {
        hush_aead_stream_abort(&s);
        return r;
    }
    return direction == HUSH_AEAD_SEAL ? hush_aead_stream_seal_final(&s, tag)
                                       : hush_aead_stream_open_final(&s, tag);
}

static void part_seal(void) {
    for (size_t a = 0; a < sizeof aeads / sizeof aeads[0]; a++) {
        if (hush_aead_keybytes(aeads[a]) == 0) continue; /* not built */
        for (size_t i = 0; i < NLEN; i++) {
            size_t n = lengths[i];
            fresh_secrets();
            int r = hush_aead_encrypt(aeads[a], out, msg, n, ad, i % 3 * 9,
                                      nonce, key);
            expect(r == HUSH_OK, "hush_aead_encrypt");
            hush_secret *ks = NULL;
            hush_aead_ctx *k = NULL;
            r = hush_secret_from(&ks, key, hush_aead_keybytes(aeads[a]), 0);
            expect(r == HUSH_OK, "hush_secret_from");
            HUSH_CT_SECRET(hush_secret_ptr_mut(ks), hush_secret_len(ks));
            r = hush_aead_new(&k, aeads[a], ks);
            expect(r == HUSH_OK, "hush_aead_new");
            hush_secret_destroy(ks);
            r = hush_aead_seal(k, out, msg, n, ad, 16, nonce);
            expect(r == HUSH_OK, "hush_aead_seal");
            uint8_t tag[16];
            r = stream_run(k, HUSH_AEAD_SEAL, out, msg, n, tag);
            expect(r == HUSH_OK, "hush_aead_stream (seal)");
            hush_aead_free(k);
        }
    }
}

/* Openings, one-shot, keyed and streaming: the key is secret, the
 * ciphertext and tag public; a valid and a forged tag each. The verdict is
 * public by design and the library branches on it (releasing or zeroing the
 * plaintext): it declassifies the verdict where it computes it, and the
 * expect() below branches on the return code undeclassified. */
static void part_open(void) {
    for (size_t a = 0; a < sizeof aeads / sizeof aeads[0]; a++) {
        if (hush_aead_keybytes(aeads[a]) == 0) continue;
        for (size_t i = 0; i < NLEN; i++) {
            size_t n = lengths[i];
            static uint8_t c[MAXLEN + 16], m[MAXLEN];
            fresh_secrets();
            HUSH_CT_DECLASSIFY(key, sizeof key);
            HUSH_CT_DECLASSIFY(msg, sizeof msg);
            /* a ciphertext made with the defined key: it is public */
            int r = hush_aead_encrypt(aeads[a], c, msg, n, ad, 16, nonce, key);
            expect(r == HUSH_OK, "hush_aead_encrypt");
            for (int forged = 0; forged < 2; forged++) {
                c[n] ^= (uint8_t)forged;
                HUSH_CT_SECRET(key, sizeof key);
                r = hush_aead_decrypt(aeads[a], m, c, n + 16, ad, 16, nonce,
                                      key);
                expect(r == (forged ? HUSH_ERR_AUTH : HUSH_OK),
                       "hush_aead_decrypt");
                hush_secret *ks = NULL;
                hush_aead_ctx *k = NULL;
                r = hush_secret_from(&ks, key, hush_aead_keybytes(aeads[a]), 0);
                HUSH_CT_SECRET(hush_secret_ptr_mut(ks), hush_secret_len(ks));
                r |= hush_aead_new(&k, aeads[a], ks);
                expect(r == HUSH_OK, "hush_aead_new");
                hush_secret_destroy(ks);
                r = hush_aead_open(k, m, c, n + 16, ad, 16, nonce);
                expect(r == (forged ? HUSH_ERR_AUTH : HUSH_OK),
                       "hush_aead_open");
                r = stream_run(k, HUSH_AEAD_OPEN, m, c, n, c + n);
                expect(r == (forged ? HUSH_ERR_AUTH : HUSH_OK),
                       "hush_aead_stream (open)");
                hush_aead_free(k);
                c[n] ^= (uint8_t)forged;
            }
        }
    }
}

/* ---- X25519 ---- */
static void part_x25519(void) {
    uint8_t point[32], shared[32];
    for (int i = 0; i < 3; i++) {
        fresh_secrets();
        int r = hush_x25519_base(point, key + i);
        expect(r == HUSH_OK, "hush_x25519_base");
        HUSH_CT_DECLASSIFY(point, sizeof point); /* a public key */
        r = hush_x25519(shared, key + 32, point);
        expect(r == HUSH_OK, "hush_x25519");
    }
}

/* ---- controls: each must make memcheck report ---- */
static int control(const char *which) {
    if (strcmp(which, "memcmp") == 0) {
        int (*volatile cmp)(const void *, const void *, size_t) = memcmp;
        uint8_t a[64], b[64];
        memset(a, 1, sizeof a);
        memset(b, 1, sizeof b);
        HUSH_CT_SECRET(a, sizeof a);
        HUSH_CT_SECRET(b, sizeof b);
        int r = cmp(a, b, sizeof a);
        printf("ctgrind: control memcmp done (%d)\n", r);
        return 0;
    }
    if (strcmp(which, "table") == 0) {
        if (hush_impl_force("aes", "table") != HUSH_OK) {
            printf("ctgrind: no table AES tier to use as a control\n");
            return 1;
        }
        fresh_secrets();
        hush_aes_ctx c;
        if (hush_aes_init(&c, key, 16) != HUSH_OK) {
            printf("ctgrind: hush_aes_init failed\n");
            return 1;
        }
        hush_aes_encrypt_block(&c, out, msg);
        printf("ctgrind: control table AES done\n");
        return 0;
    }
    fprintf(stderr, "ctgrind: unknown control %s\n", which);
    return 2;
}

/* Forces `tier` wherever it exists (portable elsewhere); the number of
 * primitives that have it. */
static int force_tier(const char *tier) {
    int found = 0;
    for (size_t i = 0; i < hush_primitive_count(); i++) {
        const char *p = hush_primitive_name(i);
        const char *use = "portable";
        if (hush_impl_force(p, tier) == HUSH_OK) {
            use = tier;
            found++;
        } else if (hush_impl_force(p, "portable") != HUSH_OK) {
            fprintf(stderr, "ctgrind: cannot force %s=portable\n", p);
            exit(1);
        }
        printf("ctgrind: %s=%s\n", p, use);
    }
    return found;
}

int main(int argc, char **argv) {
    const char *tier = "portable", *part = "main";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--control") == 0) return control(argv[i + 1]);
        if (strcmp(argv[i], "--tier") == 0)
            tier = argv[i + 1];
        else if (strcmp(argv[i], "--part") == 0)
            part = argv[i + 1];
    }
    if (!RUNNING_ON_VALGRIND)
        printf("ctgrind: not under valgrind: the calls run, nothing checks "
               "them\n");
    if (force_tier(tier) == 0 && strcmp(tier, "portable") != 0) {
        printf("ctgrind: UNAVAILABLE: no primitive has a '%s' tier that "
               "this CPU (as valgrind presents it) can run\n",
               tier);
        return 77;
    }
    if (strcmp(part, "open") == 0) {
        part_open();
    } else {
        part_core();
        part_sha256();
        part_ascon();
        part_stream();
        part_seal();
        part_x25519();
    }
    printf("ctgrind: %lu calls with poisoned secrets, %lu wrong results\n",
           calls, faults);
    return faults ? 1 : 0;
}
