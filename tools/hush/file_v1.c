/* The hush v1 file format: header, per-file key and chunk streams
 * (file_v1.h, docs/CLI.md). */
#include <string.h>

#include "file_v1.h"

/* Chunk buffers: user data, wiped after use. */
static uint8_t plain[2][CLI_V1_CHUNK_BYTES];
static uint8_t sealed[2][CLI_V1_CHUNK_BYTES + CLI_V1_TAG_BYTES];

int cli_v1_new_header(uint8_t header[CLI_V1_HEADER_BYTES], hush_aead_alg alg) {
    static const uint8_t magic[4] = {'H', 'U', 'S', 'H'};
    memcpy(header, magic, 4);
    header[4] = 1;
    header[5] = (uint8_t)alg;
    header[6] = CLI_V1_CHUNK_LOG2;
    header[7] = 0;
    return hush_random(header + 8, 32) != HUSH_OK;
}

int cli_v1_check_header(const uint8_t header[CLI_V1_HEADER_BYTES],
                        hush_aead_alg *alg) {
    if (memcmp(header, "HUSH", 4) != 0 || header[4] != 1 ||
        header[6] != CLI_V1_CHUNK_LOG2 || header[7] != 0 ||
        hush_aead_keybytes((hush_aead_alg)header[5]) == 0)
        return 1;
    *alg = (hush_aead_alg)header[5];
    return 0;
}

int cli_v1_file_key(hush_aead_alg alg, const hush_secret *key,
                    const uint8_t header[CLI_V1_HEADER_BYTES],
                    hush_aead_ctx **out) {
    size_t keylen = hush_aead_keybytes(alg);
    *out = NULL;
    if (hush_secret_len(key) != keylen)
        return cli_error("key setup: %s", hush_strerror(HUSH_ERR_INVALID));
    hush_secret *sub;
    int r = hush_secret_new(&sub, keylen, HUSH_SECRET_HARDENED);
    if (r == HUSH_OK) {
        uint8_t info[12 + 8];
        memcpy(info, "hush file v1", 12);
        memcpy(info + 12, header, 8);
        r = hush_hkdf_sha256(hush_secret_ptr_mut(sub), keylen,
                             hush_secret_ptr(key), keylen, header + 8, 32, info,
                             sizeof info);
        if (r == HUSH_OK) r = hush_aead_new(out, alg, sub);
        hush_secret_destroy(sub);
    }
    if (r != HUSH_OK) return cli_error("key setup: %s", hush_strerror(r));
    return 0;
}

static void chunk_nonce(uint8_t *nonce, size_t len, uint64_t index) {
    memset(nonce, 0, len);
    for (int i = 0; i < 8; i++)
        nonce[len - 1 - (size_t)i] = (uint8_t)(index >> (8 * i));
}

int cli_v1_seal_chunks(const hush_aead_ctx *k, hush_aead_alg alg,
                       const uint8_t header[CLI_V1_HEADER_BYTES], int in,
                       int out, const char *in_name, const char *out_name) {
    /* the associated data: the header and the final-chunk flag */
    uint8_t ad[CLI_V1_HEADER_BYTES + 1];
    memcpy(ad, header, CLI_V1_HEADER_BYTES);
    size_t noncelen = hush_aead_noncebytes(alg);
    uint8_t nonce[32];
    int status = 1;
    /* read one chunk ahead to know which chunk is the last */
    long have = cli_read_full(in, plain[0], CLI_V1_CHUNK_BYTES);
    for (uint64_t index = 0;; index++) {
        if (have < 0) goto read_error;
        int cur = (int)(index & 1);
        long next = (size_t)have == CLI_V1_CHUNK_BYTES
                        ? cli_read_full(in, plain[cur ^ 1], CLI_V1_CHUNK_BYTES)
                        : 0;
        if (next < 0) goto read_error;
        ad[CLI_V1_HEADER_BYTES] = next == 0;
        chunk_nonce(nonce, noncelen, index);
        int r = hush_aead_seal(k, sealed[0], plain[cur], (size_t)have, ad,
                               sizeof ad, nonce);
        if (r != HUSH_OK) {
            cli_error("chunk %llu: %s", (unsigned long long)index,
                      hush_strerror(r));
            goto done;
        }
        if (cli_write_full(out, sealed[0], (size_t)have + CLI_V1_TAG_BYTES)) {
            cli_error("%s: write error", out_name);
            goto done;
        }
        if (next == 0) break;
        have = next;
    }
    status = 0;
    goto done;
read_error:
    cli_error("%s: read error", in_name);
done:
    hush_wipe(plain, sizeof plain);
    return status;
}

int cli_v1_open_chunks(const hush_aead_ctx *k, hush_aead_alg alg,
                       const uint8_t header[CLI_V1_HEADER_BYTES], int in,
                       int out, const char *in_name, const char *out_name) {
    uint8_t ad[CLI_V1_HEADER_BYTES + 1];
    memcpy(ad, header, CLI_V1_HEADER_BYTES);
    size_t noncelen = hush_aead_noncebytes(alg);
    uint8_t nonce[32];
    const size_t full = CLI_V1_CHUNK_BYTES + CLI_V1_TAG_BYTES;
    int status = 1;
    long have = cli_read_full(in, sealed[0], full);
    for (uint64_t index = 0;; index++) {
        int cur = (int)(index & 1);
        if (have < (long)CLI_V1_TAG_BYTES) {
            cli_error("%s: truncated", in_name);
            goto done;
        }
        long next =
            (size_t)have == full ? cli_read_full(in, sealed[cur ^ 1], full) : 0;
        if (next < 0) {
            cli_error("read error");
            goto done;
        }
        ad[CLI_V1_HEADER_BYTES] = next == 0;
        chunk_nonce(nonce, noncelen, index);
        int r = hush_aead_open(k, plain[0], sealed[cur], (size_t)have, ad,
                               sizeof ad, nonce);
        if (r != HUSH_OK) {
            cli_error("%s: chunk %llu: %s; nothing was written", in_name,
                      (unsigned long long)index, hush_strerror(r));
            goto done;
        }
        if (cli_write_full(out, plain[0], (size_t)have - CLI_V1_TAG_BYTES)) {
            cli_error("%s: write error", out_name);
            goto done;
        }
        if (next == 0) break;
        have = next;
    }
    status = 0;
done:
    hush_wipe(plain, sizeof plain);
    return status;
}
