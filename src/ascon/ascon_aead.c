/*
 * Ascon-AEAD128 (NIST SP 800-232, section 4) for the generic AEAD layer:
 * 128-bit key, nonce and tag. The "expanded key" is just the key as two
 * words and the implementation in force when it was set up
 * (ascon_aead_key, ascon_impl.h).
 */
#include "aead/aead_impl.h"
#include "ascon/ascon_impl.h"
#include "core/ct.h"

static void ascon_aead_setup(void *state, const uint8_t *key) {
    ascon_aead_key *ks = state;
    ks->k[0] = hush_load64_le(key);
    ks->k[1] = hush_load64_le(key + 8);
    ks->ops = hush_ascon_ops_now();
}

static void ascon_aead_seal(const void *state, uint8_t *c, uint8_t *tag,
                            const uint8_t *m, size_t mlen, const uint8_t *ad,
                            size_t adlen, const uint8_t *nonce) {
    const ascon_aead_key *ks = state;
    ks->ops->aead_encrypt(ks->k, c, tag, m, mlen, ad, adlen, nonce);
}

static int ascon_aead_open(const void *state, uint8_t *m, const uint8_t *c,
                           size_t clen, const uint8_t *tag, const uint8_t *ad,
                           size_t adlen, const uint8_t *nonce) {
    const ascon_aead_key *ks = state;
    /* 0 if the tag matches; the expected tag never reaches memory, so
     * there is no copy of it to wipe */
    uint64_t diff =
        ks->ops->aead_decrypt(ks->k, m, c, clen, tag, ad, adlen, nonce);
    uint32_t ok = (uint32_t)(1 ^ hush_ct_nonzero64(hush_ct_barrier64(diff)));
    /* the verdict is public (the caller is told it): declassified, and
     * branched on */
    if (!hush_ct_declassify32(ok)) {
        if (clen) hush_wipe(m, clen);
        return HUSH_ERR_AUTH;
    }
    return HUSH_OK;
}

const hush_aead_desc hush_aead_desc_ascon_aead128 = {
    .alg = HUSH_ASCON_AEAD128,
    .name = "Ascon-AEAD128",
    .keybytes = 16,
    .noncebytes = 16,
    /* SP 800-232 bounds the data per key, not per message: any length a
     * size_t can hold is accepted */
    .max_mlen = UINT64_MAX,
    .max_adlen = UINT64_MAX,
    .state_bytes = sizeof(ascon_aead_key),
    .setup = ascon_aead_setup,
    .seal = ascon_aead_seal,
    .open = ascon_aead_open,
    .stream = &hush_ascon_aead128_stream,
#if defined(HUSH_ASCON_GENERAL_REGS_ONLY)
    /* this file and every tier are compiled with -mgeneral-regs-only
     * (sources.cmake): the compiler cannot put key, state or data in a
     * vector register, so there is nothing there to clear */
    .general_regs_only = 1,
#endif
};
