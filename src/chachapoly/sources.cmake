hush_sources(chachapoly.c chachapoly_stream.c)
hush_aead(chacha20poly1305)
hush_aead(xchacha20poly1305)
