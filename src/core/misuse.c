/* Reporting misuse of the API; see misuse.h and hush_set_misuse_handler. */
#include "core/misuse.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/internal.h"

static _Atomic(hush_misuse_handler) installed_handler;

hush_misuse_handler hush_set_misuse_handler(hush_misuse_handler handler) {
    return atomic_exchange_explicit(&installed_handler, handler,
                                    memory_order_acq_rel);
}

static void write_all(const char *s) {
    size_t len = strlen(s);
    while (len > 0) {
        ssize_t n = write(STDERR_FILENO, s, len);
        if (n <= 0) return;
        s += n;
        len -= (size_t)n;
    }
}

void hush_misuse(const char *function, const char *problem) {
    hush_misuse_handler handler =
        atomic_load_explicit(&installed_handler, memory_order_acquire);
    if (handler != NULL) {
        handler(function, problem);
    } else {
        /* write(2), not stdio: the misuse may come with a damaged heap,
         * and stdio may allocate */
        write_all("hush: misuse in ");
        write_all(function);
        write_all(": ");
        write_all(problem);
        write_all("; aborting\n");
    }
    /* a handler that returns does not make the misused call go on */
    abort();
}
