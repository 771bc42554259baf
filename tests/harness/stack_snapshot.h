/*
 * HT_SNAPSHOT_BELOW_SP(buf, bytes): copies the `bytes` just below the
 * stack pointer into buf, in one asm block (x86-64 only), for the tests
 * that look for secrets a call left in dead stack. A macro, not a
 * function: a call would put its own frame where the copy reads. The
 * caller must not be a leaf (it calls the function under test), so
 * nothing of its own lies below rsp.
 */
#ifndef HUSH_TEST_STACK_SNAPSHOT_H
#define HUSH_TEST_STACK_SNAPSHOT_H

#include <stddef.h>

#define HT_SNAPSHOT_BELOW_SP(buf, bytes)                                       \
    do {                                                                       \
        void *dst_ = (buf);                                                    \
        size_t n_ = (bytes);                                                   \
        const void *src_;                                                      \
        __asm__ __volatile__("mov %%rsp, %%rsi\n\t"                            \
                             "sub %%rcx, %%rsi\n\t"                            \
                             "rep movsb"                                       \
                             : "+D"(dst_), "+c"(n_), "=&S"(src_)               \
                             :                                                 \
                             : "memory");                                      \
    } while (0)

#endif
