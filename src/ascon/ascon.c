/*
 * Ascon-Hash256, Ascon-XOF128 and Ascon-CXOF128 (NIST SP 800-232, sections
 * 5 and 6): argument and state checks, the partial-block buffering of the
 * persistent context, and the registry entry of the `ascon` primitive. The
 * permutation work is done by the implementation table (ascon_impl.h), one
 * call for all the whole blocks of each call.
 */
#include "ascon/ascon_impl.h"
#include "core/misuse.h"

static const hush_impl_entry ascon_impls[] = {
#if defined(HUSH_X86_64)
    {"bmi2", HUSH_CPU_BMI1 | HUSH_CPU_BMI2, 0, &hush_ascon_bmi2},
#endif
    {"portable", 0, 0, &hush_ascon_portable},
};
HUSH_DEFINE_PRIMITIVE(ascon, ascon_impls);

/*
 * The states right after initialisation, p[12](IV || 0^256), computed
 * once from the standard's IVs (tests/ascon checks them against the
 * permutation of every tier): they save one permutation per hash.
 */
static const uint64_t hash256_initial[5] = {
    UINT64_C(0x9b1e5494e934d681), UINT64_C(0x4bc3a01e333751d2),
    UINT64_C(0xae65396c6b34b81a), UINT64_C(0x3c7fd4a4d56a4db3),
    UINT64_C(0x1a5c464906c5976d)};
static const uint64_t xof128_initial[5] = {
    UINT64_C(0xda82ce768d9447eb), UINT64_C(0xcc7ce6c75f1ef969),
    UINT64_C(0xe7508fd780085631), UINT64_C(0x0ee0ea53416b58cc),
    UINT64_C(0xe0547524db6f0bde)};
static const uint64_t cxof128_initial[5] = {
    UINT64_C(0x675527c2a0e8de03), UINT64_C(0x43d12d7dc0377bbc),
    UINT64_C(0xe9901dec426e81b5), UINT64_C(0x2ab14907720780b6),
    UINT64_C(0x8f3f1d02d432bc46)};

/* For the tests: the initial state of one of the three sponges by IV. */
const uint64_t *hush_ascon_initial_state(uint64_t iv);
const uint64_t *hush_ascon_initial_state(uint64_t iv) {
    switch (iv) {
    case ASCON_HASH256_IV: return hash256_initial;
    case ASCON_XOF128_IV: return xof128_initial;
    case ASCON_CXOF128_IV: return cxof128_initial;
    default: return NULL;
    }
}

/*
 * The layout behind hush_ascon_ctx (documented in include/hush/ascon.h).
 * `phase` holds one of two magic values while the context is usable; a
 * zeroed (wiped, finished or never initialised) context has neither, so
 * using it is HUSH_ERR_STATE rather than undefined.
 */
typedef struct ascon_sponge {
    uint64_t s[5];             /* the permutation state */
    uint8_t block[8];          /* absorbing: pending input bytes;
                                  squeezing: the current output block */
    const hush_ascon_ops *ops; /* the implementation chosen at init */
    uint32_t kind;             /* ASCON_KIND_* */
    uint32_t phase;            /* ASCON_PHASE_* */
    uint32_t used;             /* bytes of `block` pending / given out */
} ascon_sponge;

_Static_assert(sizeof(ascon_sponge) <= HUSH_ASCON_CTX_BYTES,
               "hush_ascon_ctx is too small");
_Static_assert(offsetof(ascon_sponge, block) == 40 &&
                   offsetof(ascon_sponge, ops) == 48 &&
                   offsetof(ascon_sponge, used) == 64,
               "the layout documented in include/hush/ascon.h moved");
_Static_assert(_Alignof(ascon_sponge) <= _Alignof(hush_ascon_ctx),
               "hush_ascon_ctx is not aligned enough");

#define ASCON_KIND_HASH256    1u
#define ASCON_KIND_XOF128     2u
#define ASCON_KIND_CXOF128    3u
#define ASCON_PHASE_ABSORBING 0x41627362u /* "Absb" */
#define ASCON_PHASE_SQUEEZING 0x53717a65u /* "Sqze" */

static ascon_sponge *sponge_of(hush_ascon_ctx *c) { return (ascon_sponge *)c; }

/* Zeroes the whole public context (the reserved bytes included), then
 * sets the sponge up. */
static ascon_sponge *sponge_start(hush_ascon_ctx *c, uint32_t kind,
                                  const uint64_t initial[5]) {
    memset(c, 0, sizeof *c);
    ascon_sponge *sp = sponge_of(c);
    memcpy(sp->s, initial, sizeof sp->s);
    sp->ops = hush_ascon_ops_now();
    sp->kind = kind;
    sp->phase = ASCON_PHASE_ABSORBING;
    return sp;
}

/* The customization string of CXOF128 (SP 800-232, section 6.2): its
 * length in bits as one 64-bit block, then the string padded to 64-bit
 * blocks, each block followed by p[12]. */
static void absorb_customization(uint64_t s[5], const hush_ascon_ops *ops,
                                 const uint8_t *cs, size_t cslen) {
    uint8_t blocks[8 + HUSH_ASCON_CXOF128_MAX_CS + 8] = {0};
    hush_store64_le(blocks, (uint64_t)cslen * 8);
    if (cslen) memcpy(blocks + 8, cs, cslen);
    blocks[8 + cslen] = 0x01;
    ops->absorb(s, blocks, 1 + cslen / 8 + 1);
    hush_wipe(blocks, 8 + cslen + 1); /* the string may be private */
}

void hush_ascon_hash256_init(hush_ascon_ctx *c) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    sponge_start(c, ASCON_KIND_HASH256, hash256_initial);
}

void hush_ascon_xof128_init(hush_ascon_ctx *c) {
    HUSH_REQUIRE(c != NULL, HUSH_MISUSE_NULL_CTX);
    sponge_start(c, ASCON_KIND_XOF128, xof128_initial);
}

int hush_ascon_cxof128_init(hush_ascon_ctx *c, const void *cs, size_t cslen) {
    if (c == NULL || hush_missing(cs, cslen) ||
        cslen > HUSH_ASCON_CXOF128_MAX_CS)
        return HUSH_ERR_INVALID;
    ascon_sponge *sp = sponge_start(c, ASCON_KIND_CXOF128, cxof128_initial);
    absorb_customization(sp->s, sp->ops, cs, cslen);
    return HUSH_OK;
}

int hush_ascon_absorb(hush_ascon_ctx *c, const void *in, size_t len) {
    if (c == NULL) return HUSH_ERR_INVALID;
    ascon_sponge *sp = sponge_of(c);
    /* a context never initialised may hold any phase: its table decides */
    if (sp->phase != ASCON_PHASE_ABSORBING ||
        !hush_ops_valid(&hush_prim_ascon, sp->ops))
        return HUSH_ERR_STATE;
    if (hush_missing(in, len)) return HUSH_ERR_INVALID;
    if (len == 0) return HUSH_OK; /* in may be NULL */
    const uint8_t *p = in;
    if (sp->used) {
        size_t take = ASCON_HASH_RATE - sp->used;
        if (take > len) take = len;
        memcpy(sp->block + sp->used, p, take);
        sp->used += (uint32_t)take;
        p += take;
        len -= take;
        if (sp->used < ASCON_HASH_RATE) return HUSH_OK;
        sp->ops->absorb(sp->s, sp->block, 1);
        sp->used = 0;
    }
    size_t whole = len / ASCON_HASH_RATE;
    if (whole) sp->ops->absorb(sp->s, p, whole);
    p += whole * ASCON_HASH_RATE;
    len -= whole * ASCON_HASH_RATE;
    if (len) memcpy(sp->block, p, len);
    sp->used = (uint32_t)len;
    return HUSH_OK;
}

/* Pads the pending bytes into S0; the permutation after this last block
 * is the first thing squeeze does. */
static void sponge_finish_absorbing(ascon_sponge *sp) {
    sp->s[0] ^= ascon_load_partial(sp->block, sp->used) ^ ascon_pad(sp->used);
    memset(sp->block, 0, sizeof sp->block);
    sp->phase = ASCON_PHASE_SQUEEZING;
    sp->used = ASCON_HASH_RATE; /* no output block computed yet */
}

static void sponge_squeeze(ascon_sponge *sp, uint8_t *out, size_t outlen) {
    size_t have = ASCON_HASH_RATE - sp->used;
    if (have) {
        if (have > outlen) have = outlen;
        memcpy(out, sp->block + sp->used, have);
        sp->used += (uint32_t)have;
        out += have;
        outlen -= have;
    }
    size_t whole = outlen / ASCON_HASH_RATE;
    if (whole) sp->ops->squeeze(sp->s, out, whole);
    out += whole * ASCON_HASH_RATE;
    outlen -= whole * ASCON_HASH_RATE;
    if (outlen) {
        sp->ops->squeeze(sp->s, sp->block, 1);
        memcpy(out, sp->block, outlen);
        sp->used = (uint32_t)outlen;
    }
}

int hush_ascon_squeeze(hush_ascon_ctx *c, uint8_t *out, size_t outlen) {
    if (c == NULL) return HUSH_ERR_INVALID;
    ascon_sponge *sp = sponge_of(c);
    if ((sp->phase != ASCON_PHASE_ABSORBING &&
         sp->phase != ASCON_PHASE_SQUEEZING) ||
        !hush_ops_valid(&hush_prim_ascon, sp->ops))
        return HUSH_ERR_STATE;
    if (sp->kind == ASCON_KIND_HASH256) {
        /* a Hash256 context is wiped by its one squeeze, so a squeezing
         * Hash256 context cannot exist; checked anyway */
        if (sp->phase != ASCON_PHASE_ABSORBING) return HUSH_ERR_STATE;
        if (outlen != HUSH_ASCON_HASH256_BYTES || out == NULL)
            return HUSH_ERR_INVALID;
    }
    if (hush_missing(out, outlen)) return HUSH_ERR_INVALID;
    if (sp->phase == ASCON_PHASE_ABSORBING) sponge_finish_absorbing(sp);
    if (outlen) sponge_squeeze(sp, out, outlen); /* out may be NULL if 0 */
    if (sp->kind == ASCON_KIND_HASH256) HUSH_WIPE_OBJ(c);
    return HUSH_OK;
}

/* One-shot sponge: absorb everything, pad, squeeze outlen bytes. The
 * output may alias the input: the input is read completely first. */
static void sponge_oneshot(const uint64_t initial[5], const uint8_t *cs,
                           size_t cslen, int customized, uint8_t *out,
                           size_t outlen, const uint8_t *in, size_t len) {
    const hush_ascon_ops *ops = hush_ascon_ops_now();
    uint64_t s[5];
    memcpy(s, initial, sizeof s);
    if (customized) absorb_customization(s, ops, cs, cslen);
    size_t whole = len / ASCON_HASH_RATE;
    if (whole) ops->absorb(s, in, whole);
    size_t tail = len % ASCON_HASH_RATE;
    uint64_t last = tail
                        ? ascon_load_partial(in + whole * ASCON_HASH_RATE, tail)
                        : 0; /* in may be NULL when len is 0 */
    s[0] ^= last ^ ascon_pad(tail);
    whole = outlen / ASCON_HASH_RATE;
    if (whole) ops->squeeze(s, out, whole);
    tail = outlen % ASCON_HASH_RATE;
    if (tail) {
        uint8_t block[ASCON_HASH_RATE];
        ops->squeeze(s, block, 1);
        memcpy(out + whole * ASCON_HASH_RATE, block, tail);
        hush_wipe(block, sizeof block);
    }
    hush_wipe(s, sizeof s);
}

void hush_ascon_hash256(uint8_t out[32], const void *in, size_t len) {
    HUSH_REQUIRE(out != NULL, HUSH_MISUSE_NULL_OUT);
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    sponge_oneshot(hash256_initial, NULL, 0, 0, out, HUSH_ASCON_HASH256_BYTES,
                   in, len);
}

void hush_ascon_xof128(uint8_t *out, size_t outlen, const void *in,
                       size_t len) {
    HUSH_REQUIRE(!hush_missing(out, outlen),
                 "NULL output with a nonzero length");
    HUSH_REQUIRE(!hush_missing(in, len), HUSH_MISUSE_NULL_DATA);
    sponge_oneshot(xof128_initial, NULL, 0, 0, out, outlen, in, len);
}

int hush_ascon_cxof128(uint8_t *out, size_t outlen, const void *cs,
                       size_t cslen, const void *in, size_t len) {
    if (hush_missing(out, outlen) || hush_missing(cs, cslen) ||
        hush_missing(in, len) || cslen > HUSH_ASCON_CXOF128_MAX_CS)
        return HUSH_ERR_INVALID;
    sponge_oneshot(cxof128_initial, cs, cslen, 1, out, outlen, in, len);
    return HUSH_OK;
}

int hush_ascon_permute(uint64_t s[5], unsigned rounds) {
    if (s == NULL || rounds < 1 || rounds > 12) return HUSH_ERR_INVALID;
    hush_ascon_ops_now()->permute(s, rounds);
    return HUSH_OK;
}
