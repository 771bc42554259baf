/*
 * Poly1305 entry points: the incremental context (buffering of partial
 * blocks) over a tier's block function, and the implementation registry.
 */
#include "core/align_within.h"
#include "core/misuse.h"
#include "core/registers.h"
#include "poly1305/poly1305_impl.h"

static const hush_impl_entry poly1305_impls[] = {
#if defined(HUSH_X86_64)
    {"ifma", HUSH_NEEDS_AVX512 | HUSH_CPU_AVX512IFMA | HUSH_CPU_BMI2, 0,
     &hush_poly1305_ifma},
    {"avx512", HUSH_NEEDS_AVX512, 0, &hush_poly1305_avx512},
    {"avx2", HUSH_NEEDS_AVX2 | HUSH_CPU_BMI2, 0, &hush_poly1305_avx2},
#endif
    {"portable", 0, 0, &hush_poly1305_portable},
};
HUSH_DEFINE_PRIMITIVE(poly1305, poly1305_impls);

/* The header of hush_poly1305_ctx, at its start; the tier's state follows
 * at the first 64-aligned address past it (core/align_within.h), so a
 * context works at any alignment malloc gives (issue 15, defect 6). */
typedef struct poly1305_header {
    const hush_poly1305_ops *ops; /* chosen at init, kept for the context */
    size_t buffered;              /* bytes in buf, 0..15 */
    uint32_t state_at;            /* offset of the state in the context */
    uint8_t buf[16];
} poly1305_header;

#define HEADER_BYTES 64
_Static_assert(sizeof(poly1305_header) <= HEADER_BYTES, "header fits");
_Static_assert(HEADER_BYTES + HUSH_ALIGN_SLACK + HUSH_POLY1305_STATE_BYTES <=
                   sizeof(hush_poly1305_ctx),
               "hush_poly1305_ctx too small");

/* Through a byte pointer, not c->opaque: the context may sit at less than
 * the 64-byte alignment its type declares. */
static poly1305_header *header(hush_poly1305_ctx *c) {
    return (poly1305_header *)(void *)c;
}

static void *state(hush_poly1305_ctx *c, poly1305_header *x) {
    return hush_state_at(c, HEADER_BYTES, &x->state_at,
                         HUSH_POLY1305_STATE_BYTES);
}

/* A context that init set up and final has not wiped. */
static int live(const poly1305_header *x) {
    return hush_ops_valid(&hush_prim_poly1305, x->ops) &&
           hush_state_offset_valid(x->state_at, HEADER_BYTES);
}

void hush_poly1305_init(hush_poly1305_ctx *c, const uint8_t key[32]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    HUSH_REQUIRE(key != NULL, HUSH_MISUSE_NULL_KEY);
    poly1305_header *x = header(c);
    x->ops = hush_ops(&hush_prim_poly1305);
    x->buffered = 0;
    x->state_at = hush_state_offset(c, HEADER_BYTES);
    x->ops->init(state(c, x), key);
}

/* The blocks of len bytes at p (buffered as needed): inlined into update
 * and the one-shot, which then wipe what the tier left in its frame
 * (HUSH_POLY1305_SCALAR_SCRUB). */
static inline void absorb(hush_poly1305_ctx *c, poly1305_header *x,
                          const uint8_t *p, size_t len) {
    void *st = state(c, x);
    if (x->buffered) {
        size_t take = 16 - x->buffered;
        if (take > len) take = len;
        memcpy(x->buf + x->buffered, p, take);
        x->buffered += take, p += take, len -= take;
        if (x->buffered < 16) return;
        x->ops->blocks(st, x->buf, 16, 1);
        x->buffered = 0;
    }
    size_t whole = len & ~(size_t)15;
    if (whole) x->ops->blocks(st, p, whole, 1);
    p += whole, len -= whole;
    memcpy(x->buf, p, len);
    x->buffered = len;
}

/* The tag, then the context wiped. */
static inline void tag_and_wipe(hush_poly1305_ctx *c, poly1305_header *x,
                                uint8_t tag[16]) {
    void *st = state(c, x);
    if (x->buffered) {
        /* RFC 8439: a short last block gets a 1 byte, then zeros, and no
         * 2^128 term */
        x->buf[x->buffered] = 1;
        memset(x->buf + x->buffered + 1, 0, 15 - x->buffered);
        x->ops->blocks(st, x->buf, 16, 0);
    }
    x->ops->finish(st, tag);
    HUSH_WIPE_OBJ(c);
}

/* After a tier ran: its spills beneath this frame (forms of r), and the
 * vector registers (the vector tiers leave limbs of powers of r there,
 * every tier the accumulator). */
static inline void wipe_after_tier(void) {
    hush_scrub_stack(HUSH_POLY1305_SCALAR_SCRUB);
    hush_clear_vector_registers();
}

void hush_poly1305_update(hush_poly1305_ctx *c, const void *in, size_t len) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    poly1305_header *x = header(c);
    HUSH_REQUIRE(live(x), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    if (len == 0) return;
    absorb(c, x, in, len);
    wipe_after_tier();
}

void hush_poly1305_final(hush_poly1305_ctx *c, uint8_t tag[16]) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    poly1305_header *x = header(c);
    HUSH_REQUIRE(live(x), HUSH_MISUSE_DEAD_CTX);
    HUSH_REQUIRE(tag != NULL, HUSH_MISUSE_NULL_OUT);
    tag_and_wipe(c, x, tag);
    wipe_after_tier();
}

void hush_poly1305(uint8_t tag[16], const void *msg, size_t len,
                   const uint8_t key[32]) {
    HUSH_REQUIRE(tag != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(key != NULL, HUSH_MISUSE_NULL_KEY);
    HUSH_REQUIRE(!hush_missing(msg, len), HUSH_MISUSE_NULL_DATA);
    hush_poly1305_ctx c;
    hush_poly1305_init(&c, key);
    poly1305_header *x = header(&c);
    if (len) absorb(&c, x, msg, len);
    tag_and_wipe(&c, x, tag);
    wipe_after_tier();
}
