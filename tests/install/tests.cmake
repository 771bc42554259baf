add_test(NAME install.lib.default
  COMMAND ${HUSH_FRAGMENT_DIR}/check_install.sh ${PROJECT_BINARY_DIR}
          ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR}/install-test
          ${CMAKE_C_COMPILER})
# an outside program cannot link a sanitizer-instrumented library
set_tests_properties(install.lib.default PROPERTIES TIMEOUT 300 LABELS nosanitize)
