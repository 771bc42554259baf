hush_sources(chacha20.c chacha20_portable.c)
hush_tier_source(chacha20_avx2.c FLAGS -mavx2)
hush_tier_source(chacha20_avx512.c FLAGS -mavx512f -mavx512vl -mavx512bw)
hush_primitive(chacha20)
