# Secret poisoning under valgrind memcheck (ctgrind.c): the portable tier
# and every tier valgrind can run, each in its own ctest; the controls
# (memcmp and the table AES tier) must make memcheck report errors. The
# program links hush_ctgrind (cmake/HushCtgrind.cmake), the library built
# with HUSH_CTGRIND, in which the verdicts the library makes public are
# declassified where they are computed: no suppression file is needed.
if(HUSH_SANITIZE)
  return() # valgrind cannot run a sanitized program; no hush_ctgrind either
endif()
find_program(HUSH_VALGRIND valgrind)
if(NOT HUSH_VALGRIND OR NOT TARGET hush_ctgrind)
  message(WARNING "valgrind or valgrind/memcheck.h missing: the ctgrind tests "
                  "are not built (scripts/deps.sh test installs valgrind)")
  return()
endif()

add_executable(test_ctgrind ${HUSH_FRAGMENT_DIR}/ctgrind.c)
target_link_libraries(test_ctgrind PRIVATE hush_ctgrind)
# core/ct.h: the same HUSH_CT_SECRET / HUSH_CT_DECLASSIFY as the library
target_include_directories(test_ctgrind PRIVATE ${PROJECT_SOURCE_DIR}/src)
target_compile_definitions(test_ctgrind PRIVATE HUSH_CTGRIND=1)
# -gdwarf-4: as for hush_ctgrind (cmake/HushCtgrind.cmake)
target_compile_options(test_ctgrind PRIVATE -gdwarf-4)

set(HUSH_MEMCHECK ${HUSH_VALGRIND} --tool=memcheck -q --error-exitcode=1
    --track-origins=yes --expensive-definedness-checks=yes)
# The tiers: every tier of the build's list (hush_primitive(... TIERS ...)
# in src/*/sources.cmake) except those that need AVX-512 (vaes512,
# vpclmul512*, avx512, ifma) or VAES and VPCLMULQDQ on 256-bit registers
# (vaes256, vpclmul256), which valgrind cannot run (it hides VAES and
# VPCLMULQDQ from CPUID, so they could only ever be skipped), and the
# variable-time `table` control. Valgrind also hides SHA-NI and ADX from
# CPUID, so shani and mulx could only ever be skipped: they are left out
# here and covered by the timing test (hush-ct) and docs/CONSTANT_TIME.md
# instead.
set(HUSH_CTGRIND_TIERS)
foreach(p IN LISTS HUSH_PRIMITIVES)
  foreach(t IN LISTS HUSH_TIERS_${p})
    if(NOT t MATCHES "512|256|^(ifma|shani|mulx|table)$")
      list(APPEND HUSH_CTGRIND_TIERS ${t})
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES HUSH_CTGRIND_TIERS)
foreach(tier IN LISTS HUSH_CTGRIND_TIERS)
  add_test(NAME ctgrind.lib.${tier}
           COMMAND ${HUSH_MEMCHECK} $<TARGET_FILE:test_ctgrind> --tier ${tier})
  set_tests_properties(ctgrind.lib.${tier} PROPERTIES SKIP_RETURN_CODE 77
    TIMEOUT 300 LABELS nosanitize)
  # the openings in a ctest of their own, beside the rest, so that the two
  # halves run in parallel
  add_test(NAME ctgrind_open.lib.${tier}
           COMMAND ${HUSH_MEMCHECK}
                   $<TARGET_FILE:test_ctgrind> --tier ${tier} --part open)
  set_tests_properties(ctgrind_open.lib.${tier} PROPERTIES SKIP_RETURN_CODE 77
    TIMEOUT 300 LABELS nosanitize)
endforeach()

add_test(NAME control.ctgrind.memcmp
         COMMAND sh ${HUSH_FRAGMENT_DIR}/expect_errors.sh ${HUSH_VALGRIND}
                 $<TARGET_FILE:test_ctgrind> memcmp "Conditional jump or move")
set_tests_properties(control.ctgrind.memcmp PROPERTIES TIMEOUT 120
  LABELS nosanitize)
# a table lookup with a secret index: an address from an undefined value
add_test(NAME control.ctgrind.table
         COMMAND sh ${HUSH_FRAGMENT_DIR}/expect_errors.sh ${HUSH_VALGRIND}
                 $<TARGET_FILE:test_ctgrind> table "Use of uninitialised value of size")
set_tests_properties(control.ctgrind.table PROPERTIES TIMEOUT 120
  LABELS nosanitize)
