# The allocation check: the hot paths of every primitive and AEAD make no
# call into the C allocator.
hush_add_test(NAME alloc SOURCES test_alloc.c counting_alloc.c TIMEOUT 120)
