hush_sources(chachapoly.c)
hush_tier_source(chachapoly_avx512.c
  FLAGS -mavx512f -mavx512vl -mavx512bw -mavx512ifma)
hush_aead(chacha20poly1305)
hush_aead(xchacha20poly1305)
