/*
 * Dispatch: the registry answers for every primitive, forcing follows the
 * contract's error codes, and HUSH_IMPL (set by ctest for the env variants
 * of this test) applies left to right.
 */
#include <stdlib.h>
#include <string.h>

#include "cpu/dispatch.h"
#include "harness.h"

static int in_list(const char *prim, const char *impl) {
    const char *names[HT_MAX_IMPLS];
    size_t n = hush_impl_list(prim, names, HT_MAX_IMPLS);
    for (size_t i = 0; i < n && i < HT_MAX_IMPLS; i++)
        if (strcmp(names[i], impl) == 0) return 1;
    return 0;
}

static void test_registry(void) {
    CHECK(hush_impl(NULL) == NULL);
    CHECK(hush_impl("no-such-primitive") == NULL);
    CHECK_EQ_INT(hush_impl_list("no-such-primitive", NULL, 0), 0);
    CHECK_EQ_INT(hush_impl_force("no-such-primitive", "portable"),
                 HUSH_ERR_INVALID);
    CHECK_EQ_INT(hush_impl_force(NULL, "portable"), HUSH_ERR_INVALID);
    CHECK(hush_cpu_features_string() != NULL);
    for (size_t i = 0; i < hush_primitive_count(); i++) {
        const char *p = hush_primitive_name(i);
        const char *names[HT_MAX_IMPLS];
        size_t n = hush_impl_list(p, names, HT_MAX_IMPLS);
        CHECK(n >= 1);
        CHECK(in_list(p, "portable"));
        /* the count is returned even when max is smaller */
        CHECK_EQ_INT(hush_impl_list(p, NULL, 0), n);
        CHECK(hush_impl(p) != NULL);
        CHECK_EQ_INT(hush_impl_force(p, "no-such-impl"), HUSH_ERR_UNSUPPORTED);
        const char *before = hush_impl(p);
        for (size_t j = 0; j < n && j < HT_MAX_IMPLS; j++) {
            CHECK_EQ_INT(hush_impl_force(p, names[j]), HUSH_OK);
            CHECK(strcmp(hush_impl(p), names[j]) == 0);
        }
        CHECK_EQ_INT(hush_impl_force(p, before), HUSH_OK);
    }
    CHECK(hush_primitive_name(hush_primitive_count()) == NULL);
}

static const hush_primitive *registered(const char *name) {
    for (size_t i = 0; hush_registry_at(i) != NULL; i++)
        if (strcmp(hush_registry_at(i)->name, name) == 0)
            return hush_registry_at(i);
    return NULL;
}

/* The build's one list of primitives and tiers (hush_primitive(... TIERS
 * ...) in each sources.cmake, handed over by ctest as HUSH_TEST_PRIMITIVES
 * and HUSH_TEST_TIERS_<prim>) is the registry, row for row: the tests and
 * the ctgrind tiers take their specs from that list, so a row missing from
 * it would go untested. Off x86-64 the registries hold a subset. */
static void test_tier_lists(void) {
    const char *prims = getenv("HUSH_TEST_PRIMITIVES");
    CHECK(prims != NULL);
    if (prims == NULL) return;
    size_t listed = 0;
    while (*prims) {
        size_t len = strcspn(prims, " ");
        char name[32], key[64];
        CHECK(len > 0 && len < sizeof name);
        if (len == 0 || len >= sizeof name) return;
        memcpy(name, prims, len);
        name[len] = '\0';
        prims += len;
        prims += strspn(prims, " ");
        listed++;
        ht_context = name;
        const hush_primitive *p = registered(name);
        snprintf(key, sizeof key, "HUSH_TEST_TIERS_%s", name);
        const char *tiers = getenv(key);
        CHECK(p != NULL);
        CHECK(tiers != NULL);
        if (p == NULL || tiers == NULL) {
            ht_context = NULL;
            continue;
        }
        /* each row, in order, is the next tier of the list */
        for (size_t i = 0; i < p->count; i++) {
            size_t n = strlen(p->impls[i].name);
#if !defined(__x86_64__)
            while (*tiers && (strncmp(tiers, p->impls[i].name, n) != 0 ||
                              (tiers[n] != ' ' && tiers[n] != '\0'))) {
                tiers += strcspn(tiers, " ");
                tiers += strspn(tiers, " ");
            }
#endif
            CHECK(strncmp(tiers, p->impls[i].name, n) == 0 &&
                  (tiers[n] == ' ' || tiers[n] == '\0'));
            tiers += strcspn(tiers, " ");
            tiers += strspn(tiers, " ");
        }
#if defined(__x86_64__)
        CHECK(*tiers == '\0'); /* no tier listed that has no row */
#endif
        ht_context = NULL;
    }
    CHECK_EQ_INT(listed, hush_primitive_count());
}

/* What HUSH_IMPL asked for, checked against what is in force. */
static void test_environment(void) {
    const char *env = getenv("HUSH_IMPL");
    const char *expect_all = getenv("HUSH_TEST_EXPECT_ALL");
    if (env == NULL) return;
    /* e.g. HUSH_IMPL=portable: every primitive answers "portable" */
    for (size_t i = 0; i < hush_primitive_count(); i++) {
        const char *p = hush_primitive_name(i);
        const char *want = expect_all;
        char key[64];
        snprintf(key, sizeof key, "HUSH_TEST_EXPECT_%s", p);
        if (getenv(key)) want = getenv(key);
        if (want) {
            ht_context = p;
            CHECK(strcmp(hush_impl(p), want) == 0);
            ht_context = NULL;
        }
    }
    CHECK(expect_all != NULL);
}

int main(int argc, char **argv) {
    ht_begin(argc, argv);
    test_environment(); /* first: before anything else forces a choice */
    test_registry();
    test_tier_lists();
    return ht_end();
}
