# Dispatch (src/cpu): the registry, forcing, HUSH_IMPL.
# test_dispatch checks the build's tier lists against the registry rows
set(_dispatch_env "HUSH_TEST_PRIMITIVES=${HUSH_PRIMITIVES}")
string(REPLACE ";" " " _dispatch_env "${_dispatch_env}")
foreach(p IN LISTS HUSH_PRIMITIVES)
  string(REPLACE ";" " " _tiers "${HUSH_TIERS_${p}}")
  list(APPEND _dispatch_env "HUSH_TEST_TIERS_${p}=${_tiers}")
endforeach()
hush_add_test(NAME dispatch KIND dispatch TIER all SOURCES test_dispatch.c
  ENV ${_dispatch_env})
hush_add_test(NAME dispatch_env_portable KIND dispatch TIER portable
  SOURCES test_dispatch.c
  ENV "HUSH_IMPL=portable;HUSH_TEST_EXPECT_ALL=portable" ${_dispatch_env})
