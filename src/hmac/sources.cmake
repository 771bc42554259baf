# HMAC-SHA256 and HKDF-SHA256: built on the sha256 context API, so they
# follow whatever implementation the sha256 primitive has chosen.
hush_sources(hmac_sha256.c hkdf_sha256.c)
