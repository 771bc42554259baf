/*
 * Counts calls into the C allocator (malloc, calloc, realloc, free and the
 * aligned variants) made anywhere in the process, the library included.
 *
 * Normal builds interpose the allocator symbols in the test executable and
 * forward to glibc's __libc_* entry points. Under AddressSanitizer, which
 * owns those symbols, the sanitizer's malloc/free hooks count instead.
 */
#ifndef HUSH_TEST_COUNTING_ALLOC_H
#define HUSH_TEST_COUNTING_ALLOC_H

/* Allocator calls so far (allocations and frees of non-NULL pointers). */
unsigned long ca_calls(void);
/* Which mechanism counts: "interposed" or "asan hooks". */
const char *ca_mechanism(void);
/* Sets up the counting where that needs a call (the ASan hooks). */
void ca_start(void);

#endif
