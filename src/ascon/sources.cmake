hush_sources(ascon.c ascon_aead.c ascon_portable.c)
# The bmi2 tier: ANDN and RORX (-mbmi -mbmi2). -mtune=znver3 changes only
# GCC's instruction scheduling, not the instruction set (any BMI2 CPU runs
# the result); on Zen 5 it makes a round 3-4 % faster (docs/perf/ascon.md).
include(CheckCCompilerFlag)
check_c_compiler_flag(-mtune=znver3 HUSH_CC_HAS_MTUNE_ZNVER3)
set(_ascon_bmi2_flags -mbmi -mbmi2)
if(HUSH_CC_HAS_MTUNE_ZNVER3)
  list(APPEND _ascon_bmi2_flags -mtune=znver3)
endif()
hush_tier_source(ascon_bmi2.c FLAGS ${_ascon_bmi2_flags})
hush_primitive(ascon)
hush_aead(ascon_aead128)
