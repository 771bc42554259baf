hush_sources(aead.c aead_stream.c)
