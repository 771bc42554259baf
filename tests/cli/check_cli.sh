#!/bin/sh
# End-to-end checks of the hush command-line tool: sha256sum compatibility,
# HMAC and X25519 against openssl, age files (round trips at chunk edges,
# armor, several recipients), and every "never lose data" promise of
# docs/CLI.md. Interoperability with age itself: check_age_interop.sh.
# Usage: check_cli.sh HUSH_BINARY SCRATCH_DIR [hash] [age] [x25519] [ascon]
# naming the command groups to check (ctest names all four).
set -eu
hush=$1 dir=$2
shift 2
case $hush in /*) ;; *) hush=$(pwd)/$hush ;; esac
groups=" $* "
has() { case "$groups" in *" $1 "*) return 0 ;; esac; return 1; }
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
check() { if "$@" >/dev/null 2>&1; then ok; else bad "$*"; fi; }
refuse() { if "$@" >/dev/null 2>&1; then bad "accepted: $*"; else ok; fi; }
# status WANT CMD...: the command exits with exactly WANT
status() {
  want=$1; shift
  set +e; "$@" >/dev/null 2>&1; got=$?; set -e
  [ "$got" = "$want" ] && ok || bad "exit $got, expected $want: $*"
}
no_temps() { [ -z "$(ls -A "${1:-.}" | grep '\.hush-' || true)" ] && ok || bad "temporary file left in ${1:-.}"; }

rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
check "$hush" version
check "$hush" --version
[ "$("$hush" --version)" = "$("$hush" version)" ] && ok || bad "--version"
check "$hush" --help
status 2 "$hush" no-such-command
status 2 "$hush"
for c in $("$hush" --help | awk '/^commands:/ {on = 1; next} on && !NF {exit} on {print $1}'); do
  case $c in bench|ct|leakscan) continue ;; esac
  "$hush" "$c" --help | grep -q "usage: hush $c" && ok || bad "$c --help"
  "$hush" help "$c" | grep -q "usage: hush $c" && ok || bad "help $c"
done
# the measurement programs are listed only where they are installed
if [ -x "$(dirname "$hush")/hush-bench" ]; then
  "$hush" --help | grep -q '^  bench' && ok || bad "bench not listed"
fi
mkdir lonely && cp "$hush" lonely/hush
lonely/hush --help | grep -Eq '^  (bench|ct|leakscan) ' && bad "lists programs that are not installed" || ok
status 2 lonely/hush bench

head -c 0 /dev/urandom > m0
head -c 1 /dev/urandom > m1
head -c 65535 /dev/urandom > m65535
head -c 65536 /dev/urandom > m65536
head -c 65537 /dev/urandom > m65537
head -c 1048579 /dev/urandom > m1048579
inputs="m0 m1 m65535 m65536 m65537 m1048579"

if has hash; then
  for f in $inputs; do
    [ "$("$hush" hash "$f")" = "$(sha256sum "$f")" ] && ok || bad "hash $f"
    [ "$("$hush" hash --tag "$f")" = "$(sha256sum --tag "$f")" ] && ok || bad "hash --tag $f"
    [ "$("$hush" hash -b "$f")" = "$(sha256sum -b "$f")" ] && ok || bad "hash -b $f"
  done
  [ "$("$hush" hash < m1048579)" = "$(sha256sum < m1048579)" ] && ok || bad "hash stdin"
  [ "$(cat m1048579 | "$hush" hash -)" = "$(cat m1048579 | sha256sum -)" ] && ok || bad "hash pipe"
  # names that sha256sum escapes
  cp m1 'back\slash'; cp m1 "$(printf 'new\nline')"; cp m1 "$(printf 'car\rret')"
  for f in 'back\slash' "$(printf 'new\nline')" "$(printf 'car\rret')"; do
    [ "$("$hush" hash "$f")" = "$(sha256sum "$f")" ] && ok || bad "escaped name"
    [ "$("$hush" hash --tag "$f")" = "$(sha256sum --tag "$f")" ] && ok || bad "escaped tag name"
  done
  # --check: the same output and exit status as sha256sum -c
  sha256sum $inputs 'back\slash' "$(printf 'new\nline')" > sums
  "$hush" hash $inputs 'back\slash' "$(printf 'new\nline')" > hsums
  cmp -s sums hsums && ok || bad "hash list differs from sha256sum's"
  sha256sum --tag m1 m65537 > tagsums
  cmpcheck() { # cmpcheck ARGS: stdout and exit status equal to sha256sum's
    set +e
    a=$(sha256sum "$@" 2>/dev/null); sa=$?
    b=$("$hush" hash "$@" 2>/dev/null); sb=$?
    set -e
    [ "$a" = "$b" ] && [ $sa = $sb ] && ok || bad "check $*: [$b] $sb vs [$a] $sa"
  }
  cmpcheck -c sums
  cmpcheck -c tagsums
  cmpcheck -c --quiet sums
  cmpcheck -c --status sums
  printf 'x' >> m65535; cmpcheck -c sums; cmpcheck -c --quiet sums
  head -c 65535 m1048579 > m65535
  sha256sum m1 > gone; echo "$(cut -c1-64 gone)  missing-file" >> gone
  cmpcheck -c gone
  cmpcheck -c --ignore-missing gone
  printf 'not a checksum line\n' >> gone; cmpcheck -c gone; cmpcheck -c --strict sums
  cmpcheck -c --strict gone
  printf 'garbage\n' > junk; cmpcheck -c junk
  set +e; "$hush" hash -c gone >/dev/null 2>err; set -e
  grep -q 'WARNING: 1 line is improperly formatted' err && ok || bad "warning text"
  grep -q 'WARNING: 1 listed file could not be read' err && ok || bad "warning text 2"
  # a write error on standard output is an error
  if [ -w /dev/full ]; then
    status 5 sh -c "'$hush' hash m1 > /dev/full"
    status 5 sh -c "'$hush' version > /dev/full"
  fi
  status 1 "$hush" hash no-such-file
  status 2 "$hush" hash -a no-such-hash m1
  status 2 "$hush" hash -n 0 -a ascon-xof128 m1
  head -c 45 /dev/urandom > mackey
  for f in $inputs; do
    want=$(openssl dgst -sha256 -mac HMAC -macopt hexkey:$(od -An -v -tx1 mackey | tr -d ' \n') "$f" | sed 's/.*= //')
    [ "$("$hush" hmac -k mackey "$f" | cut -d' ' -f1)" = "$want" ] && ok || bad "hmac $f"
  done
  status 2 "$hush" hmac m1
fi

if has ascon; then
  [ "$("$hush" hash -a ascon-hash256 m1048579 | cut -c1-64)" = "$("$hush" hash -a ascon-hash256 < m1048579 | cut -c1-64)" ] && ok || bad "ascon-hash256 stdin"
  for n in 1 16 32 100 4096; do
    [ "$("$hush" hash -a ascon-xof128 -n $n m1 | cut -d' ' -f1 | tr -d '\n' | wc -c)" = $((2 * n)) ] && ok || bad "ascon-xof128 -n $n"
  done
  # a longer XOF output starts with the shorter one
  short=$("$hush" hash -a ascon-xof128 -n 16 m65537 | cut -d' ' -f1)
  long=$("$hush" hash -a ascon-xof128 -n 64 m65537 | cut -d' ' -f1)
  [ "$short" = "$(echo "$long" | cut -c1-32)" ] && ok || bad "xof prefix"
  "$hush" hash -a ascon-xof128 -n 50 m1 m65536 > xofsums
  check "$hush" hash -a ascon-xof128 -c xofsums
  status 2 "$hush" hash -n 50 m1
fi

if has age; then
  check "$hush" keygen -o alice.key
  [ "$(stat -c %a alice.key)" = 600 ] && ok || bad "identity file mode"
  status 5 "$hush" keygen -o alice.key   # never overwrites
  grep -q '^# created: ' alice.key && grep -q '^# public key: age1' alice.key &&
    grep -q '^AGE-SECRET-KEY-1' alice.key && ok || bad "identity file format"
  "$hush" keygen -o bob.key 2> bob.err
  grep -q '^Public key: age1' bob.err && ok || bad "Public key on stderr"
  alice=$("$hush" keygen -y alice.key)
  bob=$("$hush" keygen -y bob.key)
  [ "$alice" = "$(sed -n 's/^# public key: //p' alice.key)" ] && ok || bad "keygen -y"
  [ "$("$hush" keygen -y < alice.key)" = "$alice" ] && ok || bad "keygen -y stdin"
  "$hush" keygen > carol.key 2>/dev/null; carol=$("$hush" keygen -y carol.key)
  printf '# team\n%s\n\n%s\n' "$bob" "$carol" > team.txt

  for f in $inputs; do
    check "$hush" encrypt -r "$alice" -o $f.age $f
    check "$hush" decrypt -i alice.key -o $f.out $f.age
    cmp -s $f $f.out && ok || bad "round trip $f"
    check "$hush" encrypt -a -R team.txt -o $f.asc $f
    head -1 $f.asc | grep -q '^-----BEGIN AGE ENCRYPTED FILE-----$' && ok || bad "armor $f"
    for k in bob carol; do
      "$hush" decrypt -i $k.key < $f.asc > $f.$k 2>/dev/null && cmp -s $f $f.$k && ok || bad "armor round trip $f $k"
    done
    refuse "$hush" decrypt -i alice.key -o $f.no $f.asc
    [ ! -e $f.no ] && ok || bad "output after a wrong key"
    rm -f $f.out $f.bob $f.carol
  done
  # the END line may end the input without its line feed (or with a CR
  # alone), as age reads it: no line feed after it is no whitespace after it
  for f in m0 m65537; do
    head -c -1 $f.asc > $f.nolf.asc
    "$hush" decrypt -i bob.key -o $f.nolf $f.nolf.asc 2>/dev/null && cmp -s $f $f.nolf && ok || bad "armor without a final line feed ($f)"
    sed 's/$/\r/' $f.asc | head -c -1 > $f.cr.asc
    "$hush" decrypt -i bob.key -o $f.cr $f.cr.asc 2>/dev/null && cmp -s $f $f.cr && ok || bad "CRLF armor ending in CR ($f)"
  done
  # several -i: the one that matches is used
  check "$hush" decrypt -i alice.key -i carol.key -o multi.out m1.asc
  cmp -s m1 multi.out && ok || bad "several identities"
  # sizes: 0 -> one empty chunk; a full chunk has no empty chunk after it
  [ "$(($(stat -c %s m65536.age) - $(stat -c %s m0.age)))" = 65536 ] && ok || bad "chunking of 64 KiB"
  # two encryptions differ (fresh file key and nonce)
  "$hush" encrypt -r "$alice" -o again.age m1
  cmp -s m1.age again.age && bad "two encryptions equal" || ok
  # stdin to stdout
  "$hush" encrypt -r "$alice" < m65537 > s.age && ok || bad "encrypt stdin"
  "$hush" decrypt -i alice.key < s.age | cmp -s - m65537 && ok || bad "decrypt stdout"
  # usage and helpful errors
  status 2 "$hush" encrypt m1
  status 2 "$hush" encrypt -r age1notakey m1
  status 2 "$hush" encrypt -r "$alice" -p m1
  status 2 "$hush" decrypt m1.age
  "$hush" decrypt m1.age 2>&1 | grep -q 'hush keygen' && ok || bad "no identity: names keygen"
  "$hush" decrypt -i no-such.key m1.age 2>&1 | grep -q 'hush keygen' && ok || bad "missing key file: names keygen"
  status 4 "$hush" decrypt -i bob.key m1.age
  "$hush" decrypt -i bob.key m1.age 2>&1 | grep -qi 'wrong key' && ok || bad "wrong key: says so"
  status 3 "$hush" decrypt -i alice.key m1
  status 3 "$hush" decrypt -i m1 m1.age
  status 3 "$hush" encrypt -R alice.key m1   # an identity is not a recipient
  status 3 "$hush" decrypt -i team.txt m1.age # a recipient is not an identity

  # tampering anywhere and truncation: exit 4, nothing left behind
  size=$(stat -c %s m1048579.age)
  hlen=$(($(grep -a -n -m1 '^--- ' m1048579.age | cut -d: -f1)))
  for pos in 30 $((size / 2)) $((size - 1)) $((size - 17)); do
    cp m1048579.age t.age
    b=$(od -An -j$pos -N1 -tu1 t.age | tr -d ' ')
    printf "$(printf '\\%03o' $(( (b ^ 1) & 255 )))" | dd of=t.age bs=1 seek=$pos conv=notrunc 2>/dev/null
    set +e; "$hush" decrypt -i alice.key -o t.out t.age >/dev/null 2>&1; st=$?; set -e
    [ $st = 4 ] || [ $st = 3 ] && ok || bad "tampered at $pos: exit $st"
    [ ! -e t.out ] && ok || bad "tampered output left behind ($pos)"
    no_temps
  done
  # the header's MAC covers every header byte
  sed '2s/X25519/X25518/' m1.age > t2.age
  status 4 "$hush" decrypt -i alice.key -o t2.out t2.age
  for cut in $((size - 1)) $((size - 65552)) $(( $(stat -c %s m65537.age) - 2 )); do
    head -c $cut m1048579.age > cut.age
    status 4 "$hush" decrypt -i alice.key -o cut.out cut.age
    [ ! -e cut.out ] && ok || bad "truncated output left"
  done
  # a file cut at a chunk boundary: the last whole chunk was not final
  hdr=$(( $(stat -c %s m0.age) - 32 ))   # header + nonce (m0: one 16-byte chunk)
  head -c $((hdr + 16 + 65552 * 3)) m1048579.age > cut3.age
  status 4 "$hush" decrypt -i alice.key -o cut3.out cut3.age
  # to standard output: exactly the chunks that authenticated, then exit 4
  set +e; "$hush" decrypt -i alice.key cut3.age > cut3.stdout 2>/dev/null; st=$?; set -e
  [ $st = 4 ] && ok || bad "truncated to stdout: exit $st"
  head -c $((65536 * 2)) m1048579 | cmp -s - cut3.stdout && ok || bad "stdout got other than the authenticated chunks"
  no_temps

  # ---- never lose data ----
  cp m65537 same; cp same same.orig
  status 5 "$hush" encrypt -r "$alice" -o same same
  status 5 "$hush" encrypt -f -r "$alice" -o same same
  cmp -s same same.orig && ok || bad "encrypting onto the input changed it"
  status 5 sh -c "'$hush' encrypt -r '$alice' same >> same"
  cmp -s same same.orig && ok || bad "appending onto the input changed it"
  status 5 "$hush" decrypt -i alice.key -o alice.key -f m1.age
  grep -q AGE-SECRET-KEY alice.key && ok || bad "identity file overwritten"
  status 5 "$hush" decrypt -i alice.key -o m1.age -f m1.age
  ln -s m1 link; ln -s m1 link2
  status 5 "$hush" encrypt -r "$alice" -o link m0
  status 5 "$hush" encrypt -f -r "$alice" -o link m0
  [ -L link ] && cmp -s link m1 && ok || bad "symlink replaced"
  # an existing output is replaced only with -f
  echo keep > exists
  status 5 "$hush" encrypt -r "$alice" -o exists m1
  [ "$(cat exists)" = keep ] && ok || bad "existing output overwritten without -f"
  status 5 "$hush" decrypt -i alice.key -o exists m1.age
  check "$hush" decrypt -f -i alice.key -o exists m1.age
  cmp -s exists m1 && ok || bad "-f did not replace"
  # outputs that are not regular files are written, never replaced
  check "$hush" decrypt -i alice.key -o /dev/null m65537.age
  [ -c /dev/null ] && ok || bad "/dev/null is no longer a device"
  check "$hush" encrypt -r "$alice" -o /dev/null m65537
  mkfifo fifo
  cat fifo > fifo.out & reader=$!
  check "$hush" decrypt -i alice.key -o fifo m65537.age
  wait $reader
  [ -p fifo ] && cmp -s fifo.out m65537 && ok || bad "FIFO output"
  # a successful decryption always creates its output, even empty
  check "$hush" decrypt -i alice.key -o empty.out m0.age
  [ -f empty.out ] && [ ! -s empty.out ] && ok || bad "empty output not created"
  # an output path whose temporary name cannot fit is refused
  long=$(printf '%0250d' 1)
  status 5 "$hush" decrypt -i alice.key -o "$long" m1.age
  # an unreadable input (a directory) names the cause
  mkdir adir
  "$hush" encrypt -r "$alice" -o d.age adir 2>&1 | grep -qi 'directory' && ok || bad "directory input"
  status 3 "$hush" encrypt -r "$alice" -o d.age adir
  [ ! -e d.age ] && ok || bad "output after a read error"
  # a full disk (here: a file size limit): no partial output, errno named
  set +e
  (ulimit -f 200; trap '' XFSZ; "$hush" encrypt -r "$alice" -o big.age m1048579 2> big.err); st=$?
  set -e
  [ $st = 5 ] && ok || bad "write error exit $st"
  grep -q 'File too large' big.err && ok || bad "write error names errno: $(cat big.err)"
  [ ! -e big.age ] && ok || bad "partial output after a write error"
  no_temps
  # a signal mid-run removes the temporary file (a background job of a
  # script starts with SIGINT ignored: env puts back its default, as an
  # interactive shell has it)
  mkfifo slow
  for sig in INT:2 TERM:15 HUP:1; do
    num=${sig#*:} sig=${sig%:*}
    env --default-signal=INT "$hush" encrypt -r "$alice" -o sig.age slow & pid=$!
    exec 3> slow
    head -c 100000 m1048579 >&3
    for i in 1 2 3 4 5 6 7 8 9 10; do
      [ -n "$(ls -A | grep '\.sig\.age\.hush-' || true)" ] && break; sleep 0.2
    done
    [ -n "$(ls -A | grep '\.sig\.age\.hush-' || true)" ] && ok || bad "no temporary file seen"
    kill -$sig $pid
    set +e; wait $pid; st=$?; set -e
    exec 3>&-
    [ $st = $((128 + num)) ] && ok || bad "SIG$sig exit $st"
    [ ! -e sig.age ] && ok || bad "output after SIG$sig"
    no_temps
  done
  # two runs writing the same new output: one file, whole, from one run
  for force in "" -f; do
    rm -f race.age
    "$hush" encrypt $force -r "$alice" -o race.age m1048579 2>/dev/null & p1=$!
    "$hush" encrypt $force -r "$alice" -o race.age m65537 2>/dev/null & p2=$!
    set +e; wait $p1; s1=$?; wait $p2; s2=$?; set -e
    "$hush" decrypt -i alice.key race.age > race.out 2>/dev/null &&
      { cmp -s race.out m1048579 || cmp -s race.out m65537; } && ok || bad "race $force: corrupt output"
    { [ $s1 = 0 ] || [ $s2 = 0 ]; } && ok || bad "race $force: neither run succeeded"
    no_temps
  done
fi

if has x25519; then
  check "$hush" x25519 genkey -o xa
  check "$hush" x25519 genkey -o xb
  apub=$("$hush" x25519 pub -k xa)
  bpub=$("$hush" x25519 pub -k xb)
  [ "$("$hush" x25519 shared -k xa "$bpub")" = "$("$hush" x25519 shared -k xb "$apub")" ] && ok || bad "x25519 shared secrets differ"
  perl -e 'print pack("H*", $ARGV[0])' \
    "302e020100300506032b656e04220420$(od -An -v -tx1 xa | tr -d ' \n')" > xa.der
  want=$(openssl pkey -inform DER -in xa.der -pubout -outform DER | tail -c 32 | od -An -v -tx1 | tr -d ' \n')
  [ "$apub" = "$want" ] && ok || bad "x25519 public key differs from OpenSSL"
  refuse "$hush" x25519 shared -k xa 0000000000000000000000000000000000000000000000000000000000000000
fi

echo "cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
