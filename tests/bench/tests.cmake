# hush-bench smoke test: the program runs, measures the ceilings and the
# secret ladder (a fraction of a second, no thresholds: performance is read
# from `make bench`, never enforced by a timed test) and writes a CSV with
# the columns older analysis scripts read, and JSON.
if(TARGET hush-bench)
  set(_out ${CMAKE_CURRENT_BINARY_DIR}/bench-smoke)
  add_test(NAME smoke.bench.default
    COMMAND sh -c "rm -rf '${_out}' && \
'$<TARGET_FILE:hush-bench>' --quick --only ceiling,secret --samples 2 \
--sample-ms 0.02 --no-peers --out '${_out}' >/dev/null && \
head -1 '${_out}/bench.csv' | grep -q 'InputSizeMB,Time,Throughput' && \
grep -q '\"operation\": \"hush_ct_equal\"' '${_out}/bench.json' && \
grep -q '^secret,malloc+free,ref,' '${_out}/bench.csv' && \
grep -q '\"core_hz_imul_chain\": [1-9]' '${_out}/bench.json'")
  set_tests_properties(smoke.bench.default PROPERTIES TIMEOUT 60)
  # Without the newest OpenSSL (no status file) the run says why and goes on.
  add_test(NAME newest_missing.bench.default
    COMMAND sh -c "'$<TARGET_FILE:hush-bench>' --quick --only memcpy \
--samples 2 --sample-ms 0.02 \
--openssl-newest '${CMAKE_CURRENT_BINARY_DIR}/no-such-status' | \
grep -q 'newest openssl: UNAVAILABLE: no '")
  set_tests_properties(newest_missing.bench.default PROPERTIES TIMEOUT 60)
  # --paired over contenders whose order rotates every round (bench_run.c):
  # the reference's ratio to itself is exactly 1 and every other hush tier
  # of the point gets a ratio (no threshold on its value).
  set(_pr ${CMAKE_CURRENT_BINARY_DIR}/bench-paired)
  add_test(NAME paired.bench.default
    COMMAND sh -c "rm -rf '${_pr}' && \
'$<TARGET_FILE:hush-bench>' --only sha256 --sizes 64 --samples 4 \
--sample-ms 0.02 --no-peers --vs hush:portable --paired --out '${_pr}' \
>/dev/null 2>&1 && \
grep -q '\"operation\": \"sha256\", \"implementation\": \"hush:portable\".*\"vs_ref\": 1.0000}' '${_pr}/bench.json' && \
grep -Eq '\"operation\": \"sha256\", .*\"default\": true, .*\"vs_ref\": [0-9.]*[1-9]' '${_pr}/bench.json'")
  set_tests_properties(paired.bench.default PROPERTIES TIMEOUT 60)
endif()

# --count-instructions: hush-bench re-runs itself under callgrind and reads
# the per-point dumps; the counts must come back non-zero. ASan binaries do
# not run under valgrind, hence nosanitize.
find_program(HUSH_VALGRIND valgrind)
if(TARGET hush-bench AND HUSH_VALGRIND)
  set(_cg ${CMAKE_CURRENT_BINARY_DIR}/bench-callgrind)
  add_test(NAME instructions.bench.default
    COMMAND sh -c "rm -rf '${_cg}' && \
'$<TARGET_FILE:hush-bench>' --count-instructions --only hush_ct_equal,memcpy \
--sizes 64 --out '${_cg}' >/dev/null && \
grep -Eq '^secret,hush_ct_equal,hush,1,32,[1-9][0-9]*' '${_cg}/instructions.csv'")
  set_tests_properties(instructions.bench.default PROPERTIES TIMEOUT 120
    LABELS nosanitize)
endif()
