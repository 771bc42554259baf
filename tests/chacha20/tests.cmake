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

# The cut at each wrap of the 32-bit block counter, with a recording tier
# in place of the real ones (messages of 2^38 bytes and more: 64-bit only).
if(CMAKE_SIZEOF_VOID_P EQUAL 8)
  hush_add_test(NAME chacha_wrap KIND wrap TIER all SOURCES test_chacha_wrap.c)
endif()
