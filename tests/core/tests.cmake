hush_add_test(NAME core SOURCES test_core.c)
# test_dispatch checks the build's tier lists against the registry rows
set(_dispatch_env "HUSH_TEST_PRIMITIVES=${HUSH_PRIMITIVES}")
string(REPLACE ";" " " _dispatch_env "${_dispatch_env}")
foreach(p IN LISTS HUSH_PRIMITIVES)
  string(REPLACE ";" " " _tiers "${HUSH_TIERS_${p}}")
  list(APPEND _dispatch_env "HUSH_TEST_TIERS_${p}=${_tiers}")
endforeach()
hush_add_test(NAME dispatch SOURCES test_dispatch.c ENV ${_dispatch_env})
hush_add_test(NAME dispatch_env_portable SOURCES test_dispatch.c
  ENV "HUSH_IMPL=portable;HUSH_TEST_EXPECT_ALL=portable" ${_dispatch_env})
# getrandom(2) failing, by a seccomp filter in forked children
hush_add_test(NAME random_failure SOURCES test_random_failure.c TIMEOUT 120)
# misuse of the functions that return nothing: reported, never silent
hush_add_test(NAME misuse SOURCES test_misuse.c TIMEOUT 120)
