/*
 * The leak scanner: searches every readable and writable mapping of this
 * process for copies of secret byte strings ("needles").
 *
 * The scanner must not become a source of copies itself: needles are kept
 * XOR-masked with a random mask and compared on the fly; the buffer that
 * memory is read into, and the one needles are derived in, are private
 * mappings excluded from the scan and wiped after use.
 */
#ifndef HUSH_LEAKSCAN_SCANNER_H
#define HUSH_LEAKSCAN_SCANNER_H

#include <stddef.h>
#include <stdint.h>

#define SCAN_MAX_NEEDLES    256
#define SCAN_MAX_NEEDLE_LEN 64
#define SCAN_MAX_RANGES     64

/* What a needle stands for: copies are counted per class. */
enum needle_class { NEEDLE_RAW = 0, NEEDLE_EXPANDED = 1, NEEDLE_CLASSES };

typedef struct scan_counts {
    /* copies outside and inside live hush secrets, per needle class: the
     * largest number of places any one needle of that class was found */
    unsigned outside[NEEDLE_CLASSES];
    unsigned inside[NEEDLE_CLASSES];
    /* copies in the vector register file, as XSAVE wrote it at the stage */
    unsigned registers[NEEDLE_CLASSES];
    size_t bytes_scanned;
    unsigned mappings_scanned, mappings_skipped;
} scan_counts;

/* Sets up the masked needle table and the private buffers. */
void scanner_init(void);

/* Forgets every needle and live range. */
void scanner_reset(void);

/* Adds `len` bytes (<= SCAN_MAX_NEEDLE_LEN) as a needle; the caller wipes
 * its copy afterwards. Returns 0 when the table is full. */
int scanner_add_needle(const void *p, size_t len, enum needle_class cls);

/* Adds the key, its 32-bit-word byte-swapped form and its 16-byte halves. */
void scanner_add_raw_key(const uint8_t *key, size_t len);

/* Adds high-entropy 16-byte windows of an expanded key (round keys, ...). */
void scanner_add_expanded(const uint8_t *state, size_t len, unsigned max);

/* Declares [p, p+len) a live hush secret: matches there count as inside. */
void scanner_add_live_range(const void *p, size_t len);
void scanner_clear_live_ranges(void);

/* Declares [p, p+len) an image of the register file: matches there are
 * counted as copies in registers, not in memory. */
void scanner_set_register_image(const void *p, size_t len);

/* A private, scan-excluded scratch area for deriving needles (wipe it).
 * Untyped storage like malloc's, 64-byte aligned so that it can hold any
 * library context (an AES schedule, an AEAD state) at its start or at any
 * multiple of 64 into it. */
__attribute__((assume_aligned(64))) void *scanner_scratch(size_t *len);

/* Scans the whole process. */
scan_counts scanner_run(void);

#endif
