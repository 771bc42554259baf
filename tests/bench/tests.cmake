# hush-bench smoke test: the program runs, measures the ceilings and the
# secret ladder (a fraction of a second, no thresholds: performance is read
# from `make bench`, never enforced by a timed test) and writes a CSV with
# the columns older analysis scripts read, and JSON.
if(TARGET hush-bench)
  set(_out ${CMAKE_CURRENT_BINARY_DIR}/bench-smoke)
  add_test(NAME bench.smoke
    COMMAND sh -c "rm -rf '${_out}' && \
'$<TARGET_FILE:hush-bench>' --quick --only ceiling,secret --samples 2 \
--sample-ms 0.02 --no-peers --out '${_out}' >/dev/null && \
head -1 '${_out}/bench.csv' | grep -q 'InputSizeMB,Time,Throughput' && \
grep -q '\"operation\": \"hush_ct_equal\"' '${_out}/bench.json' && \
grep -q '^secret,malloc+free,ref,' '${_out}/bench.csv'")
  set_tests_properties(bench.smoke PROPERTIES TIMEOUT 60)
endif()
