/*
 * hush seal against the peers' open, every AEAD, every tier.
 *
 * Input: alg | tiers | flags | key[32] | nonce[24] | adlen (2) | ad |
 *        flip (2) | m...
 * (flags: bit 0 hardened key, bits 1-6 misalignment of the buffers; flip
 * picks the ciphertext bit the tamper check changes).
 *
 * Peers: OpenSSL (ChaCha20-Poly1305, AES-128/256-GCM), libsodium
 * (ChaCha20-Poly1305 IETF, XChaCha20-Poly1305, AES-256-GCM where the CPU
 * has it) and, for Ascon-AEAD128, which neither has, the project's own
 * plain SP 800-232 model (tests/ascon/ascon_model.c). AEADs are
 * deterministic, so hush's one-shot and keyed-object output must equal
 * each peer's byte for byte, each peer must open it, hush must open the
 * peer's, and one flipped bit must fail on both sides.
 */
#include <openssl/evp.h>
#include <sodium.h>

#include "ascon_model.h"
#include "fuzz.h"

static EVP_CIPHER *ossl_chacha, *ossl_gcm128, *ossl_gcm256;

void fuzz_setup(void) {
    if (sodium_init() < 0) abort();
    ossl_chacha = EVP_CIPHER_fetch(NULL, "ChaCha20-Poly1305", NULL);
    ossl_gcm128 = EVP_CIPHER_fetch(NULL, "AES-128-GCM", NULL);
    ossl_gcm256 = EVP_CIPHER_fetch(NULL, "AES-256-GCM", NULL);
    if (!ossl_chacha || !ossl_gcm128 || !ossl_gcm256) abort();
}

static const EVP_CIPHER *ossl_cipher(hush_aead_alg a) {
    switch (a) {
    case HUSH_CHACHA20POLY1305: return ossl_chacha;
    case HUSH_AES128GCM: return ossl_gcm128;
    case HUSH_AES256GCM: return ossl_gcm256;
    default: return NULL;
    }
}

/* OpenSSL seal (enc) or open: c is mlen + 16 bytes. 1 on success. */
static int ossl_aead(const EVP_CIPHER *cipher, int enc, uint8_t *out,
                     const uint8_t *in, size_t mlen, const uint8_t *ad,
                     size_t adlen, const uint8_t *nonce, const uint8_t *key,
                     uint8_t tag[16]) {
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok = x != NULL;
    int len = 0;
    ok = ok && EVP_CipherInit_ex2(x, cipher, NULL, NULL, enc, NULL);
    ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
    ok = ok && EVP_CipherInit_ex2(x, NULL, key, nonce, enc, NULL);
    if (!enc) ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag);
    if (adlen) ok = ok && EVP_CipherUpdate(x, NULL, &len, ad, (int)adlen);
    if (mlen) ok = ok && EVP_CipherUpdate(x, out, &len, in, (int)mlen);
    ok = ok && EVP_CipherFinal_ex(x, out + mlen, &len);
    if (enc) ok = ok && EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* libsodium combined seal/open for the algorithms it has; -1 if it has
 * not this one, else 1 on success and 0 on failure. */
static int sodium_aead(hush_aead_alg a, int enc, uint8_t *out,
                       const uint8_t *in, size_t inlen, const uint8_t *ad,
                       size_t adlen, const uint8_t *nonce, const uint8_t *key) {
    unsigned long long n = 0;
    int r;
    switch (a) {
    case HUSH_CHACHA20POLY1305:
        r = enc ? crypto_aead_chacha20poly1305_ietf_encrypt(
                      out, &n, in, inlen, ad, adlen, NULL, nonce, key)
                : crypto_aead_chacha20poly1305_ietf_decrypt(
                      out, &n, NULL, in, inlen, ad, adlen, nonce, key);
        break;
    case HUSH_XCHACHA20POLY1305:
        r = enc ? crypto_aead_xchacha20poly1305_ietf_encrypt(
                      out, &n, in, inlen, ad, adlen, NULL, nonce, key)
                : crypto_aead_xchacha20poly1305_ietf_decrypt(
                      out, &n, NULL, in, inlen, ad, adlen, nonce, key);
        break;
    case HUSH_AES256GCM:
        if (!crypto_aead_aes256gcm_is_available()) return -1;
        r = enc ? crypto_aead_aes256gcm_encrypt(out, &n, in, inlen, ad, adlen,
                                                NULL, nonce, key)
                : crypto_aead_aes256gcm_decrypt(out, &n, NULL, in, inlen, ad,
                                                adlen, nonce, key);
        break;
    default: return -1;
    }
    return r == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    fuzz_aead_head h;
    fz_aead_head(&in, &h);
    size_t flip = fz_u16(&in);
    size_t mlen;
    const uint8_t *mraw = fz_rest(&in, &mlen);
    size_t clen = mlen + 16;
    FZ_CHECK(clen > mlen); /* no wrap: an input is far shorter than that */

    hush_aead_alg alg = h.alg;
    unsigned mis = h.mis;
    size_t adlen = h.adlen;
    const uint8_t *k = h.k, *n = h.n, *ad = h.ad;
    uint8_t *m = fz_alloc(mraw, mlen, mis + 3);
    uint8_t *c = fz_alloc(NULL, clen, mis + 4);
    uint8_t *c2 = fz_alloc(NULL, clen, mis + 5);
    uint8_t *peer = fz_alloc(NULL, clen, mis + 6);
    uint8_t *back = fz_alloc(NULL, clen, mis + 7);

    /* hush: one-shot, and a keyed object sealing in place */
    FZ_CHECK(hush_aead_encrypt(alg, c, m, mlen, ad, adlen, n, k) == HUSH_OK);
    hush_aead_ctx *obj = fz_aead_object(&h);
    if (mlen) memcpy(c2, m, mlen);
    FZ_CHECK(hush_aead_seal(obj, c2, c2, mlen, ad, adlen, n) == HUSH_OK);
    FZ_CHECK(memcmp(c, c2, clen) == 0);

    int peers = 0;
    const EVP_CIPHER *cipher = ossl_cipher(alg);
    if (cipher != NULL) {
        uint8_t tag[16];
        FZ_CHECK(ossl_aead(cipher, 1, peer, m, mlen, ad, adlen, n, k, tag));
        FZ_CHECK(memcmp(peer, c, mlen) == 0 && memcmp(tag, c + mlen, 16) == 0);
        memcpy(tag, c + mlen, 16);
        FZ_CHECK(ossl_aead(cipher, 0, back, c, mlen, ad, adlen, n, k, tag));
        FZ_CHECK(memcmp(back, m, mlen) == 0);
        peers++;
    }
    int s = sodium_aead(alg, 1, peer, m, mlen, ad, adlen, n, k);
    if (s >= 0) {
        FZ_CHECK(s == 1 && memcmp(peer, c, clen) == 0);
        FZ_CHECK(sodium_aead(alg, 0, back, c, clen, ad, adlen, n, k) == 1);
        FZ_CHECK(memcmp(back, m, mlen) == 0);
        peers++;
    }
    if (alg == HUSH_ASCON_AEAD128) {
        model_aead_encrypt(k, n, ad, adlen, m, mlen, peer, peer + mlen);
        FZ_CHECK(memcmp(peer, c, clen) == 0);
        peers++;
    }
    FZ_CHECK(peers > 0);

    /* hush opens it with the tiers picked, in a keyed object too */
    memset(back, 0xa5, clen);
    FZ_CHECK(hush_aead_decrypt(alg, back, c, clen, ad, adlen, n, k) == HUSH_OK);
    FZ_CHECK(memcmp(back, m, mlen) == 0);
    FZ_CHECK(hush_aead_open(obj, c2, c2, clen, ad, adlen, n) == HUSH_OK);
    FZ_CHECK(memcmp(c2, m, mlen) == 0);

    /* one flipped bit: refused by hush (output zeroed) and by the peers */
    size_t bit = flip % (8 * clen);
    c[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    memset(back, 0xa5, clen);
    FZ_CHECK(hush_aead_open(obj, back, c, clen, ad, adlen, n) == HUSH_ERR_AUTH);
    FZ_CHECK(fz_all_zero(back, mlen));
    if (cipher != NULL) {
        uint8_t tag[16];
        memcpy(tag, c + mlen, 16);
        FZ_CHECK(!ossl_aead(cipher, 0, back, c, mlen, ad, adlen, n, k, tag));
    }
    if (s >= 0)
        FZ_CHECK(sodium_aead(alg, 0, back, c, clen, ad, adlen, n, k) == 0);
    hush_aead_free(obj);

    fz_free(back, mis + 7);
    fz_free(peer, mis + 6);
    fz_free(c2, mis + 5);
    fz_free(c, mis + 4);
    fz_free(m, mis + 3);
    fz_aead_head_free(&h);
    return 0;
}

void fuzz_seeds(void) {
    static const size_t lens[] = {0,  1,  15,  16,  17,  63,  64,   65,
                                  95, 96, 127, 128, 255, 256, 1000, 4000};
    static fuzz_out o;
    static uint8_t m[4000], ad[300];
    unsigned seed = 1000;
    for (unsigned a = 0; a < fuzz_aead_count(); a++) {
        for (unsigned t = 0; t < fuzz_max_tiers(); t++) {
            for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
                uint8_t key[32], nonce[24];
                size_t adlen = (seed * 41) % sizeof ad;
                fuzz_pattern(key, sizeof key, seed);
                fuzz_pattern(nonce, sizeof nonce, seed + 1);
                fuzz_pattern(ad, adlen, seed + 2);
                fuzz_pattern(m, lens[i], seed + 3);
                fo_aead_head(&o, a, t, seed & 0x7f, key, nonce, ad, adlen);
                fo_u16(&o, seed * 7);
                fo_bytes(&o, m, lens[i]);
                fo_emit(&o);
                seed += 4;
            }
        }
    }
}
