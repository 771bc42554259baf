# PBKDF2-HMAC-SHA256 and scrypt: RFC 7914's vectors and the argument
# rules, then a differential test against OpenSSL on random inputs, once
# per ROMix implementation.
set(HUSH_SCRYPT_IMPLS scrypt=portable scrypt=avx2 scrypt=avx512)
hush_add_test(NAME pwhash SOURCES test_pwhash.c IMPLS ${HUSH_SCRYPT_IMPLS})
hush_add_test(NAME pwhash_openssl SOURCES test_pwhash_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${HUSH_SCRYPT_IMPLS})

