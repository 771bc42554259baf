# hush.so, the OpenSSL provider (provider/, docs/OPENSSL.md): EVP against
# the default provider, TLS through libssl in process, and interop with
# Debian's openssl, nginx and curl over loopback. Each also runs with
# HUSH_PROVIDER_FAIL=1, where every hush operation must fail: passing both
# ways shows hush really served. The provider is a module with its own copy
# of the library, so its tiers are chosen with HUSH_IMPL in the environment
# (the portable and the SSE/AVX2 sets beside the default).
if(NOT TARGET hush-provider)
  return()
endif()
set(_prov_build ${PROJECT_BINARY_DIR}/provider)
set(_prov_sse "HUSH_IMPL=aes=aesni,ghash=pclmul,chacha20=avx2,poly1305=avx2,sha256=portable,x25519=mulx")

hush_add_test(NAME provider_evp KIND evp SOURCES test_provider_evp.c prov_test.c
  LIBS OpenSSL::Crypto PkgConfig::SODIUM)
target_compile_definitions(test_provider_evp PRIVATE
  HUSH_PROVIDER_DIR="${_prov_build}")
add_dependencies(test_provider_evp hush-provider)
foreach(_v "forcefail;HUSH_PROVIDER_FAIL=1" "portable;HUSH_IMPL=portable"
           "sse_avx2;${_prov_sse}")
  list(GET _v 0 _name)
  list(GET _v 1 _env)
  add_test(NAME evp.provider.${_name} COMMAND test_provider_evp)
  set_tests_properties(evp.provider.${_name} PROPERTIES TIMEOUT 300
    SKIP_RETURN_CODE 77 ENVIRONMENT "${_env}")
endforeach()

# TLS 1.3 and 1.2 through libssl in process, hush loaded by the build
# tree's openssl-hush.cnf (OPENSSL_CONF) into the default library context.
set(_prov_cnf "OPENSSL_CONF=${_prov_build}/openssl-hush.cnf")
hush_add_test(NAME provider_tls KIND tls SOURCES test_provider_tls.c prov_test.c
  LIBS OpenSSL::SSL OpenSSL::Crypto ENV "${_prov_cnf}")
hush_use_tls_pair(test_provider_tls)
target_compile_definitions(test_provider_tls PRIVATE
  HUSH_PROVIDER_DIR="${_prov_build}")
add_dependencies(test_provider_tls hush-provider)
foreach(_v "forcefail;HUSH_PROVIDER_FAIL=1" "portable;HUSH_IMPL=portable"
           "sse_avx2;${_prov_sse}")
  list(GET _v 0 _name)
  list(GET _v 1 _env)
  add_test(NAME tls.provider.${_name} COMMAND test_provider_tls)
  set_tests_properties(tls.provider.${_name} PROPERTIES TIMEOUT 300
    SKIP_RETURN_CODE 77 ENVIRONMENT "${_prov_cnf};${_env}")
endforeach()

# Interop over loopback with Debian's openssl (s_server/s_client), nginx
# and curl (scripts/deps.sh installs them for make test). Without nginx or
# curl the nginx part is left out and the test says so in its name.
add_executable(hush-netwait ${HUSH_FRAGMENT_DIR}/netwait.c)
find_program(HUSH_OPENSSL_CLI openssl)
find_program(HUSH_NGINX nginx PATHS /usr/sbin /sbin)
find_program(HUSH_CURL curl)
if(HUSH_OPENSSL_CLI)
  set(_interop_parts)
  if(HUSH_NGINX AND HUSH_CURL)
    set(_interop_parts nginx)
  else()
    message(STATUS "provider interop: nginx or curl missing, "
                   "their part is not run")
  endif()
  foreach(_v "default;" "forcefail;HUSH_PROVIDER_FAIL=1")
    list(GET _v 0 _name)
    list(GET _v 1 _env)
    add_test(NAME interop.provider.${_name}
      COMMAND ${HUSH_FRAGMENT_DIR}/check_interop.sh
              ${_prov_build}/openssl-hush.cnf $<TARGET_FILE:hush-netwait>
              ${CMAKE_CURRENT_BINARY_DIR}/interop-${_name} ${_interop_parts})
    # serial: servers, ports and timing-sensitive waits; not under the
    # sanitizers, whose module Debian's uninstrumented programs cannot load
    set_tests_properties(interop.provider.${_name} PROPERTIES TIMEOUT 300
      RUN_SERIAL TRUE LABELS nosanitize
      ENVIRONMENT "PATH=/usr/sbin:/sbin:$ENV{PATH};${_env}")
  endforeach()
endif()

# The installed module and the configuration written at install time.
if(HUSH_OPENSSL_CLI)
  add_test(NAME install.provider.default
    COMMAND ${HUSH_FRAGMENT_DIR}/check_install.sh ${PROJECT_BINARY_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/provider-install)
  # the module under the sanitizers cannot be loaded by Debian's openssl
  set_tests_properties(install.provider.default PROPERTIES TIMEOUT 120
    LABELS nosanitize)
endif()

# The same EVP and TLS tests built against another OpenSSL 3.x (the newest,
# e.g. Debian sid's, built by `make bench` for its peer rows or by hand):
# HUSH_PROVIDER_OTHER_OPENSSL names its install prefix (bin/openssl,
# include/, lib/ or lib64/ with libcrypto.so.3 and libssl.so.3). The module
# is the same hush.so: in those processes it binds to that libcrypto.
set(HUSH_PROVIDER_OTHER_OPENSSL "" CACHE PATH
    "Prefix of another OpenSSL 3.x to load hush.so into in the tests")
if(HUSH_PROVIDER_OTHER_OPENSSL)
  set(_o ${HUSH_PROVIDER_OTHER_OPENSSL})
  find_library(_o_crypto crypto PATHS ${_o}/lib64 ${_o}/lib NO_DEFAULT_PATH)
  find_library(_o_ssl ssl PATHS ${_o}/lib64 ${_o}/lib NO_DEFAULT_PATH)
  if(_o_crypto AND _o_ssl AND EXISTS ${_o}/include/openssl/opensslv.h)
    get_filename_component(_o_libdir ${_o_crypto} DIRECTORY)
    foreach(_t evp tls)
      set(_exe test_provider_${_t}_other)
      add_executable(${_exe} ${HUSH_FRAGMENT_DIR}/test_provider_${_t}.c
                     ${HUSH_FRAGMENT_DIR}/prov_test.c)
      if(_t STREQUAL tls)
        hush_use_tls_pair(${_exe})
      endif()
      target_include_directories(${_exe} BEFORE PRIVATE ${_o}/include)
      target_link_libraries(${_exe} PRIVATE hush_test_harness ${_o_ssl}
                            ${_o_crypto} PkgConfig::SODIUM)
      target_compile_definitions(${_exe} PRIVATE
        HUSH_PROVIDER_DIR="${_prov_build}")
      set_target_properties(${_exe} PROPERTIES BUILD_RPATH ${_o_libdir})
      add_dependencies(${_exe} hush-provider)
      foreach(_v "default;" "forcefail;HUSH_PROVIDER_FAIL=1")
        list(GET _v 0 _name)
        list(GET _v 1 _env)
        add_test(NAME ${_t}_other.provider.${_name} COMMAND ${_exe})
        set_tests_properties(${_t}_other.provider.${_name} PROPERTIES
          TIMEOUT 300 SKIP_RETURN_CODE 77
          ENVIRONMENT "${_prov_cnf};${_env}")
      endforeach()
    endforeach()
    # that openssl's own list of providers, with the hush configuration
    add_test(NAME list_other.provider.default
      COMMAND sh -c "LD_LIBRARY_PATH='${_o_libdir}' OPENSSL_CONF='${_prov_build}/openssl-hush.cnf' '${_o}/bin/openssl' list -providers -verbose | tee /dev/stderr | grep -A3 '^  hush' | grep -q 'status: active' && LD_LIBRARY_PATH='${_o_libdir}' '${_o}/bin/openssl' version")
    set_tests_properties(list_other.provider.default PROPERTIES TIMEOUT 60)
  else()
    message(WARNING "HUSH_PROVIDER_OTHER_OPENSSL=${_o}: no libssl/libcrypto "
                    "and headers there; the tests against it are not built")
  endif()
endif()
