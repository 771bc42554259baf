hush_sources(chachapoly.c chachapoly_stream.c)
