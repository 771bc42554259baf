# The leak census: no copy of a raw or expanded key outside secret memory
# at any stage, none in the vector registers, none at all after destroy and
# scrub, and every control found. Run with the default implementations, all
# portable, the SSE/AVX2 tiers, and the AVX-512F Poly1305 tier, since each
# tier spills differently: with the default (ifma), sse_avx2 (mulx) and
# portable specs every X25519 tier runs. make test runs these again in an
# -O2 (RelWithDebInfo) tree (Makefile: census-o2).
# Not under sanitizers: ASan's shadow and allocator redzones change what is
# in memory and where, which is not what a user's process looks like.
set(_leak_specs
    "default" ""
    "portable" "HUSH_IMPL=portable"
    "sse_avx2" "HUSH_IMPL=aes=aesni,ghash=pclmul,chacha20=avx2,poly1305=avx2,sha256=portable,x25519=mulx,ascon=portable"
    "avx512" "HUSH_IMPL=poly1305=avx512")
while(_leak_specs)
  list(POP_FRONT _leak_specs _name _env)
  add_test(NAME leak.lib.${_name} COMMAND hush-leakscan --check)
  set_tests_properties(leak.lib.${_name} PROPERTIES TIMEOUT 300
    LABELS nosanitize ENVIRONMENT "${_env}")
endwhile()
