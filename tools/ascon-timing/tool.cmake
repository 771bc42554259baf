# hush-ascon-timing: the Ascon timing program behind docs/ASCON.md
# (rdtsc ticks and core cycles, tiers interleaved, predicted vs measured).
if(ascon IN_LIST HUSH_PRIMITIVES)
  add_executable(hush-ascon-timing ${HUSH_FRAGMENT_DIR}/ascon_timing.c)
  target_link_libraries(hush-ascon-timing PRIVATE hush_static Threads::Threads)
  set_target_properties(hush-ascon-timing PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
endif()
