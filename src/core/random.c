/* Operating-system randomness. */
#include <errno.h>
#include <sys/random.h>

#include "core/internal.h"

int hush_random(void *buf, size_t len) {
    uint8_t *p = buf;
    if (hush_missing(buf, len)) return HUSH_ERR_INVALID;
    while (len > 0) {
        /* getrandom returns at most 32 MiB per call; loop on short reads */
        ssize_t got = getrandom(p, len, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return HUSH_ERR_UNSUPPORTED;
        }
        p += got;
        len -= (size_t)got;
    }
    return HUSH_OK;
}
