hush_sources(aead.c)
