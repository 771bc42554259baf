/*
 * TLS 1.2 records through the AEAD ciphers, as libssl drives them: each
 * record is one EVP_CipherUpdate, in place, after the 13-byte TLS1_AAD
 * parameter (sequence number, type, version, length) that puts the context
 * into record mode for exactly that call. A whole record is at hand, so it
 * is sealed or opened with hush's one-shot keyed-object calls: a record
 * that fails its tag releases nothing (its plaintext area is zeroed).
 *
 *   AES-GCM (RFC 5288): nonce = fixed (4 bytes, from the key block, via the
 *     TLS1_IV_FIXED parameter) || explicit (8 bytes, carried in the
 *     record). Sealing writes the explicit part in front of the record
 *     from a 64-bit invocation counter that starts at a random value, as
 *     OpenSSL's does, and never repeats under one key.
 *     Record: explicit (8) || ciphertext || tag (16).
 *   ChaCha20-Poly1305 (RFC 7905): nonce = the 12-byte IV XOR the sequence
 *     number (the AAD's first 8 bytes), right-aligned.
 *     Record: ciphertext || tag (16).
 *
 * The AAD's length field says the plaintext length; for opening (and, for
 * GCM, the explicit IV) it counts more, which is taken off here as OpenSSL
 * does before the AAD is authenticated.
 */
#include <string.h>

#include "prov_cipher.h"

#define TLS_AAD_LEN   13
#define GCM_FIXED_LEN 4
#define GCM_EXPLICIT  8
#define TLS_TAG_LEN   16

static int fail(const aead_ctx *c, int reason, const char *what) {
    prov_error(c->prov, reason, "TLS record: %s", what);
    return 0;
}

int prov_tls_set_iv_fixed(aead_ctx *c, const uint8_t *fixed, size_t len) {
    if (c->info->tls == TLS_CHACHA) {
        /* the whole 12-byte IV, as the cipher's init would take it */
        if (len != 12) return fail(c, PROV_R_BAD_ARGUMENT, "fixed IV length");
        memcpy(c->iv, fixed, 12);
        c->iv_set = c->iv_fresh = 1;
        return 1;
    }
    if (c->info->tls != TLS_GCM)
        return fail(c, PROV_R_UNSUPPORTED, "not a TLS cipher");
    if (len == (size_t)-1) {
        /* (size_t)-1 restores the whole IV: fixed and invocation field */
        memcpy(c->iv, fixed, 12);
    } else {
        if (len < GCM_FIXED_LEN || 12 - len < GCM_EXPLICIT)
            return fail(c, PROV_R_BAD_ARGUMENT, "fixed IV length");
        memcpy(c->iv, fixed, len);
        /* sealing: the invocation field starts anywhere (it only has to
         * count without repeating); opening: it comes with each record */
        if (c->enc && hush_random(c->iv + len, 12 - len) != HUSH_OK)
            return fail(c, PROV_R_LIBRARY_ERROR, "hush_random");
    }
    c->iv_set = 1;
    c->iv_fresh = 0; /* records only: each takes its own nonce */
    c->tls_iv_gen = 1;
    return 1;
}

int prov_tls_set_aad(aead_ctx *c, const uint8_t *aad, size_t len) {
    if (c->info->tls == TLS_NONE)
        return fail(c, PROV_R_UNSUPPORTED, "not a TLS cipher");
    if (len != TLS_AAD_LEN || c->key == NULL)
        return fail(c, PROV_R_BAD_ARGUMENT, "AAD length or no key");
    size_t n = (size_t)aad[11] << 8 | aad[12];
    if (c->info->tls == TLS_GCM) {
        if (n < GCM_EXPLICIT) return fail(c, PROV_R_BAD_ARGUMENT, "length");
        n -= GCM_EXPLICIT;
    }
    if (!c->enc) {
        if (n < TLS_TAG_LEN) return fail(c, PROV_R_BAD_ARGUMENT, "length");
        n -= TLS_TAG_LEN;
    }
    if (c->info->tls == TLS_CHACHA) {
        if (!c->iv_set) return fail(c, PROV_R_BAD_STATE, "no IV");
        memcpy(c->tls_nonce, c->iv, 12);
        for (int i = 0; i < 8; i++)
            c->tls_nonce[4 + i] ^= aad[i];
    }
    memcpy(c->tls_aad, aad, TLS_AAD_LEN);
    c->tls_aad[11] = (uint8_t)(n >> 8);
    c->tls_aad[12] = (uint8_t)n;
    c->tls_payload = n;
    c->tls_aad_len = TLS_AAD_LEN;
    return 1;
}

/* The 64-bit big-endian invocation counter of the GCM nonce, plus one. */
static void invocation_next(uint8_t iv[12]) {
    for (int i = 11; i >= 4; i--)
        if (++iv[i] != 0) break;
}

int prov_tls_set_iv_inv(aead_ctx *c, const uint8_t *inv, size_t len) {
    if (c->info->tls != TLS_GCM || !c->tls_iv_gen || c->enc ||
        len > 12 - GCM_FIXED_LEN)
        return fail(c, PROV_R_BAD_STATE, "invocation field");
    memcpy(c->iv + 12 - len, inv, len);
    return 1;
}

int prov_tls_get_iv_gen(aead_ctx *c, uint8_t *out, size_t len) {
    if (c->info->tls != TLS_GCM || !c->tls_iv_gen || c->key == NULL)
        return fail(c, PROV_R_BAD_STATE, "no fixed IV");
    if (len == 0 || len > 12) len = 12;
    memcpy(out, c->iv + 12 - len, len);
    invocation_next(c->iv);
    return 1;
}

static int gcm_record(aead_ctx *c, uint8_t *buf, size_t *outl, size_t inl) {
    size_t n = c->tls_payload;
    if (!c->tls_iv_gen) return fail(c, PROV_R_BAD_STATE, "no fixed IV");
    if (inl != GCM_EXPLICIT + n + TLS_TAG_LEN)
        return fail(c, PROV_R_BAD_ARGUMENT, "length differs from the AAD's");
    uint8_t nonce[12];
    int r;
    if (c->enc) {
        /* one key seals at most 2^64 - 1 records: the counter never
         * comes back to a nonce already used */
        if (++c->tls_sealed == 0)
            return fail(c, PROV_R_BAD_STATE, "too many records for one key");
        memcpy(nonce, c->iv, 12);
        memcpy(buf, c->iv + GCM_FIXED_LEN, GCM_EXPLICIT);
        invocation_next(c->iv);
        r = hush_aead_seal_detached(c->key, buf + GCM_EXPLICIT,
                                    buf + GCM_EXPLICIT + n, buf + GCM_EXPLICIT,
                                    n, c->tls_aad, TLS_AAD_LEN, nonce);
        *outl = inl;
    } else {
        memcpy(nonce, c->iv, GCM_FIXED_LEN);
        memcpy(nonce + GCM_FIXED_LEN, buf, GCM_EXPLICIT);
        r = hush_aead_open_detached(
            c->key, buf + GCM_EXPLICIT, buf + GCM_EXPLICIT, n,
            buf + GCM_EXPLICIT + n, c->tls_aad, TLS_AAD_LEN, nonce);
        *outl = n;
    }
    if (r != HUSH_OK) {
        *outl = 0;
        return fail(c, r == HUSH_ERR_AUTH ? PROV_R_AUTH : PROV_R_LIBRARY_ERROR,
                    hush_strerror(r));
    }
    return 1;
}

static int chacha_record(aead_ctx *c, uint8_t *buf, size_t *outl, size_t inl) {
    size_t n = c->tls_payload;
    if (inl != n + TLS_TAG_LEN)
        return fail(c, PROV_R_BAD_ARGUMENT, "length differs from the AAD's");
    int r;
    if (c->enc) {
        r = hush_aead_seal_detached(c->key, buf, buf + n, buf, n, c->tls_aad,
                                    TLS_AAD_LEN, c->tls_nonce);
        *outl = inl;
    } else {
        r = hush_aead_open_detached(c->key, buf, buf, n, buf + n, c->tls_aad,
                                    TLS_AAD_LEN, c->tls_nonce);
        *outl = n;
    }
    if (r != HUSH_OK) {
        *outl = 0;
        return fail(c, r == HUSH_ERR_AUTH ? PROV_R_AUTH : PROV_R_LIBRARY_ERROR,
                    hush_strerror(r));
    }
    return 1;
}

int prov_tls_record(aead_ctx *c, uint8_t *out, size_t *outl, size_t outsize,
                    const uint8_t *in, size_t inl) {
    *outl = 0;
    /* one record per AAD, whatever happens to this one */
    c->tls_aad_len = 0;
    if (out != in || out == NULL || outsize < inl)
        return fail(c, PROV_R_BAD_ARGUMENT, "records are processed in place");
    int ok = c->info->tls == TLS_GCM ? gcm_record(c, out, outl, inl)
                                     : chacha_record(c, out, outl, inl);
    if (ok) {
        PROV_COUNT(aead_messages);
        PROV_COUNT(tls_records);
    }
    return ok;
}
