# AES and CTR (test_aes.c lists its four parts), once per AES tier; GCM and
# GHASH have folders of their own.
hush_tier_specs(_aes_specs aes)
hush_add_test(NAME aes SOURCES test_aes.c LIBS OpenSSL::Crypto
  IMPLS ${_aes_specs} PARTS kat vectors diff api)
