# hush: the command-line tool (docs/CLI.md); the man page and the bash
# completion are installed with it.
set(_cli ${HUSH_FRAGMENT_DIR})
set(_cli_sources ${_cli}/main.c ${_cli}/cli_io.c ${_cli}/cli_output.c
    ${_cli}/cli_signal.c ${_cli}/cli_progress.c ${_cli}/cli_pipe.c
    ${_cli}/cmd_info.c ${_cli}/cmd_tools.c ${_cli}/cmd_hash.c
    ${_cli}/cmd_x25519.c ${_cli}/codec.c ${_cli}/age_io.c
    ${_cli}/age_header.c ${_cli}/age_keys.c ${_cli}/age_stanza.c
    ${_cli}/age_payload.c ${_cli}/cli_passphrase.c ${_cli}/cmd_age.c)
find_package(Threads REQUIRED)
add_executable(hush-cli ${_cli_sources})
target_link_libraries(hush-cli PRIVATE hush_static Threads::Threads)
set_target_properties(hush-cli PROPERTIES OUTPUT_NAME hush
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
install(TARGETS hush-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${_cli}/hush.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_cli}/hush.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME hush)
