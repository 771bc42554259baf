# Poly1305 (src/poly1305): every vector, the differential tests and the
# context contract, once per Poly1305 implementation (diff.poly1305.ifma).
hush_tier_specs(_poly1305_specs poly1305)
hush_add_test(NAME poly1305 SOURCES test_poly1305.c
  LIBS PkgConfig::SODIUM IMPLS ${_poly1305_specs}
  PARTS kat vectors diff api)

# A Poly1305 context at 16, 32 and 48 bytes from 64-byte alignment, from
# malloc and moved between updates, in every tier (issue 15, defect 6).
hush_add_test(NAME poly1305_align KIND align SOURCES test_poly1305_align.c
  IMPLS ${_poly1305_specs})

# No form of the one-time key r (its 64-bit halves, the vector tiers'
# radix-2^26 and 2^44 limbs of r^1..r^16) left in the vector registers or
# below the stack pointer after the Poly1305 functions and the
# ChaCha20-Poly1305 one-shot, keyed and stream calls, in every tier
# (x86-64: the test reads the stack and registers with asm blocks). Not
# under ASan, whose instrumentation changes frames.
if(HUSH_X86_64)
  hush_add_test(NAME poly1305_stack KIND stack SOURCES test_poly1305_stack.c
    IMPLS ${_poly1305_specs} LABELS nosanitize)
endif()
