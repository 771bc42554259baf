/*
 * ChaCha20 and XChaCha20 entry points and the implementation registry.
 */
#include "chacha20/chacha20_impl.h"
#include "core/misuse.h"
#include "core/registers.h"

static const hush_impl_entry chacha20_impls[] = {
#if defined(HUSH_X86_64)
    {"avx512", HUSH_NEEDS_AVX512, 0, &hush_chacha20_avx512},
    {"avx512s", HUSH_NEEDS_AVX512, HUSH_IMPL_NOT_DEFAULT,
     &hush_chacha20_avx512s},
    {"avx512v", HUSH_NEEDS_AVX512, HUSH_IMPL_NOT_DEFAULT,
     &hush_chacha20_avx512v},
    {"avx2", HUSH_NEEDS_AVX2, 0, &hush_chacha20_avx2},
#endif
    {"portable", 0, 0, &hush_chacha20_portable},
};
HUSH_DEFINE_PRIMITIVE(chacha20, chacha20_impls);

void hush_chacha20_ietf_run(const hush_chacha20_ops *ops, uint8_t *out,
                            const uint8_t *in, size_t len, uint32_t s[16]) {
    /* RFC 8439's counter is 32 bits and wraps to 0 with the nonce word
     * untouched: the tiers count in 64 bits, so cut at every wrap (public
     * lengths and counter only). After the first, a piece is 2^32 blocks. */
    uint64_t room = (((uint64_t)1 << 32) - s[12]) * 64; /* bytes */
    while ((uint64_t)len > room) {
        ops->xor_stream(out, in, (size_t)room, s);
        out += room, in += room, len -= (size_t)room;
        s[12] = 0;
        room = (uint64_t)1 << 38;
    }
    ops->xor_stream(out, in, len, s);
}

void hush_chacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                       const uint8_t nonce[12], const uint8_t key[32],
                       uint32_t counter) {
    if (len == 0) return; /* nothing is read or written: NULL is fine */
    HUSH_REQUIRE(out != NULL && in != NULL, HUSH_MISUSE_NULL_DATA);
    HUSH_REQUIRE(nonce != NULL && key != NULL, "NULL nonce or key");
    uint32_t s[16];
    hush_chacha20_ietf_state(s, key, nonce, counter);
    hush_chacha20_ietf_run(hush_ops(&hush_prim_chacha20), out, in, len, s);
    hush_wipe(s, sizeof s);
    /* the state rows (16 key bytes each) stay in vector registers in every
     * tier, the portable one through the compiler's copies (issue 15,
     * defect 2); the AEAD layer clears after its calls the same way */
    hush_clear_vector_registers();
}

void hush_xchacha20_xor(uint8_t *out, const uint8_t *in, size_t len,
                        const uint8_t nonce[24], const uint8_t key[32],
                        uint64_t counter) {
    if (len == 0) return; /* nothing is read or written: NULL is fine */
    HUSH_REQUIRE(out != NULL && in != NULL, HUSH_MISUSE_NULL_DATA);
    HUSH_REQUIRE(nonce != NULL && key != NULL, "NULL nonce or key");
    const hush_chacha20_ops *ops = hush_ops(&hush_prim_chacha20);
    uint32_t s[16];
    hush_xchacha20_state(s, key, nonce, counter);
    ops->xor_stream(out, in, len, s);
    hush_wipe(s, sizeof s);
    hush_clear_vector_registers();
}
