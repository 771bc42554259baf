#!/bin/sh
# Regression test for issue 15, defect 7: `hush decrypt` given an output
# path of 4081-4089 bytes truncated its temporary file's name to fit
# PATH_MAX and then unlinked that truncated name: a file it never created.
# For every such length, a file named like the truncated temporary is put
# there first; decrypt must refuse the path (non-zero exit) or decrypt
# correctly, and leave every file it did not create untouched.
# Usage: check_long_output_path.sh HUSH_BINARY SCRATCH_DIR
set -eu
hush=$1 dir=$2
rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

"$hush" keygen -o key >/dev/null 2>&1
printf 'secret data\n' > plain
"$hush" encrypt -r "$("$hush" keygen -y key)" -o sealed plain

# a directory chain of 16 components of 250 bytes: a 4015-byte prefix
top=$(pwd)
long=$top
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
  long="$long/$(printf '%0250d' "$i")"
done
mkdir -p "$long"
for total in 4081 4082 4083 4084 4085 4086 4087 4088 4089; do
  # out = long/<name> with exactly `total` bytes in all
  need=$((total - ${#long} - 1))
  name=$(printf '%0*d' "$need" 0)
  out="$long/$name"
  [ ${#out} -eq "$total" ] || { bad "length $total: built ${#out}"; continue; }
  # the name the old tool truncated its temporary OUT.partial-XXXXXX to
  victim=$(printf '%s.partial-XXXXXX' "$out" | cut -c1-4095)
  printf 'not yours\n' > "$victim"
  before=$(ls -A "$long" | sort | tr '\n' /)
  if "$hush" decrypt -i key -o "$out" sealed >/dev/null 2>&1; then
    # accepting the path is allowed only if it then decrypted correctly
    cmp -s plain "$out" && ok || bad "length $total: wrong output"
    rm -f "$out"
  else
    ok
  fi
  [ -f "$victim" ] && [ "$(cat "$victim")" = "not yours" ] && ok ||
    bad "length $total: a file the tool did not create was removed or changed"
  [ "$(ls -A "$long" | sort | tr '\n' /)" = "$before" ] && ok ||
    bad "length $total: files appeared or vanished beside the output"
  rm -f "$victim"
done

echo "long output path: $passed passed, $failed failed"
[ $failed -eq 0 ]
