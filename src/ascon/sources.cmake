hush_sources(ascon.c ascon_aead.c ascon_portable.c)
hush_primitive(ascon)
hush_aead(ascon_aead128)
