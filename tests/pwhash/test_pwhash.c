/*
 * PBKDF2-HMAC-SHA256 and scrypt against RFC 7914's test vectors (sections
 * 11 and 12, facts of the standard written here as constants), for each
 * ROMix implementation; then the documented argument rules: invalid
 * parameters leave out untouched, overlap, outlen 0, hush_scrypt_bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

typedef struct scrypt_vector {
    const char *pass, *salt;
    uint64_t n;
    uint32_t r, p;
    const char *dk;
} scrypt_vector;

/* RFC 7914 section 12 */
static const scrypt_vector scrypt_vectors[] = {
    {"", "", 16, 1, 1,
     "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442"
     "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"},
    {"password", "NaCl", 1024, 8, 16,
     "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
     "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"},
    {"pleaseletmein", "SodiumChloride", 16384, 8, 1,
     "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2"
     "d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"},
    {"pleaseletmein", "SodiumChloride", 1048576, 8, 1,
     "2101cb9b6a511aaeaddbbe09cf70f881ec568d574a2ffd4dabe5ee9820adaa47"
     "8e56fd8f4ba5d09ffa1c6d927c40f4c337304049e8a952fbcbf45c6fa77a41a4"},
};

typedef struct pbkdf2_vector {
    const char *pass, *salt;
    uint32_t c;
    const char *dk;
} pbkdf2_vector;

/* RFC 7914 section 11 */
static const pbkdf2_vector pbkdf2_vectors[] = {
    {"passwd", "salt", 1,
     "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
     "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"},
    {"Password", "NaCl", 80000,
     "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
     "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"},
};

static void test_pbkdf2_vectors(void) {
    for (size_t i = 0; i < sizeof pbkdf2_vectors / sizeof *pbkdf2_vectors;
         i++) {
        const pbkdf2_vector *v = &pbkdf2_vectors[i];
        size_t len;
        uint8_t *want = ht_unhex(v->dk, &len), got[64];
        CHECK_EQ_INT(hush_pbkdf2_sha256(got, len, v->pass, strlen(v->pass),
                                        v->salt, strlen(v->salt), v->c),
                     HUSH_OK);
        CHECK_MEM(got, want, len);
        /* every shorter length is a prefix */
        for (size_t n = 1; n < len; n += 7) {
            uint8_t part[64];
            memset(part, 0xaa, sizeof part);
            CHECK_EQ_INT(hush_pbkdf2_sha256(part, n, v->pass, strlen(v->pass),
                                            v->salt, strlen(v->salt), v->c),
                         HUSH_OK);
            CHECK_MEM(part, want, n);
            CHECK(part[n] == 0xaa);
        }
        free(want);
    }
}

static void test_scrypt_vectors(const char *impl) {
    for (size_t i = 0; i < sizeof scrypt_vectors / sizeof *scrypt_vectors;
         i++) {
        const scrypt_vector *v = &scrypt_vectors[i];
        size_t len;
        uint8_t *want = ht_unhex(v->dk, &len), got[64];
        memset(got, 0, sizeof got);
        int rc = hush_scrypt(got, len, v->pass, strlen(v->pass), v->salt,
                             strlen(v->salt), v->n, v->r, v->p);
        CHECK_EQ_INT(rc, HUSH_OK);
        if (!ht_mem_equal(got, want, len))
            fprintf(stderr, "scrypt vector %zu (N=%llu) differs on %s\n", i,
                    (unsigned long long)v->n, impl);
        CHECK_MEM(got, want, len);
        free(want);
    }
}

static void test_scrypt_arguments(void) {
    uint8_t out[64], keep[64];
    memset(out, 0x5c, sizeof out);
    memcpy(keep, out, sizeof out);
    /* n not a power of two, too small, r or p zero, r * p too large,
     * n >= 2^(16 r) */
    static const struct {
        uint64_t n;
        uint32_t r, p;
    } bad[] = {{0, 1, 1},
               {1, 1, 1},
               {3, 1, 1},
               {1000, 8, 1},
               {16, 0, 1},
               {16, 1, 0},
               {16, 1u << 15, 1u << 15},
               {65536, 1, 1},
               {(uint64_t)1 << 63, 8, 1}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_EQ_INT(
            hush_scrypt(out, 32, "p", 1, "s", 1, bad[i].n, bad[i].r, bad[i].p),
            HUSH_ERR_INVALID);
        CHECK_EQ_INT(hush_scrypt_bytes(bad[i].n, bad[i].r, bad[i].p), 0);
    }
    CHECK_MEM(out, keep, sizeof out);
    /* NULL with a length; NULL with none is fine */
    CHECK_EQ_INT(hush_scrypt(NULL, 32, "p", 1, "s", 1, 16, 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_scrypt(out, 32, NULL, 1, "s", 1, 16, 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_scrypt(out, 32, "p", 1, NULL, 1, 16, 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_MEM(out, keep, sizeof out);
    CHECK_EQ_INT(hush_scrypt(out, 32, NULL, 0, NULL, 0, 16, 1, 1), HUSH_OK);
    /* outlen 0: nothing written, no work */
    memcpy(out, keep, sizeof out);
    CHECK_EQ_INT(hush_scrypt(out, 0, "p", 1, "s", 1, 16, 1, 1), HUSH_OK);
    CHECK_MEM(out, keep, sizeof out);
    /* an impossible memory size is refused, not attempted */
    CHECK_EQ_INT(hush_scrypt(out, 32, "p", 1, "s", 1, (uint64_t)1 << 60, 8, 1),
                 HUSH_ERR_INVALID);
    /* the memory the parameters cost */
    CHECK_EQ_INT(
        hush_scrypt_bytes((uint64_t)1 << 18, 8, 1) >= ((size_t)256 << 20), 1);
    CHECK_EQ_INT(
        hush_scrypt_bytes((uint64_t)1 << 18, 8, 1) < ((size_t)257 << 20), 1);
    /* out may overlap pass and salt */
    uint8_t want[64], buf[128];
    CHECK_EQ_INT(hush_scrypt(want, 64, "pleaseletmein", 13, "SodiumChloride",
                             14, 1024, 2, 1),
                 HUSH_OK);
    memcpy(buf, "pleaseletmein", 13);
    memcpy(buf + 13, "SodiumChloride", 14);
    CHECK_EQ_INT(hush_scrypt(buf + 5, 64, buf, 13, buf + 13, 14, 1024, 2, 1),
                 HUSH_OK);
    CHECK_MEM(buf + 5, want, 64);
}

static void test_pbkdf2_arguments(void) {
    uint8_t out[100], keep[100];
    memset(out, 0x3c, sizeof out);
    memcpy(keep, out, sizeof out);
    CHECK_EQ_INT(hush_pbkdf2_sha256(out, 32, "p", 1, "s", 1, 0),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_pbkdf2_sha256(NULL, 32, "p", 1, "s", 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_pbkdf2_sha256(out, 32, NULL, 1, "s", 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_pbkdf2_sha256(out, 32, "p", 1, NULL, 1, 1),
                 HUSH_ERR_INVALID);
    CHECK_MEM(out, keep, sizeof out);
    CHECK_EQ_INT(hush_pbkdf2_sha256(out, 0, "p", 1, "s", 1, 1), HUSH_OK);
    CHECK_MEM(out, keep, sizeof out);
#if SIZE_MAX > 0xffffffffu
    CHECK_EQ_INT(hush_pbkdf2_sha256(out, HUSH_PBKDF2_SHA256_MAX_OUT + 1, "p", 1,
                                    "s", 1, 1),
                 HUSH_ERR_INVALID);
#endif
    /* out over salt: fine for one block, refused for more */
    uint8_t want[64], buf[100];
    CHECK_EQ_INT(hush_pbkdf2_sha256(want, 64, "pw", 2, "saltsaltsalt", 12, 3),
                 HUSH_OK);
    memcpy(buf, "saltsaltsalt", 12);
    CHECK_EQ_INT(hush_pbkdf2_sha256(buf, 32, "pw", 2, buf, 12, 3), HUSH_OK);
    CHECK_MEM(buf, want, 32);
    memcpy(buf, "saltsaltsalt", 12);
    CHECK_EQ_INT(hush_pbkdf2_sha256(buf, 64, "pw", 2, buf, 12, 3),
                 HUSH_ERR_INVALID);
    CHECK_MEM(buf, "saltsaltsalt", 12);
    /* out over pass: always fine */
    memcpy(buf + 10, "pw", 2);
    CHECK_EQ_INT(
        hush_pbkdf2_sha256(buf, 64, buf + 10, 2, "saltsaltsalt", 12, 3),
        HUSH_OK);
    CHECK_MEM(buf, want, 64);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_pbkdf2_vectors();
    test_pbkdf2_arguments();
    HT_FOR_EACH_IMPL("scrypt", impl) {
        test_scrypt_vectors(impl);
        test_scrypt_arguments();
    }
    return ht_end();
}
