/*
 * The bmi2 Ascon tier: the same C as the portable tier (ascon_state64.h,
 * ascon_modes.h), compiled with -mbmi -mbmi2 so the S-box's ~a & b is one
 * ANDN and each rotation a non-destructive RORX: about a quarter fewer
 * instructions per round, and with -mtune=znver3 where the compiler knows
 * it (scheduling only; see sources.cmake and docs/perf/ascon.md).
 * Constant time: ANDN and RORX are fixed-latency like the instructions
 * they replace.
 */
#include "ascon/ascon_state64.h"

#include "ascon/ascon_modes.h"

const hush_ascon_ops hush_ascon_bmi2 = {
    modes_permute,
    modes_absorb,
    modes_squeeze,
    modes_aead_encrypt,
    modes_aead_decrypt,
    modes_aead_ad_blocks,
    modes_aead_encrypt_blocks,
    modes_aead_decrypt_blocks,
};
