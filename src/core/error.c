/* Names of result codes, and the version. */
#include "core/internal.h"

const char *hush_strerror(int code) {
    switch (code) {
    case HUSH_OK: return "success";
    case HUSH_ERR_INVALID: return "invalid argument";
    case HUSH_ERR_AUTH: return "authentication failed";
    case HUSH_ERR_NOMEM: return "out of memory";
    case HUSH_ERR_HARDENING: return "required hardening not granted";
    case HUSH_ERR_UNSUPPORTED: return "not supported";
    case HUSH_ERR_STATE: return "operation out of order";
    case HUSH_ERR_WEAK: return "weak result (all zero)";
    case HUSH_ERR_RANDOM: return "random generator failed";
    default: return "unknown error";
    }
}

const char *hush_version(void) { return "0.1.0"; }
