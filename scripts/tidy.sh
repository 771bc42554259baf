#!/bin/sh
# clang-tidy (the project's .clang-tidy) over every C file of the tree:
# all that the build compiles (library, tests, tools, bench, fuzz targets)
# and the example. Fails on any finding.
#
#   scripts/tidy.sh [BUILD_DIR]      default: build-tidy (configured here)
#   JOBS=N scripts/tidy.sh           parallel clang-tidy processes
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-tidy}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
tidy=$(command -v run-clang-tidy-14 || command -v run-clang-tidy) || {
  echo "tidy: run-clang-tidy not found (Debian: clang-tidy)" >&2; exit 2; }
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
# One entry per file: the `make asm` copies of the library sources (-S)
# and the fuzz harness, compiled once per target, are the same code. The
# example is built against the installed library, outside this build: it
# is added as a plain C11 file.
mkdir -p "$build/tidy"
python3 - "$root" "$build" <<'PY'
import json, os, sys
root, build = sys.argv[1], sys.argv[2]
entries, seen = [], set()
for e in json.load(open(os.path.join(build, "compile_commands.json"))):
    cmd = e.get("command", "")
    if " -S " in cmd or e["file"] in seen:
        continue
    seen.add(e["file"])
    entries.append(e)
hello = os.path.join(root, "examples", "hello.c")
entries.append({"directory": build, "file": hello,
                "command": "clang -std=c11 -Wall -Wextra -I%s -c %s"
                % (os.path.join(root, "include"), hello)})
json.dump(entries, open(os.path.join(build, "tidy", "compile_commands.json"),
                        "w"), indent=1)
print("tidy: %d files" % len(entries))
PY
"$tidy" -p "$build/tidy" -j "$jobs" -quiet \
        -header-filter="^$root/(src|include|tests|tools|bench|examples)/" \
        >"$build/tidy/log" 2>&1 && status=0 || status=$?
# the findings, once each (a header's finding repeats per includer)
sed -e 's/\x1b\[[0-9;]*m//g' "$build/tidy/log" |
  grep -E '^/.*: (warning|error): ' | sort -u >"$build/tidy/findings" || true
n=$(wc -l <"$build/tidy/findings")
if [ "$status" -ne 0 ] || [ "$n" -ne 0 ]; then
  cat "$build/tidy/findings"
  echo "tidy: $n findings (full output: $build/tidy/log)" >&2
  exit 1
fi
echo "tidy: no findings"
