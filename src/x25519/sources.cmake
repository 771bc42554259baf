# X25519 (RFC 7748): the public layer, the portable tier, and the MULX/ADX
# tier compiled alone with -mbmi2 -madx.
hush_sources(x25519.c x25519_portable.c x25519_base_table.c)
hush_tier_source(x25519_mulx.c FLAGS -mbmi2 -madx)
hush_primitive(x25519)
