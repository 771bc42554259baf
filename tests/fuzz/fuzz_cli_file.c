/*
 * The `hush` CLI's file parser, called as `hush decrypt` calls it: the
 * v1 header check, the per-file key, and the chunk loop reading from a
 * file descriptor (tools/hush/file_v1.c).
 *
 * NOTE: this is written against the CLI's current v1 format. The CLI is
 * being rewritten to the age format; when the age parser lands this target
 * must be adapted to call it instead (and its seeds to write age files).
 *
 * Input: the file itself, as `hush decrypt -i FILE` would read it (a crash
 * input is a file that can be handed to the tool). The long-term key is
 * fixed: bytes 0, 1, 2, ... of the algorithm's key length.
 *
 * Any input: no crash, no sanitizer report, a verdict. An input that
 * decrypts is authentic, so sealing its plaintext again under the same
 * header (same salt, so the same file key and nonces) must give back the
 * input exactly.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "file_v1.h"
#include "fuzz.h"

static int in_fd = -1, out_fd = -1, back_fd = -1;
static const uint8_t long_term[32] = {
    0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

static int memfd(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC);
    if (fd < 0) abort();
    return fd;
}

void fuzz_setup(void) {
    in_fd = memfd("fuzz-in");
    out_fd = memfd("fuzz-out");
    back_fd = memfd("fuzz-back");
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

static hush_aead_ctx *file_key(hush_aead_alg alg,
                               const uint8_t header[CLI_V1_HEADER_BYTES]) {
    hush_secret *key;
    FZ_CHECK(hush_secret_from(&key, long_term, hush_aead_keybytes(alg), 0) ==
             HUSH_OK);
    hush_aead_ctx *k;
    FZ_CHECK(cli_v1_file_key(alg, key, header, &k) == 0);
    hush_secret_destroy(key);
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    refill(in_fd, data, size);
    uint8_t header[CLI_V1_HEADER_BYTES];
    hush_aead_alg alg;
    if (cli_read_full(in_fd, header, sizeof header) != (long)sizeof header ||
        cli_v1_check_header(header, &alg) != 0)
        return 0; /* refused before any key is made */
    hush_aead_ctx *k = file_key(alg, header);
    refill(out_fd, NULL, 0);
    fuzz_stderr_off();
    int status = cli_v1_open_chunks(k, alg, header, in_fd, out_fd, "in", "out");
    fuzz_stderr_on();
    FZ_CHECK(status == 0 || status == 1);
    if (status == 0) {
        size_t plain = file_size(out_fd);
        refill(back_fd, NULL, 0);
        FZ_CHECK(cli_v1_seal_chunks(k, alg, header, out_fd, back_fd, "out",
                                    "back") == 0);
        size_t again = file_size(back_fd);
        FZ_CHECK(again == size - sizeof header);
        FZ_CHECK(again >= plain + CLI_V1_TAG_BYTES);
        uint8_t *buf = fz_alloc(NULL, again, 0);
        FZ_CHECK(again == 0 || pread(back_fd, buf, again, 0) == (ssize_t)again);
        FZ_CHECK(memcmp(buf, data + sizeof header, again) == 0);
        fz_free(buf, 0);
    }
    hush_aead_free(k);
    return 0;
}

/* Files made by the CLI's own sealing code: every algorithm, plaintexts
 * empty, short, and at and around the 64 KiB chunk edges; then the same
 * files cut short and with a changed header byte. */
void fuzz_seeds(void) {
    static const size_t lens[] = {0, 1, 100, 65535, 65536, 65537, 131073};
    static uint8_t plain[131073];
    static fuzz_out o;
    fuzz_pattern(plain, sizeof plain, 7000);
    unsigned seed = 7001;
    for (unsigned a = 0; a < fuzz_aead_count(); a++) {
        hush_aead_alg alg = fuzz_aead_pick(a);
        for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
            uint8_t header[CLI_V1_HEADER_BYTES] = {
                'H', 'U', 'S', 'H', 1, (uint8_t)alg, CLI_V1_CHUNK_LOG2, 0};
            fuzz_pattern(header + 8, 32, seed++);
            hush_aead_ctx *k = file_key(alg, header);
            refill(in_fd, plain, lens[i]);
            refill(out_fd, NULL, 0);
            FZ_CHECK(cli_v1_seal_chunks(k, alg, header, in_fd, out_fd, "in",
                                        "out") == 0);
            hush_aead_free(k);
            size_t n = file_size(out_fd);
            fo_bytes(&o, header, sizeof header);
            FZ_CHECK(n <= sizeof o.buf - o.n &&
                     read(out_fd, o.buf + o.n, n) == (ssize_t)n);
            o.n += n;
            if (i % 3 == 1) o.n -= 1 + i;       /* truncated */
            if (i == 2 && a % 2) o.buf[6] ^= 1; /* the chunk size changed */
            fo_emit(&o);
        }
    }
}
