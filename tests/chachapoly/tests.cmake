# ChaCha20-Poly1305 and XChaCha20-Poly1305 (src/chachapoly): every vector,
# the generic AEAD body against libsodium (tests/aead/aead_generic.h) and
# the API, once per pairing of the ChaCha20 and Poly1305 implementations
# the AEADs run on (diff.chachapoly.avx2+ifma: chacha20, then poly1305),
# with the default chachapoly row (the stitched avx2 loop where it applies)
# and again with each other chachapoly row forced (diff.chachapoly.
# avx2+avx2+portable: the two-pass code on the same pair).
hush_tier_pairs(_chachapoly_pairs chacha20 poly1305)
set(_chachapoly_specs ${_chachapoly_pairs})
set(_chachapoly_rows ${HUSH_TIERS_chachapoly})
list(POP_FRONT _chachapoly_rows)
foreach(row IN LISTS _chachapoly_rows)
  foreach(pair IN LISTS _chachapoly_pairs)
    list(APPEND _chachapoly_specs "${pair},chachapoly=${row}")
  endforeach()
endforeach()
hush_add_test(NAME chachapoly SOURCES test_chachapoly.c
  ../aead/aead_generic.c LIBS PkgConfig::SODIUM
  IMPLS ${_chachapoly_specs} PARTS kat vectors diff api)
target_include_directories(test_chachapoly PRIVATE
                           ${PROJECT_SOURCE_DIR}/tests/aead)

# Constant time under valgrind (ctgrind method) for the tiers valgrind runs:
# ChaCha20, XChaCha20, Poly1305 and both AEADs' sealing. The plain runs
# (ct.chachapoly.*) check results; the valgrind runs (ctgrind.chachapoly.*)
# fail on any branch or index that depends on the key or message. Not
# under ASan (valgrind and ASan cannot share a process), hence nosanitize
# on those.
set(_ct_specs "chacha20=portable,poly1305=portable"
              "chacha20=avx2,poly1305=avx2"
              "chacha20=avx2,poly1305=avx2,chachapoly=portable")
hush_add_test(NAME chacha_ct KIND ct SOURCES test_chacha_ct.c
  LIBS PkgConfig::SODIUM IMPLS ${_ct_specs})
find_program(HUSH_VALGRIND valgrind)
if(HUSH_VALGRIND AND NOT HUSH_SANITIZE)
  foreach(spec IN LISTS _ct_specs)
    hush_tier_tag(tag "${spec}")
    add_test(NAME ctgrind.chachapoly.${tag}
      COMMAND ${HUSH_VALGRIND} -q --error-exitcode=99 --track-origins=yes
              $<TARGET_FILE:test_chacha_ct> --impl ${spec})
    set_tests_properties(ctgrind.chachapoly.${tag} PROPERTIES
      SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS nosanitize)
  endforeach()
endif()
