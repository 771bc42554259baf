/*
 * hush-leakscan: the leak census. For each algorithm and way of using it,
 * runs real traffic, then scans the whole process for copies of the raw key
 * and of its expanded forms at each stage of tear-down:
 *
 *   key live, traffic done -> object freed -> secret destroyed -> stack
 * scrubbed
 *
 * Copies inside live hush secrets are counted apart from copies elsewhere.
 * Controls (the key copied into a plain heap buffer and a stack buffer,
 * never wiped) show the scanner finds what is there.
 *
 *   hush-leakscan [--check] [--markdown FILE]
 *
 * --check exits non-zero unless every library case ends with no copy and
 * every control is found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aead/aead_impl.h"
#include "census.h"
#include "hush.h"
#include "scanner.h"

#define MAX_STAGES 4

typedef struct case_result {
    char name[96];
    int is_control; /* 0, or 1 + the needle class the control must show */
    int nstages;
    const char *stage[MAX_STAGES];
    scan_counts counts[MAX_STAGES];
} case_result;

static case_result results[128];
static int nresults;
static case_result *current;

static void begin_case(const char *algorithm, const char *path, unsigned tier,
                       int is_control) {
    current = &results[nresults++];
    memset(current, 0, sizeof *current);
    snprintf(current->name, sizeof current->name, "%s, %s%s", algorithm, path,
             is_control ? ""
             : tier     ? ", hardened"
                        : ", default tier");
    current->is_control = is_control;
}

/*
 * The register file as XSAVE writes it (x87, SSE, AVX, AVX-512 state): key
 * material left in vector registers ends up in memory whenever the state
 * is saved in user space, by a signal frame or by the dynamic linker's
 * lazy-binding resolver. The census takes this image first thing at each
 * stage, before the scan's own code runs, and counts copies in it apart.
 */
#if defined(__x86_64__)
#define XSAVE_BYTES 16384
static _Alignas(64) uint8_t xsave_image[XSAVE_BYTES];
static size_t xsave_bytes;

static void __attribute__((noinline)) capture_registers(void) {
    /* the area holds no secret until the XSAVE below writes it */
    if (xsave_bytes == 0 || xsave_bytes > XSAVE_BYTES) return;
    __asm__ __volatile__("xsave64 %0"
                         : "+m"(*(uint8_t(*)[XSAVE_BYTES])xsave_image)
                         : "a"(~0u), "d"(~0u)
                         : "memory");
}

static void setup_register_capture(void) {
    unsigned a, b, c, d;
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
    if (!(c & (1u << 27))) return; /* no OSXSAVE */
    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0xd), "c"(0));
    xsave_bytes = b; /* size for the features enabled in XCR0 */
    scanner_set_register_image(xsave_image, sizeof xsave_image);
}
#else
static void capture_registers(void) {}
static void setup_register_capture(void) {}
#endif

/* Scans the process now and records the counts under this stage name. */
void census_stage(const char *stage) {
    capture_registers(); /* before anything else touches the registers */
    current->stage[current->nstages] = stage;
    current->counts[current->nstages] = scanner_run();
    current->nstages++;
#if defined(__x86_64__)
    hush_wipe(xsave_image, sizeof xsave_image);
#endif
}

static uint8_t traffic_in[4096], traffic_out[4096 + 16], traffic_back[4096];
static const uint8_t nonce[24] = {1,  2,  3,  4,  5,  6,  7,  8,
                                  9,  10, 11, 12, 13, 14, 15, 16,
                                  17, 18, 19, 20, 21, 22, 23, 24};

/* Seals and opens a few messages of various sizes. */
static void aead_traffic_object(const hush_aead_ctx *k) {
    static const size_t sizes[] = {0, 1, 16, 64, 255, 1024, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        if (hush_aead_seal(k, traffic_out, traffic_in, n, nonce, 7, nonce) ||
            hush_aead_open(k, traffic_back, traffic_out, n + 16, nonce, 7,
                           nonce)) {
            fprintf(stderr, "leakscan: keyed object traffic failed\n");
            exit(2);
        }
    }
}

static void aead_traffic_oneshot(hush_aead_alg a, const uint8_t *key) {
    static const size_t sizes[] = {0, 1, 16, 64, 255, 1024, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        if (hush_aead_encrypt(a, traffic_out, traffic_in, n, nonce, 7, nonce,
                              key) ||
            hush_aead_decrypt(a, traffic_back, traffic_out, n + 16, nonce, 7,
                              nonce, key)) {
            fprintf(stderr, "leakscan: one-shot traffic failed\n");
            exit(2);
        }
    }
}

/* The same messages through streams on this frame (each final wipes its
 * own), cut at a few points so every partial-block path runs. */
static void aead_traffic_stream(const hush_aead_ctx *k) {
    static const size_t sizes[] = {0, 1, 16, 64, 255, 1024, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i], cut = n / 3 + 1 < n ? n / 3 + 1 : n;
        hush_aead_stream s;
        uint8_t tag[16];
        int r = hush_aead_stream_init(&s, k, HUSH_AEAD_SEAL, nonce);
        r |= hush_aead_stream_ad(&s, nonce, 3);
        r |= hush_aead_stream_ad(&s, nonce + 3, 4);
        r |= hush_aead_stream_update(&s, traffic_out, traffic_in, cut);
        r |= hush_aead_stream_update(&s, traffic_out + cut, traffic_in + cut,
                                     n - cut);
        r |= hush_aead_stream_seal_final(&s, tag);
        r |= hush_aead_stream_init(&s, k, HUSH_AEAD_OPEN, nonce);
        r |= hush_aead_stream_ad(&s, nonce, 7);
        r |= hush_aead_stream_update(&s, traffic_back, traffic_out, n - cut);
        r |= hush_aead_stream_update(&s, traffic_back + n - cut,
                                     traffic_out + n - cut, cut);
        r |= hush_aead_stream_open_final(&s, tag);
        if (r != HUSH_OK) {
            fprintf(stderr, "leakscan: stream traffic failed\n");
            exit(2);
        }
    }
}

/* Needles for an AEAD key: raw forms, the expanded state exactly as this
 * build's setup lays it out, and the algorithm's derived secrets. */
static void aead_needles(const hush_aead_desc *d, const uint8_t *key) {
    size_t scratch_len;
    uint8_t *scratch = scanner_scratch(&scratch_len);
    scanner_add_raw_key(key, d->keybytes);
    d->setup(scratch, key);
    scanner_add_expanded(scratch, d->state_bytes, 96);
    hush_wipe(scratch, d->state_bytes);
    census_add_derived_needles(d->alg, key, nonce);
}

/* The last two stages of every library case: the key's secret destroyed,
 * then the stack below this frame scrubbed as a caller would. */
static void destroy_and_scrub(hush_secret *key) {
    hush_secret_destroy(key);
    scanner_clear_live_ranges();
    census_stage("secret destroyed");
    hush_scrub_stack(64 << 10);
    census_stage("stack scrubbed");
}

/* A keyed object's case: its traffic (one-shot calls on the object, or
 * streams), then the object freed and the key destroyed. */
static void run_aead_keyed(const hush_aead_desc *d, unsigned tier,
                           const char *what,
                           void (*traffic)(const hush_aead_ctx *)) {
    hush_secret *key;
    hush_aead_ctx *k;
    begin_case(d->name, what, tier, 0);
    if (hush_secret_random(&key, d->keybytes, tier) != HUSH_OK ||
        hush_aead_new(&k, d->alg, key) != HUSH_OK) {
        fprintf(stderr, "leakscan: cannot create %s key\n", d->name);
        exit(2);
    }
    scanner_reset();
    aead_needles(d, hush_secret_ptr(key));
    scanner_add_live_range(hush_secret_ptr(key), hush_secret_len(key));
    scanner_add_live_range(k, hush_aead_object_bytes(k));
    traffic(k);
    census_stage("key live, traffic done");
    hush_aead_free(k);
    census_stage("object freed");
    destroy_and_scrub(key);
}

static void run_aead_oneshot(const hush_aead_desc *d, unsigned tier) {
    hush_secret *key;
    begin_case(d->name, "one-shot with hush_secret_ptr", tier, 0);
    if (hush_secret_random(&key, d->keybytes, tier) != HUSH_OK) exit(2);
    scanner_reset();
    aead_needles(d, hush_secret_ptr(key));
    scanner_add_live_range(hush_secret_ptr(key), hush_secret_len(key));
    aead_traffic_oneshot(d->alg, hush_secret_ptr(key));
    census_stage("key live, traffic done");
    destroy_and_scrub(key);
}

/* Runs one of the non-AEAD users of a key (HMAC, X25519) as a case. */
void census_run_keyed(const char *algorithm, const char *path, size_t keylen,
                      unsigned tier, void (*needles)(const uint8_t *key),
                      void (*traffic)(const uint8_t *key)) {
    hush_secret *key;
    begin_case(algorithm, path, tier, 0);
    if (hush_secret_random(&key, keylen, tier) != HUSH_OK) exit(2);
    scanner_reset();
    scanner_add_raw_key(hush_secret_ptr(key), keylen);
    needles(hush_secret_ptr(key));
    scanner_add_live_range(hush_secret_ptr(key), keylen);
    traffic(hush_secret_ptr(key));
    census_stage("key live, traffic done");
    destroy_and_scrub(key);
}

/* ---- controls: copies the scanner must find ---- */

static uint8_t *heap_copy; /* deliberately never wiped: a control */

static void control_heap(void) {
    uint8_t key[32];
    if (hush_random(key, sizeof key) != HUSH_OK) exit(2);
    begin_case("control", "key copied to a plain heap buffer, never wiped", 0,
               1);
    scanner_reset();
    scanner_add_raw_key(key, sizeof key);
    heap_copy = malloc(sizeof key);
    if (heap_copy == NULL) exit(2);
    memcpy(heap_copy, key, sizeof key);
    hush_wipe(key, sizeof key);
    census_stage("copy made, original wiped");
}

static void __attribute__((noinline)) stack_holder(void) {
    volatile uint8_t copy[32]; /* deliberately never wiped: a control */
    uint8_t key[32];
    if (hush_random(key, sizeof key) != HUSH_OK) exit(2);
    scanner_add_raw_key(key, sizeof key);
    for (size_t i = 0; i < sizeof copy; i++)
        copy[i] = key[i];
    hush_wipe(key, sizeof key);
    /* scanned while this frame, and so the copy, is live */
    census_stage("copy made, original wiped");
    __asm__ __volatile__("" : : "r"(copy) : "memory");
}

static void control_stack(void) {
    begin_case("control", "key copied to a stack buffer, never wiped", 0,
               1 + NEEDLE_RAW);
    scanner_reset();
    stack_holder();
}

static hush_aes_ctx *schedule_copy; /* deliberately never wiped: a control */

static void control_expanded_heap(void) {
    uint8_t key[32];
    if (hush_random(key, sizeof key) != HUSH_OK) exit(2);
    begin_case("control",
               "AES-256 key schedule in a plain heap buffer, "
               "never wiped",
               0, 1 + NEEDLE_EXPANDED);
    scanner_reset();
    scanner_add_raw_key(key, sizeof key);
    size_t scratch_len;
    hush_aes_ctx *probe = scanner_scratch(&scratch_len);
    if (hush_aes_init(probe, key, sizeof key) != HUSH_OK) exit(2);
    scanner_add_expanded((const uint8_t *)probe, sizeof *probe, 64);
    hush_wipe(probe, sizeof *probe);
    schedule_copy = aligned_alloc(64, sizeof *schedule_copy);
    if (schedule_copy == NULL) exit(2);
    if (hush_aes_init(schedule_copy, key, sizeof key) != HUSH_OK) exit(2);
    hush_wipe(key, sizeof key);
    census_stage("schedule made, key wiped");
}

/* ---- report ---- */

static void print_table(FILE *f, int markdown) {
    for (int i = 0; i < nresults; i++) {
        case_result *r = &results[i];
        if (markdown) {
            fprintf(f, "\n**%s**\n\n", r->name);
            fprintf(f, "| stage | raw key outside secrets | raw key inside "
                       "secrets | expanded outside | expanded inside | raw in "
                       "registers | expanded in registers |\n");
            fprintf(f, "|---|---:|---:|---:|---:|---:|---:|\n");
        } else {
            fprintf(f, "\n%s\n  %-28s %8s %8s %8s %8s %8s %8s\n", r->name,
                    "stage", "raw out", "raw in", "exp out", "exp in",
                    "raw reg", "exp reg");
        }
        for (int s = 0; s < r->nstages; s++) {
            scan_counts *c = &r->counts[s];
            fprintf(f,
                    markdown ? "| %s | %u | %u | %u | %u | %u | %u |\n"
                             : "  %-28s %8u %8u %8u %8u %8u %8u\n",
                    r->stage[s], c->outside[NEEDLE_RAW], c->inside[NEEDLE_RAW],
                    c->outside[NEEDLE_EXPANDED], c->inside[NEEDLE_EXPANDED],
                    c->registers[NEEDLE_RAW], c->registers[NEEDLE_EXPANDED]);
        }
    }
}

enum where { OUTSIDE, REGISTERS };

/* The first of the first `n` stages with a raw or expanded copy in the
 * given place, or -1. */
static int first_stage_with_copies(const case_result *r, enum where w, int n) {
    for (int st = 0; st < n; st++) {
        const unsigned *c =
            w == OUTSIDE ? r->counts[st].outside : r->counts[st].registers;
        if (c[NEEDLE_RAW] || c[NEEDLE_EXPANDED]) return st;
    }
    return -1;
}

static int verdict(void) {
    int bad = 0;
    for (int i = 0; i < nresults; i++) {
        case_result *r = &results[i];
        scan_counts *first = &r->counts[0], *last = &r->counts[r->nstages - 1];
        if (r->is_control) {
            if (last->outside[r->is_control - 1] == 0) {
                printf("FAIL: control not found: %s\n", r->name);
                bad++;
            }
            continue;
        }
        /* the scanner must see the key where it legitimately lives */
        if (first->inside[NEEDLE_RAW] == 0) {
            printf("FAIL: key not seen inside its live secret: %s\n", r->name);
            bad++;
        }
        /* hush keeps keys in secret memory only: no copy elsewhere at any
         * stage, even before the caller scrubs the stack (the last stage
         * is judged below) */
        int st = first_stage_with_copies(r, OUTSIDE, r->nstages - 1);
        if (st >= 0) {
            printf("FAIL: key copies outside secret memory at \"%s\": %s\n",
                   r->stage[st], r->name);
            bad++;
        }
        /* hush clears the vector registers it used: a key left there
         * reaches the stack with the next signal frame or lazy binding */
        st = first_stage_with_copies(r, REGISTERS, r->nstages);
        if (st >= 0) {
            printf("FAIL: key material in vector registers at \"%s\": %s\n",
                   r->stage[st], r->name);
            bad++;
        }
        if (last->outside[NEEDLE_RAW] || last->outside[NEEDLE_EXPANDED] ||
            last->inside[NEEDLE_RAW] || last->inside[NEEDLE_EXPANDED]) {
            printf("FAIL: copies left after destroy and scrub: %s\n", r->name);
            bad++;
        }
    }
    return bad;
}

int main(int argc, char **argv) {
    int check = 0;
    const char *markdown = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--check") == 0)
            check = 1;
        else if (strcmp(argv[i], "--markdown") == 0 && i + 1 < argc)
            markdown = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--check] [--markdown FILE]\n", argv[0]);
            return 2;
        }
    }
    scanner_init();
    memset(traffic_in, 0x42, sizeof traffic_in); /* not secret */

    setup_register_capture();
    control_heap();
    control_stack();
    control_expanded_heap();
    static const hush_aead_alg algs[] = {HUSH_AES256GCM, HUSH_CHACHA20POLY1305,
                                         HUSH_ASCON_AEAD128};
    static const unsigned tiers[] = {0, HUSH_SECRET_HARDENED};
    for (size_t a = 0; a < sizeof algs / sizeof algs[0]; a++) {
        const hush_aead_desc *d = hush_aead_lookup(algs[a]);
        if (d == NULL) { /* every AEAD is registered: a broken build */
            fprintf(stderr, "hush-leakscan: no descriptor for AEAD %d\n",
                    (int)algs[a]);
            return 2;
        }
        for (size_t t = 0; t < 2; t++) {
            run_aead_keyed(d, tiers[t], "keyed object", aead_traffic_object);
            run_aead_oneshot(d, tiers[t]);
            run_aead_keyed(d, tiers[t], "streams on a keyed object",
                           aead_traffic_stream);
        }
    }
    for (size_t t = 0; t < 2; t++)
        census_run_other_cases(tiers[t]);

    print_table(stdout, 0);
    if (markdown) {
        FILE *f = fopen(markdown, "w");
        if (f == NULL) {
            perror(markdown);
            return 2;
        }
        print_table(f, 1);
        fclose(f);
    }
    int bad = verdict();
    int cases = nresults;
    printf("\nleakscan: %d passed, %d failed\n", cases - bad, bad);
    return check && bad ? 1 : 0;
}
