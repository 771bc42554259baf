hush_tier_specs(_aes_specs aes)
hush_add_test(NAME aes SOURCES test_aes.c LIBS OpenSSL::Crypto
  IMPLS ${_aes_specs} PARTS kat vectors diff api)
hush_tier_specs(_ghash_specs ghash)
hush_add_test(NAME ghash SOURCES test_ghash.c IMPLS ${_ghash_specs})
# every AES tier with every GHASH tier, both schedules of the fused vaes512
# tier (ghash=vpclmul512s/k, gcm_vaes512.c) included
hush_tier_pairs(_gcm_specs aes ghash)
hush_add_test(NAME gcm SOURCES test_gcm.c LIBS OpenSSL::Crypto
  IMPLS ${_gcm_specs} PARTS kat vectors diff api)
