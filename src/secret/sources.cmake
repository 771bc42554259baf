hush_sources(secret.c tier_default.c tier_hardened.c pool.c)
