/*
 * Keyed AEAD objects live in secret memory of the key's tier: for every
 * AEAD in this build, hush_aead_new with a default, hardened or REQUIRE key
 * gives an object 64-byte aligned, in a locked, undumpable, wiped-on-fork
 * mapping ending on a guard page when the key is hardened; the object works
 * after the key is destroyed; hush_aead_free wipes it; and a REQUIRE key
 * makes object creation fail cleanly where mlock is refused.
 * (Registered only when some AEAD is built: tests.cmake.)
 */
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "aead/aead_impl.h"
#include "harness.h"
#include "secret_util.h"

/* what hush_aead_new asks for: a 64-byte header and the state, 64-rounded */
static size_t object_bytes(hush_aead_alg alg) {
    const hush_aead_desc *d = hush_aead_lookup(alg);
    return 64 + ((d->state_bytes + 63) & ~(size_t)63);
}

static void check_tier(hush_aead_alg alg, unsigned flags) {
    /* REQUIRE implies HARDENED */
    int hardened = (flags & (HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE)) != 0;
    size_t kb = hush_aead_keybytes(alg);
    uint8_t key[64], msg[100], ct[116], pt[100], nonce[32] = {0};
    ht_rand_bytes(key, sizeof key);
    ht_rand_bytes(msg, sizeof msg);
    hush_secret *k = NULL;
    hush_aead_ctx *obj = NULL;
    CHECK_EQ_INT(hush_secret_from(&k, key, kb, flags), HUSH_OK);
    int r = hush_aead_new(&obj, alg, k);
    if (flags & HUSH_SECRET_REQUIRE)
        CHECK(r == HUSH_OK || r == HUSH_ERR_HARDENING);
    else
        CHECK_EQ_INT(r, HUSH_OK);
    unsigned key_status = hush_secret_status(k);
    hush_secret_destroy(k); /* the object keeps what it needs */
    if (obj == NULL) return;
    CHECK_EQ_INT((uintptr_t)obj % 64, 0);

    char perms[5], vmflags[256];
    CHECK_EQ_INT(su_mapping_of(obj, perms, vmflags, sizeof vmflags), 0);
    if (hardened) {
        /* the same protections as the key, and the end guard right after */
        CHECK_EQ_INT(su_has_vmflag(vmflags, "lo"),
                     (key_status & HUSH_GRANTED_MLOCK) != 0);
        CHECK_EQ_INT(su_has_vmflag(vmflags, "dd"),
                     (key_status & HUSH_GRANTED_DONTDUMP) != 0);
        CHECK_EQ_INT(su_has_vmflag(vmflags, "wf"),
                     (key_status & HUSH_GRANTED_WIPEONFORK) != 0);
        const uint8_t *end = (const uint8_t *)obj + object_bytes(alg);
        CHECK_EQ_INT((uintptr_t)end % su_page_size(), 0);
        CHECK_EQ_INT(su_mapping_of(end, perms, vmflags, sizeof vmflags), 0);
        CHECK(strcmp(perms, "---p") == 0);
    } else {
        CHECK(!su_has_vmflag(vmflags, "lo"));
        CHECK(!su_has_vmflag(vmflags, "wf"));
    }
    /* it works without the key, and agrees with the one-shot form */
    uint8_t ref[116];
    CHECK_EQ_INT(
        hush_aead_encrypt(alg, ref, msg, sizeof msg, NULL, 0, nonce, key),
        HUSH_OK);
    CHECK_EQ_INT(hush_aead_seal(obj, ct, msg, sizeof msg, NULL, 0, nonce),
                 HUSH_OK);
    CHECK_MEM(ct, ref, sizeof ct);
    CHECK_EQ_INT(hush_aead_open(obj, pt, ct, sizeof ct, NULL, 0, nonce),
                 HUSH_OK);
    CHECK_MEM(pt, msg, sizeof msg);

    if (hardened) {
        /* freed: the slot stays mapped in the pool, and it is all zero */
        const volatile uint8_t *mem = (const volatile uint8_t *)obj;
        size_t n = object_bytes(alg);
        int pooled =
            key_status == (HUSH_GRANTED_HARDENED | HUSH_GRANTED_GUARDS |
                           HUSH_GRANTED_MLOCK | HUSH_GRANTED_DONTDUMP |
                           HUSH_GRANTED_WIPEONFORK | HUSH_GRANTED_CANARY);
        hush_aead_free(obj);
        if (pooled) {
            size_t nonzero = 0;
            for (size_t i = 0; i < n; i++)
                nonzero += mem[i] != 0;
            CHECK_EQ_INT(nonzero, 0);
        }
    } else {
        hush_aead_free(obj);
    }
}

/* In a child that cannot lock memory: a REQUIRE key made before the limit
 * was lowered yields no object, and nothing is left mapped. */
static hush_aead_alg child_alg;
static void require_refused(void *arg) {
    (void)arg;
    uint8_t key[64] = {7};
    hush_secret *k = NULL;
    if (hush_secret_from(&k, key, hush_aead_keybytes(child_alg),
                         HUSH_SECRET_REQUIRE) != HUSH_OK)
        _exit(10);
    if (su_drop_ipc_lock() != 0) _exit(11);
    struct rlimit none = {0, 0};
    if (setrlimit(RLIMIT_MEMLOCK, &none) != 0) _exit(12);
    long maps = su_mapping_count();
    hush_aead_ctx *obj = (hush_aead_ctx *)&obj;
    int r = hush_aead_new(&obj, child_alg, k);
    int code = 0;
    if (r != HUSH_ERR_HARDENING || obj != NULL) code |= 1;
    if (su_mapping_count() != maps) code |= 2;
    /* a hardened key without REQUIRE still gets an object, unlocked */
    hush_secret *h = NULL;
    if (hush_secret_from(&h, key, hush_aead_keybytes(child_alg),
                         HUSH_SECRET_HARDENED) != HUSH_OK)
        _exit(13);
    if (hush_aead_new(&obj, child_alg, h) != HUSH_OK) code |= 4;
    hush_aead_free(obj);
    hush_secret_destroy(h);
    hush_secret_destroy(k);
    _exit(code);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    const unsigned tiers[] = {0, HUSH_SECRET_HARDENED, HUSH_SECRET_REQUIRE};
    int algs = 0;
    for (int a = HUSH_CHACHA20POLY1305; a <= HUSH_ASCON_AEAD128; a++) {
        hush_aead_alg alg = (hush_aead_alg)a;
        if (hush_aead_keybytes(alg) == 0) continue; /* not in this build */
        algs++;
        ht_context = hush_aead_name(alg);
        for (size_t t = 0; t < 3; t++)
            check_tier(alg, tiers[t]);
        child_alg = alg;
        int st = su_run_child(require_refused, NULL, NULL, 0);
        CHECK(su_exited_with(st, 0));
        if (!su_exited_with(st, 0))
            printf("%s: child exit status %d\n", hush_aead_name(alg),
                   WEXITSTATUS(st));
    }
    ht_context = NULL;
    CHECK(algs > 0);
    printf("%d AEADs checked\n", algs);
    return ht_end();
}
