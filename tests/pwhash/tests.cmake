# PBKDF2-HMAC-SHA256 and scrypt: RFC 7914's vectors and the argument
# rules, then a differential test against OpenSSL on random inputs, once
# per ROMix implementation.
set(HUSH_SCRYPT_IMPLS scrypt=portable scrypt=avx2 scrypt=avx512)
hush_add_test(NAME pwhash SOURCES test_pwhash.c IMPLS ${HUSH_SCRYPT_IMPLS})
hush_add_test(NAME pwhash_openssl SOURCES test_pwhash_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${HUSH_SCRYPT_IMPLS})

# A timing program for development (hush_scrypt against EVP_PBE_scrypt at
# age's work factor), not a test.
add_executable(timing_scrypt ${HUSH_FRAGMENT_DIR}/timing_scrypt.c)
target_link_libraries(timing_scrypt PRIVATE hush_static OpenSSL::Crypto)
