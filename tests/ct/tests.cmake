# Short hush-ct runs in make test (the full run and its table are in
# docs/CONSTANT_TIME.md):
#   controls.ct.default  the control rows (memcmp, the table AES tier) must be
#                detected; an undetected one is retried with 2x, 4x and 8x
#                the samples before the test fails
#   report.ct.all  every row of every tier is measured and printed; it fails
#                only if a row cannot be set up. Hush rows are reported, not
#                asserted: a shared, noisy machine and a few thousand samples
#                make a stray |t| > 4.5 among ~100 rows possible.
# Both run serially (timing). controls.ct.default is not run under the sanitizers,
# where the measurement would time the instrumentation.
if(TARGET hush-ct)
  # about a second: the table control's leak is small on this CPU (its
  # tables stay in L1), so it gets 10^5 samples of ~16000 ticks
  add_test(NAME controls.ct.default COMMAND $<TARGET_FILE:hush-ct> 100000 200
           --target 16000 --controls --assert-controls)
  add_test(NAME report.ct.all COMMAND $<TARGET_FILE:hush-ct> 3000 200
           --target 4000)
  set_tests_properties(controls.ct.default report.ct.all PROPERTIES TIMEOUT 300
    RUN_SERIAL TRUE)
  # report.ct.all also runs under the sanitizers, as a memory check of hush-ct
  # and its cases; its timings there mean nothing and assert nothing
  set_tests_properties(controls.ct.default PROPERTIES LABELS nosanitize)
endif()
