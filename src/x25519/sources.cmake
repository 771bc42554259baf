# X25519 (RFC 7748): the public layer, the portable tier, the MULX/ADX tier
# and the AVX-512 IFMA tier (ladder and fixed-base comb), each tier compiled
# alone with its own flags.
hush_sources(x25519.c x25519_portable.c x25519_invert.c x25519_base_table.c
             x25519_base_table51.c)
hush_tier_source(x25519_mulx.c FLAGS -mbmi2 -madx)
hush_tier_source(x25519_ifma.c FLAGS -mavx512f -mavx512vl -mavx512ifma)
hush_tier_source(x25519_ifma_base.c FLAGS -mavx512f -mavx512vl -mavx512ifma)
hush_primitive(x25519 TIERS ifma mulx portable)
