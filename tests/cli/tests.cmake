# End-to-end checks of the command-line tool, for the command groups built,
# its text encodings as a unit test, and interoperability with age.
set(_groups)
if(sha256 IN_LIST HUSH_PRIMITIVES)
  list(APPEND _groups hash)
  if(x25519 IN_LIST HUSH_PRIMITIVES AND scrypt IN_LIST HUSH_PRIMITIVES
     AND chacha20poly1305 IN_LIST HUSH_AEADS)
    list(APPEND _groups age)
  endif()
endif()
if(ascon IN_LIST HUSH_PRIMITIVES)
  list(APPEND _groups ascon)
endif()
if(x25519 IN_LIST HUSH_PRIMITIVES)
  list(APPEND _groups x25519)
endif()
add_test(NAME cli COMMAND ${HUSH_FRAGMENT_DIR}/check_cli.sh $<TARGET_FILE:hush-cli>
         ${PROJECT_BINARY_DIR}/cli-test ${_groups})
set_tests_properties(cli PROPERTIES TIMEOUT 300)

hush_add_test(NAME cli_codec SOURCES test_cli_codec.c
  ../../tools/hush/codec.c LIBS OpenSSL::Crypto)
target_include_directories(test_cli_codec PRIVATE
  ${PROJECT_SOURCE_DIR}/tools/hush)

if(age IN_LIST _groups)
  # issue 15, defect 7: a long output path never costs a file
  add_test(NAME cli.long_output_path
           COMMAND ${HUSH_FRAGMENT_DIR}/check_long_output_path.sh
                   $<TARGET_FILE:hush-cli> ${PROJECT_BINARY_DIR}/cli-long-path)
  # both directions against Debian's age (scripts/deps.sh installs it)
  add_test(NAME cli.age_interop
           COMMAND ${HUSH_FRAGMENT_DIR}/check_age_interop.sh
                   $<TARGET_FILE:hush-cli> ${PROJECT_BINARY_DIR}/cli-age)
  set_tests_properties(cli.age_interop PROPERTIES TIMEOUT 400)
endif()
