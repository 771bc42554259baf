# End-to-end checks of the command-line tool, every command group, its text
# encodings as a unit test, and interoperability with age.
add_test(NAME e2e.cli.default COMMAND ${HUSH_FRAGMENT_DIR}/check_cli.sh $<TARGET_FILE:hush-cli>
         ${PROJECT_BINARY_DIR}/cli-test hash age ascon x25519)
set_tests_properties(e2e.cli.default PROPERTIES TIMEOUT 300)

hush_add_test(NAME cli_codec KIND codec SOURCES test_cli_codec.c
  ../../tools/hush/codec.c LIBS OpenSSL::Crypto)
target_include_directories(test_cli_codec PRIVATE
  ${PROJECT_SOURCE_DIR}/tools/hush)

# issue 15, defect 7: a long output path never costs a file
add_test(NAME long_path.cli.default
         COMMAND ${HUSH_FRAGMENT_DIR}/check_long_output_path.sh
                 $<TARGET_FILE:hush-cli> ${PROJECT_BINARY_DIR}/cli-long-path)
# both directions against Debian's age (scripts/deps.sh installs it)
add_test(NAME age.cli.default
         COMMAND ${HUSH_FRAGMENT_DIR}/check_age_interop.sh
                 $<TARGET_FILE:hush-cli> ${PROJECT_BINARY_DIR}/cli-age)
set_tests_properties(age.cli.default PROPERTIES TIMEOUT 400)

# the age header parser on unknown stanzas of any number of arguments
set(_cli_dir ${PROJECT_SOURCE_DIR}/tools/hush)
hush_add_test(NAME cli_age KIND header SOURCES test_cli_age.c
  ../../tools/hush/age_io.c ../../tools/hush/age_header.c
  ../../tools/hush/age_keys.c ../../tools/hush/age_stanza.c
  ../../tools/hush/age_payload.c ../../tools/hush/codec.c
  ../../tools/hush/cli_pipe.c ../../tools/hush/cli_io.c
  ../../tools/hush/cli_output.c ../../tools/hush/cli_signal.c
  ../../tools/hush/cli_progress.c
  LIBS Threads::Threads TIMEOUT 60)
target_include_directories(test_cli_age PRIVATE ${_cli_dir})

# the Bech32 encoder writes identities, the hex printer shared secrets: no
# branch or index on them, checked under valgrind (run natively too, where
# the marks do nothing)
hush_add_test(NAME cli_codec_ct KIND ct SOURCES test_cli_codec_ct.c
  ../../tools/hush/codec.c ../../tools/hush/cli_io.c
  ../../tools/hush/cli_output.c ../../tools/hush/cli_signal.c)
target_include_directories(test_cli_codec_ct PRIVATE ${_cli_dir})
find_program(HUSH_VALGRIND valgrind)
if(HUSH_VALGRIND)
  add_test(NAME ctgrind.cli.codec
           COMMAND ${HUSH_VALGRIND} -q --error-exitcode=99
                   $<TARGET_FILE:test_cli_codec_ct>)
  set_tests_properties(ctgrind.cli.codec PROPERTIES TIMEOUT 120
                       LABELS nosanitize)
endif()
