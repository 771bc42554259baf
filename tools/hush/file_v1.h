/*
 * The hush v1 file format (docs/CLI.md), apart from the command line so
 * that the fuzz target tests/fuzz/fuzz_cli_file.c calls the very code that
 * `hush decrypt` runs:
 *
 *   header, 40 bytes: "HUSH" | version 1 | algorithm id | log2(chunk) | 0 |
 *                     salt (32 random bytes)
 *   chunks: each plaintext chunk of 64 KiB (the last one shorter, possibly
 *           empty) sealed as ciphertext || tag.
 *
 * Each file gets its own key, HKDF-SHA256(key, salt, "hush file v1" ||
 * header[0..8]), so nonces can simply count chunks: chunk i uses the nonce
 * whose last 8 bytes are i big-endian, the rest zero. The associated data
 * of every chunk is the header and a byte that is 1 on the last chunk, so
 * reordering, truncation and header edits all fail authentication.
 */
#ifndef HUSH_CLI_FILE_V1_H
#define HUSH_CLI_FILE_V1_H

#include "cli.h"

#define CLI_V1_HEADER_BYTES 40
#define CLI_V1_CHUNK_LOG2   16
#define CLI_V1_CHUNK_BYTES  ((size_t)1 << CLI_V1_CHUNK_LOG2)
#define CLI_V1_TAG_BYTES    16

/* The header of a new file for alg, with a fresh random salt; 0 on
 * success. */
int cli_v1_new_header(uint8_t header[CLI_V1_HEADER_BYTES], hush_aead_alg alg);

/* 0 and the algorithm if header is a v1 header of an algorithm this build
 * has; 1 (nothing printed) otherwise. */
int cli_v1_check_header(const uint8_t header[CLI_V1_HEADER_BYTES],
                        hush_aead_alg *alg);

/* The per-file keyed object from the long-term key (keybytes of alg) and
 * the header; 0 on success, else 1 with the error printed. */
int cli_v1_file_key(hush_aead_alg alg, const hush_secret *key,
                    const uint8_t header[CLI_V1_HEADER_BYTES],
                    hush_aead_ctx **out);

/* Seals everything read from `in` as the chunks that follow header and
 * writes them (not the header) to `out`; 0 on success, else 1 with the
 * error printed (in_name and out_name name the streams). */
int cli_v1_seal_chunks(const hush_aead_ctx *k, hush_aead_alg alg,
                       const uint8_t header[CLI_V1_HEADER_BYTES], int in,
                       int out, const char *in_name, const char *out_name);

/* Opens the chunks read from `in` (the header already read) and writes
 * the plaintext to `out`; 0 once every chunk authenticated and the stream
 * ended with the last one, else 1 with the error printed. On failure `out`
 * may hold a prefix of the plaintext: the caller discards it. */
int cli_v1_open_chunks(const hush_aead_ctx *k, hush_aead_alg alg,
                       const uint8_t header[CLI_V1_HEADER_BYTES], int in,
                       int out, const char *in_name, const char *out_name);

#endif
