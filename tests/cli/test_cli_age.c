/*
 * The CLI's age header parser (tools/hush/age_header.c) on stanzas of
 * types it does not know, which the specification makes it skip: their
 * argument lists are `argument *(SP argument)`, with no bound on the
 * count, and age reads a file whose unknown stanza has any number of them
 * (checked against Debian's age 1.1.1). Each header here holds such a
 * stanza and an X25519 stanza to a fixed identity, under a correct MAC: it
 * must parse with every argument kept, unwrap, authenticate, and serialise
 * again to the same bytes (what the cli_file fuzz target checks of every
 * file it decrypts).
 */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "age.h"
#include "codec.h"
#include "harness.h"

static const uint8_t scalar[32] = {7, 6, 5, 4, 3, 2, 1};
static const uint8_t file_key_bytes[AGE_FILE_KEY_BYTES] = {0x42, 0x43, 0x44};

/* "-> grease a0 a1 ... a<nargs-2>\n" and an empty body line */
static size_t unknown_stanza(char *out, int nargs) {
    size_t n = (size_t)sprintf(out, "-> grease");
    for (int a = 1; a < nargs; a++)
        n += (size_t)sprintf(out + n, " a%d", a - 1);
    n += (size_t)sprintf(out + n, "\n\n");
    return n;
}

/* The header: version line, the unknown stanza, the X25519 stanza of
 * sealed (its text after the version line, up to "---"), the MAC line. */
static size_t craft(char *out, const age_header *sealed, int nargs,
                    const hush_secret *file_key) {
    static const char version[] = "age-encryption.org/v1\n";
    size_t n = sizeof version - 1;
    memcpy(out, version, n);
    n += unknown_stanza(out + n, nargs);
    size_t rest = sealed->maclen - (sizeof version - 1);
    memcpy(out + n, sealed->text + sizeof version - 1, rest);
    n += rest;
    uint8_t key[32], mac[32];
    CHECK_EQ_INT(hush_hkdf_sha256(key, 32, hush_secret_ptr(file_key),
                                  AGE_FILE_KEY_BYTES, NULL, 0, "header", 6),
                 HUSH_OK);
    hush_hmac_sha256(mac, key, 32, out, n);
    out[n++] = ' ';
    n += b64_encode(out + n, mac, 32, 0);
    out[n++] = '\n';
    return n;
}

static void check_args(int nargs, const age_header *sealed,
                       const age_identities *ids, const hush_secret *file_key) {
    static char text[1 << 16];
    char label[48];
    snprintf(label, sizeof label, "unknown stanza of %d arguments", nargs);
    ht_context = label;
    size_t len = craft(text, sealed, nargs, file_key);
    int fd = memfd_create("age", MFD_CLOEXEC);
    CHECK(fd >= 0 && write(fd, text, len) == (ssize_t)len &&
          lseek(fd, 0, SEEK_SET) == 0);
    static age_in in;
    age_header h;
    CHECK_EQ_INT(age_in_start(&in, fd, "crafted"), 0);
    int st = age_header_read(&in, &h);
    CHECK_EQ_INT(st, 0);
    if (st == 0) {
        CHECK_EQ_INT(h.count, 2);
        CHECK_EQ_INT(h.stanzas[0].nargs, nargs);
        CHECK(strcmp(h.stanzas[0].args[0], "grease") == 0);
        int same = 1;
        for (int a = 1; a < h.stanzas[0].nargs; a++) {
            char want[16];
            snprintf(want, sizeof want, "a%d", a - 1);
            same &= strcmp(h.stanzas[0].args[a], want) == 0;
        }
        CHECK(same);
        CHECK_EQ_INT(h.stanzas[0].bodylen, 0);
        hush_secret *got = NULL;
        CHECK_EQ_INT(age_unwrap(&h, ids, NULL, &got), 0);
        CHECK(got != NULL && hush_secret_equal(got, file_key));
        CHECK(got != NULL && age_header_mac_ok(&h, got));
        hush_secret_destroy(got);
        /* the same stanzas serialised again: the same header */
        age_header again;
        memset(&again, 0, sizeof again);
        for (size_t i = 0; i < h.count; i++)
            CHECK_EQ_INT(age_header_add(&again,
                                        (const char *const *)h.stanzas[i].args,
                                        h.stanzas[i].nargs, h.stanzas[i].body,
                                        h.stanzas[i].bodylen),
                         0);
        CHECK_EQ_INT(age_header_seal(&again, file_key), 0);
        CHECK(again.textlen == len && memcmp(again.text, text, len) == 0);
        age_header_free(&again);
        age_header_free(&h);
    }
    close(fd);
    ht_context = NULL;
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    hush_secret *file_key;
    age_identities ids = {{0}, 0};
    CHECK_EQ_INT(
        hush_secret_from(&file_key, file_key_bytes, sizeof file_key_bytes, 0),
        HUSH_OK);
    CHECK_EQ_INT(hush_secret_from(&ids.x25519[0], scalar, 32, 0), HUSH_OK);
    ids.count = 1;
    uint8_t pub[32];
    CHECK_EQ_INT(hush_x25519_base(pub, scalar), HUSH_OK);
    age_header sealed;
    memset(&sealed, 0, sizeof sealed);
    CHECK_EQ_INT(age_wrap_x25519(&sealed, pub, file_key), 0);
    CHECK_EQ_INT(age_header_seal(&sealed, file_key), 0);
    /* 8 was the parser's old bound; 1000 arguments stay within a line */
    static const int counts[] = {1, 2, 8, 9, 10, 64, 1000};
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
        check_args(counts[i], &sealed, &ids, file_key);
    age_header_free(&sealed);
    age_identities_free(&ids);
    hush_secret_destroy(file_key);
    return ht_end();
}
