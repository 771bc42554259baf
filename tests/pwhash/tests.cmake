# PBKDF2-HMAC-SHA256 and scrypt: RFC 7914's vectors and the argument
# rules, then a differential test against OpenSSL on random inputs, once
# per ROMix implementation.
hush_tier_specs(_scrypt_specs scrypt)
hush_add_test(NAME pwhash KIND kat SOURCES test_pwhash.c IMPLS ${_scrypt_specs})
hush_add_test(NAME pwhash_openssl KIND diff SOURCES test_pwhash_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${_scrypt_specs})

