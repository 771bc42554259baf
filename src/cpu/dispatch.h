/*
 * The dispatch registry. Each primitive defines one hush_primitive with its
 * implementations in preference order (best first, portable last); each
 * implementation names the CPU features it needs and points at a table of
 * functions whose type the primitive defines in its own <prim>_impl.h.
 *
 *   static const hush_impl_entry sha256_impls[] = {
 *   #if defined(HUSH_X86_64)
 *       {"shani", HUSH_NEEDS_SHANI, 0, &hush_sha256_shani},
 *   #endif
 *       {"portable", 0, 0, &hush_sha256_portable},
 *   };
 *   HUSH_DEFINE_PRIMITIVE(sha256, sha256_impls);
 *
 * and registers it in its sources.cmake with
 * hush_primitive(sha256 TIERS shani portable), the same rows by name.
 * Callers get the table with hush_ops(&hush_prim_sha256): one atomic load
 * per call into the library, never per block.
 */
#ifndef HUSH_DISPATCH_H
#define HUSH_DISPATCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/internal.h"
#include "cpu/features.h"

/* Never picked by default, only by hush_impl_force / HUSH_IMPL (e.g. a
 * variable-time table implementation kept as a benchmark and a control). */
#define HUSH_IMPL_NOT_DEFAULT 0x1u

typedef struct hush_impl_entry {
    const char *name; /* also the HUSH_IMPL value */
    uint64_t needs;   /* HUSH_CPU_* bits */
    unsigned flags;   /* HUSH_IMPL_* */
    const void *ops;  /* the primitive's function table */
} hush_impl_entry;

typedef struct hush_primitive {
    const char *name;
    const hush_impl_entry *impls; /* best first */
    size_t count;
    _Atomic(const hush_impl_entry *)
        chosen; /* NULL until dispatch is initialised */
} hush_primitive;

#define HUSH_DEFINE_PRIMITIVE(prim, impls)                                     \
    hush_primitive hush_prim_##prim = {#prim, impls, HUSH_ARRAY_LEN(impls),    \
                                       NULL}

/* The i-th registered primitive with all its rows, runnable here or not
 * (NULL past the end): test_dispatch holds the build's tier lists,
 * hush_primitive(... TIERS ...) in each sources.cmake, to these rows. */
const hush_primitive *hush_registry_at(size_t i);

/* Runs detection and HUSH_IMPL once, then returns p's chosen implementation. */
const hush_impl_entry *hush_dispatch_slow(hush_primitive *p);

static inline const hush_impl_entry *hush_chosen(hush_primitive *p) {
    const hush_impl_entry *i =
        atomic_load_explicit(&p->chosen, memory_order_acquire);
    if (__builtin_expect(i == NULL, 0)) i = hush_dispatch_slow(p);
    return i;
}

/* 1 if ops is the table of one of p's implementations. A context checks
 * the table it stored at init this way before calling through it: one
 * that was never initialised, or was wiped by final (NULL), fails, so no
 * call ever jumps through a pointer read from a dead context. A few
 * compares against the registry, once per call. */
static inline int hush_ops_valid(const hush_primitive *p, const void *ops) {
    for (size_t i = 0; i < p->count; i++)
        if (p->impls[i].ops == ops) return 1;
    return 0;
}

/* The function table of p's chosen implementation. */
static inline const void *hush_ops(hush_primitive *p) {
    return hush_chosen(p)->ops;
}

#endif
