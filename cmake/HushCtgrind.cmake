# The ctgrind build of the library: the same sources with the same per-file
# tier flags, compiled with HUSH_CTGRIND so that HUSH_CT_SECRET and
# HUSH_CT_DECLASSIFY (src/core/ct.h) become memcheck client requests. Only
# tests/ctgrind links it; libhush itself never carries a client request.
#
# Called from the top level, because the tier flags are source-file
# properties, which only targets of the directory that set them see.
# Defines the target hush_ctgrind when valgrind/memcheck.h is present.
function(hush_add_ctgrind_library)
  include(CheckIncludeFile)
  check_include_file(valgrind/memcheck.h HUSH_HAVE_MEMCHECK_H)
  if(NOT HUSH_HAVE_MEMCHECK_H)
    return()
  endif()
  add_library(hush_ctgrind STATIC EXCLUDE_FROM_ALL ${HUSH_SOURCES})
  target_include_directories(hush_ctgrind
    PUBLIC ${PROJECT_SOURCE_DIR}/include
    PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_compile_definitions(hush_ctgrind PRIVATE HUSH_BUILDING_LIBRARY=1
                             HUSH_CTGRIND=1
                             $<$<BOOL:${HUSH_X86_64}>:HUSH_X86_64=1>)
  # memcheck's reports then name source lines. DWARF 4: valgrind 3.19
  # (Debian 12) cannot read clang 14's DWARF 5 and gives up on the program.
  target_compile_options(hush_ctgrind PRIVATE -gdwarf-4)
  target_link_libraries(hush_ctgrind PRIVATE Threads::Threads)
endfunction()
