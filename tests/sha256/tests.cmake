# SHA-256, HMAC-SHA256 and HKDF-SHA256: every vector and the differential
# tests against OpenSSL, once per SHA-256 implementation.
hush_tier_specs(_sha256_specs sha256)
hush_add_test(NAME sha256 SOURCES test_sha256.c IMPLS ${_sha256_specs})
hush_add_test(NAME hmac_sha256 SOURCES test_hmac_sha256.c
  IMPLS ${_sha256_specs} PARTS kat vectors api)
hush_add_test(NAME sha256_openssl SOURCES test_sha256_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${_sha256_specs})
