# Fuzz targets (tests/fuzz/README.md). Each target is one program:
#
# - in a HUSH_FUZZ build (make fuzz: clang, -fsanitize=fuzzer,address,
#   undefined, its own build directory) libFuzzer drives it;
# - in every other build fuzz_replay.c drives it, and the ctest
#   fuzz.<target>.all runs every seed the target generates through it, so the
#   targets build with gcc and clang alike and their checks hold on the
#   seeds in `make test` and `make sanitize`.
#
#   hush_add_fuzz(NAME aead_open SOURCES fuzz_aead_open.c [LIBS ...]
#                 [MODEL]              # links the Ascon model
#                 [EXTRA file.c ...]   # sources from elsewhere (paths)
#                 [INCLUDE dir ...]
#                 [FLAGS -max_len=N ...])  # libFuzzer flags of its runs

set(HUSH_FUZZ_TARGETS)
set(HUSH_FUZZ_LINES "")

function(hush_add_fuzz)
  cmake_parse_arguments(F "MODEL" "NAME" "SOURCES;EXTRA;INCLUDE;LIBS;FLAGS"
                        ${ARGN})
  set(exe fuzz_${F_NAME})
  list(TRANSFORM F_SOURCES PREPEND ${HUSH_FRAGMENT_DIR}/)
  list(APPEND F_SOURCES ${F_EXTRA})
  if(F_MODEL)
    list(APPEND F_SOURCES ${_model})
  endif()
  if(HUSH_FUZZ)
    add_executable(${exe} ${F_SOURCES} ${HUSH_FRAGMENT_DIR}/fuzz_common.c)
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
  else()
    add_executable(${exe} ${F_SOURCES} ${HUSH_FRAGMENT_DIR}/fuzz_common.c
                   ${HUSH_FRAGMENT_DIR}/fuzz_replay.c)
    add_test(NAME fuzz.${F_NAME}.all COMMAND ${exe})
    set_tests_properties(fuzz.${F_NAME}.all PROPERTIES TIMEOUT 300)
  endif()
  target_include_directories(${exe} PRIVATE ${HUSH_FRAGMENT_DIR}
                             ${PROJECT_SOURCE_DIR}/tests/ascon ${F_INCLUDE})
  target_link_libraries(${exe} PRIVATE hush_static ${F_LIBS})
  # one line per target for run.sh: the name, then its libFuzzer flags
  string(JOIN " " _line ${F_NAME} ${F_FLAGS})
  set(HUSH_FUZZ_TARGETS ${HUSH_FUZZ_TARGETS} ${F_NAME} PARENT_SCOPE)
  set(HUSH_FUZZ_LINES "${HUSH_FUZZ_LINES}${_line}\n" PARENT_SCOPE)
endfunction()

# the project's own SP 800-232 model, the reference for Ascon
set(_model ${PROJECT_SOURCE_DIR}/tests/ascon/ascon_model.c)
set(_peers OpenSSL::Crypto PkgConfig::SODIUM)

hush_add_fuzz(NAME aead_open SOURCES fuzz_aead_open.c)
hush_add_fuzz(NAME aead_peer SOURCES fuzz_aead_peer.c LIBS ${_peers}
              MODEL)
hush_add_fuzz(NAME split_sha256 SOURCES fuzz_split_sha256.c
              LIBS OpenSSL::Crypto)
hush_add_fuzz(NAME split_ascon SOURCES fuzz_split_ascon.c MODEL)
hush_add_fuzz(NAME split_poly1305 SOURCES fuzz_split_poly1305.c
              LIBS PkgConfig::SODIUM)
hush_add_fuzz(NAME x25519 SOURCES fuzz_x25519.c LIBS ${_peers})
hush_add_fuzz(NAME secret_ops SOURCES fuzz_secret_ops.c)
# the CLI's age parser (tools/hush/age_*.c), called as a function
set(_cli ${PROJECT_SOURCE_DIR}/tools/hush)
hush_add_fuzz(NAME cli_file SOURCES fuzz_cli_file.c
              EXTRA ${_cli}/age_io.c ${_cli}/age_header.c ${_cli}/age_keys.c
                    ${_cli}/age_stanza.c ${_cli}/age_payload.c
                    ${_cli}/codec.c ${_cli}/cli_pipe.c ${_cli}/cli_io.c
                    ${_cli}/cli_output.c ${_cli}/cli_signal.c
                    ${_cli}/cli_progress.c
              INCLUDE ${_cli} LIBS Threads::Threads
              FLAGS -max_len=200000)

if(HUSH_FUZZ)
  # `make fuzz` builds this target, then tests/fuzz/run.sh runs each one
  list(TRANSFORM HUSH_FUZZ_TARGETS PREPEND fuzz_ OUTPUT_VARIABLE _exes)
  add_custom_target(fuzz-targets DEPENDS ${_exes})
  file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/fuzz-targets.txt
       CONTENT "${HUSH_FUZZ_LINES}")
endif()
