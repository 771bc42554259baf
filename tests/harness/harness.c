/* The test harness; see harness.h. */
#include "harness.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

unsigned long ht_passed, ht_failed;
const char *ht_context;
static const char *program = "test";
static const char *selected_part; /* --part NAME, NULL: every part */
static int sets_skipped;          /* a vector set was left out */

/* --impl pins: primitive -> implementation */
#define MAX_PINS 16
static struct {
    char primitive[32];
    char impl[32];
} pins[MAX_PINS];
static size_t pin_count;
static int pin_all_portable;

/* iterators currently running, innermost last, for failure labels */
#define MAX_ACTIVE 4
static ht_impl_iter *active[MAX_ACTIVE];
static size_t active_count;

static void add_pin(const char *item, size_t len) {
    if (len == 8 && memcmp(item, "portable", 8) == 0) {
        pin_all_portable = 1;
        return;
    }
    const char *eq = memchr(item, '=', len);
    if (eq == NULL || pin_count == MAX_PINS || (size_t)(eq - item) >= 32 ||
        len - (size_t)(eq - item) - 1 >= 32) {
        fprintf(stderr, "%s: bad --impl item '%.*s'\n", program, (int)len,
                item);
        exit(2);
    }
    memcpy(pins[pin_count].primitive, item, (size_t)(eq - item));
    memcpy(pins[pin_count].impl, eq + 1, len - (size_t)(eq - item) - 1);
    pin_count++;
}

static const char *pinned(const char *primitive) {
    /* later items win, as in HUSH_IMPL */
    for (size_t i = pin_count; i-- > 0;)
        if (strcmp(pins[i].primitive, primitive) == 0) return pins[i].impl;
    return pin_all_portable ? "portable" : NULL;
}

static int cpu_runs(const char *primitive, const char *impl) {
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list(primitive, names, HT_MAX_IMPLS);
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++)
        if (strcmp(names[i], impl) == 0) return 1;
    return 0;
}

void ht_begin(int argc, char **argv) {
    program = argc > 0 ? argv[0] : "test";
    const char *slash = strrchr(program, '/');
    if (slash) program = slash + 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--impl") == 0 && i + 1 < argc) {
            const char *spec = argv[++i];
            while (*spec) {
                size_t len = strcspn(spec, ",");
                if (len) add_pin(spec, len);
                spec += len;
                if (*spec == ',') spec++;
            }
        } else if (strcmp(argv[i], "--part") == 0 && i + 1 < argc) {
            selected_part = argv[++i];
        } else {
            fprintf(stderr, "%s: unknown argument '%s'\n", program, argv[i]);
            exit(2);
        }
    }
    for (size_t i = 0; i < pin_count; i++) {
        if (hush_impl(pins[i].primitive) == NULL) {
            fprintf(stderr, "%s: unknown primitive '%s'\n", program,
                    pins[i].primitive);
            exit(2);
        }
        if (!cpu_runs(pins[i].primitive, pins[i].impl)) {
            /* visible, never a silent pass: ctest shows it as skipped */
            printf("UNAVAILABLE: %s=%s cannot run on this CPU\n",
                   pins[i].primitive, pins[i].impl);
            exit(77);
        }
        if (hush_impl_force(pins[i].primitive, pins[i].impl) != HUSH_OK) {
            fprintf(stderr, "%s: cannot force %s=%s\n", program,
                    pins[i].primitive, pins[i].impl);
            exit(1);
        }
    }
    if (pin_all_portable)
        for (size_t i = 0; i < hush_primitive_count(); i++)
            if ((!pinned(hush_primitive_name(i)) ||
                 strcmp(pinned(hush_primitive_name(i)), "portable") == 0) &&
                hush_impl_force(hush_primitive_name(i), "portable") !=
                    HUSH_OK) {
                fprintf(stderr, "%s: cannot force %s=portable\n", program,
                        hush_primitive_name(i));
                exit(1);
            }
}

int ht_part(const char *name) {
    return selected_part == NULL || strcmp(selected_part, name) == 0;
}

int ht_end(void) {
    printf("%s: %lu passed, %lu failed\n", program, ht_passed, ht_failed);
    fflush(stdout);
    if (ht_passed == 0 && ht_failed == 0 && sets_skipped)
        return 77; /* everything it has needs the vector directory */
    if (ht_passed == 0 && ht_failed == 0) {
        fprintf(stderr, "%s: no check ran\n", program);
        return 1;
    }
    return ht_failed ? 1 : 0;
}

static void print_label(void) {
    for (size_t i = 0; i < active_count; i++)
        fprintf(stderr, "[%s=%s] ", active[i]->primitive, active[i]->current);
    if (ht_context) fprintf(stderr, "[%s] ", ht_context);
}

void ht_fail(const char *file, int line, const char *fmt, ...) {
    ht_failed++;
    if (ht_failed > 50) return; /* the count says the rest */
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    print_label();
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int ht_mem_equal(const void *a, const void *b, size_t len) {
    return len == 0 || memcmp(a, b, len) == 0;
}

int ht_all_zero(const void *p, size_t len) {
    const uint8_t *b = p;
    for (size_t i = 0; i < len; i++)
        if (b[i]) return 0;
    return 1;
}

uint8_t *ht_guarded_end(int slot, size_t len) {
    enum { PAGE = 4096, SLOTS = 8 };
    static uint8_t *pages[SLOTS];
    if (slot < 0 || slot >= SLOTS || len > PAGE) {
        fprintf(stderr, "ht_guarded_end: bad slot %d or length %zu\n", slot,
                len);
        abort();
    }
    if (pages[slot] == NULL) {
        /* one writable page, then one that cannot be touched */
        uint8_t *p = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED || mprotect(p + PAGE, PAGE, PROT_NONE) != 0) {
            perror("ht_guarded_end");
            abort();
        }
        pages[slot] = p;
    }
    return pages[slot] + PAGE - len;
}

ht_buf ht_buf_new(size_t len) {
    ht_buf b;
    b.base = malloc(len + 32);
    if (b.base == NULL) {
        fprintf(stderr, "out of memory\n");
        abort();
    }
    b.p = b.base + ht_rand_u64() % 16;
    return b;
}

hush_aead_ctx *ht_aead_keyed(hush_aead_alg a, const uint8_t *key) {
    hush_secret *s = NULL;
    hush_aead_ctx *k = NULL;
    CHECK_EQ_INT(hush_secret_from(&s, key, hush_aead_keybytes(a), 0), HUSH_OK);
    if (s == NULL) return NULL;
    CHECK_EQ_INT(hush_aead_new(&k, a, s), HUSH_OK);
    hush_secret_destroy(s);
    return k;
}

const char *ht_rfc_next(ht_kv_file **f) {
    if (*f == NULL) *f = ht_kv_open(HT_DIR, "rfc/rfc-vectors.txt");
    if (!ht_kv_next(*f)) {
        ht_kv_close(*f);
        *f = NULL;
        ht_context = NULL;
        return NULL;
    }
    ht_context = ht_kv_section(*f, "id");
    const char *alg = ht_kv_get(*f, "alg");
    return alg ? alg : "";
}

int ht_starts_with(const char *s, const char *prefix) {
    return s != NULL && strncmp(s, prefix, strlen(prefix)) == 0;
}

long ht_number(const char *s, long otherwise) {
    if (s == NULL || *s == 0) {
        ht_fail(__FILE__, __LINE__, "a number is missing");
        return otherwise;
    }
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || *end != 0) {
        ht_fail(__FILE__, __LINE__, "'%s' is not a number", s);
        return otherwise;
    }
    return v;
}

void ht_fail_mem(const char *file, int line, const char *what, const void *got,
                 const void *want, size_t len) {
    ht_fail(file, line, "%s differs (%zu bytes)", what, len);
    if (ht_failed > 50) return;
    fprintf(stderr, "  got:  ");
    ht_print_hex(stderr, got, len < 64 ? len : 64);
    fprintf(stderr, "\n  want: ");
    ht_print_hex(stderr, want, len < 64 ? len : 64);
    fputc('\n', stderr);
}

/* ---- hex ---- */
static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    c = tolower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

uint8_t *ht_unhex(const char *hex, size_t *len) {
    size_t n = strlen(hex);
    if (n % 2) {
        fprintf(stderr, "odd-length hex string: %s\n", hex);
        abort();
    }
    uint8_t *out = malloc(n / 2 + 1);
    if (out == NULL) abort();
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "bad hex string: %s\n", hex);
            abort();
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    if (len) *len = n / 2;
    return out;
}

void ht_print_hex(FILE *f, const void *p, size_t len) {
    const uint8_t *b = p;
    for (size_t i = 0; i < len; i++)
        fprintf(f, "%02x", b[i]);
}

/* ---- xoshiro256** test data ---- */
static uint64_t rs[4] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull,
                         0x94d049bb133111ebull, 0x2545f4914f6cdd1dull};
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
uint64_t ht_rand_u64(void) {
    uint64_t r = rotl(rs[1] * 5, 7) * 9, t = rs[1] << 17;
    rs[2] ^= rs[0];
    rs[3] ^= rs[1];
    rs[1] ^= rs[2];
    rs[0] ^= rs[3];
    rs[2] ^= t;
    rs[3] = rotl(rs[3], 45);
    return r;
}
void ht_rand_seed(uint64_t seed) {
    for (int i = 0; i < 4; i++) {
        seed += 0x9e3779b97f4a7c15ull;
        uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        rs[i] = z ^ (z >> 31);
    }
}
void ht_rand_bytes(void *p, size_t len) {
    uint8_t *b = p;
    while (len >= 8) {
        uint64_t v = ht_rand_u64();
        memcpy(b, &v, 8);
        b += 8;
        len -= 8;
    }
    if (len) {
        uint64_t v = ht_rand_u64();
        memcpy(b, &v, len);
    }
}

/* ---- vector files ---- */
/* Where a missing vector directory was looked for, for the SKIPPED line. */
static const char *vectors_dir_wanted(const char **from) {
    const char *dir = getenv("HUSH_VECTORS_DIR");
    *from = "environment variable HUSH_VECTORS_DIR";
    if (dir == NULL || *dir == 0) {
        dir = HUSH_VECTORS_DIR_DEFAULT;
        *from = "CMake option HUSH_VECTORS_DIR, default ../shared/vectors";
    }
    return dir;
}

const char *ht_vectors_dir(void) {
    static int told;
    const char *from, *dir = vectors_dir_wanted(&from);
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return dir;
    if (selected_part != NULL && (ht_passed || ht_failed)) {
        /* skipping now would hide the checks already made */
        fprintf(stderr,
                "%s: part %s reached the vector directory after its "
                "first check\n",
                program, selected_part);
        exit(1);
    }
    if (!told)
        printf("SKIPPED: no vector directory at %s (%s): the sets read from "
               "it (Wycheproof, Ascon KATs, RFC text vectors) are not run; "
               "point HUSH_VECTORS_DIR at them (tests/vectors/README.md)\n",
               dir, from);
    told = sets_skipped = 1;
    fflush(stdout);
    if (selected_part != NULL) exit(77);
    return NULL;
}

const char *ht_vector_path(ht_source src, const char *relative) {
    static char path[4096];
    const char *dir = HUSH_PACKAGE_VECTORS_DIR;
    if (src == HT_DIR && (dir = ht_vectors_dir()) == NULL) {
        fprintf(stderr, "%s: %s read without a vector directory\n", program,
                relative);
        abort();
    }
    snprintf(path, sizeof path, "%s/%s", dir, relative);
    return path;
}

#define KV_MAX 64
typedef struct {
    char *name;
    char *value;
} kv_pair;

struct ht_kv_file {
    FILE *fp;
    char *line;
    size_t cap;
    kv_pair fields[KV_MAX], sections[KV_MAX];
    size_t nfields, nsections;
    int last_was_section;
    const char *split_at; /* a record starts at this name, not a blank */
    char *pending_value;  /* that line's value, read ahead */
};

ht_kv_file *ht_kv_open(ht_source src, const char *relative_path) {
    const char *path = ht_vector_path(src, relative_path);
    ht_kv_file *f = calloc(1, sizeof *f);
    if (f == NULL) abort();
    f->fp = fopen(path, "r");
    if (f->fp == NULL) {
        fprintf(stderr, "cannot open vector file %s\n", path);
        abort();
    }
    return f;
}

static char *trim(char *s) {
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = 0;
    return s;
}

static void clear_pairs(kv_pair *p, size_t *n) {
    for (size_t i = 0; i < *n; i++) {
        free(p[i].name);
        free(p[i].value);
    }
    *n = 0;
}

static void add_pair(kv_pair *p, size_t *n, const char *name,
                     const char *value) {
    if (*n == KV_MAX) {
        fprintf(stderr, "vector record too large\n");
        abort();
    }
    p[*n].name = strdup(name);
    p[*n].value = strdup(value);
    (*n)++;
}

void ht_kv_split_at(ht_kv_file *f, const char *name) { f->split_at = name; }

int ht_kv_next(ht_kv_file *f) {
    clear_pairs(f->fields, &f->nfields);
    if (f->pending_value) {
        add_pair(f->fields, &f->nfields, f->split_at, f->pending_value);
        free(f->pending_value);
        f->pending_value = NULL;
    }
    while (getline(&f->line, &f->cap, f->fp) >= 0) {
        char *s = trim(f->line);
        if (*s == '#') continue;
        if (*s == 0) {
            if (f->nfields && !f->split_at) return 1;
            continue;
        }
        if (*s == '[') {
            if (!f->last_was_section) clear_pairs(f->sections, &f->nsections);
            f->last_was_section = 1;
            char *end = strrchr(s, ']');
            if (end) *end = 0;
            s++;
            char *eq = strchr(s, '=');
            if (eq) {
                *eq = 0;
                add_pair(f->sections, &f->nsections, trim(s), trim(eq + 1));
            } else {
                add_pair(f->sections, &f->nsections, "id", trim(s));
            }
            continue;
        }
        f->last_was_section = 0;
        char *eq = strchr(s, '=');
        if (eq) {
            *eq = 0;
            char *name = trim(s), *value = trim(eq + 1);
            if (f->split_at && f->nfields && strcmp(name, f->split_at) == 0) {
                f->pending_value = strdup(value); /* the next record's */
                return 1;
            }
            add_pair(f->fields, &f->nfields, name, value);
        } else {
            add_pair(f->fields, &f->nfields, s, "");
        }
    }
    return f->nfields > 0;
}

static const char *find(const kv_pair *p, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(p[i].name, name) == 0) return p[i].value;
    return NULL;
}

const char *ht_kv_get(const ht_kv_file *f, const char *name) {
    return find(f->fields, f->nfields, name);
}
int ht_kv_has(const ht_kv_file *f, const char *name) {
    return ht_kv_get(f, name) != NULL;
}
const char *ht_kv_section(const ht_kv_file *f, const char *name) {
    return find(f->sections, f->nsections, name);
}
uint8_t *ht_kv_hex(const ht_kv_file *f, const char *name, size_t *len) {
    const char *v = ht_kv_get(f, name);
    if (v == NULL) {
        fprintf(stderr, "vector record lacks field %s\n", name);
        abort();
    }
    size_t n = strlen(v);
    if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
        /* text, e.g. IN= "Ladies and Gentlemen ..." */
        uint8_t *out = malloc(n - 1);
        if (out == NULL) abort();
        memcpy(out, v + 1, n - 2);
        if (len) *len = n - 2;
        return out;
    }
    return ht_unhex(v, len);
}
void ht_kv_close(ht_kv_file *f) {
    clear_pairs(f->fields, &f->nfields);
    clear_pairs(f->sections, &f->nsections);
    free(f->pending_value);
    fclose(f->fp);
    free(f->line);
    free(f);
}

/* ---- Wycheproof ---- */
json_t *ht_json_load(const char *relative_path) {
    json_error_t err;
    json_t *root =
        json_load_file(ht_vector_path(HT_DIR, relative_path), 0, &err);
    if (root == NULL) {
        fprintf(stderr, "cannot load %s: %s (line %d)\n", relative_path,
                err.text, err.line);
        abort();
    }
    return root;
}
uint8_t *ht_json_hex(json_t *obj, const char *field, size_t *len) {
    const char *v = json_string_value(json_object_get(obj, field));
    if (v == NULL) {
        fprintf(stderr, "JSON object lacks string field %s\n", field);
        abort();
    }
    return ht_unhex(v, len);
}
int ht_json_has_flag(json_t *test, const char *flag) {
    json_t *flags = json_object_get(test, "flags");
    size_t i;
    json_t *v;
    json_array_foreach(flags, i, v) {
        if (strcmp(json_string_value(v), flag) == 0) return 1;
    }
    return 0;
}
const char *ht_json_result(json_t *test) {
    return json_string_value(json_object_get(test, "result"));
}

/* ---- implementations ---- */
size_t ht_impls(const char *primitive, const char **names, size_t max) {
    const char *pin = pinned(primitive);
    if (pin) {
        if (max) names[0] = pin;
        return 1;
    }
    size_t n = hush_impl_list(primitive, names, max);
    if (n == 0) {
        fprintf(stderr, "%s: primitive '%s' is not registered\n", program,
                primitive);
        exit(1);
    }
    return n < max ? n : max;
}

ht_impl_iter ht_impl_iter_start(const char *primitive) {
    ht_impl_iter it;
    memset(&it, 0, sizeof it);
    it.primitive = primitive;
    it.count = ht_impls(primitive, it.names, HT_MAX_IMPLS);
    return it;
}

int ht_impl_iter_next(ht_impl_iter *it) {
    if (it->next == 0) {
        /* remember the choice in force, restored when the loop ends */
        it->saved = hush_impl(it->primitive);
        if (active_count < MAX_ACTIVE) active[active_count++] = it;
    }
    if (it->next == it->count) {
        if (hush_impl_force(it->primitive, it->saved) != HUSH_OK) {
            fprintf(stderr, "harness: cannot restore %s=%s\n", it->primitive,
                    it->saved);
            exit(1);
        }
        if (active_count && active[active_count - 1] == it) active_count--;
        it->current = NULL;
        return 0;
    }
    const char *name = it->names[it->next++];
    if (hush_impl_force(it->primitive, name) != HUSH_OK ||
        strcmp(hush_impl(it->primitive), name) != 0) {
        ht_fail(__FILE__, __LINE__, "cannot force %s=%s", it->primitive, name);
    }
    it->current = name;
    return 1;
}

/* ---- death tests ---- */

/* The kernel's default action through the raw system call: a sanitizer's
 * sigaction interceptor may keep its own handler for SIGSEGV and friends. */
static void default_action(int sig) {
    struct {
        void (*handler)(int);
        unsigned long flags;
        void (*restorer)(void);
        unsigned long mask;
    } act = {SIG_DFL, 0, NULL, 0};
    syscall(SYS_rt_sigaction, sig, &act, NULL, sizeof act.mask);
}

static long elapsed_ms(const struct timespec *since) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - since->tv_sec) * 1000 +
           (now.tv_nsec - since->tv_nsec) / 1000000;
}

/* Set in the status ht_run_child returns for a child it had to kill. */
#define HT_TIMED_OUT_FLAG 0x40000000

int ht_run_child(void (*fn)(void *), void *arg, char *err, size_t cap,
                 unsigned timeout_ms) {
    int pipefd[2] = {-1, -1};
    if (pipe(pipefd) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(pipefd[0]);
        close(pipefd[1]);
        return -1;
    }
    if (pid == 0) {
        struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        default_action(SIGSEGV);
        default_action(SIGBUS);
        default_action(SIGABRT);
        if (err != NULL) dup2(pipefd[1], STDERR_FILENO);
        close(pipefd[0]);
        close(pipefd[1]);
        fn(arg);
        _exit(0);
    }
    close(pipefd[1]);
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    size_t used = 0;
    int status = 0, open_pipe = 1, killed = 0, reaped = 0;
    while (!reaped || open_pipe) {
        if (!reaped && waitpid(pid, &status, WNOHANG) == pid) reaped = 1;
        if (!reaped && !killed && elapsed_ms(&start) > (long)timeout_ms) {
            kill(pid, SIGKILL);
            killed = 1;
        }
        if (!open_pipe) {
            struct timespec nap = {0, 1000000};
            nanosleep(&nap, NULL);
            continue;
        }
        struct pollfd pfd = {pipefd[0], POLLIN, 0};
        if (poll(&pfd, 1, 10) <= 0) {
            /* the child is gone and nothing is left to read (a process it
             * started may still hold the pipe) */
            if (reaped) open_pipe = 0;
            continue;
        }
        char chunk[512];
        ssize_t n = read(pipefd[0], chunk, sizeof chunk);
        if (n <= 0) {
            open_pipe = 0;
            continue;
        }
        if (err != NULL && cap > 0) {
            size_t room = cap - 1 - used;
            size_t take = (size_t)n < room ? (size_t)n : room;
            memcpy(err + used, chunk, take);
            used += take;
        }
    }
    close(pipefd[0]);
    if (err != NULL && cap > 0) err[used] = 0;
    return killed ? (status | HT_TIMED_OUT_FLAG) : status;
}

int ht_killed_by(int status, int sig) {
    return status != -1 && !(status & HT_TIMED_OUT_FLAG) &&
           WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

int ht_exited_with(int status, int code) {
    return status != -1 && !(status & HT_TIMED_OUT_FLAG) && WIFEXITED(status) &&
           WEXITSTATUS(status) == code;
}

int ht_timed_out(int status) {
    return status != -1 && (status & HT_TIMED_OUT_FLAG) != 0;
}
