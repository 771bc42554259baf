# Poly1305 (src/poly1305): every vector, the differential tests and the
# context contract, once per Poly1305 implementation (diff.poly1305.ifma).
hush_tier_specs(_poly1305_specs poly1305)
hush_add_test(NAME poly1305 SOURCES test_poly1305.c
  LIBS PkgConfig::SODIUM IMPLS ${_poly1305_specs}
  PARTS kat vectors diff api)

# A Poly1305 context at 16, 32 and 48 bytes from 64-byte alignment, from
# malloc and moved between updates, in every tier (issue 15, defect 6).
hush_add_test(NAME poly1305_align KIND align SOURCES test_poly1305_align.c
  IMPLS ${_poly1305_specs})
