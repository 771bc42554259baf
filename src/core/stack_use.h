/*
 * How much stack a function uses: for code that must zero exactly the
 * stack its callee used, no more (writing below the stack a thread has
 * would reach whatever lies there) and no less (spilled secrets).
 */
#ifndef HUSH_CORE_STACK_USE_H
#define HUSH_CORE_STACK_USE_H

#include <stddef.h>

/*
 * Runs fn(a, b, c) (three pointer arguments, in rdi, rsi, rdx) on a
 * private stack painted with a pattern and returns how many bytes below
 * the stack pointer of the call it wrote, return address included: the
 * stack it takes below its caller. Several runs with two patterns, the
 * smallest: a value the function happens to store equal to the pattern,
 * a lazily bound call going through the dynamic linker's resolver for the
 * first time, or a signal handler that ran on the private stack do not
 * inflate it. Only for functions whose stack use does not depend on their
 * inputs (constant-time code), called with inputs that are not secret.
 * Thread-safe (one private stack, under a lock); slow (tens of
 * microseconds plus the runs): measure once and keep the result.
 * 0 when it cannot measure (not x86-64, or the function used more than
 * half the private stack).
 */
size_t hush_stack_use(const void *fn, const void *a, const void *b,
                      const void *c);

#endif
