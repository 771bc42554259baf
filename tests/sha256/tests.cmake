# SHA-256: every vector and the differential test against OpenSSL, once
# per SHA-256 implementation (HMAC and HKDF: tests/hmac).
hush_tier_specs(_sha256_specs sha256)
hush_add_test(NAME sha256 KIND kat SOURCES test_sha256.c IMPLS ${_sha256_specs})
hush_add_test(NAME sha256_openssl KIND diff SOURCES test_sha256_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${_sha256_specs})
