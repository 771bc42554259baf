/*
 * X25519 public entry points: argument checks, the tier's table call, the
 * stack scrub, and the all-zero verdict (RFC 7748 section 6.1).
 */
#include "hush/x25519.h"

#include <stdatomic.h>

#include "core/ct.h"
#include "core/registers.h"
#include "core/stack_use.h"
#include "cpu/dispatch.h"
#include "x25519/x25519_impl.h"

static const hush_impl_entry x25519_impls[] = {
#if defined(HUSH_X86_64)
    {"ifma", HUSH_NEEDS_AVX512 | HUSH_CPU_AVX512IFMA | HUSH_NEEDS_MULX, 0,
     &hush_x25519_ifma},
    {"mulx", HUSH_NEEDS_MULX, 0, &hush_x25519_mulx},
#endif
    {"portable", 0, 0, &hush_x25519_portable},
};
HUSH_DEFINE_PRIMITIVE(x25519, x25519_impls);

/*
 * The stack each tier's functions use, measured once per process on a
 * painted private stack (hush_stack_use) with public inputs: the ladder
 * and the comb are constant time, so the frames they use are the same for
 * every input. After a call the public layer zeroes exactly that much
 * below its own stack pointer: every spilled field element and ladder
 * temporary, and not one byte below the stack the call used (a fixed
 * budget wrote up to 8 KiB below the caller, past the end of a small
 * thread stack: issue 15, defect 4). Where nothing can be measured (other
 * architectures) the fixed budget stays.
 */
typedef struct {
    const hush_x25519_ops *ops;
    _Atomic size_t shared, base; /* 0 until measured */
} tier_stack;

static tier_stack tier_stacks[] = {
#if defined(HUSH_X86_64)
    {&hush_x25519_ifma, 0, 0},
    {&hush_x25519_mulx, 0, 0},
#endif
    {&hush_x25519_portable, 0, 0},
};

static size_t measure(const hush_x25519_ops *ops, int base) {
    static const uint8_t scalar[32] = {0x11, 0x22, 0x33, 0x44}; /* public */
    static const uint8_t nine[32] = {9};
    uint8_t out[32] = {0}; /* written by the call; public */
    size_t d =
        base ? hush_stack_use((const void *)ops->scalarmult_base, out, scalar,
                              NULL)
             : hush_stack_use((const void *)ops->scalarmult, out, scalar, nine);
    /* the call's return address is not scrubbed: it is the caller's own */
    return d > 8 ? d - 8 : HUSH_X25519_STACK_BUDGET;
}

/* Bytes to zero below the caller of ops' function, the return address
 * slot excluded. */
static size_t stack_to_scrub(const hush_x25519_ops *ops, int base) {
    for (size_t i = 0; i < HUSH_ARRAY_LEN(tier_stacks); i++) {
        tier_stack *t = &tier_stacks[i];
        if (t->ops != ops) continue;
        _Atomic size_t *slot = base ? &t->base : &t->shared;
        size_t d = atomic_load_explicit(slot, memory_order_relaxed);
        if (HUSH_UNLIKELY(d == 0)) {
            d = measure(ops, base);
            atomic_store_explicit(slot, d, memory_order_relaxed);
        }
        return d;
    }
    return HUSH_X25519_STACK_BUDGET;
}

/* HUSH_ERR_WEAK when out is all zero. The bytes are folded without a
 * branch; only the verdict, which the caller is told and which is
 * declassified here, decides the return value. */
static int weak_verdict(const uint8_t out[32]) {
    uint32_t acc = 0;
    for (int i = 0; i < 32; i++)
        acc |= out[i];
    uint32_t nonzero = hush_ct_nonzero32(hush_ct_barrier32(acc));
    return hush_ct_declassify32(nonzero) ? HUSH_OK : HUSH_ERR_WEAK;
}

int hush_x25519(uint8_t out[32], const uint8_t scalar[32],
                const uint8_t point[32]) {
    if (out == NULL || scalar == NULL || point == NULL) return HUSH_ERR_INVALID;
    if (hush_overlaps_partially(out, 32, scalar, 32) ||
        hush_overlaps_partially(out, 32, point, 32))
        return HUSH_ERR_INVALID;
    const hush_x25519_ops *ops = hush_ops(&hush_prim_x25519);
    size_t used = stack_to_scrub(ops, 0);
    ops->scalarmult(out, scalar, point);
    hush_scrub_stack(used);
    /* the mulx and portable tiers leave words of the scalar in xmm
     * registers (gcc -O2: its upper half in xmm6; issue 15, defect 2) */
    hush_clear_vector_registers();
    return weak_verdict(out);
}

int hush_x25519_base(uint8_t out[32], const uint8_t scalar[32]) {
    if (out == NULL || scalar == NULL) return HUSH_ERR_INVALID;
    if (hush_overlaps_partially(out, 32, scalar, 32)) return HUSH_ERR_INVALID;
    const hush_x25519_ops *ops = hush_ops(&hush_prim_x25519);
    size_t used = stack_to_scrub(ops, 1);
    ops->scalarmult_base(out, scalar);
    hush_scrub_stack(used);
    hush_clear_vector_registers();
    /* a clamped scalar times the base point is never the identity, but the
     * contract is the same for both functions */
    return weak_verdict(out);
}
