hush_sources(aes.c aes_portable.c aes_table.c)
hush_tier_source(aes_aesni.c FLAGS -maes -mssse3 -msse4.1)
hush_tier_source(aes_vaes512.c FLAGS -mvaes -maes -mssse3 -msse4.1 -mavx512f
                 -mavx512vl -mavx512bw)
hush_tier_source(aes_vaes256.c FLAGS -mavx2 -maes -mvaes)
hush_primitive(aes TIERS vaes512 vaes256 aesni table portable)
