# SHA-256, HMAC-SHA256 and HKDF-SHA256: every vector and the differential
# tests against OpenSSL, once per SHA-256 implementation.
set(HUSH_SHA256_IMPLS sha256=portable sha256=shani)
hush_add_test(NAME sha256 SOURCES test_sha256.c IMPLS ${HUSH_SHA256_IMPLS})
hush_add_test(NAME hmac_sha256 SOURCES test_hmac_sha256.c
  IMPLS ${HUSH_SHA256_IMPLS} PARTS kat vectors api)
hush_add_test(NAME sha256_openssl SOURCES test_sha256_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${HUSH_SHA256_IMPLS})
