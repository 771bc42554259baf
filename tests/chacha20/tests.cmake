# ChaCha20, XChaCha20, HChaCha20 (src/chacha20): every vector and the
# differential tests, once per ChaCha20 implementation (kat.chacha20.avx2).
hush_tier_specs(_chacha20_specs chacha20)
hush_add_test(NAME chacha20 SOURCES test_chacha20.c
  LIBS PkgConfig::SODIUM IMPLS ${_chacha20_specs}
  PARTS kat vectors diff)

# No word of the HChaCha20 state left below the stack pointer, and none of
# ChaCha20's after the one-block and vector paths of every tier (x86-64: the
# test reads the stack with an asm block; the red-zone wipe it checks is
# x86-64 code too). Not under ASan, whose instrumentation changes frames.
if(HUSH_X86_64)
  hush_add_test(NAME chacha_stack KIND stack SOURCES test_chacha_stack.c
    IMPLS ${_chacha20_specs} LABELS nosanitize)
endif()
