# AES-GCM: every vector, the differential test against OpenSSL and the
# API, once per pairing of the AES and GHASH tiers it runs on.
# every AES tier with every GHASH tier, both schedules of the fused vaes512
# tier (ghash=vpclmul512s/k, gcm_vaes512.c) and of the fused aesni tier
# (ghash=pclmuls/k, gcm_aesni.c) included
hush_tier_pairs(_gcm_specs aes ghash)
hush_add_test(NAME gcm SOURCES test_gcm.c ../aead/aead_generic.c
  LIBS OpenSSL::Crypto
  IMPLS ${_gcm_specs} PARTS kat vectors diff api)
target_include_directories(test_gcm PRIVATE ${PROJECT_SOURCE_DIR}/tests/aead)
