/*
 * Streaming AES-128-GCM and AES-256-GCM (aead_stream.h) on the keyed state
 * of gcm.c. 96-bit nonces only, as in gcm.c: J0 = nonce || 0^31 || 1 and
 * the message counter starts at J0 + 1.
 *
 * The message state: the running hash y, J0 (for the tag), the next counter
 * block, the rest of a partly used keystream block and the partial block of
 * GHASH input (AD, then ciphertext); both partial blocks hold the same
 * number of bytes once the message starts, as keystream and ciphertext
 * advance together. The whole blocks of an update take one
 * gcm_stream_blocks call (gcm_impl.h describes the contract a fused tier
 * would implement).
 *
 * A few whole blocks of GHASH input (the padded end of the AD, the blocks
 * of a short update, the lengths block) wait in a queue of QUEUE_BLOCKS
 * and are hashed together: a GHASH call costs about as much for one block
 * as for four (a short message's AD, ciphertext and lengths blocks used to
 * take three calls, now one), and the queue is always hashed, in order,
 * before anything after it.
 */
#include "aead/aead_impl.h"
#include "core/ct.h"
#include "gcm/gcm_impl.h"

#define GCM_CHUNK    4096 /* bytes, a multiple of 16: CTR then GHASH in L1 */
#define QUEUE_BLOCKS 4

typedef struct gcm_stream_state {
    uint64_t y[2];                    /* GHASH so far, V form */
    uint8_t j0[16];                   /* E(J0) masks the tag */
    uint8_t ctr[16];                  /* the next counter block */
    uint8_t ks[16];                   /* keystream of the block in progress */
    uint8_t block[16];                /* GHASH input not yet a whole block */
    uint8_t queue[QUEUE_BLOCKS * 16]; /* whole blocks not yet hashed */
    uint32_t fill;                    /* bytes in block (and of ks spent) */
    uint32_t queued;                  /* blocks in queue */
} gcm_stream_state;

_Static_assert(sizeof(gcm_stream_state) <= HUSH_AEAD_STREAM_STATE_MAX,
               "GCM stream state fits");

/* GHASH of whole blocks with the state's table: the GHASH tier's update,
 * or the fused tier's own when it keeps the powers in its own form. */
static void ghash_blocks(const gcm_state *s, uint64_t y[2], const uint8_t *in,
                         size_t nblocks) {
    if (s->fused && s->fused->ghash)
        s->fused->ghash(s, y, in, nblocks);
    else
        s->ghash_ops->update(&s->ghash, y, in, nblocks);
}

/* Hashes the queued blocks. */
static void flush(gcm_stream_state *st, const gcm_state *s) {
    if (st->queued) ghash_blocks(s, st->y, st->queue, st->queued);
    st->queued = 0;
}

/* Hashes n whole blocks at p after the queued ones: queued too while they
 * fit, else the queue first and then p itself. */
static void hash_whole(gcm_stream_state *st, const gcm_state *s,
                       const uint8_t *p, size_t n) {
    if (n == 0) return;
    if (st->queued + n <= QUEUE_BLOCKS) {
        memcpy(st->queue + 16 * st->queued, p, 16 * n);
        st->queued += (uint32_t)n;
        return;
    }
    flush(st, s);
    ghash_blocks(s, st->y, p, n);
}

/* ---- the generic whole-block step: CTR, then GHASH, chunk by chunk ---- */

static void generic_seal(const gcm_state *s, uint8_t *c, const uint8_t *m,
                         size_t nblocks, uint8_t ctr[16], uint64_t y[2]) {
    while (nblocks) {
        size_t n = nblocks < GCM_CHUNK / 16 ? nblocks : GCM_CHUNK / 16;
        s->aes.ops->ctr(&s->aes, c, m, 16 * n, ctr);
        ghash_blocks(s, y, c, n);
        c += 16 * n, m += 16 * n, nblocks -= n;
    }
}

static void generic_open(const gcm_state *s, uint8_t *m, const uint8_t *c,
                         size_t nblocks, uint8_t ctr[16], uint64_t y[2]) {
    while (nblocks) {
        size_t n = nblocks < GCM_CHUNK / 16 ? nblocks : GCM_CHUNK / 16;
        ghash_blocks(s, y, c, n); /* before m overwrites c */
        s->aes.ops->ctr(&s->aes, m, c, 16 * n, ctr);
        c += 16 * n, m += 16 * n, nblocks -= n;
    }
}

static const gcm_stream_blocks generic_blocks = {generic_seal, generic_open};

/* The whole-block step for the state's tiers: a fused tier that
 * implements gcm_stream_blocks is chosen here by s->fused. */
static const gcm_stream_blocks *blocks_for(const gcm_state *s) {
#if defined(HUSH_X86_64)
    if (s->fused == &hush_gcm_fused_vaes512) return &hush_gcm_stream_vaes512;
    if (s->fused == &hush_gcm_fused_vaes512_kara)
        return &hush_gcm_stream_vaes512_kara;
#endif
    return &generic_blocks;
}

/* ---- the steps of a message ---- */

static void gs_start(void *ms, const void *key, const uint8_t *nonce,
                     int encrypt) {
    const gcm_state *s = key;
    gcm_stream_state *st = ms;
    uint64_t hi, lo;
    (void)encrypt;
    gcm_j0_words(nonce, &hi, &lo);
    hush_store64_be(st->ctr, hi);
    hush_store64_be(st->ctr + 8, lo);
    s->aes.ops->encrypt(&s->aes, st->j0, st->ctr, 1);
    hush_store64_be(st->ctr + 8, lo + 1);
}

/* Hashes len bytes, completing the partial block first. */
static void hash_bytes(gcm_stream_state *st, const gcm_state *s,
                       const uint8_t *p, size_t len) {
    if (st->fill) {
        size_t n = 16 - st->fill < len ? 16 - st->fill : len;
        memcpy(st->block + st->fill, p, n);
        st->fill += (uint32_t)n;
        p += n, len -= n;
        if (st->fill < 16) return;
        hash_whole(st, s, st->block, 1);
        st->fill = 0;
    }
    hash_whole(st, s, p, len / 16);
    if (len % 16) {
        memcpy(st->block, p + len / 16 * 16, len % 16);
        st->fill = (uint32_t)(len % 16);
    }
}

/* Zero-pads the partial block and hashes it (queues it). */
static void hash_pad(gcm_stream_state *st, const gcm_state *s) {
    if (st->fill == 0) return;
    memset(st->block + st->fill, 0, 16 - st->fill);
    hash_whole(st, s, st->block, 1);
    st->fill = 0;
}

static void gs_ad(void *ms, const void *key, const uint8_t *ad, size_t len) {
    hash_bytes(ms, key, ad, len);
}

static void gs_ad_end(void *ms, const void *key, uint64_t adlen) {
    (void)adlen;
    hash_pad(ms, key);
}

/* n < 16 - fill bytes of the block in progress (whose keystream is in
 * st->ks); its ciphertext joins st->block. */
static void partial(gcm_stream_state *st, uint8_t *out, const uint8_t *in,
                    size_t n, int encrypt) {
    for (size_t i = 0; i < n; i++) {
        uint8_t x = in[i], y = (uint8_t)(x ^ st->ks[st->fill + i]);
        out[i] = y;
        st->block[st->fill + i] = encrypt ? y : x;
    }
    st->fill += (uint32_t)n;
}

static void gs_update(void *ms, const void *key, uint8_t *out,
                      const uint8_t *in, size_t len, int encrypt) {
    const gcm_state *s = key;
    gcm_stream_state *st = ms;
    if (st->fill) {
        size_t n = 16 - st->fill < len ? 16 - st->fill : len;
        partial(st, out, in, n, encrypt);
        out += n, in += n, len -= n;
        if (st->fill < 16) return;
        hash_whole(st, s, st->block, 1);
        st->fill = 0;
    }
    size_t whole = len / 16;
    if (whole && st->queued + whole <= QUEUE_BLOCKS) {
        /* a few blocks: CTR here, their ciphertext joins the queue (taken
         * before the output overwrites it when opening in place) */
        if (!encrypt) hash_whole(st, s, in, whole);
        s->aes.ops->ctr(&s->aes, out, in, 16 * whole, st->ctr);
        if (encrypt) hash_whole(st, s, out, whole);
    } else if (whole) {
        const gcm_stream_blocks *b = blocks_for(s);
        flush(st, s);
        if (encrypt)
            b->seal(s, out, in, whole, st->ctr, st->y);
        else
            b->open(s, out, in, whole, st->ctr, st->y);
    }
    out += 16 * whole, in += 16 * whole, len -= 16 * whole;
    if (len) {
        memset(st->ks, 0, 16);
        s->aes.ops->ctr(&s->aes, st->ks, st->ks, 16, st->ctr);
        partial(st, out, in, len, encrypt);
    }
}

static uint32_t gs_finish(void *ms, const void *key, uint64_t adlen,
                          uint64_t mlen, uint8_t tag[16],
                          const uint8_t *expected) {
    const gcm_state *s = key;
    gcm_stream_state *st = ms;
    uint8_t block[16], t[16];
    hash_pad(st, s);
    hush_store64_be(block, adlen * 8);
    hush_store64_be(block + 8, mlen * 8);
    hash_whole(st, s, block, 1);
    flush(st, s);
    hush_ghash_store_v(block, st->y);
    for (int i = 0; i < 16; i++)
        t[i] = block[i] ^ st->j0[i];
    uint32_t ok = 1;
    if (expected) /* the verdict is public: declassified */
        ok = hush_ct_declassify32(hush_ct_equal16(t, expected));
    else
        memcpy(tag, t, 16);
    hush_wipe(block, sizeof block);
    hush_wipe(t, sizeof t);
    return ok; /* the generic layer wipes the state */
}

const hush_aead_stream_ops hush_gcm_stream = {
    sizeof(gcm_stream_state), gs_start, gs_ad, gs_ad_end, gs_update, gs_finish,
};
