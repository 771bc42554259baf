# Every vector and the differential tests, once per combination of the
# ChaCha20 and Poly1305 implementations (the AEADs use both).
hush_add_test(NAME chacha SOURCES test_chacha.c
  LIBS PkgConfig::SODIUM
  IMPLS "chacha20=portable,poly1305=portable"
        "chacha20=avx2,poly1305=portable"
        "chacha20=avx512,poly1305=portable"
        "chacha20=portable,poly1305=avx512"
        "chacha20=avx2,poly1305=avx512"
        "chacha20=avx512,poly1305=avx512"
        "chacha20=portable,poly1305=avx512f"
        "chacha20=avx512,poly1305=avx512f"
        "chacha20=portable,poly1305=avx2"
        "chacha20=avx2,poly1305=avx2")

# A timing program for development (not a test): see its header.
add_executable(perf_chacha ${HUSH_FRAGMENT_DIR}/perf_chacha.c)
target_link_libraries(perf_chacha PRIVATE hush_static OpenSSL::Crypto
                      PkgConfig::SODIUM)
