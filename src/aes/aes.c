/*
 * AES public entry points (FIPS 197 block cipher, SP 800-38A CTR) and the
 * registry of implementations, best first. `table` is variable time and
 * therefore never chosen by default (see aes_table.c).
 */
#include "aes/aes_impl.h"
#include "core/misuse.h"
#include "core/registers.h"

static const hush_impl_entry aes_impls[] = {
#if defined(HUSH_X86_64)
    {"vaes512", HUSH_NEEDS_VAES512, 0, &hush_aes_vaes512},
    {"vaes256", HUSH_NEEDS_VAES256, 0, &hush_aes_vaes256},
    {"aesni", HUSH_NEEDS_AESNI, 0, &hush_aes_aesni},
#endif
    {"table", 0, HUSH_IMPL_NOT_DEFAULT, &hush_aes_table},
    {"portable", 0, 0, &hush_aes_portable},
};
HUSH_DEFINE_PRIMITIVE(aes, aes_impls);

void hush_aes_setup_with(hush_aes_key *k, const hush_aes_ops *ops,
                         const uint8_t *key, size_t keylen) {
    k->ops = ops;
    k->rounds = (unsigned)(keylen / 4 + 6);
    ops->setup(k, key, keylen);
}

int hush_aes_init(hush_aes_ctx *c, const uint8_t *key, size_t keylen) {
    if (c == NULL || key == NULL) return HUSH_ERR_INVALID;
    if (keylen != 16 && keylen != 24 && keylen != 32) return HUSH_ERR_INVALID;
    hush_aes_setup_with((hush_aes_key *)(void *)c,
                        (const hush_aes_ops *)hush_ops(&hush_prim_aes), key,
                        keylen);
    /* round keys pass through vector registers in every tier; the leak
     * census counts what stays there (docs/LEAKS.md) */
    hush_clear_vector_registers();
    return HUSH_OK;
}

/* The context's key, checked: set up by hush_aes_init (a zeroed, wiped or
 * never initialised context has no valid table and is reported). */
#define CHECKED_KEY(k, c)                                                      \
    HUSH_REQUIRE((c) != NULL, HUSH_MISUSE_NULL_CTX);                           \
    const hush_aes_key *k = (const hush_aes_key *)(const void *)(c);           \
    HUSH_REQUIRE(hush_ops_valid(&hush_prim_aes, k->ops), HUSH_MISUSE_DEAD_CTX)

void hush_aes_encrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                            const uint8_t in[16]) {
    CHECKED_KEY(k, c);
    HUSH_REQUIRE(out != NULL && in != NULL, "NULL block");
    k->ops->encrypt(k, out, in, 1);
    hush_clear_vector_registers();
}

void hush_aes_decrypt_block(const hush_aes_ctx *c, uint8_t out[16],
                            const uint8_t in[16]) {
    CHECKED_KEY(k, c);
    HUSH_REQUIRE(out != NULL && in != NULL, "NULL block");
    k->ops->decrypt(k, out, in, 1);
    hush_clear_vector_registers();
}

void hush_aes_ctr_xor(const hush_aes_ctx *c, uint8_t *out, const uint8_t *in,
                      size_t len, const uint8_t iv[16]) {
    CHECKED_KEY(k, c);
    if (len == 0) return; /* nothing is read or written: NULL is fine */
    HUSH_REQUIRE(out != NULL && in != NULL, HUSH_MISUSE_NULL_DATA);
    HUSH_REQUIRE(iv != NULL, "NULL counter block");
    uint8_t ctr[16]; /* not secret: the counter block */
    memcpy(ctr, iv, 16);
    k->ops->ctr(k, out, in, len, ctr);
    hush_clear_vector_registers();
}
