# Password hashing: PBKDF2-HMAC-SHA256 (on the sha256 context API) and
# scrypt, whose ROMix is a dispatched primitive with SIMD Salsa20/8 tiers.
hush_sources(pbkdf2_sha256.c scrypt.c scrypt_portable.c)
hush_tier_source(scrypt_avx2.c FLAGS -mavx2)
hush_tier_source(scrypt_avx512.c FLAGS -mavx512f -mavx512vl)
hush_primitive(scrypt TIERS avx512 avx2 portable)
