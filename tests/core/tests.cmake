hush_add_test(NAME core KIND api SOURCES test_core.c)
# getrandom(2) failing, by a seccomp filter in forked children
hush_add_test(NAME random_failure KIND random_failure SOURCES test_random_failure.c TIMEOUT 120)
# misuse of the functions that return nothing: reported, never silent
hush_add_test(NAME misuse KIND misuse SOURCES test_misuse.c TIMEOUT 120)
