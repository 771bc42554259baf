hush_sources(poly1305.c poly1305_portable.c)
hush_tier_source(poly1305_ifma.c
  FLAGS -mavx512f -mavx512vl -mavx512bw -mavx512ifma)
hush_tier_source(poly1305_avx512.c FLAGS -mavx512f -mavx512vl -mavx512bw)
hush_tier_source(poly1305_avx2.c FLAGS -mavx2)
hush_primitive(poly1305 TIERS ifma avx512 avx2 portable)
