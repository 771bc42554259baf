/*
 * A reader / workers / writer pipeline over fixed-size slots, so that
 * reading the input, the cryptography and writing the output overlap, and
 * independent slots are processed on every core.
 *
 * One reader thread fills slots in order, each to in_cap bytes (less only
 * at the end), and reads one byte ahead to know which slot is the last.
 * Worker threads transform whole slots (any order, concurrently); the
 * calling thread hands them to the sink strictly in order. A failure in
 * any stage stops the pipeline: the sink still receives the failing slot
 * (with its status), so it can release exactly the part that succeeded.
 */
#ifndef HUSH_CLI_PIPE_H
#define HUSH_CLI_PIPE_H

#include <stddef.h>
#include <stdint.h>

typedef struct pipe_slot {
    uint8_t *in, *out;
    size_t inlen, outlen;
    uint64_t seq; /* 0, 1, 2, ... in input order */
    int last;     /* the final slot of the stream */
    int status;   /* 0, or what the source or work reported */
    int state;    /* private to cli_pipe.c */
} pipe_slot;

typedef struct pipe_ops {
    void *ctx;
    /* Reads up to cap bytes; returns the count (less than cap only at the
     * end of the input) or a negative status. Runs on the reader thread. */
    long (*source)(void *ctx, uint8_t *buf, size_t cap);
    /* Transforms s->in into s->out and sets s->outlen; returns 0 or a
     * status. Runs on worker threads, several slots at once. NULL: none. */
    int (*work)(void *ctx, pipe_slot *s);
    /* Consumes a slot, in order, on the calling thread; returns 0 or a
     * status. Called for a failing slot too, with its status set. */
    int (*sink)(void *ctx, pipe_slot *s);
    size_t in_cap, out_cap; /* out_cap 0: no output buffers */
    int workers;            /* worker threads when work is set (>= 1) */
    int wipe;               /* wipe the buffers before freeing them */
} pipe_ops;

/* Runs the pipeline to the end; 0, or the first non-zero status (a
 * negative source status, or what work or sink returned). */
int pipe_run(const pipe_ops *ops);

/*
 * Without a pipeline: runs work(ctx, index, worker) for every index 0 ..
 * n - 1 on `workers` threads (the calling thread is worker 0; 1 to 8),
 * each index once, claimed in rising order; worker says which thread runs
 * it (for its own buffers). For jobs whose every index knows where its
 * input and output are (pread and pwrite), so that nothing is handed from
 * thread to thread. After a failure no higher index is started; returns 0
 * or the status of the lowest index that failed.
 */
int pipe_run_indexed(uint64_t n, int workers,
                     int (*work)(void *ctx, uint64_t index, int worker),
                     void *ctx);

/* How many worker threads to use: the online CPUs, at most 8. */
int pipe_default_workers(void);

#endif
