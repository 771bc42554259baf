# A short hush-ct run: every row is measured and reported, and the test
# fails unless every control row (memcmp, the table AES tier) is detected.
# Hush rows are not asserted here (a shared, noisy machine); the full run
# and its table are in docs/CONSTANT_TIME.md. Not under the sanitizers:
# there the measurement would time the instrumentation.
if(TARGET hush-ct)
  add_test(NAME ct.controls
           COMMAND $<TARGET_FILE:hush-ct> 4000 10 --assert-controls)
  set_tests_properties(ct.controls PROPERTIES TIMEOUT 300 RUN_SERIAL TRUE
    LABELS nosanitize)
endif()
