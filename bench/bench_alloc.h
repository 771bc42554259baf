/*
 * The heap allocation counter (bench_alloc.c), the one interposer of the
 * project: hush-bench's allocs column and tests/alloc's check both read it.
 *
 * Normal builds interpose the C allocator in the executable (malloc,
 * calloc, realloc, free and the aligned variants; exported, so shared
 * libraries in the process such as the peers bind to it too) and forward
 * to glibc's __libc_* entry points. Under AddressSanitizer, which owns
 * those symbols, the sanitizer's malloc/free hooks count instead; they
 * must be installed with bench_alloc_start().
 */
#ifndef HUSH_BENCH_ALLOC_H
#define HUSH_BENCH_ALLOC_H

#include <stdint.h>

/* Installs the sanitizer hooks where those count; a no-op otherwise. */
void bench_alloc_start(void);
/* Allocations so far (every allocating call, realloc included); -1 if
 * this build counts through hooks that were not installed. */
int64_t bench_alloc_count(void);
/* Frees of non-NULL pointers so far; -1 as above. */
int64_t bench_free_count(void);
/* "interposed" or "sanitizer hooks". */
const char *bench_alloc_mechanism(void);

#endif
