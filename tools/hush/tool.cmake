# hush: the command-line tool (docs/CLI.md). Commands whose primitives are
# not in this build are left out; the man page and the bash completion are
# installed with it.
set(_cli ${HUSH_FRAGMENT_DIR})
set(_cli_sources ${_cli}/main.c ${_cli}/cli_io.c ${_cli}/cli_output.c
    ${_cli}/cli_signal.c ${_cli}/cli_progress.c ${_cli}/cli_pipe.c
    ${_cli}/cmd_info.c ${_cli}/cmd_tools.c)
set(_cli_defs)
set(_cli_age_sources ${_cli}/codec.c ${_cli}/age_io.c ${_cli}/age_header.c
    ${_cli}/age_keys.c ${_cli}/age_stanza.c ${_cli}/age_payload.c
    ${_cli}/cli_passphrase.c ${_cli}/cmd_age.c)
if(sha256 IN_LIST HUSH_PRIMITIVES)
  list(APPEND _cli_sources ${_cli}/cmd_hash.c)
  list(APPEND _cli_defs HUSH_HAVE_SHA256=1)
  # age needs SHA-256 (HKDF, HMAC), X25519, scrypt and ChaCha20-Poly1305
  if(x25519 IN_LIST HUSH_PRIMITIVES AND scrypt IN_LIST HUSH_PRIMITIVES
     AND chacha20poly1305 IN_LIST HUSH_AEADS)
    list(APPEND _cli_sources ${_cli_age_sources})
    list(APPEND _cli_defs HUSH_HAVE_AGE=1)
  endif()
endif()
if(ascon IN_LIST HUSH_PRIMITIVES)
  list(APPEND _cli_defs HUSH_HAVE_ASCON=1)
endif()
if(x25519 IN_LIST HUSH_PRIMITIVES)
  list(APPEND _cli_sources ${_cli}/cmd_x25519.c)
  list(APPEND _cli_defs HUSH_HAVE_X25519=1)
endif()
find_package(Threads REQUIRED)
add_executable(hush-cli ${_cli_sources})
target_compile_definitions(hush-cli PRIVATE ${_cli_defs})
target_link_libraries(hush-cli PRIVATE hush_static Threads::Threads)
set_target_properties(hush-cli PROPERTIES OUTPUT_NAME hush
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
install(TARGETS hush-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${_cli}/hush.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_cli}/hush.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME hush)
