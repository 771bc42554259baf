/*
 * The CLI's text encodings (tools/hush/codec.c): Bech32 against BIP 173's
 * test vectors (facts of the standard), including its invalid strings;
 * the key pair printed in the age specification; base64 against RFC 4648's
 * vectors, its canonical-encoding rules, and OpenSSL's encoder on random
 * data.
 */
#include <openssl/evp.h>
#include <string.h>

#include "codec.h"
#include "harness.h"

static void test_bech32_vectors(void) {
    /* "11", 82 times 'q', "c8247j": BIP 173's 90-character string */
    char q82[2 + 82 + 6 + 1];
    memcpy(q82, "11", 2);
    memset(q82 + 2, 'q', 82);
    memcpy(q82 + 84, "c8247j", 7);
    static const char hrp83[] =
        "an83characterlonghumanreadablepartthatcontainsthenumber1andthee"
        "xcludedcharactersbio1tt5tgs";
    const char *valid[] = {
        "A12UEL5L",
        "a12uel5l",
        hrp83,
        "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
        q82,
        "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
        "?1ezyfcl",
    };
    for (size_t i = 0; i < sizeof valid / sizeof *valid; i++) {
        char hrp[100];
        uint8_t data[100];
        ht_context = valid[i];
        long n = bech32_decode(hrp, sizeof hrp, data, sizeof data, valid[i],
                               strlen(valid[i]));
        CHECK(n >= 0);
        /* re-encoding gives the string back (in its case) */
        char again[200];
        int upper = valid[i][0] >= 'A' && valid[i][0] <= 'Z';
        CHECK(bech32_encode(again, sizeof again, hrp, data, (size_t)n, upper) ==
              (long)strlen(valid[i]));
        CHECK(strcmp(again, valid[i]) == 0);
    }
    /* octal escapes: three digits at most, so the next character is
     * not read into them as a hex escape would be */
    const char *invalid[] = {
        "\0401nwldj5",   /* HRP character out of range */
        "\1771axkwrx",   /* HRP character out of range */
        "\2001eym55h",   /* HRP character out of range */
        "pzry9x0s0muk",  /* no separator */
        "1pzry9x0s0muk", /* empty HRP */
        "x1b4n0q5v",     /* invalid data character */
        "li1dgmt3",      /* too short checksum */
        "de1lg7wt\xff",  /* invalid character in checksum */
        "A1G7SGD8",      /* checksum computed with an upper-case HRP */
        "10a06t8",       /* empty HRP */
        "1qzzfhee",      /* empty HRP */
        "a12UEL5L",      /* mixed case */
    };
    for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
        char hrp[100];
        uint8_t data[100];
        ht_context = invalid[i];
        CHECK(bech32_decode(hrp, sizeof hrp, data, sizeof data, invalid[i],
                            strlen(invalid[i])) < 0);
    }
    ht_context = NULL;
}

static void test_age_spec_keys(void) {
    /* the X25519 identity and recipient printed in the age specification:
     * the identity is 32 bytes of 0x42 */
    const char *id = "AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZ"
                     "GFPYYSJZGFPQ4EGAEX";
    static const char rcpt[] =
        "age1zvkyg2lqzraa2lnjvqej32nkuu0ues2s82hzrye869xeexvn73equnujwj";
    char hrp[32];
    uint8_t key[40], want[32], pub[32];
    memset(want, 0x42, sizeof want);
    CHECK_EQ_INT(
        bech32_decode(hrp, sizeof hrp, key, sizeof key, id, strlen(id)), 32);
    CHECK(strcmp(hrp, "age-secret-key-") == 0);
    CHECK_MEM(key, want, 32);
    hush_x25519_base(pub, key);
    char got[100];
    CHECK(bech32_encode(got, sizeof got, "age", pub, 32, 0) > 0);
    CHECK(strcmp(got, rcpt) == 0);
    char upper[100];
    CHECK(bech32_encode(upper, sizeof upper, "age-secret-key-", key, 32, 1) >
          0);
    CHECK(strcmp(upper, id) == 0);
    /* one flipped character anywhere is caught by the checksum */
    for (size_t i = 5; i < strlen(rcpt); i++) {
        char bad[sizeof rcpt];
        memcpy(bad, rcpt, sizeof rcpt);
        bad[i] = bad[i] == 'q' ? 'p' : 'q';
        CHECK(bech32_decode(hrp, sizeof hrp, key, sizeof key, bad,
                            strlen(bad)) < 0);
    }
}

static void test_bech32_random(void) {
    for (size_t len = 0; len <= 80; len++) {
        uint8_t data[80], back[80];
        char s[256], hrp[16];
        ht_rand_bytes(data, len);
        long n = bech32_encode(s, sizeof s, "age", data, len, (int)(len & 1));
        CHECK(n > 0);
        CHECK_EQ_INT(
            bech32_decode(hrp, sizeof hrp, back, sizeof back, s, (size_t)n),
            (long)len);
        CHECK_MEM(back, data, len);
        /* too small an output buffer is refused, never overrun */
        if (len > 0)
            CHECK(bech32_decode(hrp, sizeof hrp, back, len - 1, s, (size_t)n) <
                  0);
    }
}

static void test_base64(void) {
    static const char *rfc[][2] = {
        {"", ""},
        {"f", "Zg=="},
        {"fo", "Zm8="},
        {"foo", "Zm9v"},
        {"foob", "Zm9vYg=="},
        {"fooba", "Zm9vYmE="},
        {"foobar", "Zm9vYmFy"},
    };
    for (size_t i = 0; i < sizeof rfc / sizeof *rfc; i++) {
        const char *in = rfc[i][0], *padded = rfc[i][1];
        size_t len = strlen(in), plen = strlen(padded);
        size_t ulen = plen;
        while (ulen > 0 && padded[ulen - 1] == '=')
            ulen--;
        char text[16];
        uint8_t back[16];
        CHECK_EQ_INT(b64_encode(text, (const uint8_t *)in, len, 1), plen);
        CHECK_MEM(text, padded, plen);
        CHECK_EQ_INT(b64_padded_len(len), plen);
        CHECK_EQ_INT(b64_encode(text, (const uint8_t *)in, len, 0), ulen);
        CHECK_MEM(text, padded, ulen);
        CHECK_EQ_INT(b64_unpadded_len(len), ulen);
        CHECK_EQ_INT(b64_decode(back, sizeof back, padded, plen, 1), len);
        CHECK_MEM(back, in, len);
        CHECK_EQ_INT(b64_decode(back, sizeof back, padded, ulen, 0), len);
        CHECK_MEM(back, in, len);
        /* unpadded text is not padded text, and the reverse */
        if (ulen != plen) {
            CHECK(b64_decode(back, sizeof back, padded, plen, 0) < 0);
            CHECK(b64_decode(back, sizeof back, padded, ulen, 1) < 0);
        }
    }
    static const struct {
        const char *text;
        int pad;
    } bad[] = {
        {"Zh", 0},                    /* unused bits set: not canonical */
        {"Zm9=", 0},                  /* padding in unpadded text */
        {"Z", 0},                     /* a lone character */
        {"Zg=", 1},                   /* not whole quanta */
        {"Zm8==", 1},                 /* too much padding */
        {"Zg==Zg==", 1}, {"Zm9-", 0}, /* URL alphabet */
        {"Zm9_", 0},     {"Zm 9", 0}, {"Zh==", 1},
        {"Zm9=", 1}, /* 'm9' = '9' has unused bits set: "Zm8=" is "fo" */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        uint8_t out[16];
        ht_context = bad[i].text;
        CHECK(b64_decode(out, sizeof out, bad[i].text, strlen(bad[i].text),
                         bad[i].pad) < 0);
    }
    ht_context = NULL;
    /* against OpenSSL's encoder on random data */
    for (size_t len = 0; len < 200; len++) {
        uint8_t data[200], back[200];
        char ours[300], theirs[300];
        ht_rand_bytes(data, len);
        int n = EVP_EncodeBlock((unsigned char *)theirs, data, (int)len);
        CHECK_EQ_INT(b64_encode(ours, data, len, 1), n);
        CHECK_MEM(ours, theirs, (size_t)n);
        CHECK_EQ_INT(b64_decode(back, sizeof back, theirs, (size_t)n, 1), len);
        CHECK_MEM(back, data, len);
        if (len > 0) CHECK(b64_decode(back, len - 1, theirs, (size_t)n, 1) < 0);
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(173);
    test_bech32_vectors();
    test_age_spec_keys();
    test_bech32_random();
    test_base64();
    return ht_end();
}
