/*
 * The age payload (age.h): a 16-byte nonce, then the plaintext in 64 KiB
 * chunks, each sealed with ChaCha20-Poly1305 under the payload key with
 * the nonce counter || last-chunk flag. Chunks are independent, so whole
 * batches of them are sealed or opened on every core at once (cli_pipe.h)
 * while one thread reads and another writes.
 *
 * Decryption releases a chunk only after it authenticated, in order; the
 * first chunk that does not stops everything behind it. The final chunk is
 * the one the input ends with: a file cut at a chunk boundary fails,
 * because its last chunk was sealed as not final.
 */
#include <errno.h>
#include <string.h>

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

static int run(payload_ctx *ctx, int decrypt) {
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
    int st = pipe_run(&ops);
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
