# hush-leakscan: the leak census (docs/LEAKS.md). It reads this process's
# own memory, and derives expanded-key needles with the library's internal
# AEAD setup, so it links the static library and sees src/.
add_executable(hush-leakscan ${HUSH_FRAGMENT_DIR}/census.c
               ${HUSH_FRAGMENT_DIR}/census_cases.c ${HUSH_FRAGMENT_DIR}/scanner.c)
target_link_libraries(hush-leakscan PRIVATE hush_static)
# Bind every symbol at start-up: a lazily bound first call goes through the
# dynamic linker's resolver, which XSAVEs all vector registers to the stack
# -- and a register may still hold a key the program handled earlier. The
# scanner must not manufacture copies that way (docs/LEAKS.md).
target_link_options(hush-leakscan PRIVATE -Wl,-z,now)
target_include_directories(hush-leakscan PRIVATE ${PROJECT_SOURCE_DIR}/src)
set_target_properties(hush-leakscan PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
