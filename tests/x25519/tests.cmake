# X25519: every vector and the differential test, once per implementation.
# The 1,000,000-iteration RFC 7748 test runs only under the `slow` label.
find_package(OpenSSL 3.0 REQUIRED)
hush_add_test(NAME x25519 SOURCES test_x25519.c
  LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS x25519=portable x25519=mulx x25519=ifma)
hush_add_test(NAME x25519_slow SOURCES test_x25519.c
  LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS x25519=portable x25519=mulx x25519=ifma LABELS slow ENV HUSH_X25519_SLOW=1
  TIMEOUT 3600)

# Development timing (interleaved with OpenSSL and libsodium); not a test.
if(HUSH_X86_64)
  add_executable(x25519_timing ${HUSH_FRAGMENT_DIR}/timing_x25519.c)
  target_link_libraries(x25519_timing PRIVATE hush_static OpenSSL::Crypto
                        PkgConfig::SODIUM)
endif()
