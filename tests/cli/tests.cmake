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
