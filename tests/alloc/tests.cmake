# The allocation check: the hot paths of every primitive and AEAD make no
# call into the C allocator. The counter is hush-bench's interposer, the
# project's one (bench/bench_alloc.c).
hush_add_test(NAME alloc KIND alloc PRIM lib TIER all SOURCES test_alloc.c
  TIMEOUT 120)
target_sources(test_alloc PRIVATE ${PROJECT_SOURCE_DIR}/bench/bench_alloc.c)
target_include_directories(test_alloc PRIVATE ${PROJECT_SOURCE_DIR}/bench)
