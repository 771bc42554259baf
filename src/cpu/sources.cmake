hush_sources(features.c dispatch.c)
