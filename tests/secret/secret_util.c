/* Helpers for the secret-memory tests: see secret_util.h. */
#include "secret_util.h"

#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

size_t su_page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

/* Restores the kernel's default action through the raw system call: a
 * sanitizer's sigaction interceptor may keep its own SIGSEGV handler, which
 * would turn the fault into an exit code. */
static void default_action(int sig) {
    struct {
        void (*handler)(int);
        unsigned long flags;
        void (*restorer)(void);
        unsigned long mask;
    } act = {SIG_DFL, 0, NULL, 0};
    syscall(SYS_rt_sigaction, sig, &act, NULL, sizeof act.mask);
}

int su_run_child(void (*fn)(void *), void *arg, char *err_out, size_t err_cap) {
    int pipefd[2] = {-1, -1};
    if (err_out != NULL && pipe(pipefd) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        default_action(SIGSEGV);
        default_action(SIGBUS);
        default_action(SIGABRT);
        if (err_out != NULL) {
            dup2(pipefd[1], STDERR_FILENO);
            close(pipefd[0]);
            close(pipefd[1]);
        }
        fn(arg);
        _exit(0);
    }
    if (err_out != NULL) {
        close(pipefd[1]);
        size_t used = 0;
        for (;;) {
            ssize_t n = read(pipefd[0], err_out + used, err_cap - 1 - used);
            if (n <= 0) break;
            used += (size_t)n;
            if (used == err_cap - 1) break;
        }
        err_out[used] = 0;
        close(pipefd[0]);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    return status;
}

int su_killed_by(int status, int sig) {
    return WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

int su_exited_with(int status, int code) {
    return WIFEXITED(status) && WEXITSTATUS(status) == code;
}

long su_locked_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, f) != NULL)
        /* the kernel writes these lines; another line fails the match
         * count, which is all this needs */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "VmLck: %ld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}

long su_mapping_count(void) {
    FILE *f = fopen("/proc/self/maps", "r");
    if (f == NULL) return -1;
    long n = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

int su_mapping_of(const void *addr, char perms[5], char *flags, size_t cap) {
    FILE *f = fopen("/proc/self/smaps", "r");
    if (f == NULL) return -1;
    char line[512];
    int found = 0, done = -1;
    uintptr_t a = (uintptr_t)addr;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        char p[5];
        /* a mapping's first line: "lo-hi perms offset dev inode path",
         * written by the kernel; any other line fails the match count */
        /* NOLINTNEXTLINE(cert-err34-c) */
        if (sscanf(line, "%lx-%lx %4s", &lo, &hi, p) == 3) {
            if (found) break; /* next mapping, no VmFlags line seen */
            if (a >= lo && a < hi) {
                found = 1;
                memcpy(perms, p, 5);
            }
            continue;
        }
        if (found && strncmp(line, "VmFlags:", 8) == 0) {
            snprintf(flags, cap, "%s", line + 8);
            done = 0;
            break;
        }
    }
    fclose(f);
    return done;
}

int su_has_vmflag(const char *flags, const char *flag) {
    for (const char *p = flags; (p = strstr(p, flag)) != NULL; p += 2) {
        int start = p == flags || p[-1] == ' ';
        int end = p[2] == ' ' || p[2] == '\n' || p[2] == 0;
        if (start && end) return 1;
    }
    return 0;
}

int su_drop_ipc_lock(void) {
    struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    if (syscall(SYS_capget, &hdr, data) != 0) return -1;
    unsigned word = CAP_IPC_LOCK / 32, bit = 1u << (CAP_IPC_LOCK % 32);
    data[word].effective &= ~bit;
    data[word].permitted &= ~bit;
    data[word].inheritable &= ~bit;
    if (syscall(SYS_capset, &hdr, data) != 0) return -1;
    return 0;
}
