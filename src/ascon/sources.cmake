hush_sources(ascon.c ascon_aead.c ascon_portable.c)
hush_tier_source(ascon_bmi2.c FLAGS -mbmi -mbmi2)
hush_primitive(ascon)
hush_aead(ascon_aead128)
