/*
 * The text encodings age uses: standard base64 (RFC 4648 section 4),
 * unpadded and canonical in the header, padded in the armor; and Bech32
 * (BIP 173, without its length limit) for keys.
 */
#ifndef HUSH_CLI_CODEC_H
#define HUSH_CLI_CODEC_H

#include <stddef.h>
#include <stdint.h>

/* Bytes of base64 text for len bytes: unpadded, or padded to 4. */
size_t b64_unpadded_len(size_t len);
size_t b64_padded_len(size_t len);
/* Writes the text (no NUL); returns its length. */
size_t b64_encode(char *out, const uint8_t *in, size_t len, int pad);
/*
 * Strict decoding: only the 64 alphabet characters (and '=' padding when
 * pad is set, exactly as many as the length needs), the unused low bits of
 * the last character zero (canonical, RFC 4648 section 3.5). Writes at
 * most cap bytes; returns the decoded length, or -1 when the text is not
 * canonical base64 or does not fit.
 */
long b64_decode(uint8_t *out, size_t cap, const char *in, size_t len, int pad);
/* 1 when c is one of the 64 characters of the alphabet. */
int b64_is_char(int c);

/*
 * Bech32 with the human-readable part hrp (given in lower case): writes a
 * NUL-terminated string, lower case, or upper case when upper is set, to
 * out (cap bytes). Returns its length, or -1 when it does not fit.
 */
long bech32_encode(char *out, size_t cap, const char *hrp, const uint8_t *data,
                   size_t len, int upper);
/*
 * Decodes a Bech32 string of slen bytes (all upper or all lower case, a
 * valid checksum) whose data is whole bytes (the padding bits zero). Writes
 * the hrp in lower case, NUL-terminated, to hrp (hrpcap bytes) and the data
 * to data (cap bytes). Returns the data length, or -1. The 5-bit groups
 * pass through scratch that is wiped: the data may be a private key.
 */
long bech32_decode(char *hrp, size_t hrpcap, uint8_t *data, size_t cap,
                   const char *s, size_t slen);

#endif
