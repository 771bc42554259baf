hush_sources(gcm.c gcm_stream.c)
hush_tier_source(gcm_vaes512.c FLAGS -mvaes -maes -mvpclmulqdq -mpclmul -mssse3
                 -msse4.1 -mavx512f -mavx512vl -mavx512bw)
hush_tier_source(gcm_vaes256.c FLAGS -mavx2 -maes -mvaes -mvpclmulqdq -mpclmul)
hush_tier_source(gcm_aesni.c FLAGS -maes -mpclmul -mssse3 -msse4.1)
