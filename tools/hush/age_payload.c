/*
 * The age payload (age.h): a 16-byte nonce, then the plaintext in 64 KiB
 * chunks, each sealed with ChaCha20-Poly1305 under the payload key with
 * the nonce counter || last-chunk flag. Chunks are independent, so whole
 * batches of them are sealed or opened on every core at once. From a
 * regular file into the temporary output, each thread reads, transforms
 * and writes its own batches at their offsets (pipe_run_indexed, below);
 * otherwise (pipes, standard output, armor) the batches flow through the
 * pipeline of cli_pipe.h, one thread reading and another writing in order.
 *
 * Decryption releases a chunk only after it authenticated, in order; the
 * first chunk that does not stops everything behind it. The final chunk is
 * the one the input ends with: a file cut at a chunk boundary fails,
 * because its last chunk was sealed as not final.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "age.h"
#include "cli_pipe.h"

#define BATCH 16 /* chunks per pipeline slot: 1 MiB */

typedef struct payload_ctx {
    hush_aead_ctx *aead;
    age_payload_io *io;
    int decrypt;
    uint64_t failed_chunk;
    int read_errno; /* the cause of a read error (encryption's input) */
} payload_ctx;

static void chunk_nonce(uint8_t nonce[12], uint64_t index, int last) {
    memset(nonce, 0, 12);
    for (int i = 0; i < 8; i++)
        nonce[10 - i] = (uint8_t)(index >> (8 * i));
    nonce[11] = (uint8_t)last;
}

/* payload key = HKDF-SHA-256(file key, salt = nonce, "payload") */
static int payload_key(hush_aead_ctx **aead, const hush_secret *file_key,
                       const uint8_t nonce[AGE_NONCE_BYTES]) {
    hush_secret *key;
    if (hush_secret_new(&key, 32, HUSH_SECRET_HARDENED) != HUSH_OK)
        return HUSH_ERR_NOMEM;
    int r = hush_hkdf_sha256(hush_secret_ptr_mut(key), 32,
                             hush_secret_ptr(file_key), AGE_FILE_KEY_BYTES,
                             nonce, AGE_NONCE_BYTES, "payload", 7);
    if (r == HUSH_OK) r = hush_aead_new(aead, HUSH_CHACHA20POLY1305, key);
    hush_secret_destroy(key);
    return r;
}

static long source_fd(void *ctx_, uint8_t *buf, size_t cap) {
    payload_ctx *ctx = ctx_;
    long n = cli_read_full(ctx->io->in_fd, buf, cap);
    if (n < 0) ctx->read_errno = errno;
    return n < 0 ? -CLI_INPUT : n;
}

static long source_age(void *ctx_, uint8_t *buf, size_t cap) {
    payload_ctx *ctx = ctx_;
    long n = age_in_read(ctx->io->in, buf, cap);
    return n < 0 ? -CLI_INPUT : n;
}

static int seal_slot(void *ctx_, pipe_slot *s) {
    payload_ctx *ctx = ctx_;
    size_t chunks = (s->inlen + AGE_CHUNK - 1) / AGE_CHUNK;
    if (chunks == 0) chunks = 1; /* an empty file is one empty chunk */
    size_t o = 0;
    for (size_t k = 0; k < chunks; k++) {
        size_t off = k * AGE_CHUNK;
        size_t len = s->inlen - off < AGE_CHUNK ? s->inlen - off : AGE_CHUNK;
        uint8_t nonce[12];
        chunk_nonce(nonce, s->seq * BATCH + k, s->last && k + 1 == chunks);
        if (hush_aead_seal(ctx->aead, s->out + o, s->in + off, len, NULL, 0,
                           nonce) != HUSH_OK)
            return CLI_FAIL;
        o += len + AGE_TAG;
    }
    s->outlen = o;
    return 0;
}

static int open_slot(void *ctx_, pipe_slot *s) {
    payload_ctx *ctx = ctx_;
    size_t chunks = (s->inlen + AGE_SEALED_CHUNK - 1) / AGE_SEALED_CHUNK;
    s->outlen = 0;
    if (chunks == 0) return CLI_AUTH; /* no final chunk at all */
    for (size_t k = 0; k < chunks; k++) {
        size_t off = k * AGE_SEALED_CHUNK;
        size_t len = s->inlen - off < AGE_SEALED_CHUNK ? s->inlen - off
                                                       : AGE_SEALED_CHUNK;
        uint64_t index = s->seq * BATCH + k;
        int last = s->last && k + 1 == chunks;
        /* a chunk shorter than its tag, or an empty final chunk after
         * others (age writes an empty chunk only for an empty file) */
        if (len < AGE_TAG || (len == AGE_TAG && index != 0)) return CLI_AUTH;
        uint8_t nonce[12];
        chunk_nonce(nonce, index, last);
        if (hush_aead_open(ctx->aead, s->out + s->outlen, s->in + off, len,
                           NULL, 0, nonce) != HUSH_OK)
            return CLI_AUTH;
        s->outlen += len - AGE_TAG;
    }
    return 0;
}

static int sink(void *ctx_, pipe_slot *s) {
    payload_ctx *ctx = ctx_;
    age_payload_io *io = ctx->io;
    if (s->outlen && age_out_write(io->out, s->out, s->outlen) != 0)
        return CLI_OUTPUT;
    cli_progress_add(io->progress, s->inlen);
    if (s->status == CLI_AUTH)
        ctx->failed_chunk = s->seq * BATCH + s->outlen / AGE_CHUNK;
    return 0;
}

/* ---- a regular file into the temporary output: no pipeline ----
 *
 * When the input is a regular file (binary age for decryption) and the
 * output is the temporary file renamed into place at the end, every
 * slot's place in both files is known from its number. Each thread then
 * reads a slot straight into its own buffer (the chunks at the sealed
 * stride), seals or opens it there and writes it from there at its
 * offset: one copy in, one copy out, nothing handed between threads, the
 * buffer warm in the core's cache throughout. The order of the writes
 * does not matter because nobody sees the file before it is complete;
 * a failure discards all of it. The input's size is taken at the start;
 * when the file turns out to hold more or less, the work is discarded and
 * the pipeline starts again from the payload's first byte. */

/* spread_run: the input's size was not what it held; see spread_rewind */
#define SPREAD_AGAIN 1000

typedef struct spread_ctx {
    payload_ctx *payload;
    int in_fd, out_fd;
    uint64_t in_base, out_base; /* where the chunks start in each file */
    uint64_t in_len;            /* payload bytes in the input */
    uint64_t chunks;            /* chunks of the stream */
    size_t batch;               /* chunks per slot */
    uint8_t *buf[8];            /* one slot per worker */
    pthread_mutex_t lock;       /* progress and the first error */
    uint64_t err_index;         /* the slot the error below belongs to */
    int err_errno, changed;
} spread_ctx;

/* Records why slot index failed, when it is the lowest so far; returns
 * its status. */
static int spread_fail(spread_ctx *sc, uint64_t index, int status, int err,
                       int changed, uint64_t chunk) {
    pthread_mutex_lock(&sc->lock);
    if (index < sc->err_index) {
        sc->err_index = index;
        sc->err_errno = err;
        sc->changed = changed;
        sc->payload->failed_chunk = chunk;
    }
    pthread_mutex_unlock(&sc->lock);
    return status;
}

static void spread_progress(spread_ctx *sc, size_t bytes) {
    pthread_mutex_lock(&sc->lock);
    cli_progress_add(sc->payload->io->progress, bytes);
    pthread_mutex_unlock(&sc->lock);
}

/* Reads or writes all of iov at off (reads: less only at the end of the
 * file). Returns the bytes moved, or -1 with errno. */
static long move_full(int fd, struct iovec *iov, int n, uint64_t off,
                      int writing) {
    long total = 0;
    for (;;) {
        while (n > 0 && iov->iov_len == 0) /* an empty plaintext */
            iov++, n--;
        if (n == 0) break;
        ssize_t m = writing ? pwritev(fd, iov, n, (off_t)off)
                            : preadv(fd, iov, n, (off_t)off);
        if (m < 0 && errno == EINTR) continue;
        if (m < 0) return -1;
        if (m == 0) {
            if (!writing) break;
            errno = EIO;
            return -1;
        }
        off += (uint64_t)m;
        total += m;
        size_t left = (size_t)m;
        while (n > 0 && left >= iov->iov_len)
            left -= iov->iov_len, iov++, n--;
        if (n > 0) {
            iov->iov_base = (uint8_t *)iov->iov_base + left;
            iov->iov_len -= left;
        }
    }
    return total;
}

/* Slot index's part of the input, whose chunks are stride bytes apart:
 * its first chunk, the offset of that chunk in the input, the bytes it
 * covers (the last slot may be short); returns its number of chunks. */
static size_t slot_span(const spread_ctx *sc, uint64_t index, size_t stride,
                        uint64_t *first, uint64_t *in_off, size_t *len) {
    *first = index * sc->batch;
    size_t n = sc->chunks - *first < sc->batch ? (size_t)(sc->chunks - *first)
                                               : sc->batch;
    *in_off = *first * stride;
    *len = sc->in_len - *in_off < n * stride ? (size_t)(sc->in_len - *in_off)
                                             : n * stride;
    return n;
}

static int spread_seal(void *ctx_, uint64_t index, int worker) {
    spread_ctx *sc = ctx_;
    uint8_t *buf = sc->buf[worker];
    uint64_t first, in_off;
    size_t len, n = slot_span(sc, index, AGE_CHUNK, &first, &in_off, &len);
    struct iovec iov[64];
    for (size_t k = 0; k < n; k++) {
        size_t rest = len - k * AGE_CHUNK;
        iov[k].iov_base = buf + k * AGE_SEALED_CHUNK;
        iov[k].iov_len = rest < AGE_CHUNK ? rest : AGE_CHUNK;
    }
    long got = move_full(sc->in_fd, iov, (int)n, sc->in_base + in_off, 0);
    if (got < 0) return spread_fail(sc, index, -CLI_INPUT, errno, 0, 0);
    if ((size_t)got != len) return spread_fail(sc, index, -CLI_INPUT, 0, 1, 0);
    for (size_t k = 0; k < n; k++) {
        size_t rest = len - k * AGE_CHUNK;
        uint8_t *p = buf + k * AGE_SEALED_CHUNK, nonce[12];
        chunk_nonce(nonce, first + k, first + k + 1 == sc->chunks);
        if (hush_aead_seal(sc->payload->aead, p, p,
                           rest < AGE_CHUNK ? rest : AGE_CHUNK, NULL, 0,
                           nonce) != HUSH_OK)
            return spread_fail(sc, index, CLI_FAIL, 0, 0, 0);
    }
    struct iovec out = {buf, len + n * AGE_TAG};
    if (move_full(sc->out_fd, &out, 1, sc->out_base + first * AGE_SEALED_CHUNK,
                  1) < 0)
        return spread_fail(sc, index, CLI_OUTPUT, errno, 0, 0);
    spread_progress(sc, len);
    return 0;
}

static int spread_open(void *ctx_, uint64_t index, int worker) {
    spread_ctx *sc = ctx_;
    uint8_t *buf = sc->buf[worker];
    uint64_t first, in_off;
    size_t len,
        n = slot_span(sc, index, AGE_SEALED_CHUNK, &first, &in_off, &len);
    struct iovec in = {buf, len}, iov[64];
    long got = move_full(sc->in_fd, &in, 1, sc->in_base + in_off, 0);
    if (got < 0) return spread_fail(sc, index, -CLI_INPUT, errno, 0, 0);
    if ((size_t)got != len) return spread_fail(sc, index, -CLI_INPUT, 0, 1, 0);
    for (size_t k = 0; k < n; k++) {
        size_t rest = len - k * AGE_SEALED_CHUNK;
        size_t clen = rest < AGE_SEALED_CHUNK ? rest : AGE_SEALED_CHUNK;
        uint64_t chunk = first + k;
        uint8_t *p = buf + k * AGE_SEALED_CHUNK, nonce[12];
        /* as open_slot: too short for a tag, or an empty final chunk
         * after others */
        if (clen < AGE_TAG || (clen == AGE_TAG && chunk != 0))
            return spread_fail(sc, index, CLI_AUTH, 0, 0, chunk);
        chunk_nonce(nonce, chunk, chunk + 1 == sc->chunks);
        if (hush_aead_open(sc->payload->aead, p, p, clen, NULL, 0, nonce) !=
            HUSH_OK)
            return spread_fail(sc, index, CLI_AUTH, 0, 0, chunk);
        iov[k].iov_base = p;
        iov[k].iov_len = clen - AGE_TAG;
    }
    if (move_full(sc->out_fd, iov, (int)n, sc->out_base + first * AGE_CHUNK,
                  1) < 0)
        return spread_fail(sc, index, CLI_OUTPUT, errno, 0, 0);
    spread_progress(sc, len);
    return 0;
}

/* Where the unread input starts; -1 when it is not a regular file. */
static int64_t regular_position(int fd, uint64_t *size) {
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
    off_t pos = lseek(fd, 0, SEEK_CUR);
    if (pos < 0 || pos > st.st_size) return -1;
    *size = (uint64_t)st.st_size;
    return (int64_t)pos;
}

/* 1 and *sc set up when this run can go without the pipeline. */
static int spread_plan(payload_ctx *ctx, int decrypt, spread_ctx *sc) {
    age_payload_io *io = ctx->io;
    if (!io->out->any_order || io->out->armored || io->out->error) return 0;
    if (decrypt && (io->in->armored || io->in->error)) return 0;
    uint64_t in_size = 0, out_size = 0;
    int in_fd = decrypt ? io->in->fd : io->in_fd;
    int64_t in_pos = regular_position(in_fd, &in_size);
    int64_t out_pos = regular_position(io->out->fd, &out_size);
    if (in_pos < 0 || out_pos < 0) return 0;
    /* bytes read ahead into age_in's buffer are the payload's first */
    uint64_t ahead = decrypt ? io->in->len - io->in->pos : 0;
    if ((uint64_t)in_pos < ahead) return 0;
    memset(sc, 0, sizeof *sc);
    sc->payload = ctx;
    sc->in_fd = in_fd;
    sc->out_fd = io->out->fd;
    sc->in_base = (uint64_t)in_pos - ahead;
    sc->out_base = (uint64_t)out_pos;
    sc->in_len = in_size - sc->in_base;
    /* an empty payload: the pipeline's one slot says what it lacks */
    if (sc->in_len == 0) return 0;
    size_t per = decrypt ? AGE_SEALED_CHUNK : AGE_CHUNK;
    sc->chunks = (sc->in_len + per - 1) / per;
    sc->batch = BATCH;
    sc->err_index = UINT64_MAX;
    return 1;
}

static int spread_run(payload_ctx *ctx, spread_ctx *sc, int decrypt) {
    age_payload_io *io = ctx->io;
    int workers = io->workers > 0 ? io->workers : pipe_default_workers();
    if (workers > 8) workers = 8;
    size_t cap = sc->batch * (size_t)AGE_SEALED_CHUNK;
    int st = 0;
    for (int i = 0; i < workers && st == 0; i++)
        if ((sc->buf[i] = malloc(cap)) == NULL) st = cli_error("out of memory");
    pthread_mutex_init(&sc->lock, NULL);
    uint64_t slots = (sc->chunks + sc->batch - 1) / sc->batch;
    if (st == 0)
        st = pipe_run_indexed(slots, workers,
                              decrypt ? spread_open : spread_seal, sc);
    if (st == 0) {
        /* the input must end where it ended when this began */
        uint8_t more;
        ssize_t m =
            pread(sc->in_fd, &more, 1, (off_t)(sc->in_base + sc->in_len));
        if (m != 0)
            st = spread_fail(sc, 0, -CLI_INPUT, m < 0 ? errno : 0, m > 0, 0);
    }
    if (st == 0) {
        uint64_t out_len = decrypt ? sc->in_len - sc->chunks * AGE_TAG
                                   : sc->in_len + sc->chunks * AGE_TAG;
        if (lseek(sc->out_fd, (off_t)(sc->out_base + out_len), SEEK_SET) < 0)
            st = spread_fail(sc, 0, CLI_OUTPUT, errno, 0, 0);
    }
    if (st == CLI_OUTPUT) io->out->error = sc->err_errno;
    if (st == -CLI_INPUT && decrypt) io->in->error = sc->err_errno;
    if (st == -CLI_INPUT && !decrypt) ctx->read_errno = sc->err_errno;
    if (st == -CLI_INPUT && sc->changed) st = SPREAD_AGAIN;
    for (int i = 0; i < workers; i++) {
        if (sc->buf[i]) hush_wipe(sc->buf[i], cap);
        free(sc->buf[i]);
    }
    pthread_mutex_destroy(&sc->lock);
    return st;
}

static int pipe_run_ops(payload_ctx *ctx, int decrypt) {
    age_payload_io *io = ctx->io;
    pipe_ops ops = {
        .ctx = ctx,
        .source = decrypt ? source_age : source_fd,
        .work = decrypt ? open_slot : seal_slot,
        .sink = sink,
        .in_cap = BATCH * (size_t)(decrypt ? AGE_SEALED_CHUNK : AGE_CHUNK),
        .out_cap = BATCH * (size_t)(decrypt ? AGE_CHUNK : AGE_SEALED_CHUNK),
        .workers = io->workers > 0 ? io->workers : pipe_default_workers(),
        .wipe = 1,
    };
    return pipe_run(&ops);
}

/* The message for a failure of either path. */
static int report(payload_ctx *ctx, int decrypt, int st) {
    age_payload_io *io = ctx->io;
    if (st == -CLI_INPUT) {
        if (decrypt)
            return cli_fail(CLI_INPUT, "%s: %s", cli_name(io->in_name),
                            age_in_strerror(io->in));
        return cli_fail(CLI_INPUT, "%s: read error: %s", cli_name(io->in_name),
                        strerror(ctx->read_errno));
    }
    if (st == CLI_AUTH)
        return cli_fail(CLI_AUTH,
                        "%s: chunk %llu did not authenticate: the file is "
                        "truncated or was tampered with",
                        cli_name(io->in_name),
                        (unsigned long long)ctx->failed_chunk);
    if (st == CLI_OUTPUT) return CLI_OUTPUT; /* reported by the caller */
    return st;
}

/* The input did not hold the bytes its size promised (it changed while
 * it was read, or it is a file of /proc or /sys whose size is a guess):
 * nothing of the temporary output is kept, and the pipeline reads the
 * input from the payload's start to wherever it ends, as it would have
 * from the beginning. 0, or -1 when the files cannot be rewound. */
static int spread_rewind(payload_ctx *ctx, spread_ctx *sc, int decrypt,
                         uint64_t progress_done) {
    age_payload_io *io = ctx->io;
    if (ftruncate(sc->out_fd, (off_t)sc->out_base) != 0 ||
        lseek(sc->out_fd, (off_t)sc->out_base, SEEK_SET) < 0 ||
        lseek(sc->in_fd, (off_t)sc->in_base, SEEK_SET) < 0)
        return -1;
    if (decrypt) { /* age_in's read-ahead is read again from the file */
        io->in->pos = io->in->len = 0;
        io->in->eof = 0;
        io->in->error = 0;
    }
    io->progress->done = progress_done;
    ctx->failed_chunk = 0;
    ctx->read_errno = 0;
    return 0;
}

static int run(payload_ctx *ctx, int decrypt) {
    spread_ctx sc;
    uint64_t progress_done = ctx->io->progress->done;
    if (!spread_plan(ctx, decrypt, &sc))
        return report(ctx, decrypt, pipe_run_ops(ctx, decrypt));
    /* only the spread run asks to start again, and sc is set up for it */
    int st = spread_run(ctx, &sc, decrypt);
    if (st == SPREAD_AGAIN) {
        if (spread_rewind(ctx, &sc, decrypt, progress_done) == 0)
            st = pipe_run_ops(ctx, decrypt);
        else
            st = cli_fail(CLI_INPUT, "%s: changed size while it was read",
                          cli_name(ctx->io->in_name));
    }
    return report(ctx, decrypt, st);
}

int age_payload_encrypt(const hush_secret *file_key, age_payload_io *io) {
    uint8_t nonce[AGE_NONCE_BYTES];
    if (io->nonce)
        memcpy(nonce, io->nonce, sizeof nonce);
    else if (hush_random(nonce, sizeof nonce) != HUSH_OK)
        return cli_error("no randomness");
    payload_ctx ctx = {NULL, io, 0, 0, 0};
    int r = payload_key(&ctx.aead, file_key, nonce);
    if (r != HUSH_OK) return cli_error("payload key: %s", hush_strerror(r));
    int st = age_out_write(io->out, nonce, sizeof nonce) ? CLI_OUTPUT : 0;
    if (st == 0) st = run(&ctx, 0);
    hush_aead_free(ctx.aead);
    return st;
}

int age_payload_decrypt(const hush_secret *file_key, age_payload_io *io) {
    uint8_t nonce[AGE_NONCE_BYTES];
    long n = age_in_read(io->in, nonce, sizeof nonce);
    if (n < 0)
        return cli_fail(CLI_INPUT, "%s: %s", cli_name(io->in_name),
                        age_in_strerror(io->in));
    if (n != AGE_NONCE_BYTES)
        return cli_fail(CLI_AUTH,
                        "%s: truncated: the payload ends before it "
                        "begins",
                        cli_name(io->in_name));
    payload_ctx ctx = {NULL, io, 1, 0, 0};
    int r = payload_key(&ctx.aead, file_key, nonce);
    if (r != HUSH_OK) return cli_error("payload key: %s", hush_strerror(r));
    int st = run(&ctx, 1);
    hush_aead_free(ctx.aead);
    return st;
}
