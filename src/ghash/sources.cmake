hush_sources(ghash.c ghash_portable.c)
hush_tier_source(ghash_pclmul.c FLAGS -mpclmul -mssse3 -msse4.1)
hush_tier_source(ghash_vpclmul512.c FLAGS -mvpclmulqdq -mpclmul -mssse3
                 -msse4.1 -mavx512f -mavx512vl -mavx512bw)
hush_tier_source(ghash_vpclmul256.c FLAGS -mavx2 -mvpclmulqdq -mpclmul)
hush_primitive(ghash TIERS vpclmul512 vpclmul512s vpclmul512k vpclmul256
               pclmul pclmuls pclmulk portable)
