/*
 * The driver of a fuzz target outside libFuzzer (gcc, the sanitizer build):
 *
 *   fuzz_<target>                 runs every seed the target generates
 *   fuzz_<target> FILE|DIR...     runs the given inputs (a crash file that
 *                                 libFuzzer wrote, or a corpus directory)
 *
 * Each input is copied into a heap block of its exact size, as libFuzzer
 * does, so an over-read shows under AddressSanitizer. The program fails
 * if it ran no input.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "fuzz.h"

static unsigned runs;

static void run(const uint8_t *p, size_t len) {
    uint8_t *copy = fz_alloc(p, len, 0);
    LLVMFuzzerTestOneInput(copy, len);
    fz_free(copy, 0);
    runs++;
}

void fuzz_replay_one(const uint8_t *p, size_t len);
void fuzz_replay_one(const uint8_t *p, size_t len) { run(p, len); }

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 1;
    }
    static uint8_t buf[1 << 20];
    size_t len = fread(buf, 1, sizeof buf, f);
    int bad = ferror(f) || !feof(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: unreadable or over %zu bytes\n", path, sizeof buf);
        return 1;
    }
    run(buf, len);
    return 0;
}

static int is_dir(const char *path, int *dir) {
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    *dir = S_ISDIR(st.st_mode);
    return 0;
}

/* A file, or every file in a directory (corpora are flat: directories
 * inside one are skipped) */
static int run_path(const char *path) {
    int dir;
    if (is_dir(path, &dir)) return 1;
    if (!dir) return run_file(path);
    DIR *d = opendir(path);
    if (d == NULL) {
        perror(path);
        return 1;
    }
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        int sub_dir = 1;
        bad |= is_dir(sub, &sub_dir);
        if (!sub_dir) bad |= run_file(sub);
    }
    closedir(d);
    return bad;
}

int main(int argc, char **argv) {
    LLVMFuzzerInitialize(&argc, &argv);
    int bad = 0;
    if (argc < 2)
        fuzz_seeds();
    else
        for (int i = 1; i < argc; i++)
            bad |= run_path(argv[i]);
    printf("%s: %u inputs ran, every check held\n", argv[0], runs);
    if (runs == 0) {
        fprintf(stderr, "%s: no input ran\n", argv[0]);
        return 1;
    }
    return bad;
}
