/*
 * The `hush` CLI's age parser, called as `hush decrypt` calls it
 * (tools/hush/age_*.c): armor detection and decoding, the header parser,
 * the X25519 and scrypt stanzas, the header MAC and the chunked payload,
 * read from a file descriptor and written to one.
 *
 * Input: the file itself, as `hush decrypt FILE` would read it (a crash
 * input is a file that can be handed to the tool), binary or armored. The
 * identity is fixed (the scalar 0, 1, 2, ..., 31) and so is the passphrase
 * of scrypt files ("fuzz"); scrypt work factors above 2^8 are skipped to
 * keep runs fast (the tool itself refuses those above 2^22 before any
 * work, which check_age_interop.sh tests).
 *
 * Any input: no crash, no sanitizer report, a verdict among the tool's
 * exit statuses. A binary input that decrypts is authentic, so its header
 * serialised again (the same stanzas, sealed under the same file key)
 * must give back its header exactly, and its plaintext sealed again under
 * its own nonce must give back its payload exactly.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "age.h"
#include "fuzz.h"

static int in_fd = -1, out_fd = -1, back_fd = -1;
static age_identities ids;
static hush_secret *pass;
static const uint8_t scalar[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                   11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
                                   22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

static int memfd(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) abort();
    return fd;
}

void fuzz_setup(void) {
    in_fd = memfd("fuzz-in");
    out_fd = memfd("fuzz-out");
    back_fd = memfd("fuzz-back");
    FZ_CHECK(hush_secret_from(&ids.x25519[0], scalar, 32, 0) == HUSH_OK);
    ids.count = 1;
    FZ_CHECK(hush_secret_from(&pass, "fuzz", 4, 0) == HUSH_OK);
}

/* fd now holds exactly p[0..len), read from the start */
static void refill(int fd, const uint8_t *p, size_t len) {
    FZ_CHECK(ftruncate(fd, 0) == 0);
    FZ_CHECK(len == 0 || pwrite(fd, p, len, 0) == (ssize_t)len);
    FZ_CHECK(lseek(fd, 0, SEEK_SET) == 0);
}

static size_t file_size(int fd) {
    off_t end = lseek(fd, 0, SEEK_END);
    FZ_CHECK(end >= 0 && lseek(fd, 0, SEEK_SET) == 0);
    return (size_t)end;
}

static int cheap_enough(const age_header *h) {
    for (size_t i = 0; i < h->count; i++)
        if (strcmp(h->stanzas[i].args[0], "scrypt") == 0 &&
            h->stanzas[i].nargs == 3 && strlen(h->stanzas[i].args[2]) <= 3 &&
            strtol(h->stanzas[i].args[2], NULL, 10) > 8)
            return 0;
    return 1;
}

static cli_progress quiet;

/* The header's stanzas sealed again under file_key: the same bytes. */
static void check_header_again(const age_header *h,
                               const hush_secret *file_key) {
    age_header again;
    memset(&again, 0, sizeof again);
    for (size_t i = 0; i < h->count; i++)
        FZ_CHECK(age_header_add(&again, (const char *const *)h->stanzas[i].args,
                                h->stanzas[i].nargs, h->stanzas[i].body,
                                h->stanzas[i].bodylen) == 0);
    FZ_CHECK(age_header_seal(&again, file_key) == 0);
    FZ_CHECK(again.textlen == h->textlen);
    FZ_CHECK(memcmp(again.text, h->text, h->textlen) == 0);
    age_header_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static age_in in;
    refill(in_fd, data, size);
    refill(out_fd, NULL, 0);
    age_header h;
    hush_secret *file_key = NULL;
    fuzz_stderr_off();
    int st = age_in_start(&in, in_fd, "in") == 0 ? 0 : CLI_INPUT;
    if (st == 0) st = age_header_read(&in, &h);
    if (st != 0) {
        fuzz_stderr_on();
        FZ_CHECK(st == CLI_INPUT);
        return 0;
    }
    if (!cheap_enough(&h)) {
        fuzz_stderr_on();
        age_header_free(&h);
        return 0;
    }
    st = age_unwrap(&h, &ids, age_is_scrypt(&h) ? pass : NULL, &file_key);
    if (st == 0 && !age_header_mac_ok(&h, file_key)) st = CLI_AUTH;
    age_out out;
    age_out_start(&out, out_fd, 0);
    quiet.on = 0;
    age_payload_io io = {&in, in_fd, &out, &quiet, "in", 1, NULL};
    if (st == 0) st = age_payload_decrypt(file_key, &io);
    fuzz_stderr_on();
    FZ_CHECK(st == 0 || st == CLI_INPUT || st == CLI_AUTH || st == CLI_USAGE);
    if (st == 0 && !in.armored) {
        /* authentic: the header and the payload re-seal to themselves */
        check_header_again(&h, file_key);
        FZ_CHECK(size >= h.textlen + AGE_NONCE_BYTES);
        size_t plain = file_size(out_fd);
        refill(back_fd, NULL, 0);
        age_out back;
        age_out_start(&back, back_fd, 0);
        age_payload_io reseal = {NULL,  out_fd, &back,           &quiet,
                                 "out", 1,      data + h.textlen};
        FZ_CHECK(age_payload_encrypt(file_key, &reseal) == 0);
        size_t again = file_size(back_fd);
        FZ_CHECK(again == size - h.textlen);
        FZ_CHECK(again >= plain + AGE_NONCE_BYTES + AGE_TAG);
        uint8_t *buf = fz_alloc(NULL, again, 0);
        FZ_CHECK(pread(back_fd, buf, again, 0) == (ssize_t)again);
        FZ_CHECK(memcmp(buf, data + h.textlen, again) == 0);
        fz_free(buf, 0);
    }
    hush_secret_destroy(file_key);
    age_header_free(&h);
    return 0;
}

/* Files made by the CLI's own sealing code: plaintexts empty, short, and
 * at and around the 64 KiB chunk edges, to the fixed identity (alone or
 * with another recipient), to the passphrase (scrypt 2^2), binary and
 * armored; then some of them cut short or with one byte changed. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0, 1, 100, 65535, 65536, 65537, 131073};
    static uint8_t plain[131073];
    static fuzz_out o;
    fuzz_pattern(plain, sizeof plain, 7000);
    uint8_t pub[32], other[32];
    hush_x25519_base(pub, scalar);
    fuzz_pattern(other, sizeof other, 7001);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        for (int kind = 0; kind < 3; kind++) {
            int armored = kind == 1 && lens[i] <= 65537;
            hush_secret *file_key;
            FZ_CHECK(hush_secret_random(&file_key, AGE_FILE_KEY_BYTES, 0) ==
                     HUSH_OK);
            age_header h;
            memset(&h, 0, sizeof h);
            if (kind == 2) {
                FZ_CHECK(age_wrap_scrypt(&h, pass, 2, file_key) == 0);
            } else {
                FZ_CHECK(age_wrap_x25519(&h, pub, file_key) == 0);
                if (kind == 1)
                    FZ_CHECK(age_wrap_x25519(&h, other, file_key) == 0);
            }
            FZ_CHECK(age_header_seal(&h, file_key) == 0);
            refill(in_fd, plain, lens[i]);
            refill(out_fd, NULL, 0);
            age_out out;
            age_out_start(&out, out_fd, armored);
            FZ_CHECK(age_out_write(&out, (const uint8_t *)h.text, h.textlen) ==
                     0);
            age_payload_io io = {NULL, in_fd, &out, &quiet, "in", 1, NULL};
            FZ_CHECK(age_payload_encrypt(file_key, &io) == 0);
            FZ_CHECK(age_out_finish(&out) == 0);
            age_header_free(&h);
            hush_secret_destroy(file_key);
            size_t n = file_size(out_fd);
            FZ_CHECK(n <= sizeof o.buf && read(out_fd, o.buf, n) == (ssize_t)n);
            o.n = n;
            if (i % 3 == 1 && kind == 0) o.n -= 1 + i;    /* truncated */
            if (i == 2 && kind == 1) o.buf[o.n / 2] ^= 1; /* changed */
            fo_emit(&o);
        }
    }
}
