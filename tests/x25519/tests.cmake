# X25519: every vector and the differential test, once per implementation.
# The 1,000,000-iteration RFC 7748 test runs only under the `slow` label.
find_package(OpenSSL 3.0 REQUIRED)
hush_tier_specs(_x25519_specs x25519)
hush_add_test(NAME x25519 SOURCES test_x25519.c
  LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS ${_x25519_specs} PARTS kat vectors api diff)
hush_add_test(NAME x25519_slow SOURCES test_x25519.c
  LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS ${_x25519_specs} PARTS kat_slow=kat
  LABELS slow ENV HUSH_X25519_SLOW=1 TIMEOUT 3600)

# The shared field inversion (safegcd) against Fermat via OpenSSL BN: one
# function for every tier, so no IMPLS.
hush_add_test(NAME x25519_invert KIND invert TIER all SOURCES test_x25519_invert.c
  LIBS OpenSSL::Crypto)
# it also checks the x86-64-only division the ifma tier calls
target_compile_definitions(test_x25519_invert PRIVATE
  $<$<BOOL:${HUSH_X86_64}>:HUSH_X86_64=1>)

# The mulx tier's field functions against OpenSSL BN at their bounds: the
# program compiles x25519_mulx.c itself (white box), with that tier's flags.
if(HUSH_X86_64)
  hush_add_test(NAME x25519_mulx_field KIND field TIER mulx
    SOURCES test_x25519_mulx_field.c LIBS OpenSSL::Crypto)
  target_compile_options(test_x25519_mulx_field PRIVATE -mbmi2 -madx)
  target_compile_definitions(test_x25519_mulx_field PRIVATE HUSH_X86_64=1)
endif()

# Constant time under valgrind: secrets marked undefined, any dependent
# branch or index fails the test. valgrind cannot run AVX-512 (ifma), its
# virtual CPU does not report ADX (so the mulx tier cannot be forced under
# it: a registered run would only ever be skipped), and it cannot run under
# ASan (nosanitize).
hush_add_test(NAME x25519_ct KIND ct TIER all SOURCES test_x25519_ct.c)
find_program(HUSH_VALGRIND valgrind)
if(HUSH_VALGRIND AND HUSH_X86_64)
  foreach(tier portable)
    add_test(NAME ctgrind.x25519.${tier}
             COMMAND ${HUSH_VALGRIND} -q --error-exitcode=99
                     $<TARGET_FILE:test_x25519_ct> --impl x25519=${tier})
    set_tests_properties(ctgrind.x25519.${tier} PROPERTIES
      SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS nosanitize)
  endforeach()
endif()

# little stack left in a thread: the call scrubs what its tier used and
# never writes below the stack (issue 15, defect 4)
hush_add_test(NAME x25519_stack KIND stack TIER all SOURCES test_x25519_stack.c
  LIBS Threads::Threads)
