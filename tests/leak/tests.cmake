# The leak census: every library case ends with no copy of the raw or the
# expanded key after destroy and scrub, and every control is found.
# Not under sanitizers: ASan's shadow and allocator redzones change what is
# in memory and where, which is not what a user's process looks like.
add_test(NAME leak_census COMMAND hush-leakscan --check)
set_tests_properties(leak_census PROPERTIES TIMEOUT 300 LABELS nosanitize)
