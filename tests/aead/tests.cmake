# The streaming AEAD (include/hush/aead_stream.h): equal to the one-shot
# functions and to OpenSSL/libsodium at random split points, once per
# implementation pairing of the primitives each algorithm runs on, so a
# failure names its tiers (stream_gcm.aes.aesni+ghash.pclmul); and the
# contract (state machine, errors, limits, wiping) once.
foreach(a portable table aesni vaes512)
  foreach(g portable pclmul vpclmul512)
    list(APPEND HUSH_STREAM_GCM_IMPLS "aes=${a},ghash=${g}")
  endforeach()
endforeach()
# both schedules of the fused vaes512 tier's whole-block step
list(APPEND HUSH_STREAM_GCM_IMPLS "aes=vaes512,ghash=vpclmul512s"
  "aes=vaes512,ghash=vpclmul512k")
hush_add_test(NAME stream_gcm SOURCES test_stream_gcm.c stream_util.c
  LIBS OpenSSL::Crypto IMPLS ${HUSH_STREAM_GCM_IMPLS})
foreach(c portable avx2 avx512)
  foreach(p portable avx2 avx512 ifma)
    list(APPEND HUSH_STREAM_CHACHA_IMPLS "chacha20=${c},poly1305=${p}")
  endforeach()
endforeach()
hush_add_test(NAME stream_chachapoly SOURCES test_stream_chachapoly.c
  stream_util.c LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS ${HUSH_STREAM_CHACHA_IMPLS})
set(HUSH_STREAM_ASCON_IMPLS ascon=portable)
if(HUSH_X86_64)
  list(APPEND HUSH_STREAM_ASCON_IMPLS ascon=bmi2)
endif()
hush_add_test(NAME stream_ascon SOURCES test_stream_ascon.c stream_util.c
  IMPLS ${HUSH_STREAM_ASCON_IMPLS})
hush_add_test(NAME stream_api SOURCES test_stream_api.c stream_util.c)

# The generic AEAD layer's argument checks, for every algorithm and form.
# impossible lengths (near SIZE_MAX, limit + 1, wrapping buffers)
hush_add_test(NAME aead_limits SOURCES test_aead_limits.c TIMEOUT 120)
# every buffer at every offset around the others: refused or exact
hush_add_test(NAME aead_layouts SOURCES test_aead_layouts.c TIMEOUT 600)
