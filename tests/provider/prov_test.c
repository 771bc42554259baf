/* Shared provider test set-up; see prov_test.h. */
#include "prov_test.h"

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pt_env_open(pt_env *e) {
    const char *f = getenv("HUSH_PROVIDER_FAIL");
    e->failing = f != NULL && strcmp(f, "1") == 0;
    e->lib = OSSL_LIB_CTX_new();
    if (e->lib == NULL ||
        !OSSL_PROVIDER_set_default_search_path(e->lib, HUSH_PROVIDER_DIR)) {
        fprintf(stderr, "cannot make a library context\n");
        exit(1);
    }
    e->dflt = OSSL_PROVIDER_load(e->lib, "default");
    e->hush = OSSL_PROVIDER_load(e->lib, "hush");
    if (e->dflt == NULL || e->hush == NULL) {
        fprintf(stderr, "cannot load the providers from %s\n",
                HUSH_PROVIDER_DIR);
        ERR_print_errors_fp(stderr);
        exit(1);
    }
}

void pt_env_close(pt_env *e) {
    OSSL_PROVIDER_unload(e->hush);
    OSSL_PROVIDER_unload(e->dflt);
    OSSL_LIB_CTX_free(e->lib);
}

uint64_t pt_counter(OSSL_PROVIDER *hush, const char *name) {
    char key[64];
    uint64_t v = 0;
    snprintf(key, sizeof key, "hush-%s", name);
    OSSL_PARAM p[] = {OSSL_PARAM_uint64(key, &v), OSSL_PARAM_END};
    if (hush == NULL || !OSSL_PROVIDER_get_params(hush, p)) return 0;
    return v;
}

static int find_hush(OSSL_PROVIDER *p, void *arg) {
    if (strcmp(OSSL_PROVIDER_get0_name(p), "hush") == 0) {
        *(OSSL_PROVIDER **)arg = p;
        return 0;
    }
    return 1;
}

OSSL_PROVIDER *pt_hush_in_default_ctx(void) {
    OSSL_PROVIDER *found = NULL;
    OSSL_PROVIDER_do_all(NULL, find_hush, &found);
    return found;
}
