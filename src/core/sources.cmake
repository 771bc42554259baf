hush_sources(wipe.c scrub.c random.c error.c misuse.c registers.c stack_use.c)
# hush_scrub_stack wipes below its own frame: no red zone there
if(HUSH_X86_64)
  set_source_files_properties(${HUSH_FRAGMENT_DIR}/scrub.c PROPERTIES
    COMPILE_OPTIONS "-mno-red-zone")
endif()
