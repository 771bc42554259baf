# HMAC-SHA256 and HKDF-SHA256 (src/hmac): every vector, once per SHA-256
# implementation, which they run on.
hush_tier_specs(_sha256_specs sha256)
hush_add_test(NAME hmac_sha256 PRIM hmac SOURCES test_hmac_sha256.c
  IMPLS ${_sha256_specs} PARTS kat vectors api)
