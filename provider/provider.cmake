# hush.so, the OpenSSL 3 provider (docs/OPENSSL.md). Built whenever the
# OpenSSL 3 development headers are found (libssl-dev); installed to
# <libdir>/ossl-modules/hush.so with <prefix>/share/hush/openssl-hush.cnf,
# a configuration that loads it, written at install time so that it names
# the module where it was installed. The build tree gets its own
# configuration, naming the module in the build tree, for the tests.

find_package(OpenSSL 3.0 QUIET)
if(NOT OpenSSL_FOUND)
  message(STATUS "hush-provider: OpenSSL 3 headers not found (libssl-dev), "
                 "the provider is not built")
  return()
endif()

set(_prov_dir ${PROJECT_SOURCE_DIR}/provider)
add_library(hush-provider MODULE
  ${_prov_dir}/prov_main.c ${_prov_dir}/prov_cipher.c ${_prov_dir}/prov_tls.c
  ${_prov_dir}/prov_digest.c ${_prov_dir}/prov_x25519.c)
# The public hush API only, from the static library (hidden symbols): the
# module is self-contained and exports nothing but OSSL_provider_init.
# libcrypto is linked for the OSSL_PARAM helpers; in a process it is the
# libcrypto.so.3 already loaded, whichever 3.x that is.
target_link_libraries(hush-provider PRIVATE hush_static OpenSSL::Crypto
                      Threads::Threads)
target_link_options(hush-provider PRIVATE
  -Wl,--version-script=${_prov_dir}/hush-provider.map -Wl,--no-undefined
  -Wl,-z,now -Wl,-z,relro)
set_target_properties(hush-provider PROPERTIES
  OUTPUT_NAME hush PREFIX "" SUFFIX ".so"
  LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/provider
  LINK_DEPENDS ${_prov_dir}/hush-provider.map)

# the build tree's configuration, for the tests and for trying it out
set(HUSH_PROVIDER_MODULE $<TARGET_FILE:hush-provider>)
set(HUSH_CNF_PATH ${PROJECT_BINARY_DIR}/provider/openssl-hush.cnf)
set(HUSH_CNF_WRITTEN_BY "configure, for the build tree")
configure_file(${_prov_dir}/openssl-hush.cnf.in
  ${PROJECT_BINARY_DIR}/provider/openssl-hush.cnf.gen @ONLY)
file(GENERATE OUTPUT ${HUSH_CNF_PATH}
  INPUT ${PROJECT_BINARY_DIR}/provider/openssl-hush.cnf.gen)

# install: the module, then the configuration naming it where it landed
# (the prefix is the one given at install time; DESTDIR is not part of it)
install(TARGETS hush-provider
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/ossl-modules)
install(CODE "
  set(_libdir \"${CMAKE_INSTALL_LIBDIR}\")
  set(_datadir \"${CMAKE_INSTALL_DATADIR}\")
  if(NOT IS_ABSOLUTE \"\${_libdir}\")
    set(_libdir \"\${CMAKE_INSTALL_PREFIX}/\${_libdir}\")
  endif()
  if(NOT IS_ABSOLUTE \"\${_datadir}\")
    set(_datadir \"\${CMAKE_INSTALL_PREFIX}/\${_datadir}\")
  endif()
  set(HUSH_PROVIDER_MODULE \"\${_libdir}/ossl-modules/hush.so\")
  set(HUSH_CNF_PATH \"\${_datadir}/hush/openssl-hush.cnf\")
  set(HUSH_CNF_WRITTEN_BY \"cmake --install\")
  configure_file(\"${_prov_dir}/openssl-hush.cnf.in\"
                 \"\$ENV{DESTDIR}\${HUSH_CNF_PATH}\" @ONLY)
  message(STATUS \"Installing: \$ENV{DESTDIR}\${HUSH_CNF_PATH}\")
")

# tls_pair.c, the in-process TLS client/server pair, is compiled into
# hush-provider-bench and tests/provider/test_provider_tls.c alike (into a
# test built against another OpenSSL, with that OpenSSL's headers).
function(hush_use_tls_pair target)
  target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/provider/tls_pair.c)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/provider)
endfunction()

# hush-provider-bench (make bench): hush.so against the default provider,
# EVP ciphers, TLS 1.3 handshakes and bulk transfer, interleaved in one run.
if(HUSH_BUILD_TOOLS AND TARGET OpenSSL::SSL)
  add_executable(hush-provider-bench ${_prov_dir}/bench_provider.c)
  hush_use_tls_pair(hush-provider-bench)
  target_link_libraries(hush-provider-bench PRIVATE OpenSSL::SSL
                        OpenSSL::Crypto)
  target_compile_definitions(hush-provider-bench PRIVATE
    HUSH_PROVIDER_DIR="${PROJECT_BINARY_DIR}/provider")
  add_dependencies(hush-provider-bench hush-provider)
  set_target_properties(hush-provider-bench PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
endif()
