/* Strict base64 and Bech32 for the age format (codec.h). */
#include <string.h>

#include "codec.h"
#include "hush.h"

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* The value of a base64 character, or -1. Written as ranges rather than a
 * table lookup indexed by the character: the text may encode a key. */
static int b64_value(int c) {
    int v = -1;
    v += ((c >= 'A') & (c <= 'Z')) * (c - 'A' + 1);
    v += ((c >= 'a') & (c <= 'z')) * (c - 'a' + 27);
    v += ((c >= '0') & (c <= '9')) * (c - '0' + 53);
    v += (c == '+') * 63;
    v += (c == '/') * 64;
    return v;
}

int b64_is_char(int c) { return b64_value(c) >= 0; }

size_t b64_unpadded_len(size_t len) {
    return len / 3 * 4 + (len % 3) * 4 / 3 + (len % 3 != 0);
}

size_t b64_padded_len(size_t len) { return (len + 2) / 3 * 4; }

size_t b64_encode(char *out, const uint8_t *in, size_t len, int pad) {
    size_t o = 0, i = 0;
    for (; i + 3 <= len; i += 3) {
        uint32_t v =
            (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[o++] = b64_alphabet[v >> 18];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = b64_alphabet[(v >> 6) & 63];
        out[o++] = b64_alphabet[v & 63];
    }
    if (len - i == 1) {
        uint32_t v = (uint32_t)in[i] << 16;
        out[o++] = b64_alphabet[v >> 18];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        if (pad) out[o++] = '=', out[o++] = '=';
    } else if (len - i == 2) {
        uint32_t v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
        out[o++] = b64_alphabet[v >> 18];
        out[o++] = b64_alphabet[(v >> 12) & 63];
        out[o++] = b64_alphabet[(v >> 6) & 63];
        if (pad) out[o++] = '=';
    }
    return o;
}

long b64_decode(uint8_t *out, size_t cap, const char *in, size_t len, int pad) {
    if (pad) {
        /* whole quanta, and exactly the padding the length needs */
        if (len % 4 != 0) return -1;
        size_t eq = 0;
        while (eq < 2 && eq < len && in[len - 1 - eq] == '=')
            eq++;
        len -= eq;
        if ((eq == 1 && len % 4 != 3) || (eq == 2 && len % 4 != 2)) return -1;
    }
    if (len % 4 == 1) return -1;
    size_t outlen = len / 4 * 3 + (len % 4 == 0 ? 0 : len % 4 - 1);
    if (outlen > cap) return -1;
    size_t o = 0, i = 0;
    uint32_t acc = 0;
    for (; i < len; i++) {
        int v = b64_value((unsigned char)in[i]);
        if (v < 0) return -1;
        acc = acc << 6 | (uint32_t)v;
        if (i % 4 == 3) {
            out[o++] = (uint8_t)(acc >> 16);
            out[o++] = (uint8_t)(acc >> 8);
            out[o++] = (uint8_t)acc;
            acc = 0;
        }
    }
    int bad = 0;
    if (len % 4 == 2) {
        out[o++] = (uint8_t)(acc >> 4);
        bad = (acc & 15) != 0; /* non-canonical: unused bits set */
    } else if (len % 4 == 3) {
        out[o++] = (uint8_t)(acc >> 10);
        out[o++] = (uint8_t)(acc >> 2);
        bad = (acc & 3) != 0;
    }
    hush_wipe(&acc, sizeof acc); /* key bits; a dead store is dropped */
    if (bad) {
        hush_wipe(out, o);
        return -1;
    }
    return (long)o;
}

/* ---- Bech32 (BIP 173) ---- */

static const char bech32_charset[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

static uint32_t bech32_polymod_step(uint32_t chk, uint32_t v) {
    uint32_t top = chk >> 25;
    chk = (chk & 0x1ffffff) << 5 ^ v;
    /* the generator's five terms, each selected by a mask, not a branch */
    chk ^= -((top >> 0) & 1) & 0x3b6a57b2u;
    chk ^= -((top >> 1) & 1) & 0x26508e6du;
    chk ^= -((top >> 2) & 1) & 0x1ea119fau;
    chk ^= -((top >> 3) & 1) & 0x3d4233ddu;
    chk ^= -((top >> 4) & 1) & 0x2a1462b3u;
    return chk;
}

static uint32_t bech32_hrp_checksum(const char *hrp, size_t hrplen) {
    uint32_t chk = 1;
    for (size_t i = 0; i < hrplen; i++)
        chk = bech32_polymod_step(chk, (uint32_t)(unsigned char)hrp[i] >> 5);
    chk = bech32_polymod_step(chk, 0);
    for (size_t i = 0; i < hrplen; i++)
        chk = bech32_polymod_step(chk, (uint32_t)(unsigned char)hrp[i] & 31);
    return chk;
}

/* The 5-bit value of a lower-case Bech32 character, or -1, found by
 * comparing against all 32 rather than by a lookup indexed by it. */
static int bech32_value(int c) {
    int v = -1;
    for (int i = 0; i < 32; i++)
        v += (c == bech32_charset[i]) * (i + 1);
    return v;
}

/* The character of a 5-bit value, upper case if asked (0 or 1), found by
 * comparing against all 32 rather than by a lookup indexed by the value:
 * the data may be a key (AGE-SECRET-KEY-1...). Only 'a'-'z' change case. */
static char bech32_char(uint32_t v, int upper) {
    unsigned c = 0;
    for (uint32_t i = 0; i < 32; i++)
        c |= (unsigned)(v == i) * (unsigned char)bech32_charset[i];
    return (char)(c - (unsigned)upper * 32u * (c - 'a' < 26u));
}

long bech32_encode(char *out, size_t cap, const char *hrp, const uint8_t *data,
                   size_t len, int upper) {
    size_t hrplen = strlen(hrp), groups = (len * 8 + 4) / 5;
    if (hrplen + 1 + groups + 6 + 1 > cap) return -1;
    uint32_t chk = bech32_hrp_checksum(hrp, hrplen);
    size_t o = 0;
    for (size_t i = 0; i < hrplen; i++)
        out[o++] = hrp[i];
    out[o++] = '1';
    uint32_t acc = 0;
    int bits = 0;
    size_t in = 0;
    for (size_t g = 0; g < groups; g++) {
        if (bits < 5) {
            acc = acc << 8 | (in < len ? data[in] : 0);
            in++;
            bits += 8;
        }
        uint32_t v = (acc >> (bits - 5)) & 31;
        bits -= 5;
        chk = bech32_polymod_step(chk, v);
        out[o++] = bech32_char(v, upper != 0);
    }
    for (int i = 0; i < 6; i++)
        chk = bech32_polymod_step(chk, 0);
    chk ^= 1;
    for (int i = 0; i < 6; i++)
        out[o++] = bech32_char((chk >> (5 * (5 - i))) & 31, upper != 0);
    out[o] = 0;
    /* the human-readable part is public: its case may be set by a branch */
    if (upper)
        for (size_t i = 0; i < hrplen; i++)
            if (out[i] >= 'a' && out[i] <= 'z') out[i] = (char)(out[i] - 32);
    hush_wipe(&acc, sizeof acc); /* key bits; a dead store is dropped */
    return (long)o;
}

long bech32_decode(char *hrp, size_t hrpcap, uint8_t *data, size_t cap,
                   const char *s, size_t slen) {
    int lower = 0, upper = 0;
    size_t sep = slen;
    for (size_t i = 0; i < slen; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 33 || c > 126) return -1;
        lower |= c >= 'a' && c <= 'z';
        upper |= c >= 'A' && c <= 'Z';
        if (c == '1') sep = i;
    }
    if ((lower && upper) || sep == slen || sep == 0 || slen - sep - 1 < 6 ||
        sep + 1 > hrpcap)
        return -1;
    for (size_t i = 0; i < sep; i++) {
        char c = s[i];
        hrp[i] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    hrp[sep] = 0;
    uint32_t chk = bech32_hrp_checksum(hrp, sep);
    size_t ngroups = slen - sep - 1 - 6;
    uint32_t acc = 0;
    int bits = 0, bad = 0;
    size_t o = 0;
    for (size_t i = sep + 1; i < slen; i++) {
        /* to lower case without a branch on the character (a key's):
         * of the characters allowed here only 'A'-'Z' change, and no other
         * one lands in the alphabet */
        int v = bech32_value((unsigned char)s[i] | 0x20);
        bad |= v < 0;
        v &= 31;
        chk = bech32_polymod_step(chk, (uint32_t)v);
        if (i - sep - 1 >= ngroups) continue; /* the checksum characters */
        acc = (acc << 5 | (uint32_t)v) & 0xfff;
        bits += 5;
        if (bits >= 8) {
            bits -= 8;
            if (o < cap) data[o] = (uint8_t)(acc >> bits);
            o++;
        }
    }
    /* leftover bits: fewer than 5, and zero (BIP 173's padding rule) */
    bad |= bits >= 5 || (acc & ((1u << bits) - 1)) != 0;
    bad |= chk != 1 || o > cap;
    hush_wipe(&acc, sizeof acc); /* key bits; a dead store is dropped */
    if (bad) {
        hush_wipe(data, o < cap ? o : cap);
        return -1;
    }
    return (long)o;
}
