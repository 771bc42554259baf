/*
 * SHA-256 public entry points: the registry of tiers, the incremental
 * context (buffering, padding, output) and the one-shot and two-message
 * calls. The tiers only ever see whole blocks.
 */
#include "core/misuse.h"
#include "sha256/sha256_impl.h"

static const hush_impl_entry sha256_impls[] = {
#if defined(HUSH_X86_64)
    {"shani", HUSH_NEEDS_SHANI, 0, &hush_sha256_shani},
#endif
    {"portable", 0, 0, &hush_sha256_portable},
};
HUSH_DEFINE_PRIMITIVE(sha256, sha256_impls);

_Static_assert(sizeof(hush_sha256_ctx) == 128 || sizeof(void *) != 8,
               "hush_sha256_ctx is documented as 128 bytes");

/* FIPS 180-4 section 5.3.3 */
static const uint32_t sha256_iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static void store_digest(uint8_t out[32], const uint32_t state[8]) {
    for (int i = 0; i < 8; i++)
        hush_store32_be(out + 4 * i, state[i]);
}

/*
 * Builds the padded last block(s) of a message of total length `total`
 * whose final `rem` (< 64) bytes are at `rest`, in `tail` (128 bytes), and
 * returns how many blocks (1 or 2) they fill. FIPS 180-4 5.1.1. The whole
 * tail is zeroed first with fixed-size stores, so no variable-length
 * memset (a `rep stos`) is needed for the padding.
 */
static size_t build_tail(uint8_t tail[128], const uint8_t *rest, size_t rem,
                         uint64_t total) {
    size_t nblocks = rem < 56 ? 1 : 2;
    hush_sha256_zero16(tail, 8);
    if (rem != 0) memcpy(tail, rest, rem);
    tail[rem] = 0x80;
    hush_store64_be(tail + 64 * nblocks - 8, total << 3);
    return nblocks;
}

/* A context that init set up and final has not wiped. */
static int live(const hush_sha256_ctx *c) {
    return hush_ops_valid(&hush_prim_sha256, c->impl);
}

void hush_sha256_init(hush_sha256_ctx *c) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    memcpy(c->state, sha256_iv, sizeof c->state);
    c->bytes = 0;
    c->impl = hush_sha256_ops_now();
    c->reserved[0] = c->reserved[1] = 0;
}

void hush_sha256_update(hush_sha256_ctx *c, const void *in, size_t len) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(live(c), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    if (len == 0) return;
    const hush_sha256_ops *ops = c->impl;
    const uint8_t *p = in;
    size_t used = (size_t)(c->bytes & 63);
    c->bytes += len;
    if (used != 0) {
        size_t take = 64 - used < len ? 64 - used : len;
        memcpy(c->buf + used, p, take);
        p += take;
        len -= take;
        if (used + take < 64) return;
        ops->blocks(c->state, c->buf, 1);
    }
    if (len >= 64) {
        size_t nblocks = len / 64;
        ops->blocks(c->state, p, nblocks);
        p += nblocks * 64;
        len -= nblocks * 64;
    }
    if (len != 0) memcpy(c->buf, p, len);
}

void hush_sha256_final(hush_sha256_ctx *c, uint8_t out[32]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(live(c), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(out != NULL, HUSH_MISUSE_NULL_OUT);
    const hush_sha256_ops *ops = c->impl;
    uint8_t tail[128]; /* the message's last bytes: wiped */
    size_t nblocks =
        build_tail(tail, c->buf, (size_t)(c->bytes & 63), c->bytes);
    ops->blocks(c->state, tail, nblocks);
    store_digest(out, c->state);
    HUSH_SHA256_WIPE_OBJ(&tail);
    HUSH_SHA256_WIPE_OBJ(c);
}

void hush_sha256(uint8_t out[32], const void *in, size_t len) {
    HUSH_REQUIRE(out != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    const hush_sha256_ops *ops = hush_sha256_ops_now();
    const uint8_t *p = in;
    uint32_t state[8];
    uint8_t tail[128]; /* the message's last bytes: wiped */
    size_t whole = len / 64, rem = len % 64;

    memcpy(state, sha256_iv, sizeof state);
    if (whole != 0) ops->blocks(state, p, whole);
    ops->blocks(state, tail, build_tail(tail, p + 64 * whole, rem, len));
    store_digest(out, state);
    HUSH_SHA256_WIPE_OBJ(&state);
    HUSH_SHA256_WIPE_OBJ(&tail);
}

void hush_sha256_x2(uint8_t out0[32], const void *in0, uint8_t out1[32],
                    const void *in1, size_t len) {
    HUSH_REQUIRE(out0 != NULL && out1 != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(!hush_missing(in0, len) && !hush_missing(in1, len),
                 HUSH_MISUSE_NULL_DATA);
    const hush_sha256_ops *ops = hush_sha256_ops_now();
    const uint8_t *p0 = in0, *p1 = in1;
    uint32_t state0[8], state1[8];
    uint8_t tail0[128], tail1[128]; /* the messages' last bytes: wiped */
    size_t whole = len / 64, rem = len % 64, nblocks;

    memcpy(state0, sha256_iv, sizeof state0);
    memcpy(state1, sha256_iv, sizeof state1);
    if (whole != 0) ops->blocks_x2(state0, p0, state1, p1, whole);
    nblocks = build_tail(tail0, p0 + 64 * whole, rem, len);
    build_tail(tail1, p1 + 64 * whole, rem, len);
    ops->blocks_x2(state0, tail0, state1, tail1, nblocks);
    /* both inputs are fully read: now the outputs may overwrite them */
    store_digest(out0, state0);
    store_digest(out1, state1);
    HUSH_SHA256_WIPE_OBJ(&state0);
    HUSH_SHA256_WIPE_OBJ(&state1);
    HUSH_SHA256_WIPE_OBJ(&tail0);
    HUSH_SHA256_WIPE_OBJ(&tail1);
}
