# AES-GCM: every vector, the differential test against OpenSSL and the
# API, once per pairing of the AES and GHASH tiers it runs on.
# every AES tier with every GHASH tier, both schedules of the fused vaes512
# tier (ghash=vpclmul512s/k, gcm_vaes512.c) and of the fused aesni tier
# (ghash=pclmuls/k, gcm_aesni.c) included
hush_tier_pairs(_gcm_specs aes ghash)
hush_add_test(NAME gcm SOURCES test_gcm.c gcm_openssl.c ../aead/aead_generic.c
  LIBS OpenSSL::Crypto
  IMPLS ${_gcm_specs} PARTS kat vectors diff api)
target_include_directories(test_gcm PRIVATE ${PROJECT_SOURCE_DIR}/tests/aead)
# nothing key-derived left below the stack pointer by any call, on every
# pairing (x86-64: the stack is read with an asm block); not under ASan,
# whose instrumentation changes frames
if(HUSH_X86_64)
  hush_add_test(NAME gcm_stack KIND stack SOURCES test_gcm_stack.c
    IMPLS ${_gcm_specs} LABELS nosanitize)
endif()
# buffers against a guard page at their start as well as their end, stream
# pieces each against one, offsets 0..63; against OpenSSL, every pairing
hush_add_test(NAME gcm_edges KIND edges SOURCES test_gcm_edges.c gcm_openssl.c
  LIBS OpenSSL::Crypto IMPLS ${_gcm_specs})
