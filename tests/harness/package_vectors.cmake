# Finds the data of Debian's python3-cryptography-vectors (pyca's
# cryptography_vectors Python package) and sets HUSH_PACKAGE_VECTORS_DIR.
# Asked of dpkg first, then of each python3 on the PATH and /usr/bin (a
# pyenv or virtualenv python3 does not see Debian's dist-packages).
set(HUSH_PACKAGE_VECTORS_DIR "" CACHE PATH
    "The cryptography_vectors directory of python3-cryptography-vectors")
set(_probe ciphers/AES/ECB/ECBGFSbox128.rsp)

if(NOT HUSH_PACKAGE_VECTORS_DIR)
  find_program(HUSH_DPKG_QUERY dpkg-query)
  if(HUSH_DPKG_QUERY)
    execute_process(COMMAND ${HUSH_DPKG_QUERY} -L python3-cryptography-vectors
                    OUTPUT_VARIABLE _files ERROR_QUIET RESULT_VARIABLE _rc)
    if(_rc EQUAL 0 AND _files MATCHES "([^\n]*/cryptography_vectors)/__init__\\.py")
      set(_dir ${CMAKE_MATCH_1})
    endif()
  endif()
  if(NOT _dir)
    find_program(_python3 NAMES python3)
    foreach(py ${_python3} /usr/bin/python3)
      if(EXISTS ${py} AND NOT _dir)
        execute_process(COMMAND ${py} -c
          "import cryptography_vectors, os; print(os.path.dirname(cryptography_vectors.__file__))"
          OUTPUT_VARIABLE _out OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
          RESULT_VARIABLE _rc)
        if(_rc EQUAL 0 AND EXISTS ${_out}/${_probe})
          set(_dir ${_out})
        endif()
      endif()
    endforeach()
    unset(_python3 CACHE)
  endif()
  if(_dir AND EXISTS ${_dir}/${_probe})
    set(HUSH_PACKAGE_VECTORS_DIR ${_dir} CACHE PATH
        "The cryptography_vectors directory of python3-cryptography-vectors"
        FORCE)
  endif()
endif()

if(NOT HUSH_PACKAGE_VECTORS_DIR OR
   NOT EXISTS ${HUSH_PACKAGE_VECTORS_DIR}/${_probe})
  message(FATAL_ERROR "the tests read NIST CAVP and RFC vectors from Debian's "
    "python3-cryptography-vectors (scripts/deps.sh test installs it); not "
    "found. Install it, or set HUSH_PACKAGE_VECTORS_DIR to its "
    "cryptography_vectors directory, or configure with -DHUSH_BUILD_TESTS=OFF")
endif()
message(STATUS "test vectors: ${HUSH_PACKAGE_VECTORS_DIR} (package)")
