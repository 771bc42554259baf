#!/bin/sh
# Whole-process throughput of the hush command against the tools people
# use for the same jobs, on one file in the page cache:
#   encrypt, decrypt      hush vs age (X25519 recipient, output to a file)
#   hash                  hush hash vs sha256sum, openssl dgst -sha256, b3sum
# Each command runs ROUNDS times, the contenders interleaved (A B C A B C),
# after one untimed warm-up round that also puts the input in the page
# cache; the median wall time of each is reported in MiB/s, with the ratio
# to the peer. Set HUSH_BENCH_LOCK to a lock file to run every timed
# command under flock(1) when others share the machine.
# Usage: bench_cli.sh HUSH_BINARY SCRATCH_DIR [--quick] [--mib N] [--rounds N]
#        [--csv FILE]
set -eu
hush=$1 dir=$2
shift 2
mib=1024 rounds=5 csv=""
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mib=64 rounds=1 ;;
    --mib) mib=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --csv) csv=$2; shift ;;
    *) ;; # other hush-bench flags pass through make's BENCH_FLAGS
  esac
  shift
done
case $hush in /*) ;; *) hush=$(pwd)/$hush ;; esac
# The run moves into its scratch directory: relative paths are made
# absolute first.
case $csv in /* | "") ;; *) csv=$(pwd)/$csv ;; esac
for tool in age age-keygen sha256sum b3sum openssl; do
  command -v $tool >/dev/null ||
    { echo "bench_cli: $tool is missing (scripts/deps.sh bench installs it)" >&2; exit 1; }
done
# Outputs written to a disk-backed directory measure the disk: dirty-page
# writeback throttles every writer (here 1 GiB took 10 s whatever the
# tool). So the files live in a tmpfs (page cache only) when one has room
# for them, else in SCRATCH_DIR.
mkdir -p "$dir"
if [ -d /dev/shm ] && [ -w /dev/shm ] &&
   [ "$(df -Pk /dev/shm | awk 'NR == 2 {print $4}')" -gt $((mib * 1024 * 4)) ]; then
  work=/dev/shm/hush-bench-cli.$$
  trap 'rm -rf "$work"' EXIT INT TERM
else
  work=$dir
fi
mkdir -p "$work"; cd "$work"
echo "files in $work"
rm -f out.* key.txt
[ -f input ] && [ "$(stat -c %s input)" = $((mib * 1048576)) ] ||
  head -c $((mib * 1048576)) /dev/urandom > input
"$hush" keygen -o key.txt 2>/dev/null
recipient=$("$hush" keygen -y key.txt)
"$hush" encrypt -r "$recipient" -o sealed.age input
lock() {
  if [ -n "${HUSH_BENCH_LOCK:-}" ]; then flock "$HUSH_BENCH_LOCK" "$@"; else "$@"; fi
}
# the wall time of one command, in seconds (outputs removed first)
timed() {
  rm -f out.enc out.dec
  lock sh -c 'a=$(date +%s.%N); "$@" >/dev/null; b=$(date +%s.%N); echo "$a $b"' sh "$@" |
    awk '{printf "%.6f\n", $2 - $1}'
}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

names="hush-encrypt age-encrypt hush-decrypt age-decrypt hush-hash sha256sum openssl-dgst b3sum"
run() {
  case $1 in
    hush-encrypt) timed "$hush" encrypt -q -r "$recipient" -o out.enc input ;;
    age-encrypt) timed age -r "$recipient" -o out.enc input ;;
    hush-decrypt) timed "$hush" decrypt -q -i key.txt -o out.dec sealed.age ;;
    age-decrypt) timed age -d -i key.txt -o out.dec sealed.age ;;
    hush-hash) timed "$hush" hash input ;;
    sha256sum) timed sha256sum input ;;
    openssl-dgst) timed openssl dgst -sha256 input ;;
    b3sum) timed b3sum input ;;
  esac
}
for n in $names; do run $n >/dev/null; done # warm-up: page cache, CPU
for r in $(seq "$rounds"); do
  for n in $names; do echo "$n $(run $n)"; done
done > times.txt
rm -f out.enc out.dec

rate() { awk -v s="$1" -v m="$mib" 'BEGIN {printf "%.0f", m / s}'; }
t() { grep "^$1 " times.txt | cut -d' ' -f2 | median; }
echo "hush CLI, whole process, $mib MiB file in the page cache, median of $rounds"
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs"
printf '%-14s %10s %10s  %s\n' command seconds MiB/s "vs peer"
[ -n "$csv" ] && echo "command,seconds,mib_per_s,peer,ratio" > "$csv"
row() { # row NAME PEER
  s=$(t "$1"); p=$(t "$2")
  ratio=$(awk -v a="$s" -v b="$p" 'BEGIN {printf "%.2f", b / a}')
  if [ "$1" = "$2" ]; then note="(peer)"; else note="${ratio}x $2"; fi
  printf '%-14s %10.3f %10s  %s\n' "$1" "$s" "$(rate "$s")" "$note"
  [ -z "$csv" ] || echo "$1,$s,$(rate "$s"),$2,$ratio" >> "$csv"
}
row hush-encrypt age-encrypt
row age-encrypt age-encrypt
row hush-decrypt age-decrypt
row age-decrypt age-decrypt
row hush-hash openssl-dgst
row openssl-dgst openssl-dgst
row sha256sum openssl-dgst
row b3sum openssl-dgst
