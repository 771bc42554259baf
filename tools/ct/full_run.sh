#!/bin/sh
# The documented full run of hush-ct (docs/CONSTANT_TIME.md): every row,
# one process per row, each holding the shared benchmark lock only while it
# measures (the machine is shared; a row takes seconds, X25519 up to a
# minute). Prints the Markdown table on stdout; progress on stderr.
#
#   tools/ct/full_run.sh [HUSH_CT [SAMPLES [CALLS [TARGET]]]]
#   defaults: build/hush-ct 1000000 200 8000 (at most 200 calls per sample,
#   as many as make a sample of about 8000 TSC ticks)
set -eu
exe=${1:-build/hush-ct}
samples=${2:-1000000}
calls=${3:-200}
target=${4:-8000}
lock=${HUSH_BENCH_LOCK:-/tmp/hush-bench.lock}
rows=$("$exe" --list | wc -l)
echo "| row | implementation | classes | class 0 | class 1 | \|t\| | samples x calls | verdict |"
echo "|---|---|---|---:|---:|---:|---:|---|"
i=1
while [ "$i" -le "$rows" ]; do
    start=$(date +%s)
    line=$(flock "$lock" "$exe" "$samples" "$calls" --target "$target" --markdown \
               --rows "$i" |
           grep '^| [a-z]' | grep -v '^| row |' || true)
    echo "$line"
    echo "row $i/$rows: $(($(date +%s) - start)) s" >&2
    i=$((i + 1))
done
