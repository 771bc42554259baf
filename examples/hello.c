/*
 * A small program built against an installed hush, through pkg-config and
 * through find_package(hush): it lists the implementations in force and
 * round-trips a random key through secret memory.
 */
#include <hush.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    uint8_t key[32];
    if (hush_random(key, sizeof key) != HUSH_OK) return 1;
    hush_secret *s = NULL;
    int r = hush_secret_from(&s, key, sizeof key, 0);
    if (r != HUSH_OK) {
        fprintf(stderr, "hush_secret_from: %s\n", hush_strerror(r));
        return 1;
    }
    int same = hush_ct_equal(hush_secret_ptr(s), key, sizeof key);
    hush_wipe(key, sizeof key);
    hush_secret_destroy(s);
    printf("hush %s, cpu: %s\n", hush_version(), hush_cpu_features_string());
    for (size_t i = 0; i < hush_primitive_count(); i++)
        printf("  %-9s %s\n", hush_primitive_name(i),
               hush_impl(hush_primitive_name(i)));
    return same ? 0 : 1;
}
