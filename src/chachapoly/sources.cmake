hush_sources(chachapoly.c chachapoly_stream.c)
# the stitched AVX2 ChaCha20 + scalar Poly1305 (mulx) one-shot path
hush_tier_source(chachapoly_avx2.c FLAGS -mavx2 -mbmi2)
hush_primitive(chachapoly TIERS avx2 portable)
