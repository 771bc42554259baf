/*
 * Clearing the vector register file after code that held secrets in it.
 *
 * Key material left in xmm/ymm/zmm registers outlives the call that put it
 * there, and reaches memory whenever the register state is saved in user
 * space: a signal frame on the stack, or the dynamic linker's lazy-binding
 * resolver, which XSAVEs every vector register. The leak census
 * (docs/LEAKS.md) counts these copies.
 */
#ifndef HUSH_CORE_REGISTERS_H
#define HUSH_CORE_REGISTERS_H

/* Zeroes every vector register this CPU has (xmm0-15, or ymm/zmm0-15 and
 * zmm16-31 with AVX-512). All are caller-saved in the System V ABI. */
void hush_clear_vector_registers(void);

/* The clobber list of an asm statement that writes every one of xmm0-15
 * (ymm0-15 with them). */
#define HUSH_CLOBBERS_XMM0_15                                                  \
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",    \
        "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"

#endif
