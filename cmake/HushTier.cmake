# Helpers that let each primitive directory describe itself in a
# sources.cmake fragment without touching the top-level CMakeLists.txt.
#
#   hush_sources(a.c b.c)                      portable files, every platform
#   hush_tier_source(x_avx2.c FLAGS -mavx2)    one SIMD tier, x86-64 only,
#                                              compiled with only its flags
#   hush_primitive(sha256 TIERS shani portable)
#                                              registers hush_prim_sha256 and
#                                              names its tiers, once
#
# Paths are relative to the fragment's directory (HUSH_FRAGMENT_DIR).

if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(HUSH_X86_64 ON)
else()
  set(HUSH_X86_64 OFF)
endif()

macro(hush_sources)
  foreach(_f ${ARGN})
    list(APPEND HUSH_SOURCES ${HUSH_FRAGMENT_DIR}/${_f})
  endforeach()
endmacro()

macro(hush_tier_source file)
  cmake_parse_arguments(_TIER "" "" "FLAGS" ${ARGN})
  if(HUSH_X86_64)
    list(APPEND HUSH_SOURCES ${HUSH_FRAGMENT_DIR}/${file})
    set_source_files_properties(${HUSH_FRAGMENT_DIR}/${file}
      PROPERTIES COMPILE_OPTIONS "${_TIER_FLAGS}")
  endif()
endmacro()

# TIERS: every implementation of the primitive, in the order of the
# registry rows of src/<dir>/<name>.c (best first, portable last), on
# x86-64. This is the one list the build takes tiers from: the tests
# (hush_tier_specs), the ctgrind tiers; test_dispatch's tiers ctest checks
# that it matches the registry row for row.
macro(hush_primitive name)
  cmake_parse_arguments(_PRIM "" "" "TIERS" ${ARGN})
  if(NOT _PRIM_TIERS OR _PRIM_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "hush_primitive(${name} TIERS ...): name its tiers")
  endif()
  list(APPEND HUSH_PRIMITIVES ${name})
  set(HUSH_TIERS_${name} ${_PRIM_TIERS})
endmacro()

# Writes hush_sources.txt, the list of library sources, for `make asm`.
function(hush_write_source_list)
  set(_src "")
  foreach(s IN LISTS HUSH_SOURCES)
    file(RELATIVE_PATH r ${PROJECT_SOURCE_DIR} ${s})
    string(APPEND _src "${r}\n")
  endforeach()
  file(CONFIGURE OUTPUT ${PROJECT_BINARY_DIR}/hush_sources.txt CONTENT "${_src}")
endfunction()

# `cmake --build build --target asm` writes build/asm/<file>.s for every
# library source, compiled with exactly the flags of the real build.
function(hush_add_asm_target)
  add_library(hush_asm OBJECT EXCLUDE_FROM_ALL ${HUSH_SOURCES})
  target_include_directories(hush_asm PRIVATE ${PROJECT_SOURCE_DIR}/include
    ${PROJECT_SOURCE_DIR}/src)
  target_compile_definitions(hush_asm PRIVATE HUSH_BUILDING_LIBRARY=1
                             $<$<BOOL:${HUSH_X86_64}>:HUSH_X86_64=1>)
  # -S makes each "object" an assembly listing; the copy step names them .s
  target_compile_options(hush_asm PRIVATE -S -fno-asynchronous-unwind-tables
                         -fverbose-asm)
  add_custom_target(asm
    COMMAND ${CMAKE_COMMAND} "-DOBJECTS=$<JOIN:$<TARGET_OBJECTS:hush_asm>,|>"
            -DOUT=${PROJECT_BINARY_DIR}/asm -P ${PROJECT_SOURCE_DIR}/cmake/CopyAsm.cmake
    DEPENDS hush_asm VERBATIM)
endfunction()
