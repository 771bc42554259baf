/* Operating-system randomness. */
#include <errno.h>
#include <sys/random.h>

#include "core/internal.h"

/*
 * getrandom(2) is retried when a signal interrupts it (EINTR), but only so
 * many times in a row without a byte of progress: a sandbox whose filter
 * answers EINTR for ever, or a signal storm, must end in an error, not in
 * a loop that never returns. 4096 retries take a few milliseconds when
 * each one fails at once; interrupted waits for the boot-time entropy pool
 * get that many signals' worth of patience.
 */
#define HUSH_RANDOM_MAX_RETRIES 4096

int hush_random(void *buf, size_t len) {
    uint8_t *p = buf;
    if (hush_missing(buf, len)) return HUSH_ERR_INVALID;
    unsigned retries = 0;
    while (len > 0) {
        /* getrandom returns at most 32 MiB per call; loop on short reads */
        ssize_t got = getrandom(p, len, 0);
        if (got > 0) {
            p += got;
            len -= (size_t)got;
            retries = 0;
            continue;
        }
        /* 0 never comes for len > 0; it counts as no progress all the same */
        if ((got == 0 || errno == EINTR) && ++retries < HUSH_RANDOM_MAX_RETRIES)
            continue;
        return HUSH_ERR_RANDOM;
    }
    return HUSH_OK;
}
