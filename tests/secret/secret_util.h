/*
 * Helpers for the secret-memory tests: running a body in a forked child
 * and reading what the kernel says about this process's memory.
 */
#ifndef HUSH_TEST_SECRET_UTIL_H
#define HUSH_TEST_SECRET_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Runs fn(arg) in a forked child with core dumps off and the default
 * SIGSEGV/SIGBUS/SIGABRT dispositions (under ASan too), then _exit(0).
 * Returns the wait status. If err_out is not NULL, the child's stderr is
 * captured into it (NUL-terminated, at most err_cap - 1 bytes). */
int su_run_child(void (*fn)(void *), void *arg, char *err_out, size_t err_cap);

/* 1 if the child was killed by that signal. */
int su_killed_by(int status, int sig);
/* 1 if the child exited normally with that code. */
int su_exited_with(int status, int code);

/* VmLck of this process in KiB, -1 if unknown. */
long su_locked_kib(void);
/* Number of mappings in /proc/self/maps. */
long su_mapping_count(void);
/* Protection ("rw-p", "---p", ...) of the mapping holding addr, copied into
 * perms[5]; VmFlags of that mapping from smaps into flags (cap bytes).
 * Returns 0 if found. */
int su_mapping_of(const void *addr, char perms[5], char *flags, size_t cap);
/* 1 if the space-separated VmFlags list contains the two-letter flag. */
int su_has_vmflag(const char *flags, const char *flag);

/* Drops CAP_IPC_LOCK from this process (effective, permitted and
 * inheritable sets), so RLIMIT_MEMLOCK applies even to root. 0 on success. */
int su_drop_ipc_lock(void);

size_t su_page_size(void);

#endif
