/* The leak scanner; see scanner.h. */
#include "scanner.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hush.h"

/* Mappings larger than this are not read: sanitizer shadows and reserved
 * address space, never the heap or stack of this small program. */
#define SCAN_MAX_MAPPING ((size_t)256 << 20)
#define SCAN_CHUNK       ((size_t)4 << 20)
#define SCRATCH_BYTES    ((size_t)64 << 10)

typedef struct needle {
    uint8_t masked[SCAN_MAX_NEEDLE_LEN]; /* needle XOR mask */
    size_t len;
    enum needle_class cls;
    unsigned found_outside, found_inside, found_registers;
    int next; /* next needle with the same masked first two bytes, or -1 */
} needle;

/* Everything the scanner owns lives in one private mapping, excluded from
 * the scan: the table of masked needles, the mask, the read buffer (which
 * holds raw copies of memory while a chunk is examined) and the scratch. */
typedef struct scanner_state {
    uint8_t mask[SCAN_MAX_NEEDLE_LEN];
    needle needles[SCAN_MAX_NEEDLES];
    int count;
    int head[65536]; /* first needle per masked 2-byte prefix, or -1 */
    struct {
        uintptr_t start, end;
    } live[SCAN_MAX_RANGES];
    int nlive;
    uintptr_t regs_start, regs_end; /* the register image, if any */
    _Alignas(
        64) uint8_t scratch[SCRATCH_BYTES]; /* AEAD states are 64-aligned */
    uint8_t chunk[SCAN_CHUNK + SCAN_MAX_NEEDLE_LEN];
} scanner_state;

static scanner_state *st;
/* HUSH_LEAKSCAN_VERBOSE=1 prints where each copy was found */
static int verbose;
static size_t st_bytes;

void scanner_init(void) {
    st_bytes = (sizeof *st + 4095) & ~(size_t)4095;
    void *p = mmap(NULL, st_bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("leakscan: mmap");
        exit(2);
    }
    st = p;
    verbose = getenv("HUSH_LEAKSCAN_VERBOSE") != NULL;
    if (hush_random(st->mask, sizeof st->mask) != HUSH_OK) {
        fprintf(stderr, "leakscan: no randomness for the mask\n");
        exit(2);
    }
    scanner_reset();
}

void scanner_reset(void) {
    st->count = 0;
    st->nlive = 0;
    memset(st->head, 0xff, sizeof st->head); /* -1 everywhere */
}

static unsigned prefix_of_masked(const uint8_t *masked) {
    return masked[0] | (unsigned)masked[1] << 8;
}

int scanner_add_needle(const void *p, size_t len, enum needle_class cls) {
    if (st->count == SCAN_MAX_NEEDLES || len < 8 || len > SCAN_MAX_NEEDLE_LEN)
        return 0;
    needle *n = &st->needles[st->count];
    const uint8_t *b = p;
    for (size_t i = 0; i < len; i++)
        n->masked[i] = b[i] ^ st->mask[i];
    n->len = len;
    n->cls = cls;
    unsigned h = prefix_of_masked(n->masked);
    n->next = st->head[h];
    st->head[h] = st->count++;
    return 1;
}

void scanner_add_raw_key(const uint8_t *key, size_t len) {
    uint8_t *tmp = st->scratch; /* derived forms stay in private memory */
    scanner_add_needle(key, len, NEEDLE_RAW);
    /* byte-swapped per 32-bit word: how a big-endian load stores it */
    for (size_t i = 0; i + 4 <= len; i += 4)
        for (size_t j = 0; j < 4; j++)
            tmp[i + j] = key[i + 3 - j];
    scanner_add_needle(tmp, len & ~(size_t)3, NEEDLE_RAW);
    /* halves catch a key whose two halves were stored apart */
    if (len >= 32) {
        scanner_add_needle(key, 16, NEEDLE_RAW);
        scanner_add_needle(key + 16, len - 16 > 16 ? 16 : len - 16, NEEDLE_RAW);
    }
    hush_wipe(tmp, len);
}

static unsigned distinct_bytes(const uint8_t *p, size_t len) {
    uint8_t seen[256] = {0};
    unsigned n = 0;
    for (size_t i = 0; i < len; i++) {
        n += !seen[p[i]];
        seen[p[i]] = 1;
    }
    return n;
}

/* 1 if the 16 bytes at p occur inside one of the raw-key needles: such a
 * window is the raw key again, and counting it as expanded would double
 * count (a ChaCha state holds the key verbatim, AES's first round keys are
 * the key). */
static int within_raw_needle(const uint8_t *p) {
    for (int id = 0; id < st->count; id++) {
        const needle *n = &st->needles[id];
        if (n->cls != NEEDLE_RAW) continue;
        for (size_t off = 0; off + 16 <= n->len; off++) {
            size_t j = 0;
            while (j < 16 &&
                   (uint8_t)(p[j] ^ st->mask[off + j]) == n->masked[off + j])
                j++;
            if (j == 16) return 1;
        }
    }
    return 0;
}

/* The count of the most frequent byte value in [p, p+len). */
static unsigned most_frequent(const uint8_t *p, size_t len) {
    unsigned count[256] = {0}, best = 0;
    for (size_t i = 0; i < len; i++)
        if (++count[p[i]] > best) best = count[p[i]];
    return best;
}

void scanner_add_expanded(const uint8_t *state, size_t len, unsigned max) {
    /* a 16-byte window with at least 12 distinct byte values is key
     * material, not a pointer, a length, a constant or zero padding.
     * Bitsliced layouts spread each key bit over a whole word, so their
     * bytes come from a small alphabet: there a 64-byte window is used,
     * kept only when no byte value fills half of it (about 128 bits of
     * key-dependent content or more) */
    unsigned added = 0;
    for (size_t off = 0; off + 16 <= len && added < max; off += 8) {
        const uint8_t *w = state + off;
        if (distinct_bytes(w, 16) >= 12) {
            if (within_raw_needle(w)) continue;
            added += (unsigned)scanner_add_needle(w, 16, NEEDLE_EXPANDED);
        } else if (off % 64 == 0 && off + 64 <= len &&
                   distinct_bytes(w, 64) >= 4 && most_frequent(w, 64) <= 32) {
            added += (unsigned)scanner_add_needle(w, 64, NEEDLE_EXPANDED);
        }
    }
}

void scanner_add_live_range(const void *p, size_t len) {
    if (st->nlive == SCAN_MAX_RANGES || p == NULL) return;
    st->live[st->nlive].start = (uintptr_t)p;
    st->live[st->nlive].end = (uintptr_t)p + len;
    st->nlive++;
}

void scanner_clear_live_ranges(void) { st->nlive = 0; }

void scanner_set_register_image(const void *p, size_t len) {
    st->regs_start = (uintptr_t)p;
    st->regs_end = (uintptr_t)p + len;
}

void *scanner_scratch(size_t *len) {
    *len = SCRATCH_BYTES;
    return st->scratch;
}

static int inside_live(uintptr_t a) {
    for (int i = 0; i < st->nlive; i++)
        if (a >= st->live[i].start && a < st->live[i].end) return 1;
    return 0;
}

/* Examines buf (a copy of memory at address base); only matches starting
 * in the first `limit` bytes count, the rest is overlap with the next. */
static void examine(const uint8_t *buf, size_t len, size_t limit,
                    uintptr_t base) {
    const uint8_t m0 = st->mask[0], m1 = st->mask[1];
    for (size_t i = 0; i + 1 < len && i < limit; i++) {
        int id = st->head[(uint8_t)(buf[i] ^ m0) |
                          (unsigned)(uint8_t)(buf[i + 1] ^ m1) << 8];
        for (; id >= 0; id = st->needles[id].next) {
            needle *n = &st->needles[id];
            if (i + n->len > len) continue;
            size_t j = 2;
            while (j < n->len &&
                   (uint8_t)(buf[i + j] ^ st->mask[j]) == n->masked[j])
                j++;
            if (j < n->len) continue;
            if (verbose)
                fprintf(stderr,
                        "  match: needle %d (%s, %zu bytes) at %#lx%s\n", id,
                        n->cls == NEEDLE_RAW ? "raw" : "expanded", n->len,
                        (unsigned long)(base + i),
                        inside_live(base + i) ? " (inside a live secret)" : "");
            if (base + i >= st->regs_start && base + i < st->regs_end)
                n->found_registers++;
            else if (inside_live(base + i))
                n->found_inside++;
            else
                n->found_outside++;
        }
    }
}

static void scan_mapping(int mem, uintptr_t start, uintptr_t end,
                         scan_counts *c) {
    for (uintptr_t a = start; a < end; a += SCAN_CHUNK) {
        size_t want = end - a > SCAN_CHUNK ? SCAN_CHUNK : end - a;
        /* read a little past the chunk so needles straddling it are seen */
        size_t extra = end - a - want;
        if (extra > SCAN_MAX_NEEDLE_LEN) extra = SCAN_MAX_NEEDLE_LEN;
        ssize_t got = pread(mem, st->chunk, want + extra, (off_t)a);
        if (got <= 0) {
            c->mappings_skipped++;
            return;
        }
        examine(st->chunk, (size_t)got, want, a);
        c->bytes_scanned += (size_t)got < want ? (size_t)got : want;
        hush_wipe(st->chunk, (size_t)got);
    }
    c->mappings_scanned++;
}

scan_counts scanner_run(void) {
    scan_counts c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < st->count; i++)
        st->needles[i].found_inside = st->needles[i].found_outside =
            st->needles[i].found_registers = 0;
    FILE *maps = fopen("/proc/self/maps", "r");
    int mem = open("/proc/self/mem", O_RDONLY);
    if (maps == NULL || mem < 0) {
        perror("leakscan: /proc/self");
        exit(2);
    }
    /* the list is read first, so the scan itself does not change it */
    static struct { uintptr_t start, end; } regions[4096];
    size_t nregions = 0;
    char line[512];
    uintptr_t self_start = (uintptr_t)st, self_end = self_start + st_bytes;
    while (fgets(line, sizeof line, maps) && nregions < 4096) {
        unsigned long start, end;
        char perms[8] = "";
        /* the kernel writes these lines; a malformed one fails the match
         * count and is skipped */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "%lx-%lx %7s", &start, &end, perms) != 3) continue;
        if (perms[0] != 'r' || perms[1] != 'w') continue;
        if (strstr(line, "[vvar]") || strstr(line, "[vsyscall]")) continue;
        if (end - start > SCAN_MAX_MAPPING) {
            c.mappings_skipped++;
            continue;
        }
        regions[nregions].start = start;
        regions[nregions].end = end;
        nregions++;
    }
    fclose(maps);
    for (size_t i = 0; i < nregions; i++) {
        uintptr_t s = regions[i].start, e = regions[i].end;
        /* skip the scanner's own private mapping */
        if (s < self_end && self_start < e) {
            if (s < self_start) scan_mapping(mem, s, self_start, &c);
            if (self_end < e) scan_mapping(mem, self_end, e, &c);
            continue;
        }
        scan_mapping(mem, s, e, &c);
    }
    close(mem);
    for (int i = 0; i < st->count; i++) {
        needle *n = &st->needles[i];
        if (n->found_outside > c.outside[n->cls])
            c.outside[n->cls] = n->found_outside;
        if (n->found_registers > c.registers[n->cls])
            c.registers[n->cls] = n->found_registers;
        if (n->found_inside > c.inside[n->cls])
            c.inside[n->cls] = n->found_inside;
    }
    return c;
}
