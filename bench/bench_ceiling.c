/*
 * Ceilings: memcpy, and XOR of the input with a precomputed keystream
 * buffer. A stream cipher reads its input and writes its output like these
 * do, and must also make the keystream: no stream cipher or AEAD can beat
 * them at any size.
 */
#include <stdlib.h>
#include <string.h>

#include "bench.h"

BENCH_LOOP(memcpy_run, memcpy(st->out, st->in, st->size);
           bench_consume(st->out))

static int xor_setup(bench_state *st, const char **why) {
    st->buf = aligned_alloc(64, (st->size + 64) & ~(size_t)63);
    if (st->buf == NULL) {
        *why = "out of memory";
        return -1;
    }
    memset(st->buf, 0x5c, st->size);
    return 0;
}
static void xor_teardown(bench_state *st) { free(st->buf); }

/* The widest vectors this CPU has (GCC picks the clone at load time), so
 * the ceiling is not held down by the portable build flags. */
__attribute__((target_clones("avx512f", "avx2", "default"))) static void
xor_bytes(uint8_t *restrict out, const uint8_t *restrict in,
          const uint8_t *restrict ks, size_t n) {
    for (size_t i = 0; i < n; i++)
        out[i] = in[i] ^ ks[i];
}

BENCH_LOOP(xor_run, xor_bytes(st->out, st->in, st->buf, st->size);
           bench_consume(st->out))

void bench_register_ceiling(void) {
    bench_op cp = {.area = "ceiling",
                   .name = "memcpy",
                   .note = "glibc memcpy: reading and writing the message.",
                   .throughput = 1};
    cp.cases[0] = (bench_case){"memcpy",   BENCH_CEILING, {NULL}, NULL,
                               memcpy_run, NULL,          NULL};
    bench_add(&cp);
    bench_op x = {.area = "ceiling",
                  .name = "xor keystream",
                  .note = "out = in XOR a precomputed keystream buffer "
                          "(compiler-vectorised for the widest unit here).",
                  .throughput = 1};
    x.cases[0] = (bench_case){"xor",   BENCH_CEILING, {NULL}, xor_setup,
                              xor_run, xor_teardown,  NULL};
    bench_add(&x);
}
