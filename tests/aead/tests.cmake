# The streaming AEAD (include/hush/aead_stream.h): equal to the one-shot
# functions and to OpenSSL/libsodium at random split points, once per
# implementation pairing of the primitives each algorithm runs on, so a
# failure names its algorithm's src/ folder and tiers
# (stream.gcm.aesni+pclmul); and the contract (state machine, errors,
# limits, wiping) once, stream.aead.default.
# every AES tier with every GHASH tier (with both schedules of the fused
# vaes512 tier's whole-block step, ghash=vpclmul512s/k)
hush_tier_pairs(_gcm_specs aes ghash)
hush_add_test(NAME stream_gcm KIND stream PRIM gcm SOURCES test_stream_gcm.c stream_util.c
  LIBS OpenSSL::Crypto IMPLS ${_gcm_specs})
hush_tier_pairs(_chachapoly_specs chacha20 poly1305)
hush_add_test(NAME stream_chachapoly KIND stream PRIM chachapoly
  SOURCES test_stream_chachapoly.c
  stream_util.c LIBS OpenSSL::Crypto PkgConfig::SODIUM
  IMPLS ${_chachapoly_specs})
hush_tier_specs(_ascon_specs ascon)
hush_add_test(NAME stream_ascon KIND stream PRIM ascon SOURCES test_stream_ascon.c stream_util.c
  IMPLS ${_ascon_specs})
hush_add_test(NAME stream_api KIND stream SOURCES test_stream_api.c stream_util.c)

# The one-shot AEAD body every algorithm runs, aead_generic.c, is built
# into each algorithm's test (tests/gcm, tests/chachapoly, tests/ascon).
# The generic AEAD layer's argument checks, for every algorithm and form.
# impossible lengths (near SIZE_MAX, limit + 1, wrapping buffers)
hush_add_test(NAME aead_limits KIND limits SOURCES test_aead_limits.c
  TIMEOUT 120)
# every buffer at every offset around the others: refused or exact
hush_add_test(NAME aead_layouts KIND layouts TIER all
  SOURCES test_aead_layouts.c TIMEOUT 600)
# the layer's own copies of secret state (hush_aead_dup, stream copies and
# moves) leave none of it in the vector registers
hush_add_test(NAME aead_registers KIND leak SOURCES test_aead_registers.c)
