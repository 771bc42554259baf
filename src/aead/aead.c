/*
 * The generic AEAD layer: argument checks, combined and detached forms,
 * one-shot calls with the expanded key on the (wiped) stack, and keyed
 * objects whose expanded key lives in secret memory of the key's tier.
 */
#include "aead/aead_impl.h"
#include "core/misuse.h"
#include "core/registers.h"
#include "secret/secret_impl.h"

/* Every AEAD algorithm of include/hush/aead.h, by hand: each descriptor
 * is defined in its algorithm's folder (src/gcm, src/chachapoly,
 * src/ascon). */
extern const hush_aead_desc hush_aead_desc_aes128gcm, hush_aead_desc_aes256gcm,
    hush_aead_desc_ascon_aead128, hush_aead_desc_chacha20poly1305,
    hush_aead_desc_xchacha20poly1305;

static const hush_aead_desc *const algorithms[] = {
    &hush_aead_desc_aes128gcm,         &hush_aead_desc_aes256gcm,
    &hush_aead_desc_ascon_aead128,     &hush_aead_desc_chacha20poly1305,
    &hush_aead_desc_xchacha20poly1305,
};

const hush_aead_desc *hush_aead_lookup(hush_aead_alg a) {
    for (size_t i = 0; i < HUSH_ARRAY_LEN(algorithms); i++)
        if (algorithms[i]->alg == a) return algorithms[i];
    return NULL;
}

size_t hush_aead_keybytes(hush_aead_alg a) {
    const hush_aead_desc *d = hush_aead_lookup(a);
    return d ? d->keybytes : 0;
}
size_t hush_aead_noncebytes(hush_aead_alg a) {
    const hush_aead_desc *d = hush_aead_lookup(a);
    return d ? d->noncebytes : 0;
}
size_t hush_aead_tagbytes(hush_aead_alg a) {
    return hush_aead_lookup(a) ? HUSH_AEAD_TAGBYTES : 0;
}
const char *hush_aead_name(hush_aead_alg a) {
    const hush_aead_desc *d = hush_aead_lookup(a);
    return d ? d->name : NULL;
}

/* The algorithms with combined seal and open hooks (aead_impl.h). */
extern const hush_aead_combined_ops hush_aead_combined_aes128gcm,
    hush_aead_combined_aes256gcm;

static const hush_aead_combined_ops *const combined_hooks[] = {
    &hush_aead_combined_aes128gcm,
    &hush_aead_combined_aes256gcm,
};

/* hush_aead_new installs a hook only where hook_args_ok (below) is
 * sufficient: lengths below 2^32 within the limits, the nonce no longer
 * than the span it is kept apart by */
#define HOOK_NONCE_SPAN 32
static int hook_bounds_hold(const hush_aead_desc *d) {
    return d->max_mlen >= UINT32_MAX && d->max_adlen >= UINT32_MAX &&
           d->noncebytes <= HOOK_NONCE_SPAN;
}

/* The keyed object: this header, then the state, all in secret memory. */
struct hush_aead_ctx {
    const hush_aead_desc *desc;
    hush_secret *mem;
    uintptr_t check; /* (uintptr_t)desc ^ OBJECT_MAGIC while the object lives */
    /* desc's combined hooks (hush_aead_combined_ops), or NULL; read only
     * once check has passed, beside it in the same cache line */
    int (*seal_c)(const void *state, uint8_t *c, const uint8_t *m, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *nonce);
    int (*open_c)(const void *state, uint8_t *m, const uint8_t *c, size_t mlen,
                  const uint8_t *ad, size_t adlen, const uint8_t *nonce);
};
#define OBJECT_HEADER 64 /* keeps the state 64-byte aligned */
_Static_assert(sizeof(struct hush_aead_ctx) <= OBJECT_HEADER,
               "the keyed object's header fits its 64 bytes");

/* Binds the check word to the descriptor pointer: a freed object (wiped
 * to zeros with its secret), a stale or foreign pointer never passes, so
 * nothing is ever called through a desc that hush_aead_new did not set. */
#define OBJECT_MAGIC ((uintptr_t)0x6875736861656164u) /* "husheadd" */

static int object_live(const hush_aead_ctx *k) {
    return k->check == ((uintptr_t)k->desc ^ OBJECT_MAGIC);
}

/* The descriptor of a live object, else NULL (also for k == NULL). */
static inline const hush_aead_desc *live_desc(const hush_aead_ctx *k) {
    if (k == NULL) return NULL;
    const hush_aead_desc *d = k->desc;
    return k->check == ((uintptr_t)d ^ OBJECT_MAGIC) ? d : NULL;
}

static size_t object_bytes(const hush_aead_desc *d) {
    return OBJECT_HEADER + ((d->state_bytes + 63) & ~(size_t)63);
}

size_t hush_aead_object_bytes(const hush_aead_ctx *k) {
    return k ? object_bytes(k->desc) : 0;
}

static void *object_state(const hush_aead_ctx *k) {
    return (uint8_t *)k + OBJECT_HEADER;
}

const hush_aead_desc *hush_aead_object_desc(const hush_aead_ctx *k) {
    return object_live(k) ? k->desc : NULL;
}
const void *hush_aead_object_state(const hush_aead_ctx *k) {
    return object_state(k);
}

/*
 * The argument rules of every seal and open, checked once here and before
 * any arithmetic on a pointer and a length (issue 15, defects 3 and 5):
 *
 * - lengths within the algorithm's limits, and no buffer larger than
 *   PTRDIFF_MAX or whose end would wrap the address space (such a length
 *   reaches no memory: refused before c + mlen or any other pointer is
 *   formed);
 * - NULL only with length 0 (nonce and tag never; key unless keyed);
 * - the message output aliases the message input exactly (in place) or
 *   not at all, and no other input (AD, nonce, key, an opening's tag)
 *   overlaps it: it is written progressively, so an input lying there
 *   could be read after it changed;
 * - a sealing tag overlaps neither message, and may overlap the AD, the
 *   nonce and the key in any way (API.md: a tag output may alias its own
 *   inputs): every algorithm writes it last, after reading them all.
 *   Inputs may overlap one another.
 *
 * So every layout that is not refused gives the same bytes in every tier
 * as separate buffers: the VAES-512 GCM short path once wrote the
 * ciphertext before it read AD lying inside it, a wrong tag on that tier
 * only. tests/aead/test_aead_layouts.c is the contract.
 */

/* Any overlap of two buffers that both hold bytes, exact aliasing
 * included; both spans are known not to wrap. */
static int overlaps(const void *a, size_t alen, const void *b, size_t blen) {
    uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
    return alen != 0 && blen != 0 && x < y + blen && y < x + alen;
}

/* Inlined into the keyed seal and open, where seal and key are constants
 * (no key) and their tests fold away; left to gcc, the combined forms
 * called it out of line (docs/perf/gcm.md, item 18). */
static inline __attribute__((always_inline)) int
check_args(const hush_aead_desc *d, int seal, const uint8_t *out,
           const uint8_t *tag, const uint8_t *in, size_t len, const uint8_t *ad,
           size_t adlen, const uint8_t *nonce, const uint8_t *key) {
    if (d == NULL) return HUSH_ERR_INVALID;
    if ((uint64_t)len > d->max_mlen || (uint64_t)adlen > d->max_adlen)
        return HUSH_ERR_INVALID;
    if (!hush_span_ok(out, len) || !hush_span_ok(in, len) ||
        !hush_span_ok(ad, adlen))
        return HUSH_ERR_INVALID;
    size_t nb = d->noncebytes, kb = key != NULL ? d->keybytes : 0;
    if (tag == NULL || !hush_span_ok(tag, HUSH_AEAD_TAGBYTES) ||
        nonce == NULL || !hush_span_ok(nonce, nb) || !hush_span_ok(key, kb))
        return HUSH_ERR_INVALID;
    /* the message: in place, or apart */
    if (hush_overlaps_partially(out, len, in, len)) return HUSH_ERR_INVALID;
    /* nothing else where the message output is written; a sealing tag
     * over neither message (it may lie on the AD, nonce or key) */
    size_t tb = HUSH_AEAD_TAGBYTES;
    if (overlaps(tag, tb, out, len) || overlaps(ad, adlen, out, len) ||
        overlaps(nonce, nb, out, len) || overlaps(key, kb, out, len) ||
        (seal && overlaps(tag, tb, in, len)))
        return HUSH_ERR_INVALID;
    return HUSH_OK;
}

/*
 * The common case, accepted with a handful of instructions before the
 * rules above are spelled out one by one (issue 18: check_args cost ~86
 * instructions, ~28 core cycles of a 16-byte seal's ~54). args_plainly_ok
 * is sufficient, never necessary: when it says 1, check_args would say
 * HUSH_OK; when it says 0 the caller runs check_args, so every refusal
 * stays exactly what check_args decides. It looks at public pointers and
 * lengths only.
 *
 * - One test for the sizes and NULLs: every pointer minus one (minus
 *   nothing where NULL is allowed, i.e. length 0) and every length below
 *   a quarter of the address space (bit 62 of a 64-bit pointer). Then no
 *   span can wrap or exceed PTRDIFF_MAX, and the tag after a combined
 *   message (c + len + 16) cannot wrap either.
 * - Overlap of two spans with nonzero lengths that do not wrap, one
 *   compare each: [x, x+xl) and [o, o+ol) share a byte exactly when
 *   (x - o + xl - 1) < (ol + xl - 1) in unsigned arithmetic. With a zero
 *   length the test may answer "overlap" where check_args would not: that
 *   only sends the call the slow way.
 * The lengths against the algorithm's limits are two more compares.
 */
static inline __attribute__((always_inline)) int
spans_apart(const void *x, size_t xl, const void *o, size_t ol) {
    return (uintptr_t)x - (uintptr_t)o + xl - 1 >= ol + xl - 1;
}

/* Bits at and above a quarter of the address space. */
#define FAST_HIGH_BITS (~(UINTPTR_MAX >> 2))

/* combined: the tag follows the message in one buffer, c + len, with c
 * the output of a seal or the input of an open (tag is then unused: the
 * pointer is formed only after the checks). c must be non-NULL even for
 * len 0, and the tag cannot overlap c's own message. */
static inline __attribute__((always_inline)) int
args_plainly_ok(const hush_aead_desc *d, int seal, const uint8_t *out,
                const uint8_t *tag, const uint8_t *in, size_t len,
                const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                const uint8_t *key, int combined) {
    const int tag_follows = combined;
    uintptr_t some = len != 0;
    uintptr_t high = ((uintptr_t)out - (combined && seal ? 1 : some)) |
                     ((uintptr_t)in - (combined && !seal ? 1 : some)) |
                     ((uintptr_t)nonce - 1) | ((uintptr_t)ad - (adlen != 0)) |
                     len | adlen;
    if (!tag_follows) high |= (uintptr_t)tag - 1;
    if (key != NULL) high |= (uintptr_t)key - 1;
    if (high & FAST_HIGH_BITS) return 0;
    if ((uint64_t)len > d->max_mlen || (uint64_t)adlen > d->max_adlen) return 0;
    const size_t tb = HUSH_AEAD_TAGBYTES;
    /* the message: in place, or apart (with the tag beside it) */
    if (in != out) {
        if (tag_follows) {
            /* seal: the input apart from the output and the tag after it;
             * open: the output apart from the input and the tag after it */
            if (seal ? !spans_apart(in, len, out, len + tb)
                     : !spans_apart(in, len + tb, out, len))
                return 0;
        } else if (!spans_apart(in, len, out, len) ||
                   (seal && !spans_apart(tag, tb, in, len)))
            return 0;
    }
    if (!tag_follows && !spans_apart(tag, tb, out, len)) return 0;
    /* no AD (common) has nothing to overlap: one predictable branch */
    if (adlen != 0 && !spans_apart(ad, adlen, out, len)) return 0;
    if (!spans_apart(nonce, d->noncebytes, out, len)) return 0;
    if (key != NULL && !spans_apart(key, d->keybytes, out, len)) return 0;
    return 1;
}

int hush_aead_check_args(const hush_aead_desc *d, int seal, const uint8_t *out,
                         const uint8_t *tag, const uint8_t *in, size_t len,
                         const uint8_t *ad, size_t adlen, const uint8_t *nonce,
                         const uint8_t *key) {
    return check_args(d, seal, out, tag, in, len, ad, adlen, nonce, key);
}

/* The combined forms: c spans the message and the tag after it. Checked
 * on integers before the tag pointer c + mlen is formed. */
static int combined_ok(const hush_aead_desc *d, const uint8_t *c, size_t mlen) {
    return d != NULL && c != NULL && (uint64_t)mlen <= d->max_mlen &&
           mlen <= SIZE_MAX - HUSH_AEAD_TAGBYTES &&
           hush_span_ok(c, mlen + HUSH_AEAD_TAGBYTES);
}

/* After a seal or open: clears the vector registers unless the algorithm
 * never writes any (hush_aead_desc.general_regs_only). */
static void clear_registers_after(const hush_aead_desc *d) {
    if (!d->general_regs_only) hush_clear_vector_registers();
}

static int finish_open(int r, uint8_t *m, size_t mlen) {
    /* the algorithm zeroes m on failure; doing it here too keeps that
     * promise even for an algorithm that forgot */
    if (r != HUSH_OK && mlen) hush_wipe(m, mlen);
    return r;
}

/* The state of a one-shot call serves one message only: an algorithm may
 * prepare just what that message needs. */
static void oneshot_setup(const hush_aead_desc *d, void *state,
                          const uint8_t *key, size_t mlen, size_t adlen) {
    if (d->setup_for)
        d->setup_for(state, key, mlen, adlen);
    else
        d->setup(state, key);
}

int hush_aead_encrypt_detached(hush_aead_alg a, uint8_t *c, uint8_t *tag,
                               const uint8_t *m, size_t mlen, const uint8_t *ad,
                               size_t adlen, const uint8_t *nonce,
                               const uint8_t *key) {
    const hush_aead_desc *d = hush_aead_lookup(a);
    if (d == NULL || key == NULL) return HUSH_ERR_INVALID;
    if (!args_plainly_ok(d, 1, c, tag, m, mlen, ad, adlen, nonce, key, 0) &&
        hush_aead_check_args(d, 1, c, tag, m, mlen, ad, adlen, nonce, key) !=
            HUSH_OK)
        return HUSH_ERR_INVALID;
    HUSH_ALIGNED(64) uint8_t state[HUSH_AEAD_STATE_MAX];
    oneshot_setup(d, state, key, mlen, adlen);
    d->seal(state, c, tag, m, mlen, ad, adlen, nonce);
    hush_wipe(state, d->state_bytes);
    clear_registers_after(d); /* round keys and the like stay there */
    return HUSH_OK;
}

int hush_aead_encrypt(hush_aead_alg a, uint8_t *c, const uint8_t *m,
                      size_t mlen, const uint8_t *ad, size_t adlen,
                      const uint8_t *nonce, const uint8_t *key) {
    if (!combined_ok(hush_aead_lookup(a), c, mlen)) return HUSH_ERR_INVALID;
    return hush_aead_encrypt_detached(a, c, c + mlen, m, mlen, ad, adlen, nonce,
                                      key);
}

int hush_aead_decrypt_detached(hush_aead_alg a, uint8_t *m, const uint8_t *c,
                               size_t clen, const uint8_t *tag,
                               const uint8_t *ad, size_t adlen,
                               const uint8_t *nonce, const uint8_t *key) {
    const hush_aead_desc *d = hush_aead_lookup(a);
    if (d == NULL || key == NULL) return HUSH_ERR_INVALID;
    if (!args_plainly_ok(d, 0, m, tag, c, clen, ad, adlen, nonce, key, 0) &&
        hush_aead_check_args(d, 0, m, tag, c, clen, ad, adlen, nonce, key) !=
            HUSH_OK)
        return HUSH_ERR_INVALID;
    HUSH_ALIGNED(64) uint8_t state[HUSH_AEAD_STATE_MAX];
    oneshot_setup(d, state, key, clen, adlen);
    int r = d->open(state, m, c, clen, tag, ad, adlen, nonce);
    hush_wipe(state, d->state_bytes);
    clear_registers_after(d);
    return finish_open(r, m, clen);
}

int hush_aead_decrypt(hush_aead_alg a, uint8_t *m, const uint8_t *c,
                      size_t clen, const uint8_t *ad, size_t adlen,
                      const uint8_t *nonce, const uint8_t *key) {
    if (clen < HUSH_AEAD_TAGBYTES) return HUSH_ERR_INVALID;
    size_t mlen = clen - HUSH_AEAD_TAGBYTES;
    if (!combined_ok(hush_aead_lookup(a), c, mlen)) return HUSH_ERR_INVALID;
    return hush_aead_decrypt_detached(a, m, c, mlen, c + mlen, ad, adlen, nonce,
                                      key);
}

/* The descriptor of a keyed object, from its state (the header lies
 * OBJECT_HEADER bytes before it). */
static const hush_aead_desc *state_desc(const void *state) {
    return ((const hush_aead_ctx *)(const void *)((const uint8_t *)state -
                                                  OBJECT_HEADER))
        ->desc;
}

/* The hooks of an algorithm that has none of its own: its descriptor's
 * seal and open on the state, then the registers cleared, as the fast
 * path did before the hooks. */
static int seal_c_generic(const void *state, uint8_t *c, const uint8_t *m,
                          size_t mlen, const uint8_t *ad, size_t adlen,
                          const uint8_t *nonce) {
    const hush_aead_desc *d = state_desc(state);
    d->seal(state, c, c + mlen, m, mlen, ad, adlen, nonce);
    clear_registers_after(d);
    return HUSH_OK;
}
static int open_c_generic(const void *state, uint8_t *m, const uint8_t *c,
                          size_t mlen, const uint8_t *ad, size_t adlen,
                          const uint8_t *nonce) {
    const hush_aead_desc *d = state_desc(state);
    int r = d->open(state, m, c, mlen, c + mlen, ad, adlen, nonce);
    clear_registers_after(d);
    return finish_open(r, m, mlen);
}

int hush_aead_new(hush_aead_ctx **out, hush_aead_alg a,
                  const hush_secret *key) {
    if (out == NULL) return HUSH_ERR_INVALID;
    *out = NULL;
    const hush_aead_desc *d = hush_aead_lookup(a);
    if (d == NULL || key == NULL || hush_secret_len(key) != d->keybytes)
        return HUSH_ERR_INVALID;
    /* same tier as the key; a multiple of 64 keeps a payload that sits
     * against the end guard page 64-byte aligned */
    unsigned tier =
        hush_secret_flags(key) & (HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE);
    hush_secret *mem;
    int r = hush_secret_new(&mem, object_bytes(d), tier);
    if (r != HUSH_OK) return r;
    /* object_bytes is a multiple of 64, and a secret of such a length
     * starts 64-byte aligned in every tier (include/hush/secret.h) */
    hush_aead_ctx *k = __builtin_assume_aligned(hush_secret_ptr_mut(mem), 64);
    k->desc = d;
    k->mem = mem;
    k->check = (uintptr_t)d ^ OBJECT_MAGIC;
    k->seal_c = NULL;
    k->open_c = NULL;
    if (hook_bounds_hold(d)) {
        k->seal_c = seal_c_generic;
        k->open_c = open_c_generic;
        for (size_t i = 0; i < HUSH_ARRAY_LEN(combined_hooks); i++)
            if (combined_hooks[i]->desc == d) {
                k->seal_c = combined_hooks[i]->seal;
                k->open_c = combined_hooks[i]->open;
            }
    }
    d->setup(object_state(k), hush_secret_ptr(key));
    hush_clear_vector_registers();
    *out = k;
    return HUSH_OK;
}

int hush_aead_dup(hush_aead_ctx **out, const hush_aead_ctx *k) {
    if (out == NULL) return HUSH_ERR_INVALID;
    *out = NULL;
    if (k == NULL || !object_live(k)) return HUSH_ERR_INVALID;
    unsigned tier = hush_secret_flags(k->mem) &
                    (HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE);
    hush_secret *mem;
    int r = hush_secret_new(&mem, object_bytes(k->desc), tier);
    if (r != HUSH_OK) return r;
    hush_aead_ctx *copy =
        __builtin_assume_aligned(hush_secret_ptr_mut(mem), 64);
    /* the state holds no pointer into itself: a byte copy is a copy.
     * libc's memcpy takes it through the vector registers (how much stays
     * there depends on the size and the CPU), which are cleared as after
     * every other use of the key */
    memcpy(copy, k, object_bytes(k->desc));
    hush_clear_vector_registers();
    copy->mem = mem;
    *out = copy;
    return HUSH_OK;
}

void hush_aead_free(hush_aead_ctx *k) {
    if (k == NULL) return;
    if (HUSH_UNLIKELY(!object_live(k))) {
        /* In a child forked after hush_aead_new, a hardened object reads as
         * zeros (WIPEONFORK): its secret is found by address and released,
         * so the mapping does not leak. Anything else is a second free. */
        hush_secret *inherited = hush_secret_inherited_at(k);
        if (inherited == NULL)
            hush_misuse(__func__, "not a live keyed object (freed twice, or "
                                  "never made by hush_aead_new)");
        hush_secret_destroy(inherited);
        return;
    }
    hush_secret_destroy(k->mem); /* wipes header and state */
}

/*
 * The keyed calls: the fast path accepts the common arguments with
 * args_plainly_ok and calls the algorithm; everything else takes the slow
 * path, a tail call with the same arguments that decides by check_args
 * (and combined_ok) alone. The slow path is out of line so that the fast
 * one keeps a small frame: with the call to it inline, gcc saved six
 * registers in hush_aead_seal to keep every argument across it; now two
 * (docs/perf/gcm.md, item 21). The combined forms go further: a test of
 * fixed bounds (hook_args_ok) and a tail call to the object's hook, which
 * clears the registers itself (item 27); the detached forms and every
 * argument the hook test does not accept take the paths above.
 */
__attribute__((noinline)) static int
seal_detached_slow(const hush_aead_ctx *k, uint8_t *c, uint8_t *tag,
                   const uint8_t *m, size_t mlen, const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce) {
    if (k == NULL || !object_live(k)) return HUSH_ERR_INVALID;
    const hush_aead_desc *d = k->desc;
    int r = check_args(d, 1, c, tag, m, mlen, ad, adlen, nonce, NULL);
    if (r != HUSH_OK) return r;
    d->seal(object_state(k), c, tag, m, mlen, ad, adlen, nonce);
    clear_registers_after(d);
    return HUSH_OK;
}

int hush_aead_seal_detached(const hush_aead_ctx *k, uint8_t *c, uint8_t *tag,
                            const uint8_t *m, size_t mlen, const uint8_t *ad,
                            size_t adlen, const uint8_t *nonce) {
    const hush_aead_desc *d = live_desc(k);
    if (HUSH_LIKELY(d != NULL && args_plainly_ok(d, 1, c, tag, m, mlen, ad,
                                                 adlen, nonce, NULL, 0))) {
        d->seal(object_state(k), c, tag, m, mlen, ad, adlen, nonce);
        clear_registers_after(d);
        return HUSH_OK;
    }
    return seal_detached_slow(k, c, tag, m, mlen, ad, adlen, nonce);
}

/* The combined forms run the same checks as the detached ones (with the
 * tag pointer formed only once combined_ok has accepted the span) and
 * call the algorithm themselves, not through the detached function. */
__attribute__((noinline)) static int
seal_slow(const hush_aead_ctx *k, uint8_t *c, const uint8_t *m, size_t mlen,
          const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    if (k == NULL || !object_live(k) || !combined_ok(k->desc, c, mlen))
        return HUSH_ERR_INVALID;
    const hush_aead_desc *d = k->desc;
    uint8_t *tag = c + mlen;
    int r = check_args(d, 1, c, tag, m, mlen, ad, adlen, nonce, NULL);
    if (r != HUSH_OK) return r;
    d->seal(object_state(k), c, tag, m, mlen, ad, adlen, nonce);
    clear_registers_after(d);
    return HUSH_OK;
}

/* The keyed combined seal of an algorithm without a hook (or with
 * arguments the hook test does not accept): the fast test of the
 * descriptor's own rules, else seal_slow. */
__attribute__((noinline)) static int
seal_nohook(const hush_aead_ctx *k, uint8_t *c, const uint8_t *m, size_t mlen,
            const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    const hush_aead_desc *d = live_desc(k);
    if (HUSH_LIKELY(d != NULL && args_plainly_ok(d, 1, c, NULL, m, mlen, ad,
                                                 adlen, nonce, NULL, 1))) {
        d->seal(object_state(k), c, c + mlen, m, mlen, ad, adlen, nonce);
        clear_registers_after(d);
        return HUSH_OK;
    }
    return seal_slow(k, c, m, mlen, ad, adlen, nonce);
}

/*
 * The combined forms' test in front of a hook (hush_aead_combined_ops),
 * args_plainly_ok made stricter where that saves instructions, so just as
 * sufficient: when it says 1, check_args and combined_ok would accept;
 * when it says 0 the call goes on to seal_nohook / open_nohook, which
 * decide by args_plainly_ok and then the exact rules. Stricter in four
 * ways: both message pointers non-NULL (an empty message with a NULL
 * buffer goes the slow way); lengths below 2^32, folded into the test of
 * the sizes, instead of two compares with the descriptor's limits (which
 * hush_aead_new checked are at least that before installing a hook:
 * hook_bounds_hold); the nonce kept HOOK_NONCE_SPAN (>= noncebytes) bytes
 * apart from the output; the AD pointer tested only when adlen != 0 (an
 * empty AD is never read or refused). It reads no field of the
 * descriptor, which leaves hush_aead_seal and hush_aead_open enough
 * registers to build no frame (docs/perf/gcm.md, item 27).
 */
static inline __attribute__((always_inline)) int
hook_args_ok(int seal, const uint8_t *out, const uint8_t *in, size_t len,
             const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    /* message input and output and the nonce not NULL (a NULL message of
     * length 0 goes the slow way), each below 2^62, and both lengths
     * below 2^32, in one test; c + len + 16 cannot wrap then */
    uintptr_t high =
        ((uintptr_t)out - 1) | ((uintptr_t)in - 1) | ((uintptr_t)nonce - 1);
#if UINTPTR_MAX > 0xffffffffu
    if ((((uint64_t)high >> 30) | (uint64_t)len | (uint64_t)adlen) >> 32)
        return 0;
#else
    /* 32-bit addresses: the lengths below 2^30 as well, so that no span
     * wraps (the limits are above that) */
    if ((high | len | adlen) & FAST_HIGH_BITS) return 0;
#endif
    const size_t tb = HUSH_AEAD_TAGBYTES;
    /* the message: in place, or apart from the other one and its tag */
    if (in != out && (seal ? !spans_apart(in, len, out, len + tb)
                           : !spans_apart(in, len + tb, out, len)))
        return 0;
    /* no AD (common): nothing to test, the pointer may be anything */
    if (adlen != 0 && ((((uintptr_t)ad - 1) & FAST_HIGH_BITS) ||
                       !spans_apart(ad, adlen, out, len)))
        return 0;
    return spans_apart(nonce, HOOK_NONCE_SPAN, out, len);
}

int hush_aead_seal(const hush_aead_ctx *k, uint8_t *c, const uint8_t *m,
                   size_t mlen, const uint8_t *ad, size_t adlen,
                   const uint8_t *nonce) {
    /* a live object with a hook, and plain arguments: a tail call with the
     * same arguments (the hook clears the registers itself) */
    if (HUSH_LIKELY(k != NULL && object_live(k) &&
                    hook_args_ok(1, c, m, mlen, ad, adlen, nonce) &&
                    k->seal_c != NULL))
        return k->seal_c(object_state(k), c, m, mlen, ad, adlen, nonce);
    return seal_nohook(k, c, m, mlen, ad, adlen, nonce);
}

__attribute__((noinline)) static int
open_detached_slow(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c,
                   size_t clen, const uint8_t *tag, const uint8_t *ad,
                   size_t adlen, const uint8_t *nonce) {
    if (k == NULL || !object_live(k)) return HUSH_ERR_INVALID;
    const hush_aead_desc *d = k->desc;
    int r = check_args(d, 0, m, tag, c, clen, ad, adlen, nonce, NULL);
    if (r != HUSH_OK) return r;
    r = d->open(object_state(k), m, c, clen, tag, ad, adlen, nonce);
    clear_registers_after(d);
    return finish_open(r, m, clen);
}

int hush_aead_open_detached(const hush_aead_ctx *k, uint8_t *m,
                            const uint8_t *c, size_t clen, const uint8_t *tag,
                            const uint8_t *ad, size_t adlen,
                            const uint8_t *nonce) {
    const hush_aead_desc *d = live_desc(k);
    if (HUSH_LIKELY(d != NULL && args_plainly_ok(d, 0, m, tag, c, clen, ad,
                                                 adlen, nonce, NULL, 0))) {
        int r = d->open(object_state(k), m, c, clen, tag, ad, adlen, nonce);
        clear_registers_after(d);
        return finish_open(r, m, clen);
    }
    return open_detached_slow(k, m, c, clen, tag, ad, adlen, nonce);
}

__attribute__((noinline)) static int
open_slow(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c, size_t clen,
          const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    if (clen < HUSH_AEAD_TAGBYTES) return HUSH_ERR_INVALID;
    size_t mlen = clen - HUSH_AEAD_TAGBYTES;
    if (k == NULL || !object_live(k) || !combined_ok(k->desc, c, mlen))
        return HUSH_ERR_INVALID;
    const hush_aead_desc *d = k->desc;
    const uint8_t *tag = c + mlen;
    int r = check_args(d, 0, m, tag, c, mlen, ad, adlen, nonce, NULL);
    if (r != HUSH_OK) return r;
    r = d->open(object_state(k), m, c, mlen, tag, ad, adlen, nonce);
    clear_registers_after(d);
    return finish_open(r, m, mlen);
}

/* As seal_nohook, for open */
__attribute__((noinline)) static int
open_nohook(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c, size_t clen,
            const uint8_t *ad, size_t adlen, const uint8_t *nonce) {
    /* clen - 16 wraps for clen < 16 (refused by open_slow): the wrapped
     * length has bit 63 set, which args_plainly_ok never accepts */
    size_t mlen = clen - HUSH_AEAD_TAGBYTES;
    const hush_aead_desc *d = live_desc(k);
    if (HUSH_LIKELY(d != NULL && args_plainly_ok(d, 0, m, NULL, c, mlen, ad,
                                                 adlen, nonce, NULL, 1))) {
        int r =
            d->open(object_state(k), m, c, mlen, c + mlen, ad, adlen, nonce);
        clear_registers_after(d);
        return finish_open(r, m, mlen);
    }
    return open_slow(k, m, c, clen, ad, adlen, nonce);
}

int hush_aead_open(const hush_aead_ctx *k, uint8_t *m, const uint8_t *c,
                   size_t clen, const uint8_t *ad, size_t adlen,
                   const uint8_t *nonce) {
    /* clen - 16 wraps for clen < 16: bit 63, refused by hook_args_ok. A
     * tail call with the message length for clen: the hook wipes m on a
     * failed tag and clears the registers itself. */
    size_t mlen = clen - HUSH_AEAD_TAGBYTES;
    if (HUSH_LIKELY(k != NULL && object_live(k) &&
                    hook_args_ok(0, m, c, mlen, ad, adlen, nonce) &&
                    k->open_c != NULL))
        return k->open_c(object_state(k), m, c, mlen, ad, adlen, nonce);
    return open_nohook(k, m, c, clen, ad, adlen, nonce);
}
