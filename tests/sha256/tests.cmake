# SHA-256, HMAC-SHA256 and HKDF-SHA256: every vector and the differential
# tests against OpenSSL, once per SHA-256 implementation.
set(HUSH_SHA256_IMPLS sha256=portable sha256=shani)
hush_add_test(NAME sha256 SOURCES test_sha256.c IMPLS ${HUSH_SHA256_IMPLS})
hush_add_test(NAME hmac_sha256 SOURCES test_hmac_sha256.c
  IMPLS ${HUSH_SHA256_IMPLS})
hush_add_test(NAME sha256_openssl SOURCES test_sha256_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${HUSH_SHA256_IMPLS})

# A timing program for development (docs/perf/sha256.md), not a test.
add_executable(timing_sha256 ${HUSH_FRAGMENT_DIR}/timing_sha256.c)
target_link_libraries(timing_sha256 PRIVATE hush_static OpenSSL::Crypto
                      PkgConfig::SODIUM)
pkg_check_modules(HUSH_TIMING_GCRYPT IMPORTED_TARGET libgcrypt)
if(HUSH_TIMING_GCRYPT_FOUND)
  target_link_libraries(timing_sha256 PRIVATE PkgConfig::HUSH_TIMING_GCRYPT)
  target_compile_definitions(timing_sha256 PRIVATE HUSH_TIMING_GCRYPT=1)
endif()
