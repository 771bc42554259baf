/*
 * X25519 public entry points: argument checks, the tier's table call, the
 * stack scrub, and the all-zero verdict (RFC 7748 section 6.1).
 */
#include "hush/x25519.h"

#include "core/ct.h"
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
    ops->scalarmult(out, scalar, point);
    hush_scrub_stack(HUSH_X25519_STACK_BUDGET);
    return weak_verdict(out);
}

int hush_x25519_base(uint8_t out[32], const uint8_t scalar[32]) {
    if (out == NULL || scalar == NULL) return HUSH_ERR_INVALID;
    if (hush_overlaps_partially(out, 32, scalar, 32)) return HUSH_ERR_INVALID;
    const hush_x25519_ops *ops = hush_ops(&hush_prim_x25519);
    ops->scalarmult_base(out, scalar);
    hush_scrub_stack(HUSH_X25519_STACK_BUDGET);
    /* a clamped scalar times the base point is never the identity, but the
     * contract is the same for both functions */
    return weak_verdict(out);
}
