# hush-bench: the benchmark matrix (`make bench`). Included by the top-level
# CMakeLists.txt when HUSH_BUILD_TOOLS is ON. Every primitive is always in
# the build, so every area file is compiled. Peers are optional: the
# benchmark builds and runs without them and names the missing ones.

set(_bench_dir ${HUSH_FRAGMENT_DIR})
set(_bench_sources
  bench_main.c bench_registry.c bench_run.c bench_output.c bench_timer.c
  bench_alloc.c bench_peers.c bench_openssl.c bench_callgrind.c bench_aead.c bench_ceiling.c
  bench_secret.c bench_sha256.c bench_hmac.c bench_chacha20.c
  bench_poly1305.c bench_chachapoly.c bench_aes.c bench_gcm.c bench_ascon.c
  bench_x25519.c bench_pwhash.c bench_vaes_bound.c)
list(TRANSFORM _bench_sources PREPEND ${_bench_dir}/)

add_executable(hush-bench ${_bench_sources})
target_link_libraries(hush-bench PRIVATE hush_static Threads::Threads m
                      ${CMAKE_DL_LIBS})
# the README promises build/hush-bench, whatever the directory of this file
set_target_properties(hush-bench PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
# The interposed allocator (bench_alloc.c) must be exported from the
# executable (-rdynamic) so the peers' shared libraries bind to it too, not
# to libc's. Sanitizer builds own malloc; there it counts through hooks.
if(NOT HUSH_SANITIZE)
  set_target_properties(hush-bench PROPERTIES ENABLE_EXPORTS ON)
endif()
if(EXISTS /usr/include/valgrind/callgrind.h)
  target_compile_definitions(hush-bench PRIVATE HUSH_BENCH_HAVE_CALLGRIND_H=1)
endif()

# The commit the tables come from (docs/BENCHMARKS.md, bench.json).
# -DHUSH_BENCH_SOURCE="..." names the source when it is no single commit.
set(_bench_git "unknown commit")
find_package(Git QUIET)
if(HUSH_BENCH_SOURCE)
  set(_bench_git "${HUSH_BENCH_SOURCE}")
elseif(Git_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty
                  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                  OUTPUT_VARIABLE _bench_describe OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET RESULT_VARIABLE _bench_git_rc)
  if(_bench_git_rc EQUAL 0 AND _bench_describe)
    set(_bench_git "commit ${_bench_describe}")
  endif()
endif()
target_compile_definitions(hush-bench PRIVATE HUSH_BENCH_GIT="${_bench_git}")

# ---- peers, each optional ----
set(_bench_missing)
find_package(OpenSSL 3.0 QUIET)
if(OpenSSL_FOUND)
  target_link_libraries(hush-bench PRIVATE OpenSSL::Crypto)
  target_compile_definitions(hush-bench PRIVATE HUSH_BENCH_HAVE_OPENSSL=1)
else()
  list(APPEND _bench_missing "OpenSSL 3 (libssl-dev)")
endif()
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(HUSH_BENCH_SODIUM QUIET IMPORTED_TARGET libsodium)
  pkg_check_modules(HUSH_BENCH_GCRYPT QUIET IMPORTED_TARGET libgcrypt)
endif()
if(HUSH_BENCH_SODIUM_FOUND)
  target_link_libraries(hush-bench PRIVATE PkgConfig::HUSH_BENCH_SODIUM)
  target_compile_definitions(hush-bench PRIVATE HUSH_BENCH_HAVE_SODIUM=1)
else()
  list(APPEND _bench_missing "libsodium (libsodium-dev)")
endif()
if(HUSH_BENCH_GCRYPT_FOUND)
  target_link_libraries(hush-bench PRIVATE PkgConfig::HUSH_BENCH_GCRYPT)
  target_compile_definitions(hush-bench PRIVATE HUSH_BENCH_HAVE_GCRYPT=1)
else()
  list(APPEND _bench_missing "libgcrypt (libgcrypt20-dev)")
endif()
if(_bench_missing)
  message(STATUS "hush-bench: peers missing, their rows are skipped: ${_bench_missing}")
endif()
