# GHASH (the internal table GCM runs on), once per GHASH tier.
hush_tier_specs(_ghash_specs ghash)
hush_add_test(NAME ghash KIND diff SOURCES test_ghash.c IMPLS ${_ghash_specs})
