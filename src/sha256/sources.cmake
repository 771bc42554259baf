hush_sources(sha256.c sha256_portable.c)
hush_tier_source(sha256_shani.c FLAGS -msha -msse4.1 -mssse3)
hush_primitive(sha256 TIERS shani portable)
