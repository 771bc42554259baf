/* The GHASH registry (used by GCM; GHASH has no public API of its own). */
#include "ghash/ghash_impl.h"

static const hush_impl_entry ghash_impls[] = {
#if defined(HUSH_X86_64)
    {"vpclmul512", HUSH_NEEDS_VPCLMUL512, 0, &hush_ghash_vpclmul512},
    {"vpclmul512s", HUSH_NEEDS_VPCLMUL512, HUSH_IMPL_NOT_DEFAULT,
     &hush_ghash_vpclmul512s},
    {"vpclmul512k", HUSH_NEEDS_VPCLMUL512, HUSH_IMPL_NOT_DEFAULT,
     &hush_ghash_vpclmul512k},
    {"vpclmul256", HUSH_NEEDS_VPCLMUL256, 0, &hush_ghash_vpclmul256},
    {"pclmul", HUSH_NEEDS_PCLMUL, 0, &hush_ghash_pclmul},
    {"pclmuls", HUSH_NEEDS_PCLMUL, HUSH_IMPL_NOT_DEFAULT, &hush_ghash_pclmuls},
    {"pclmulk", HUSH_NEEDS_PCLMUL, HUSH_IMPL_NOT_DEFAULT, &hush_ghash_pclmulk},
#endif
    {"portable", 0, 0, &hush_ghash_portable},
};
HUSH_DEFINE_PRIMITIVE(ghash, ghash_impls);
