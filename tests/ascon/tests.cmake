# Ascon (NIST SP 800-232): every vector and the differential model test,
# once per implementation so a failure names its tier (ascon_kat.ascon.portable).
set(HUSH_ASCON_IMPLS ascon=portable)
if(HUSH_X86_64)
  list(APPEND HUSH_ASCON_IMPLS ascon=bmi2)
endif()
# The KATs and Wycheproof come from the vector directory (skipped without
# it); the model test below runs everywhere.
hush_add_test(NAME ascon_kat SOURCES test_ascon_kat.c IMPLS ${HUSH_ASCON_IMPLS}
              PARTS vectors)
hush_add_test(NAME ascon_api SOURCES test_ascon_api.c ascon_model.c
              IMPLS ${HUSH_ASCON_IMPLS})
