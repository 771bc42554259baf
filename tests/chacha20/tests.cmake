# Every vector and the differential tests, once per combination of the
# ChaCha20 and Poly1305 implementations (the AEADs use both).
hush_tier_pairs(_chachapoly_specs chacha20 poly1305)
hush_add_test(NAME chacha SOURCES test_chacha.c
  LIBS PkgConfig::SODIUM IMPLS ${_chachapoly_specs}
  PARTS kat vectors diff api)

# Constant time under valgrind (ctgrind method) for the tiers valgrind runs.
# The plain runs check results; the valgrind runs fail on any branch or
# index that depends on the key or message. Not under ASan (valgrind and
# ASan cannot share a process), hence nosanitize on those.
hush_add_test(NAME chacha_ct KIND ct SOURCES test_chacha_ct.c LIBS PkgConfig::SODIUM
  IMPLS "chacha20=portable,poly1305=portable"
        "chacha20=avx2,poly1305=avx2")
find_program(HUSH_VALGRIND valgrind)
if(HUSH_VALGRIND AND NOT HUSH_SANITIZE)
  foreach(spec "chacha20=portable,poly1305=portable"
               "chacha20=avx2,poly1305=avx2")
    hush_tier_tag(tag "${spec}")
    add_test(NAME ctgrind.chacha20.${tag}
      COMMAND ${HUSH_VALGRIND} -q --error-exitcode=99 --track-origins=yes
              $<TARGET_FILE:test_chacha_ct> --impl ${spec})
    set_tests_properties(ctgrind.chacha20.${tag} PROPERTIES
      SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS nosanitize)
  endforeach()
endif()

# No word of the HChaCha20 state left below the stack pointer (x86-64: the
# test reads the stack with an asm block; the red-zone wipe it checks is
# x86-64 code too). Not under ASan, whose instrumentation changes frames.
if(HUSH_X86_64)
  hush_add_test(NAME chacha_stack KIND stack SOURCES test_chacha_stack.c
    LABELS nosanitize)
endif()

# A Poly1305 context at 16, 32 and 48 bytes from 64-byte alignment, from
# malloc and moved between updates, in every tier (issue 15, defect 6).
hush_add_test(NAME poly1305_align KIND align PRIM poly1305 SOURCES test_poly1305_align.c
  IMPLS "poly1305=portable" "poly1305=avx2" "poly1305=avx512"
        "poly1305=ifma")
