# hush-ct: the dudect-style timing-leak test (docs/CONSTANT_TIME.md).
# One case file per src/ folder; cases_core.c also holds hush_secret_equal,
# whose cases share hush_ct_equal's input classes.
set(HUSH_CT_SOURCES ct_main.c ct_measure.c cases_core.c cases_aead.c
    cases_aes.c cases_gcm.c cases_ghash.c cases_chacha20.c cases_poly1305.c
    cases_sha256.c cases_hmac.c cases_pwhash.c cases_ascon.c cases_x25519.c)
list(TRANSFORM HUSH_CT_SOURCES PREPEND ${HUSH_FRAGMENT_DIR}/)
add_executable(hush-ct ${HUSH_CT_SOURCES})
target_link_libraries(hush-ct PRIVATE hush_static Threads::Threads m)
target_compile_definitions(hush-ct PRIVATE
  $<$<BOOL:${HUSH_X86_64}>:HUSH_X86_64=1>)
# cases_ghash.c uses the internal GHASH table (GHASH has no public API)
target_include_directories(hush-ct PRIVATE ${PROJECT_SOURCE_DIR}/src)
set_target_properties(hush-ct PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
