/*
 * The AEAD cipher context, shared by the EVP path (prov_cipher.c) and the
 * TLS 1.2 record path (prov_tls.c).
 *
 * The whole context lives in hush secret memory of the configured key tier:
 * it holds the stream (the message state: ChaCha and Ascon states there are
 * as good as the key) next to IVs and tags. The key itself is only in the
 * keyed object (hush_aead_new), in secret memory of the same tier.
 */
#ifndef HUSH_PROV_CIPHER_H
#define HUSH_PROV_CIPHER_H

#include <stddef.h>
#include <stdint.h>

#include "prov.h"

/* How a cipher takes part in TLS 1.2 (the TLS1_AAD parameter path). */
enum { TLS_NONE, TLS_GCM, TLS_CHACHA };

typedef struct aead_info {
    hush_aead_alg alg;
    size_t keylen, ivlen;
    unsigned mode; /* EVP_CIPH_GCM_MODE, or 0 for a stream cipher */
    int tls;
} aead_info;

typedef struct aead_ctx {
    hush_aead_stream stream; /* first: 64-byte aligned like the secret */
    const prov_ctx *prov;
    const aead_info *info;
    hush_secret *mem;   /* this context's own memory */
    hush_aead_ctx *key; /* NULL until a key is set */
    int enc;            /* direction of the messages */
    int iv_set;         /* iv holds the algorithm's nonce */
    int iv_fresh;       /* ... not yet used by a message (EVP path) */
    int in_message;     /* the stream holds a message */
    int tag_ready;      /* encrypting: tag is the last message's */
    int tag_set;        /* decrypting: tag is the one expected */
    uint8_t iv[24];
    uint8_t tag[16];
    /* TLS 1.2: set by the TLS1_AAD parameter for exactly one record */
    size_t tls_aad_len; /* 13, or 0 outside a record */
    size_t tls_payload; /* the record's plaintext length */
    uint8_t tls_aad[13];
    uint8_t tls_nonce[12];
    int tls_iv_gen;      /* GCM: the fixed field is set (invocation next) */
    uint64_t tls_sealed; /* GCM: records sealed under this key */
} aead_ctx;

/* The TLS 1.2 parameters and the record itself (prov_tls.c). Each returns
 * 1 on success, 0 with an error raised. */
int prov_tls_set_iv_fixed(aead_ctx *c, const uint8_t *fixed, size_t len);
int prov_tls_set_aad(aead_ctx *c, const uint8_t *aad, size_t len);
int prov_tls_set_iv_inv(aead_ctx *c, const uint8_t *inv, size_t len);
int prov_tls_get_iv_gen(aead_ctx *c, uint8_t *out, size_t len);
int prov_tls_record(aead_ctx *c, uint8_t *out, size_t *outl, size_t outsize,
                    const uint8_t *in, size_t inl);

#endif
