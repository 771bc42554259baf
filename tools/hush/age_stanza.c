/*
 * age's native recipient types, X25519 and scrypt (age.h): wrapping the
 * file key into a stanza and unwrapping it with an identity or a
 * passphrase, with every check the specification requires of an identity
 * implementation (argument counts, canonical base64 of the exact length,
 * bodies of exactly 32 bytes before any decryption, an all-zero shared
 * secret refused, an scrypt stanza alone in its header, the work factor
 * bounded). Every derived key lives in hardened secret memory.
 */
#include <stdlib.h>
#include <string.h>

#include "age.h"
#include "codec.h"

static const char x25519_info[] = "age-encryption.org/v1/X25519";
static const char scrypt_label[] = "age-encryption.org/v1/scrypt";
static const uint8_t zero_nonce[12];

/* body = ChaCha20-Poly1305(wrap key, nonce 0, file key) */
static int seal_file_key(uint8_t body[32], const hush_secret *wrap,
                         const hush_secret *file_key) {
    return hush_aead_encrypt(HUSH_CHACHA20POLY1305, body,
                             hush_secret_ptr(file_key), AGE_FILE_KEY_BYTES,
                             NULL, 0, zero_nonce, hush_secret_ptr(wrap));
}

/* 0 with *file_key set, or HUSH_ERR_AUTH when the body is not for us. */
static int open_file_key(const uint8_t body[32], const hush_secret *wrap,
                         hush_secret **file_key) {
    if (hush_secret_new(file_key, AGE_FILE_KEY_BYTES, HUSH_SECRET_HARDENED) !=
        HUSH_OK)
        return HUSH_ERR_NOMEM;
    int r =
        hush_aead_decrypt(HUSH_CHACHA20POLY1305, hush_secret_ptr_mut(*file_key),
                          body, 32, NULL, 0, zero_nonce, hush_secret_ptr(wrap));
    if (r != HUSH_OK) {
        hush_secret_destroy(*file_key);
        *file_key = NULL;
    }
    return r;
}

/* wrap key = HKDF-SHA-256(shared, ephemeral share || recipient, info) */
static int x25519_wrap_key(hush_secret **wrap, const hush_secret *shared,
                           const uint8_t share[32], const uint8_t pub[32]) {
    uint8_t salt[64];
    memcpy(salt, share, 32);
    memcpy(salt + 32, pub, 32);
    if (hush_secret_new(wrap, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return HUSH_ERR_NOMEM;
    int r = hush_hkdf_sha256(hush_secret_ptr_mut(*wrap), 32,
                             hush_secret_ptr(shared), 32, salt, sizeof salt,
                             x25519_info, sizeof x25519_info - 1);
    if (r != HUSH_OK) hush_secret_destroy(*wrap);
    return r;
}

int age_wrap_x25519(age_header *h, const uint8_t pub[32],
                    const hush_secret *file_key) {
    hush_secret *eph = NULL, *shared = NULL, *wrap = NULL;
    uint8_t share[32], body[32];
    int st = CLI_FAIL;
    if (hush_secret_random(&eph, 32, HUSH_SECRET_HARDENED) != HUSH_OK ||
        hush_secret_new(&shared, 32, HUSH_SECRET_HARDENED) != HUSH_OK) {
        cli_error("no randomness or secret memory");
        goto done;
    }
    hush_x25519_base(share, hush_secret_ptr(eph));
    if (hush_x25519(hush_secret_ptr_mut(shared), hush_secret_ptr(eph), pub) !=
        HUSH_OK) {
        st = cli_fail(CLI_USAGE, "a recipient is a point of small order: "
                                 "refused (not a real age key)");
        goto done;
    }
    if (x25519_wrap_key(&wrap, shared, share, pub) != HUSH_OK ||
        seal_file_key(body, wrap, file_key) != HUSH_OK) {
        cli_error("wrapping the file key failed");
        goto done;
    }
    char share64[44];
    share64[b64_encode(share64, share, 32, 0)] = 0;
    const char *args[] = {"X25519", share64};
    st = age_header_add(h, args, 2, body, sizeof body);
done:
    hush_secret_destroy(wrap);
    hush_secret_destroy(shared);
    hush_secret_destroy(eph);
    return st;
}

static int scrypt_wrap_key(hush_secret **wrap, const hush_secret *pass,
                           const uint8_t salt[16], int log2n) {
    uint8_t s[sizeof scrypt_label - 1 + 16];
    memcpy(s, scrypt_label, sizeof scrypt_label - 1);
    memcpy(s + sizeof scrypt_label - 1, salt, 16);
    if (hush_secret_new(wrap, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return HUSH_ERR_NOMEM;
    int r = hush_scrypt(hush_secret_ptr_mut(*wrap), 32, hush_secret_ptr(pass),
                        hush_secret_len(pass), s, sizeof s,
                        (uint64_t)1 << log2n, 8, 1);
    if (r != HUSH_OK) hush_secret_destroy(*wrap);
    return r;
}

int age_wrap_scrypt(age_header *h, const hush_secret *pass, int log2n,
                    const hush_secret *file_key) {
    uint8_t salt[16], body[32];
    hush_secret *wrap;
    if (hush_random(salt, sizeof salt) != HUSH_OK)
        return cli_error("no randomness");
    int r = scrypt_wrap_key(&wrap, pass, salt, log2n);
    if (r != HUSH_OK) return cli_error("scrypt: %s", hush_strerror(r));
    r = seal_file_key(body, wrap, file_key);
    hush_secret_destroy(wrap);
    if (r != HUSH_OK) return cli_error("wrapping the file key failed");
    char salt64[32], work[8];
    salt64[b64_encode(salt64, salt, 16, 0)] = 0;
    snprintf(work, sizeof work, "%d", log2n);
    const char *args[] = {"scrypt", salt64, work};
    return age_header_add(h, args, 3, body, sizeof body);
}

int age_is_scrypt(const age_header *h) {
    for (size_t i = 0; i < h->count; i++)
        if (strcmp(h->stanzas[i].args[0], "scrypt") == 0) return 1;
    return 0;
}

/* Exactly `len` bytes of canonical unpadded base64 in arg. */
static int decode_exact(uint8_t *out, size_t len, const char *arg) {
    size_t n = strlen(arg);
    return n == b64_unpadded_len(len) &&
                   b64_decode(out, len, arg, n, 0) == (long)len
               ? 0
               : -1;
}

static int bad_stanza(const char *type, const char *what) {
    return cli_fail(CLI_INPUT, "malformed %s stanza in the header: %s", type,
                    what);
}

/* Everything the specification requires of an scrypt stanza, checked
 * before a passphrase is asked for or any work is done. */
static int check_scrypt(const age_header *h, uint8_t salt[16], int *log2n) {
    if (h->count != 1)
        return bad_stanza("scrypt", "not alone in the header (a passphrase "
                                    "stanza must be the only one)");
    const age_stanza *s = &h->stanzas[0];
    if (s->nargs != 3 || decode_exact(salt, 16, s->args[1]) != 0)
        return bad_stanza("scrypt", "arguments");
    const char *w = s->args[2];
    size_t wl = strlen(w);
    int digits = wl > 0 && wl <= 3 && w[0] >= '1' && w[0] <= '9';
    for (size_t i = 1; digits && i < wl; i++)
        digits = w[i] >= '0' && w[i] <= '9';
    if (!digits) return bad_stanza("scrypt", "the work factor");
    *log2n = 0;
    for (size_t i = 0; i < wl; i++) /* 1-3 digits, checked above */
        *log2n = *log2n * 10 + (w[i] - '0');
    if (*log2n > AGE_SCRYPT_MAX_LOG2_N)
        return cli_fail(CLI_INPUT,
                        "the passphrase's work factor (2^%d) is above the "
                        "limit of 2^%d that hush, like age, accepts",
                        *log2n, AGE_SCRYPT_MAX_LOG2_N);
    if (s->bodylen != 32) return bad_stanza("scrypt", "the body's length");
    return 0;
}

int age_check_scrypt(const age_header *h) {
    uint8_t salt[16];
    int log2n;
    return check_scrypt(h, salt, &log2n);
}

static int unwrap_scrypt(const age_header *h, const hush_secret *pass,
                         hush_secret **file_key) {
    uint8_t salt[16];
    int log2n = 0, st = check_scrypt(h, salt, &log2n);
    if (st != 0) return st;
    const age_stanza *s = &h->stanzas[0];
    if (pass == NULL)
        return cli_fail(CLI_USAGE, "this file is encrypted with a passphrase: "
                                   "leave out -i to be asked for it");
    hush_secret *wrap;
    int r = scrypt_wrap_key(&wrap, pass, salt, log2n);
    if (r != HUSH_OK) return cli_error("scrypt: %s", hush_strerror(r));
    r = open_file_key(s->body, wrap, file_key);
    hush_secret_destroy(wrap);
    if (r == HUSH_ERR_NOMEM) return cli_error("no secret memory");
    if (r != HUSH_OK)
        return cli_fail(CLI_AUTH, "wrong passphrase (or the file was "
                                  "tampered with)");
    return 0;
}

/* Tries one identity on one well-formed X25519 stanza. */
static int try_x25519(const age_stanza *s, const uint8_t share[32],
                      const hush_secret *id, hush_secret **file_key) {
    hush_secret *shared, *wrap;
    uint8_t pub[32];
    if (hush_secret_new(&shared, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return HUSH_ERR_NOMEM;
    int r =
        hush_x25519(hush_secret_ptr_mut(shared), hush_secret_ptr(id), share);
    if (r == HUSH_OK) {
        hush_x25519_base(pub, hush_secret_ptr(id));
        r = x25519_wrap_key(&wrap, shared, share, pub);
        if (r == HUSH_OK) {
            r = open_file_key(s->body, wrap, file_key);
            hush_secret_destroy(wrap);
        }
    }
    hush_secret_destroy(shared);
    return r;
}

int age_unwrap(const age_header *h, const age_identities *ids,
               const hush_secret *pass, hush_secret **file_key) {
    *file_key = NULL;
    if (age_is_scrypt(h)) return unwrap_scrypt(h, pass, file_key);
    if (pass != NULL)
        return cli_fail(CLI_AUTH, "this file is not passphrase-encrypted: "
                                  "give its identity with -i");
    /* every X25519 stanza must be well formed, whoever it is for */
    size_t x25519 = 0;
    for (size_t i = 0; i < h->count; i++) {
        const age_stanza *s = &h->stanzas[i];
        uint8_t share[32];
        if (strcmp(s->args[0], "X25519") != 0) continue;
        if (s->nargs != 2 || decode_exact(share, 32, s->args[1]) != 0)
            return bad_stanza("X25519", "arguments");
        if (s->bodylen != 32) return bad_stanza("X25519", "the body's length");
        x25519++;
    }
    for (size_t i = 0; i < h->count; i++) {
        const age_stanza *s = &h->stanzas[i];
        uint8_t share[32];
        if (strcmp(s->args[0], "X25519") != 0) continue;
        decode_exact(share, 32, s->args[1]);
        for (size_t k = 0; k < ids->count; k++) {
            int r = try_x25519(s, share, ids->x25519[k], file_key);
            if (r == HUSH_OK) return 0;
            if (r == HUSH_ERR_WEAK)
                return bad_stanza("X25519", "an ephemeral share of small "
                                            "order");
            if (r == HUSH_ERR_NOMEM) return cli_error("no secret memory");
        }
    }
    if (x25519 == 0)
        return cli_fail(CLI_AUTH,
                        "this file has no X25519 recipient (its recipients "
                        "are of types hush does not support)");
    return cli_fail(CLI_AUTH,
                    "no identity matched: the file was not "
                    "encrypted to %s (wrong key?)",
                    ids->count == 1 ? "this identity"
                                    : "any of these "
                                      "identities");
}
