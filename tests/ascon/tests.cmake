# Ascon (NIST SP 800-232): every vector and the differential model test,
# once per implementation so a failure names its tier (vectors.ascon.portable).
hush_tier_specs(_ascon_specs ascon)
# The KATs and Wycheproof come from the vector directory (skipped without
# it); the model test below runs everywhere.
hush_add_test(NAME ascon_kat SOURCES test_ascon_kat.c IMPLS ${_ascon_specs}
              PARTS vectors)
# diff: against the model (the generic AEAD body among it); api: the
# contract (states, forks, the AEAD's documented errors)
hush_add_test(NAME ascon_api SOURCES test_ascon_api.c ascon_model.c
              ../aead/aead_generic.c IMPLS ${_ascon_specs} PARTS diff api)
target_include_directories(test_ascon_api PRIVATE
                           ${PROJECT_SOURCE_DIR}/tests/aead)
