hush_add_test(NAME secret KIND api SOURCES test_secret.c secret_util.c
              LIBS Threads::Threads TIMEOUT 60)
hush_add_test(NAME secret_faults KIND faults
              SOURCES test_secret_faults.c secret_util.c TIMEOUT 60)
hush_add_test(NAME secret_read_fd KIND read_fd SOURCES test_secret_read_fd.c
              LIBS Threads::Threads TIMEOUT 60)
# keyed AEAD objects in secret memory
hush_add_test(NAME secret_keyed KIND keyed SOURCES test_secret_keyed.c secret_util.c
              TIMEOUT 60)
# destroying a secret twice, freeing a keyed object twice: misuse, reported
hush_add_test(NAME secret_misuse KIND misuse SOURCES test_secret_misuse.c TIMEOUT 120)
# keyed objects across fork(): refused in the child, released there
hush_add_test(NAME secret_keyed_fork KIND fork SOURCES test_secret_keyed_fork.c
              TIMEOUT 60)
# what the hardened tier detects around the payload, both layouts
hush_add_test(NAME secret_underflow KIND underflow SOURCES test_secret_underflow.c
              TIMEOUT 120)
