/*
 * Poly1305 entry points: the incremental context (buffering of partial
 * blocks) over a tier's block function, and the implementation registry.
 */
#include "core/misuse.h"
#include "poly1305/poly1305_impl.h"

static const hush_impl_entry poly1305_impls[] = {
#if defined(HUSH_X86_64)
    {"ifma", HUSH_NEEDS_AVX512 | HUSH_CPU_AVX512IFMA, 0, &hush_poly1305_ifma},
    {"avx512", HUSH_NEEDS_AVX512, 0, &hush_poly1305_avx512},
    {"avx2", HUSH_NEEDS_AVX2, 0, &hush_poly1305_avx2},
#endif
    {"portable", 0, 0, &hush_poly1305_portable},
};
HUSH_DEFINE_PRIMITIVE(poly1305, poly1305_impls);

/* The layout of hush_poly1305_ctx. */
typedef struct poly1305_ctx_layout {
    const hush_poly1305_ops *ops; /* chosen at init, kept for the context */
    size_t buffered;              /* bytes in buf, 0..15 */
    uint8_t buf[16];
    uint8_t header_pad[64 - 16 - 2 * sizeof(size_t)];
    HUSH_ALIGNED(64) uint8_t state[HUSH_POLY1305_STATE_BYTES];
} poly1305_ctx_layout;

_Static_assert(sizeof(poly1305_ctx_layout) <= sizeof(hush_poly1305_ctx),
               "hush_poly1305_ctx too small");
_Static_assert(offsetof(poly1305_ctx_layout, state) % 64 == 0,
               "poly1305 state must be 64-aligned");

static poly1305_ctx_layout *layout(hush_poly1305_ctx *c) {
    return (poly1305_ctx_layout *)(void *)c->opaque;
}

/* A context that init set up and final has not wiped. */
static int live(const poly1305_ctx_layout *x) {
    return hush_ops_valid(&hush_prim_poly1305, x->ops);
}

void hush_poly1305_init(hush_poly1305_ctx *c, const uint8_t key[32]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(key != NULL, HUSH_MISUSE_NULL_KEY);
    poly1305_ctx_layout *x = layout(c);
    x->ops = hush_ops(&hush_prim_poly1305);
    x->buffered = 0;
    x->ops->init(x->state, key);
}

void hush_poly1305_update(hush_poly1305_ctx *c, const void *in, size_t len) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    poly1305_ctx_layout *x = layout(c);
    HUSH_REQUIRE(live(x), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    if (len == 0) return;
    const uint8_t *p = in;
    if (x->buffered) {
        size_t take = 16 - x->buffered;
        if (take > len) take = len;
        memcpy(x->buf + x->buffered, p, take);
        x->buffered += take, p += take, len -= take;
        if (x->buffered < 16) return;
        x->ops->blocks(x->state, x->buf, 16, 1);
        x->buffered = 0;
    }
    size_t whole = len & ~(size_t)15;
    if (whole) x->ops->blocks(x->state, p, whole, 1);
    p += whole, len -= whole;
    memcpy(x->buf, p, len);
    x->buffered = len;
}

void hush_poly1305_final(hush_poly1305_ctx *c, uint8_t tag[16]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    poly1305_ctx_layout *x = layout(c);
    HUSH_REQUIRE(live(x), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(tag != NULL, HUSH_MISUSE_NULL_OUT);
    if (x->buffered) {
        /* RFC 8439: a short last block gets a 1 byte, then zeros, and no
         * 2^128 term */
        x->buf[x->buffered] = 1;
        memset(x->buf + x->buffered + 1, 0, 15 - x->buffered);
        x->ops->blocks(x->state, x->buf, 16, 0);
    }
    x->ops->finish(x->state, tag);
    HUSH_WIPE_OBJ(c);
}

void hush_poly1305(uint8_t tag[16], const void *msg, size_t len,
                   const uint8_t key[32]) {
    HUSH_REQUIRE(tag != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(key != NULL, HUSH_MISUSE_NULL_KEY);
    HUSH_REQUIRE(!hush_missing(msg, len), HUSH_MISUSE_NULL_DATA);
    hush_poly1305_ctx c;
    hush_poly1305_init(&c, key);
    hush_poly1305_update(&c, msg, len);
    hush_poly1305_final(&c, tag);
}
