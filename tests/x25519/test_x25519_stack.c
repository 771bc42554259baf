/*
 * hush_x25519 and hush_x25519_base with little stack left (issue 15,
 * defect 4). They zero the stack their tier used, so no field element or
 * ladder temporary outlives the call; the old code zeroed a fixed 8 KiB
 * below the caller's stack pointer, so a thread with 3-7 KiB of stack left
 * got the right answer and 0.7-4.7 KB of memory below its stack written.
 *
 * A thread runs on a stack the test maps itself, with a 16 KiB canary
 * region right below it. The thread first finds how deep each call goes
 * (on its own, painted stack: the test owns that memory), then, for every
 * tier and for 3 to 7 KiB of stack left, moves its stack pointer down
 * with alloca and makes the call: the result must be right, the canary
 * region untouched, and no 16-byte piece of the scalar (raw or clamped)
 * left anywhere below the stack pointer afterwards.
 */
#include <alloca.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "cpu/dispatch.h"
#include "harness.h"
#include "x25519/x25519_impl.h"

extern hush_primitive hush_prim_x25519; /* x25519.c */

#define STACK_BYTES  (64 << 10)
#define CANARY_BYTES (16 << 10)
#define CANARY       0xc3

/* What hush_x25519's own frames and its scrub may add to the tier's
 * depth: a few hundred bytes, more under AddressSanitizer's redzones */
#if defined(__SANITIZE_ADDRESS__)
#define PUBLIC_FRAMES 2048
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PUBLIC_FRAMES 2048
#endif
#endif
#ifndef PUBLIC_FRAMES
#define PUBLIC_FRAMES 512
#endif

static uint8_t *region; /* canary region, then the thread's stack */
#define STACK_LOW (region + CANARY_BYTES)

static uint8_t scalar[32], clamped[32], point[32];
static uint8_t want_shared[32], want_public[32];

typedef struct {
    int base;    /* hush_x25519_base, else hush_x25519 */
    size_t left; /* bytes of stack left below the call */
    /* results */
    int result, right, canary_intact;
    size_t copies;
    size_t used;        /* how deep the tier went (measured pass) */
    size_t used_public; /* how deep the public call went, its scrub too */
    size_t actually_left;
} job;

static size_t scalar_copies(const uint8_t *lo, const uint8_t *hi) {
    size_t n = 0;
    for (const uint8_t *p = lo; p + 16 <= hi; p++)
        for (int h = 0; h < 2; h++)
            n += memcmp(p, scalar + 16 * h, 16) == 0 ||
                 memcmp(p, clamped + 16 * h, 16) == 0;
    return n;
}

/* Makes the call from a frame whose stack pointer is about `left` bytes
 * above the bottom of the thread's stack. */
static __attribute__((noinline)) void call_here(job *j) {
    uint8_t out[32];
    uint8_t *sp = __builtin_frame_address(0);
    j->actually_left = (size_t)(sp - STACK_LOW);
    j->result = j->base ? hush_x25519_base(out, scalar)
                        : hush_x25519(out, scalar, point);
    j->right = memcmp(out, j->base ? want_public : want_shared, 32) == 0;
    /* below this frame, after the call: nothing of the scalar */
    j->copies = scalar_copies(STACK_LOW, sp - 64);
    hush_wipe(out, sizeof out);
}

static __attribute__((noinline)) uint8_t *measure_here(job *j, int public) {
    uint8_t out[32];
    const hush_x25519_ops *ops = hush_ops(&hush_prim_x25519);
    if (public)
        (void)(j->base ? hush_x25519_base(out, scalar)
                       : hush_x25519(out, scalar, point));
    else if (j->base)
        ops->scalarmult_base(out, scalar);
    else
        ops->scalarmult(out, scalar, point);
    j->right &= memcmp(out, j->base ? want_public : want_shared, 32) == 0;
    return __builtin_frame_address(0);
}

/* How deep below measure_here's frame address the call wrote on the
 * painted region [STACK_LOW, below): the same reference as call_here's
 * stack left, so the two compare in every build (an ASan frame is large). */
static size_t painted_depth(job *j, uint8_t *below, int public) {
    memset(STACK_LOW, 0x5a, (size_t)(below - STACK_LOW));
    uint8_t *frame = measure_here(j, public);
    uint8_t *p = STACK_LOW;
    while (p < below && *p == 0x5a)
        p++;
    return (size_t)(frame - p);
}

static void *thread_main(void *arg) {
    job *j = arg;
    uint8_t *here = __builtin_frame_address(0);
    size_t room = (size_t)(here - STACK_LOW);
    /* the measuring pass, on a painted stack with all of the room below:
     * the tier itself (no scrub after it), then the public call with its
     * scrub */
    if (j->left == 0) {
        uint8_t *below = here - 1024; /* under this frame and the next */
        j->right = 1;
        j->used = painted_depth(j, below, 0);
        j->used_public = painted_depth(j, below, 1);
        return NULL;
    }
    /* leave about j->left bytes below the call (the alloca'd block and
     * this frame's own locals take the rest) */
    size_t drop = room > j->left + 64 ? room - j->left - 64 : 0;
    volatile uint8_t *pad = alloca(drop > 0 ? drop : 1); /* pad[0] exists */
    pad[0] = 0;
    call_here(j);
    __asm__ __volatile__("" : : "r"(pad) : "memory");
    return NULL;
}

static void run_job(job *j) {
    memset(region, CANARY, CANARY_BYTES);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, STACK_LOW, STACK_BYTES);
    pthread_t t;
    if (pthread_create(&t, &attr, thread_main, j) != 0) {
        CHECK(0);
        return;
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    j->canary_intact = 1;
    for (size_t i = 0; i < CANARY_BYTES; i++)
        if (region[i] != CANARY) j->canary_intact = 0;
}

static void test_tier(const char *tier) {
    for (int base = 0; base <= 1; base++) {
        job m = {base, 0, 0, 0, 0, 0, 0, 0, 0};
        run_job(&m);
        CHECK(m.right && m.canary_intact);
        const char *fn = base ? "hush_x25519_base" : "hush_x25519";
        printf("%s %s: %zu bytes of stack for the tier, %zu for the call\n",
               tier, fn, m.used, m.used_public);
        /* the scrub covers the tier's frames and the call's own, nothing
         * more: a fixed budget (the old 8 KiB) would show here */
        CHECK(m.used_public <= m.used + PUBLIC_FRAMES);
        for (size_t left = 3072; left <= 7168; left += 512) {
            job j = {base, left, 0, 0, 0, 0, 0, 0, 0};
            if (m.used_public + 256 > left) {
                /* too little for the call itself (a sanitizer build) */
                continue;
            }
            run_job(&j);
            if (j.result == HUSH_OK && j.right && j.canary_intact &&
                j.copies == 0) {
                ht_passed++;
            } else {
                size_t written = 0;
                for (size_t i = 0; i < CANARY_BYTES; i++)
                    written += region[i] != CANARY;
                ht_fail(__FILE__, __LINE__,
                        "%s %s with %zu bytes of stack left: result %d, %s, "
                        "%zu bytes written below the stack, %zu copies of the "
                        "scalar left on it",
                        tier, fn, j.actually_left, j.result,
                        j.right ? "right" : "WRONG", written, j.copies);
            }
        }
    }
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    region = mmap(NULL, CANARY_BYTES + STACK_BYTES, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(region != MAP_FAILED);
    if (region == MAP_FAILED) return ht_end();
    ht_rand_bytes(scalar, sizeof scalar);
    scalar[0] |= 7; /* the clamped form differs from the raw one */
    memcpy(clamped, scalar, 32);
    clamped[0] &= 248;
    clamped[31] = (uint8_t)((clamped[31] & 127) | 64);
    ht_rand_bytes(point, sizeof point);
    CHECK_EQ_INT(hush_x25519(want_shared, scalar, point), HUSH_OK);
    CHECK_EQ_INT(hush_x25519_base(want_public, scalar), HUSH_OK);
    HT_FOR_EACH_IMPL("x25519", tier) {
        /* the answers the default tier gave are every tier's */
        test_tier(tier);
    }
    munmap(region, CANARY_BYTES + STACK_BYTES);
    return ht_end();
}
