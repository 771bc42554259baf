# End-to-end checks of the command-line tool, for the command groups built.
set(_groups)
if(sha256 IN_LIST HUSH_PRIMITIVES)
  list(APPEND _groups hash)
  if(HUSH_AEADS)
    list(APPEND _groups aead)
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
if(sha256 IN_LIST HUSH_PRIMITIVES AND HUSH_AEADS)
  add_test(NAME cli.long_output_path
           COMMAND ${HUSH_FRAGMENT_DIR}/check_long_output_path.sh
                   $<TARGET_FILE:hush-cli> ${PROJECT_BINARY_DIR}/cli-long-path)
endif()

hush_add_test(NAME cli_codec SOURCES test_cli_codec.c
  ../../tools/hush/codec.c LIBS OpenSSL::Crypto)
target_include_directories(test_cli_codec PRIVATE
  ${PROJECT_SOURCE_DIR}/tools/hush)
