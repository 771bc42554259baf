/*
 * The portable Ascon tier: the 64-bit permutation of ascon_perm64.h, every
 * round unrolled, the state in five general-purpose registers, and the
 * modes of ascon_modes.h wrapped around it. Constant time by construction
 * (see ascon_perm64.h); plain C, any 64-bit target.
 */
#include "ascon/ascon_state64.h"

#include "ascon/ascon_modes.h"

const hush_ascon_ops hush_ascon_portable = {
    modes_permute,
    modes_absorb,
    modes_squeeze,
    modes_aead_encrypt,
    modes_aead_decrypt,
    modes_aead_ad_blocks,
    modes_aead_encrypt_blocks,
    modes_aead_decrypt_blocks,
};
