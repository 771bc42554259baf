/*
 * Random sequences of secret and keyed-object operations, checked against
 * a model: create (new, from, random, read_fd; default, hardened, required
 * tiers), view, write, protect, equal, status, destroy; hush_aead_new,
 * seal/open and free; a change of tiers; and fork, after which the child
 * checks what it inherited (default-tier payloads intact, hardened ones
 * zeroed by WIPEONFORK and no longer locked, keyed objects either working
 * or refusing, never wrong), destroys everything, and exits.
 *
 * Input: a sequence of operations, each one byte of opcode and its
 * operands; it ends with the input. Only valid uses are made (no access to
 * a protected payload, no second destroy): misuse is not what this
 * target looks for.
 */
#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fuzz.h"

#define SLOTS     6
#define OBJS      3
#define MAX_LEN   5000 /* up to two pages */
#define MAX_MSG   300
#define GRANT_ALL 0x3fu /* every HUSH_GRANTED_* bit */

typedef struct slot {
    hush_secret *s; /* NULL: empty */
    uint8_t *shadow;
    size_t len;
    unsigned flags;
    int prot;
} slot;

typedef struct object {
    hush_aead_ctx *k; /* NULL: empty */
    hush_aead_alg alg;
    uint8_t key[32];
    int hardened;
} object;

static slot slots[SLOTS];
static object objs[OBJS];

static unsigned flags_of(unsigned byte) {
    static const unsigned f[3] = {0, HUSH_SECRET_HARDENED,
                                  HUSH_SECRET_HARDENED | HUSH_SECRET_REQUIRE};
    return f[byte % 3];
}

static int readable(const slot *s) {
    return s->s != NULL && s->prot != HUSH_PROT_NOACCESS;
}

/* a new secret from op (0..3) into slot i; the model follows */
static void create(int op, slot *sl, unsigned flags, size_t len,
                   const uint8_t *src, int short_fd) {
    hush_secret *s = (hush_secret *)1;
    int r;
    switch (op) {
    case 0: r = hush_secret_new(&s, len, flags); break;
    case 1: r = hush_secret_from(&s, src, len, flags); break;
    case 2: r = hush_secret_random(&s, len, flags); break;
    default: {
        int fds[2];
        FZ_CHECK(pipe(fds) == 0);
        size_t give = short_fd && len ? len - 1 : len;
        FZ_CHECK(write(fds[1], src, give) == (ssize_t)give);
        close(fds[1]);
        r = hush_secret_read_fd(&s, fds[0], len, flags);
        close(fds[0]);
        if (give < len) {
            FZ_CHECK(r == HUSH_ERR_INVALID && s == NULL);
            return;
        }
    }
    }
    if (r != HUSH_OK) {
        /* a required tier the system refused; nothing else may fail */
        FZ_CHECK(r == HUSH_ERR_HARDENING && (flags & HUSH_SECRET_REQUIRE));
        FZ_CHECK(s == NULL);
        return;
    }
    FZ_CHECK(s != NULL && hush_secret_len(s) == len);
    FZ_CHECK(hush_secret_flags(s) == flags);
    sl->s = s;
    sl->len = len;
    sl->flags = flags;
    sl->prot = HUSH_PROT_READWRITE;
    sl->shadow = fz_alloc(NULL, len, 0);
    const uint8_t *p = hush_secret_ptr(s);
    FZ_CHECK(p != NULL);
    if (op == 0) FZ_CHECK(fz_all_zero(p, len));
    if (op == 1 || op == 3) FZ_CHECK(len == 0 || memcmp(p, src, len) == 0);
    /* 2^-128 of a false alarm */
    if (op == 2 && len >= 16) FZ_CHECK(!fz_all_zero(p, len));
    if (len) memcpy(sl->shadow, p, len);
}

static void destroy(slot *sl) {
    hush_secret_destroy(sl->s);
    fz_free(sl->shadow, 0);
    memset(sl, 0, sizeof *sl);
}

static void check_status(const slot *sl) {
    unsigned st = hush_secret_status(sl->s);
    if (!(sl->flags & HUSH_SECRET_HARDENED))
        FZ_CHECK(st == 0);
    else
        FZ_CHECK(st & HUSH_GRANTED_HARDENED);
    if (sl->flags & HUSH_SECRET_REQUIRE)
        FZ_CHECK((st & GRANT_ALL) == GRANT_ALL);
}

/* seal of a fixed message with an object, checked against the one-shot
 * with the key the model remembers; returns the object's verdict */
static int check_object(const object *o, const uint8_t *m, size_t mlen,
                        const uint8_t nonce[24]) {
    uint8_t c[MAX_MSG + 16], want[MAX_MSG + 16], back[MAX_MSG];
    int r = hush_aead_seal(o->k, c, m, mlen, NULL, 0, nonce);
    if (r != HUSH_OK) return r;
    FZ_CHECK(hush_aead_encrypt(o->alg, want, m, mlen, NULL, 0, nonce, o->key) ==
             HUSH_OK);
    FZ_CHECK(memcmp(c, want, mlen + 16) == 0);
    FZ_CHECK(hush_aead_open(o->k, back, c, mlen + 16, NULL, 0, nonce) ==
             HUSH_OK);
    FZ_CHECK(mlen == 0 || memcmp(back, m, mlen) == 0);
    c[0] ^= 1;
    FZ_CHECK(hush_aead_open(o->k, back, c, mlen + 16, NULL, 0, nonce) ==
             HUSH_ERR_AUTH);
    FZ_CHECK(fz_all_zero(back, mlen));
    return HUSH_OK;
}

/* In the child of a fork: what it inherited, then everything released. */
static void child_checks(void) {
    static const uint8_t nonce[24] = {1, 2, 3};
    static const uint8_t m[40] = {4, 5, 6};
    for (int i = 0; i < SLOTS; i++) {
        slot *sl = &slots[i];
        if (sl->s == NULL) continue;
        unsigned st = hush_secret_status(sl->s);
        if (sl->flags & HUSH_SECRET_HARDENED) {
            /* locks are not inherited (docs/SECRETS.md) */
            FZ_CHECK(!(st & HUSH_GRANTED_MLOCK));
            if (readable(sl) && (st & HUSH_GRANTED_WIPEONFORK))
                FZ_CHECK(fz_all_zero(hush_secret_ptr(sl->s), sl->len));
        } else {
            FZ_CHECK(st == 0);
            FZ_CHECK(sl->len == 0 ||
                     memcmp(hush_secret_ptr(sl->s), sl->shadow, sl->len) == 0);
        }
        destroy(sl);
    }
    for (int i = 0; i < OBJS; i++) {
        object *o = &objs[i];
        if (o->k == NULL) continue;
        /* a default-tier object works; a hardened one, whose state the
         * child reads as zeros, may refuse, but never seals wrongly */
        int r = check_object(o, m, sizeof m, nonce);
        if (!o->hardened) FZ_CHECK(r == HUSH_OK);
        hush_aead_free(o->k);
        o->k = NULL;
    }
    /* and the child makes and uses secrets of its own */
    hush_secret *s;
    FZ_CHECK(hush_secret_new(&s, 64, HUSH_SECRET_HARDENED) == HUSH_OK);
    memset(hush_secret_ptr_mut(s), 7, 64);
    hush_secret_destroy(s);
}

static void do_fork(void) {
    fflush(NULL);
    pid_t pid = fork();
    FZ_CHECK(pid >= 0);
    if (pid == 0) {
        child_checks();
        _exit(0); /* not exit: no atexit handler of the fuzzer runs here */
    }
    int status;
    pid_t w;
    /* libFuzzer's timeout timer (SIGALRM) interrupts the wait */
    do
        w = waitpid(pid, &status, 0);
    while (w < 0 && errno == EINTR);
    FZ_CHECK(w == pid);
    FZ_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in in = {data, size};
    static uint8_t buf[MAX_LEN];
    int forked = 0;
    for (int step = 0; step < 64 && in.n > 0; step++) {
        unsigned op = fz_u8(&in) % 14;
        slot *sl = &slots[fz_u8(&in) % SLOTS];
        switch (op) {
        case 0:
        case 1:
        case 2:
        case 3: { /* create */
            unsigned flags = flags_of(fz_u8(&in));
            size_t len = fz_len(&in, MAX_LEN);
            int short_fd = fz_u8(&in) & 1;
            if (op == 1 || op == 3) fz_bytes(&in, buf, len);
            if (sl->s != NULL) destroy(sl);
            create((int)op, sl, flags, len, buf, short_fd);
            break;
        }
        case 4: /* view */
            if (readable(sl)) {
                FZ_CHECK(hush_secret_len(sl->s) == sl->len);
                FZ_CHECK(sl->len == 0 || memcmp(hush_secret_ptr(sl->s),
                                                sl->shadow, sl->len) == 0);
            }
            break;
        case 5: { /* write a few bytes at an offset */
            size_t off = fz_u16(&in), n = fz_u8(&in);
            uint8_t v = fz_u8(&in);
            if (sl->s == NULL || sl->prot != HUSH_PROT_READWRITE ||
                sl->len == 0)
                break;
            off %= sl->len;
            if (n > sl->len - off) n = sl->len - off;
            memset(hush_secret_ptr_mut(sl->s) + off, v, n);
            memset(sl->shadow + off, v, n);
            break;
        }
        case 6: { /* protect */
            int prot = fz_u8(&in) % 3;
            if (sl->s == NULL) break;
            int r = hush_secret_protect(sl->s, prot);
            if (sl->flags & HUSH_SECRET_HARDENED) {
                FZ_CHECK(r == HUSH_OK);
                sl->prot = prot;
            } else {
                FZ_CHECK(r == HUSH_ERR_UNSUPPORTED);
            }
            break;
        }
        case 7: /* destroy, whatever the protection */
            if (sl->s != NULL) destroy(sl);
            break;
        case 8: { /* equal */
            slot *other = &slots[fz_u8(&in) % SLOTS];
            if (!readable(sl) || !readable(other)) break;
            int want = sl->len == other->len &&
                       (sl->len == 0 ||
                        memcmp(sl->shadow, other->shadow, sl->len) == 0);
            FZ_CHECK(hush_secret_equal(sl->s, other->s) == want);
            break;
        }
        case 9: /* status */
            if (sl->s != NULL) check_status(sl);
            break;
        case 10: { /* hush_aead_new from this secret */
            object *o = &objs[fz_u8(&in) % OBJS];
            hush_aead_alg alg = fuzz_aead_pick(fz_u8(&in));
            if (!readable(sl) || sl->len != hush_aead_keybytes(alg)) break;
            if (o->k != NULL) hush_aead_free(o->k);
            o->k = NULL;
            int r = hush_aead_new(&o->k, alg, sl->s);
            if (r != HUSH_OK) {
                FZ_CHECK(r == HUSH_ERR_HARDENING &&
                         (sl->flags & HUSH_SECRET_REQUIRE) && o->k == NULL);
                break;
            }
            o->alg = alg;
            o->hardened = (sl->flags & HUSH_SECRET_HARDENED) != 0;
            memcpy(o->key, sl->shadow, sl->len);
            break;
        }
        case 11: { /* seal and open with an object */
            object *o = &objs[fz_u8(&in) % OBJS];
            size_t mlen = fz_len(&in, MAX_MSG);
            uint8_t nonce[24];
            fz_bytes(&in, nonce, sizeof nonce);
            fz_bytes(&in, buf, mlen);
            if (o->k != NULL)
                FZ_CHECK(check_object(o, buf, mlen, nonce) == HUSH_OK);
            break;
        }
        case 12: { /* free an object */
            object *o = &objs[fz_u8(&in) % OBJS];
            hush_aead_free(o->k);
            o->k = NULL;
            break;
        }
        default: /* 13: other tiers, or a fork */
            if (fz_u8(&in) & 1) {
                fz_tiers(&in);
            } else if (!forked) {
                forked = 1;
                do_fork();
            }
            break;
        }
    }
    for (int i = 0; i < SLOTS; i++)
        if (slots[i].s != NULL) destroy(&slots[i]);
    for (int i = 0; i < OBJS; i++) {
        hush_aead_free(objs[i].k);
        objs[i].k = NULL;
    }
    return 0;
}

/* A few sequences that reach every operation: each tier of secret made
 * every way, keys of each algorithm's length turned into objects and
 * used, protections set and lifted, a fork with all of it alive. */
void fuzz_seeds(void) {
    static fuzz_out o;
    static uint8_t bytes[MAX_LEN];
    fuzz_pattern(bytes, sizeof bytes, 6000);
    for (unsigned tier = 0; tier < 3; tier++) {
        for (unsigned a = 0; a < fuzz_aead_count(); a++) {
            size_t keylen = hush_aead_keybytes(fuzz_aead_pick(a));
            /* slot 0: a key from bytes; slot 1: new, written; slot 2:
             * random of two pages; slot 3: read_fd */
            fo_u8(&o, 1), fo_u8(&o, 0), fo_u8(&o, tier), fo_u16(&o, keylen);
            fo_u8(&o, 0), fo_bytes(&o, bytes, keylen);
            fo_u8(&o, 0), fo_u8(&o, 1), fo_u8(&o, tier), fo_u16(&o, 100);
            fo_u8(&o, 0);
            fo_u8(&o, 5), fo_u8(&o, 1), fo_u16(&o, 10), fo_u8(&o, 20);
            fo_u8(&o, 0x5a);
            fo_u8(&o, 2), fo_u8(&o, 2), fo_u8(&o, tier), fo_u16(&o, 4097);
            fo_u8(&o, 0);
            fo_u8(&o, 3), fo_u8(&o, 3), fo_u8(&o, tier), fo_u16(&o, 33);
            fo_u8(&o, a & 1), fo_bytes(&o, bytes + 100, 33);
            /* views, equal, status */
            for (unsigned s = 0; s < 4; s++) {
                fo_u8(&o, 4), fo_u8(&o, s);
                fo_u8(&o, 9), fo_u8(&o, s);
                fo_u8(&o, 8), fo_u8(&o, s), fo_u8(&o, (s + 1) % 4);
            }
            /* object 0 from slot 0, used; read-only then no access */
            fo_u8(&o, 10), fo_u8(&o, 0), fo_u8(&o, 0), fo_u8(&o, a);
            fo_u8(&o, 11), fo_u8(&o, 0), fo_u8(&o, 0), fo_u16(&o, 77);
            fo_bytes(&o, bytes + 200, 24 + 77);
            fo_u8(&o, 6), fo_u8(&o, 0), fo_u8(&o, HUSH_PROT_READONLY);
            fo_u8(&o, 4), fo_u8(&o, 0);
            fo_u8(&o, 6), fo_u8(&o, 2), fo_u8(&o, HUSH_PROT_NOACCESS);
            /* other tiers, then a fork with everything alive */
            fo_u8(&o, 13), fo_u8(&o, 0), fo_u8(&o, 1), fo_tiers(&o, a);
            fo_u8(&o, 13), fo_u8(&o, 0), fo_u8(&o, 0);
            /* after the fork: more use, then tear-down */
            fo_u8(&o, 11), fo_u8(&o, 0), fo_u8(&o, 0), fo_u16(&o, 0);
            fo_bytes(&o, bytes + 400, 24);
            fo_u8(&o, 12), fo_u8(&o, 0), fo_u8(&o, 0);
            fo_u8(&o, 7), fo_u8(&o, 2);
            fo_u8(&o, 7), fo_u8(&o, 0);
            fo_emit(&o);
        }
    }
}
