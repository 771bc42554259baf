hush_add_test(NAME aes SOURCES test_aes.c LIBS OpenSSL::Crypto
  IMPLS aes=portable aes=table aes=aesni aes=vaes512
  PARTS kat vectors diff api)
hush_add_test(NAME ghash SOURCES test_ghash.c
  IMPLS ghash=portable ghash=pclmul ghash=vpclmul512)
foreach(a portable table aesni vaes512)
  foreach(g portable pclmul vpclmul512)
    list(APPEND HUSH_GCM_IMPLS "aes=${a},ghash=${g}")
  endforeach()
endforeach()
# both schedules of the fused vaes512 tier on every machine (gcm_vaes512.c)
list(APPEND HUSH_GCM_IMPLS "aes=vaes512,ghash=vpclmul512s"
  "aes=vaes512,ghash=vpclmul512k")
hush_add_test(NAME gcm SOURCES test_gcm.c LIBS OpenSSL::Crypto
  IMPLS ${HUSH_GCM_IMPLS} PARTS kat vectors diff api)
