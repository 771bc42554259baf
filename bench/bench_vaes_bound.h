/* The VAES issue bound of AES-GCM (bench_vaes_bound.c). */
#ifndef HUSH_BENCH_VAES_BOUND_H
#define HUSH_BENCH_VAES_BOUND_H

#include "bench.h"

/* The "vaes-bound" ceiling row of an AES-128 (aes256 = 0) or AES-256 GCM
 * operation; -1 when this build cannot have one (not x86-64). */
int bench_vaes_bound_case(int aes256, bench_case *out);

/* The note with the per-instruction figures, after the tables. */
void bench_register_vaes_bound(void);

#endif
