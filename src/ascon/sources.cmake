hush_sources(ascon.c ascon_aead.c ascon_stream.c ascon_portable.c)
# The bmi2 tier: ANDN and RORX (-mbmi -mbmi2). -mtune=znver3 changes only
# GCC's instruction scheduling, not the instruction set (any BMI2 CPU runs
# the result); on Zen 5 it makes a round 3-4 % faster (docs/perf/ascon.md).
include(CheckCCompilerFlag)
check_c_compiler_flag(-mtune=znver3 HUSH_CC_HAS_MTUNE_ZNVER3)
set(_ascon_bmi2_flags -mbmi -mbmi2)
if(HUSH_CC_HAS_MTUNE_ZNVER3)
  list(APPEND _ascon_bmi2_flags -mtune=znver3)
endif()
# The AEAD (one-shot and streaming) and both tiers never write a vector
# register when compiled with -mgeneral-regs-only, so the AEAD layers may
# skip clearing the vector registers after each Ascon-AEAD128 call (hush_aead_desc.general_regs_only,
# docs/perf/ascon.md section 9). Without the flag they stay cleared.
check_c_compiler_flag(-mgeneral-regs-only HUSH_CC_HAS_GENERAL_REGS_ONLY)
if(HUSH_X86_64 AND HUSH_CC_HAS_GENERAL_REGS_ONLY)
  list(APPEND _ascon_bmi2_flags -mgeneral-regs-only)
  set_source_files_properties(
    ${HUSH_FRAGMENT_DIR}/ascon_portable.c ${HUSH_FRAGMENT_DIR}/ascon_aead.c
    ${HUSH_FRAGMENT_DIR}/ascon_stream.c
    PROPERTIES COMPILE_OPTIONS -mgeneral-regs-only)
  set_source_files_properties(${HUSH_FRAGMENT_DIR}/ascon_aead.c
    PROPERTIES COMPILE_DEFINITIONS HUSH_ASCON_GENERAL_REGS_ONLY=1)
endif()
hush_tier_source(ascon_bmi2.c FLAGS ${_ascon_bmi2_flags})
hush_primitive(ascon TIERS bmi2 portable)
