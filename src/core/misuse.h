/*
 * Misuse of the API that a function cannot report through a return value
 * (a void function given NULL data with a length, a context used before
 * init or after final or wipe, a secret destroyed twice): hush_misuse
 * reports it through the handler of hush_set_misuse_handler and aborts.
 * Never a silent no-op, never a jump through a pointer read from a context
 * that was not set up.
 *
 * A check costs one predictable branch; the report is out of line and
 * marked cold, so the hot path keeps its shape:
 *
 *     if (HUSH_UNLIKELY(c == NULL)) hush_misuse(__func__, "NULL context");
 */
#ifndef HUSH_CORE_MISUSE_H
#define HUSH_CORE_MISUSE_H

/* Calls the program's misuse handler, or writes "hush: misuse in
 * <function>: <problem>" to stderr, then aborts. Does not return. */
__attribute__((cold, noreturn)) void hush_misuse(const char *function,
                                                 const char *problem);

/* Reports misuse in the calling function unless cond holds. */
#define HUSH_REQUIRE(cond, problem)                                            \
    do {                                                                       \
        if (__builtin_expect(!(cond), 0)) hush_misuse(__func__, problem);      \
    } while (0)

/* The usual problems, worded once. */
#define HUSH_MISUSE_NULL_CTX "NULL context"
#define HUSH_MISUSE_DEAD_CTX                                                   \
    "context not initialised, or used after final or a wipe"
#define HUSH_MISUSE_NULL_DATA "NULL data with a nonzero length"
#define HUSH_MISUSE_NULL_OUT  "NULL output"
#define HUSH_MISUSE_NULL_KEY  "NULL key"

#endif
