/*
 * The registry of primitives, the default choice of implementation, the
 * HUSH_IMPL environment variable and the public hush_impl_* functions.
 */
#include "cpu/dispatch.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

/* Every dispatched primitive, by hand, as libsodium lists its own: each
 * is defined with HUSH_DEFINE_PRIMITIVE in src/<dir>/<name>.c and names
 * its tiers in its sources.cmake (hush_primitive(name TIERS ...));
 * test_dispatch checks that the two agree. */
extern hush_primitive hush_prim_aes, hush_prim_ascon, hush_prim_chacha20,
    hush_prim_chachapoly, hush_prim_ghash, hush_prim_poly1305, hush_prim_scrypt,
    hush_prim_sha256, hush_prim_x25519;

static hush_primitive *const registry[] = {
    &hush_prim_aes,        &hush_prim_ascon,  &hush_prim_chacha20,
    &hush_prim_chachapoly, &hush_prim_ghash,  &hush_prim_poly1305,
    &hush_prim_scrypt,     &hush_prim_sha256, &hush_prim_x25519,
};

static size_t registry_count(void) { return HUSH_ARRAY_LEN(registry); }

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static int runnable(const hush_impl_entry *i) {
    return (i->needs & ~hush_cpu_features()) == 0;
}

static const hush_impl_entry *find_impl(const hush_primitive *p,
                                        const char *name, size_t len) {
    for (size_t i = 0; i < p->count; i++) {
        if (strlen(p->impls[i].name) == len &&
            memcmp(p->impls[i].name, name, len) == 0)
            return &p->impls[i];
    }
    return NULL;
}

static hush_primitive *find_primitive(const char *name, size_t len) {
    for (size_t i = 0; i < registry_count(); i++) {
        if (strlen(registry[i]->name) == len &&
            memcmp(registry[i]->name, name, len) == 0)
            return registry[i];
    }
    return NULL;
}

static const hush_impl_entry *best_impl(const hush_primitive *p) {
    for (size_t i = 0; i < p->count; i++) {
        const hush_impl_entry *c = &p->impls[i];
        if (!(c->flags & HUSH_IMPL_NOT_DEFAULT) && runnable(c)) return c;
    }
    /* the portable implementation needs nothing, so this is unreachable
     * for a well-formed primitive; fall back to the last entry */
    return &p->impls[p->count - 1];
}

static int force(hush_primitive *p, const char *impl, size_t len) {
    const hush_impl_entry *i = find_impl(p, impl, len);
    if (i == NULL || !runnable(i)) return HUSH_ERR_UNSUPPORTED;
    atomic_store_explicit(&p->chosen, i, memory_order_release);
    return HUSH_OK;
}

/* Applies one HUSH_IMPL item: "portable" or "prim=impl". */
static int apply_item(const char *item, size_t len) {
    static const char all_portable[] = "portable";
    if (len == sizeof all_portable - 1 &&
        memcmp(item, all_portable, len) == 0) {
        for (size_t i = 0; i < registry_count(); i++)
            force(registry[i], all_portable, len);
        return HUSH_OK;
    }
    const char *eq = memchr(item, '=', len);
    if (eq == NULL) return HUSH_ERR_INVALID;
    hush_primitive *p = find_primitive(item, (size_t)(eq - item));
    if (p == NULL) return HUSH_ERR_INVALID;
    return force(p, eq + 1, len - (size_t)(eq + 1 - item));
}

static void apply_environment(void) {
    const char *env = getenv("HUSH_IMPL");
    if (env == NULL) return;
    const char *item = env;
    while (*item) {
        size_t len = strcspn(item, ",");
        if (len > 0 && apply_item(item, len) != HUSH_OK) {
            /* a forced choice that silently did not apply would make a test
             * or a benchmark measure something else: say so, loudly */
            fprintf(stderr, "hush: HUSH_IMPL item '%.*s' ignored: %s\n",
                    (int)len, item,
                    find_primitive(item, strcspn(item, "=")) ||
                            (len == 8 && memcmp(item, "portable", 8) == 0)
                        ? "implementation unknown or not runnable on this CPU"
                        : "unknown primitive");
        }
        item += len;
        if (*item == ',') item++;
    }
}

static void init_all(void) {
    for (size_t i = 0; i < registry_count(); i++)
        atomic_store_explicit(&registry[i]->chosen, best_impl(registry[i]),
                              memory_order_release);
    apply_environment();
}

int hush_init(void) {
    pthread_once(&init_once, init_all);
    return HUSH_OK;
}

const hush_impl_entry *hush_dispatch_slow(hush_primitive *p) {
    hush_init();
    return atomic_load_explicit(&p->chosen, memory_order_acquire);
}

const char *hush_impl(const char *primitive) {
    if (primitive == NULL) return NULL;
    hush_primitive *p = find_primitive(primitive, strlen(primitive));
    return p ? hush_chosen(p)->name : NULL;
}

size_t hush_impl_list(const char *primitive, const char **names, size_t max) {
    if (primitive == NULL) return 0;
    hush_primitive *p = find_primitive(primitive, strlen(primitive));
    if (p == NULL) return 0;
    size_t n = 0;
    for (size_t i = 0; i < p->count; i++) {
        if (!runnable(&p->impls[i])) continue;
        if (names != NULL && n < max) names[n] = p->impls[i].name;
        n++;
    }
    return n;
}

int hush_impl_force(const char *primitive, const char *impl) {
    if (primitive == NULL || impl == NULL) return HUSH_ERR_INVALID;
    hush_primitive *p = find_primitive(primitive, strlen(primitive));
    if (p == NULL) return HUSH_ERR_INVALID;
    hush_init(); /* so a later lazy init cannot overwrite the forced choice */
    return force(p, impl, strlen(impl));
}

size_t hush_primitive_count(void) { return registry_count(); }

const hush_primitive *hush_registry_at(size_t i) {
    return i < registry_count() ? registry[i] : NULL;
}

const char *hush_primitive_name(size_t i) {
    return i < registry_count() ? registry[i]->name : NULL;
}
