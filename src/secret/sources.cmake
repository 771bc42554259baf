hush_sources(secret.c)
