/*
 * age v1 (age-encryption.org/v1, the C2SP age specification): what hush
 * implements of it is listed in docs/CLI.md.
 *
 *   header   "age-encryption.org/v1\n", one or more recipient stanzas
 *            ("-> TYPE ARGS\n" and a base64 body wrapped at 64 columns),
 *            "--- " and the base64 HMAC-SHA-256 of everything before the
 *            space, keyed with HKDF(file key, "header")
 *   payload  a 16-byte nonce, then 64 KiB chunks of ChaCha20-Poly1305
 *            under HKDF(file key, salt = nonce, "payload"), nonce = an
 *            11-byte big-endian chunk counter and a last-chunk flag byte
 *   armor    the whole file as PEM, "AGE ENCRYPTED FILE"
 */
#ifndef HUSH_CLI_AGE_H
#define HUSH_CLI_AGE_H

#include <stddef.h>
#include <stdint.h>

#include "cli.h"

#define AGE_FILE_KEY_BYTES 16
#define AGE_CHUNK          65536
#define AGE_TAG            16
#define AGE_SEALED_CHUNK   (AGE_CHUNK + AGE_TAG)
#define AGE_NONCE_BYTES    16
/* age's own limits for passphrases: it writes 2^18, reads up to 2^22 */
#define AGE_SCRYPT_LOG2_N     18
#define AGE_SCRYPT_MAX_LOG2_N 22

/* ---- reading: binary or armored input (age_io.c) ---- */
typedef struct age_in {
    int fd;
    const char *name;
    uint8_t raw[1 << 16]; /* bytes read from fd, not yet consumed */
    size_t pos, len;
    int eof;
    int armored;
    /* armor: decoded bytes of the current line */
    uint8_t line[48];
    size_t lpos, llen;
    int armor_end; /* the END line was seen */
    int short_line;
    int error; /* an errno, or AGE_IN_BAD_ARMOR */
} age_in;
#define AGE_IN_BAD_ARMOR (-1)

/* Starts reading fd; detects the armor from the first bytes. */
int age_in_start(age_in *in, int fd, const char *name);
/* Reads up to len bytes (less only at the end of the data): returns the
 * count, or -1 with in->error set. */
long age_in_read(age_in *in, uint8_t *out, size_t len);
/* The message for in->error. */
const char *age_in_strerror(const age_in *in);

/* ---- writing: binary or armored output (age_io.c) ---- */
typedef struct age_out {
    int fd;
    int armored;
    uint8_t pending[48]; /* armor: bytes of an unfinished line */
    size_t npending;
    int error; /* errno of the first failed write */
    /* 1: fd is a file nobody sees before it is complete (the temporary
     * output), so the payload may be written in any order, each part at
     * its offset. age_out_start sets 0. */
    int any_order;
} age_out;
void age_out_start(age_out *out, int fd, int armored);
int age_out_write(age_out *out, const uint8_t *p, size_t len);
/* Ends the armor; 0 or -1 (out->error). */
int age_out_finish(age_out *out);

/* ---- the header (age_header.c) ---- */
typedef struct age_stanza {
    /* nargs arguments, args[0] the type; as many as the line holds (the
     * specification sets no bound, and age skips an unknown stanza of any
     * number of them): one block, args[0] first, holds every string */
    char **args;
    int nargs;
    uint8_t *body;
    size_t bodylen;
} age_stanza;

typedef struct age_header {
    age_stanza *stanzas;
    size_t count;
    char *text;    /* the header as read, for the MAC */
    size_t maclen; /* bytes covered by the MAC: up to "---" */
    size_t textlen;
    uint8_t mac[32];
} age_header;

/* Parses the header from in. Returns 0 or CLI_INPUT (message printed). */
int age_header_read(age_in *in, age_header *h);
void age_header_free(age_header *h);
/* Appends a stanza; args and body are copied. 0 or CLI_FAIL. */
int age_header_add(age_header *h, const char *const *args, int nargs,
                   const uint8_t *body, size_t bodylen);
/* Serialises h with its MAC under file_key into text (malloc'd). */
int age_header_seal(age_header *h, const hush_secret *file_key);
/* 1 when the MAC in h matches file_key (compared in constant time). */
int age_header_mac_ok(const age_header *h, const hush_secret *file_key);

/* ---- keys (age_keys.c) ---- */
#define AGE_MAX_RECIPIENTS 1024
typedef struct age_recipients {
    uint8_t x25519[AGE_MAX_RECIPIENTS][32];
    size_t count;
} age_recipients;

typedef struct age_identities {
    hush_secret *x25519[AGE_MAX_RECIPIENTS]; /* 32-byte scalars */
    size_t count;
} age_identities;

/* Parses "age1..." into a public key; 0 or -1. */
int age_parse_recipient(const char *s, uint8_t pub[32]);
/* Formats a public key as "age1..." (cap >= 63); 0 or -1. */
int age_format_recipient(char *out, size_t cap, const uint8_t pub[32]);
/* Adds -r RECIPIENT; 0 or an exit status. */
int age_add_recipient(age_recipients *r, const char *arg);
/* Adds every recipient in a -R file ("-" is standard input). */
int age_add_recipients_file(age_recipients *r, const char *path, cli_guard *g);
/* Reads an identity file (age-keygen's format; "-" is standard input)
 * into secret memory. 0 or an exit status. */
int age_add_identities_file(age_identities *ids, const char *path,
                            cli_guard *g);
void age_identities_free(age_identities *ids);
/* The AGE-SECRET-KEY-1... line of a scalar, into secret memory. */
int age_format_identity(hush_secret **line, const hush_secret *scalar);

/* ---- recipient stanzas (age_stanza.c) ---- */
/* Wraps file_key for an X25519 recipient and appends the stanza. */
int age_wrap_x25519(age_header *h, const uint8_t pub[32],
                    const hush_secret *file_key);
/* Wraps file_key under a passphrase (scrypt, 2^log2n). */
int age_wrap_scrypt(age_header *h, const hush_secret *pass, int log2n,
                    const hush_secret *file_key);
/*
 * Finds the file key: tries every identity on every X25519 stanza, or the
 * passphrase on the scrypt stanza. Returns 0 with *file_key set, CLI_AUTH
 * when nothing matched, CLI_INPUT for a malformed stanza (message
 * printed).
 */
int age_unwrap(const age_header *h, const age_identities *ids,
               const hush_secret *pass, hush_secret **file_key);
/* The checks of an scrypt stanza (alone, arguments, work factor at most
 * 2^22, body length), before asking for a passphrase: 0 or CLI_INPUT. */
int age_check_scrypt(const age_header *h);
/* 1 when the header holds an scrypt stanza (passphrase-encrypted). */
int age_is_scrypt(const age_header *h);

/* ---- the payload (age_payload.c) ---- */
typedef struct age_payload_io {
    age_in *in; /* decryption; for encryption, in_fd */
    int in_fd;
    age_out *out;
    cli_progress *progress;
    const char *in_name;
    int workers;          /* 0: one per CPU */
    const uint8_t *nonce; /* encryption: NULL draws a fresh one (the
                           * fuzz target re-seals with a file's own) */
} age_payload_io;
/* Writes the nonce and the sealed chunks. 0 or an exit status. */
int age_payload_encrypt(const hush_secret *file_key, age_payload_io *io);
/* Reads the nonce and opens every chunk, releasing each to out only once
 * it authenticated. 0 or an exit status (message printed). */
int age_payload_decrypt(const hush_secret *file_key, age_payload_io *io);

/* ---- passphrases (cli_passphrase.c) ---- */
/* Reads a line from the terminal without echo, into secret memory.
 * 0 or an exit status. */
int cli_read_passphrase(const char *prompt, hush_secret **out);

#endif
