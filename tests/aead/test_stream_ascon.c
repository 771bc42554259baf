/*
 * Streaming Ascon-AEAD128 for the ascon implementation in force (one ctest
 * per tier): every entry of the official KAT file and of Wycheproof's
 * Ascon-AEAD128 file through streams at random split points, and random
 * messages of every length 0..1100 and some large ones against the
 * one-shot functions (which the KAT ties to the standard), in place and
 * not, tampering refused.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "stream_util.h"

static unsigned long kat(void) {
    unsigned long run = 0;
    ht_kv_file *f =
        ht_kv_open(HT_DIR, "ascon/asconaead128/LWC_AEAD_KAT_128_128.txt");
    while (ht_kv_next(f)) {
        size_t kl, nl, pl, al, cl;
        uint8_t *key = ht_kv_hex(f, "Key", &kl),
                *nonce = ht_kv_hex(f, "Nonce", &nl);
        uint8_t *pt = ht_kv_hex(f, "PT", &pl), *ad = ht_kv_hex(f, "AD", &al);
        uint8_t *ct = ht_kv_hex(f, "CT", &cl);
        ht_context = ht_kv_get(f, "Count");
        CHECK(kl == 16 && nl == 16 && cl == pl + 16);
        hush_aead_ctx *k = ht_aead_keyed(HUSH_ASCON_AEAD128, key);
        if (k && cl == pl + 16)
            su_check_message(k, nonce, pt, pl, ad, al, ct, ct + pl);
        hush_aead_free(k);
        free(key), free(nonce), free(pt), free(ad), free(ct);
        run++;
    }
    ht_context = NULL;
    ht_kv_close(f);
    return run;
}

static void one(size_t mlen, size_t adlen) {
    uint8_t key[16], nonce[16];
    uint8_t *m = malloc(mlen + 1), *ad = malloc(adlen + 1);
    ht_rand_bytes(key, 16);
    ht_rand_bytes(nonce, 16);
    ht_rand_bytes(m, mlen);
    ht_rand_bytes(ad, adlen);
    hush_aead_ctx *k = ht_aead_keyed(HUSH_ASCON_AEAD128, key);
    if (k)
        su_check_against_oneshot(HUSH_ASCON_AEAD128, key, k, nonce, m, mlen, ad,
                                 adlen);
    hush_aead_free(k);
    free(m), free(ad);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    ht_rand_seed(0x6173636f);
    /* without the vector directory the KAT and Wycheproof sets are left
     * out (ht_vectors_dir says so) and the differential part still runs */
    int vectors = ht_vectors_dir() != NULL;
    HT_FOR_EACH_IMPL("ascon", impl) {
        unsigned long n = 0, w = 0;
        if (vectors) {
            n = kat();
            CHECK(n == 1089);
            w = su_wycheproof("wycheproof/ascon_sp800_232_aead128_test.json",
                              HUSH_ASCON_AEAD128, NULL);
            CHECK(w > 50);
        }
        for (size_t mlen = 0; mlen <= 1100; mlen++)
            one(mlen, (size_t)(ht_rand_u64() % 80));
        one(65536 + 7, 33);
        one(1 << 20, 16);
        printf("ascon=%s: KAT %lu, wycheproof %lu, 1101 lengths, 2 large\n",
               impl, n, w);
    }
    return ht_end();
}
