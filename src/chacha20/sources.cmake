hush_sources(chacha20.c chacha20_portable.c hchacha20.c)
# Without this gcc packs the eight output words into xmm registers before
# storing them: longer than eight 32-bit stores, and it would leave the
# subkey in vector registers (docs/perf/chacha20.md, HChaCha20).
set_source_files_properties(${HUSH_FRAGMENT_DIR}/hchacha20.c
  PROPERTIES COMPILE_OPTIONS -fno-tree-slp-vectorize)
hush_tier_source(chacha20_avx2.c FLAGS -mavx2)
hush_tier_source(chacha20_avx512.c FLAGS -mavx512f -mavx512vl -mavx512bw)
hush_primitive(chacha20 TIERS avx512 avx512s avx512v avx2 portable)
