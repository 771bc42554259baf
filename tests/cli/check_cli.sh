#!/bin/sh
# End-to-end checks of the hush command-line tool, against the standard
# tools where there is one (sha256sum, openssl). Usage:
#   check_cli.sh HUSH_BINARY SCRATCH_DIR [hash] [aead] [x25519] [ascon]
# naming the command groups this build has.
set -eu
hush=$1 dir=$2
shift 2
has() { case "$groups" in *" $1 "*) return 0 ;; esac; return 1; }
groups=" $* "
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
check() { if "$@" >/dev/null 2>&1; then ok; else bad "$*"; fi; }
refuse() { if "$@" >/dev/null 2>&1; then bad "accepted: $*"; else ok; fi; }

rm -rf "$dir"; mkdir -p "$dir"; cd "$dir"
check "$hush" version
check "$hush" impl
refuse "$hush" no-such-command

# inputs at chunk edges: empty, 1 byte, exactly one 64 KiB chunk, one more
head -c 0 /dev/urandom > m0
head -c 1 /dev/urandom > m1
head -c 65536 /dev/urandom > m65536
head -c 65537 /dev/urandom > m65537
head -c 300000 /dev/urandom > m300000
inputs="m0 m1 m65536 m65537 m300000"

if has hash; then
  for f in $inputs; do
    [ "$("$hush" hash "$f")" = "$(sha256sum "$f")" ] && ok || bad "hash $f"
  done
  [ "$("$hush" hash < m65537 | cut -d' ' -f1)" = "$(sha256sum < m65537 | cut -d' ' -f1)" ] && ok || bad "hash stdin"
  head -c 45 /dev/urandom > mackey
  for f in $inputs; do
    want=$(openssl dgst -sha256 -mac HMAC -macopt hexkey:$(od -An -v -tx1 mackey | tr -d ' \n') "$f" | sed 's/.*= //')
    [ "$("$hush" hmac -k mackey "$f" | cut -d' ' -f1)" = "$want" ] && ok || bad "hmac $f"
  done
  refuse "$hush" hash -a no-such-hash m1
fi

if has ascon; then
  # one-shot and streamed digests agree, and the XOF honours -n
  [ "$("$hush" hash -a ascon-hash256 m300000 | cut -c1-64)" = "$("$hush" hash -a ascon-hash256 < m300000 | cut -c1-64)" ] && ok || bad "ascon-hash256 stdin"
  [ "$("$hush" hash -a ascon-xof128 -n 100 m1 | cut -d' ' -f1 | tr -d '\n' | wc -c)" = 200 ] && ok || bad "ascon-xof128 -n"
fi

if has aead; then
  for alg in chacha20poly1305 xchacha20poly1305 aes128gcm aes256gcm ascon-aead128; do
    check "$hush" keygen -a $alg -o key.$alg
    [ "$(stat -c %a key.$alg)" = 600 ] && ok || bad "key file mode $alg"
    refuse "$hush" keygen -a $alg -o key.$alg   # never overwrites
    for f in $inputs; do
      check "$hush" encrypt -a $alg -k key.$alg -i $f -o $f.$alg
      check "$hush" decrypt -k key.$alg -i $f.$alg -o $f.$alg.out
      cmp -s $f $f.$alg.out && ok || bad "round trip $alg $f"
      rm -f $f.$alg.out
    done
    # stdin to stdout encryption
    "$hush" encrypt -a $alg -k key.$alg < m65537 > s.$alg && ok || bad "encrypt stdin $alg"
    check "$hush" decrypt -k key.$alg -i s.$alg -o s.$alg.out
    cmp -s m65537 s.$alg.out && ok || bad "stdin round trip $alg"
    # the same plaintext encrypts differently each time (fresh salt)
    "$hush" encrypt -a $alg -k key.$alg -i m1 -o again.$alg
    cmp -s m1.$alg again.$alg && bad "two encryptions equal $alg" || ok
    # tampering anywhere (header, first chunk, last tag) is refused and
    # leaves no output behind
    size=$(stat -c %s m300000.$alg)
    for pos in 5 40 100 $((size - 1)); do
      cp m300000.$alg t.$alg
      printf '\001' | dd of=t.$alg bs=1 seek=$pos conv=notrunc 2>/dev/null
      b=$(od -An -j$pos -N1 -tu1 m300000.$alg | tr -d ' ')
      printf "$(printf '\\%03o' $(( (b ^ 1) & 255 )))" | dd of=t.$alg bs=1 seek=$pos conv=notrunc 2>/dev/null
      refuse "$hush" decrypt -k key.$alg -i t.$alg -o t.$alg.out
      [ ! -e t.$alg.out ] && ok || bad "tampered output left behind $alg $pos"
      [ -z "$(ls t.$alg.out.partial-* 2>/dev/null)" ] && ok || bad "temporary file left $alg"
    done
    # truncation at a chunk boundary: the last chunk is missing
    head -c $((40 + 65536 + 16)) m300000.$alg > cut.$alg
    refuse "$hush" decrypt -k key.$alg -i cut.$alg -o cut.$alg.out
    # a chunk dropped from the middle
    { head -c $((40 + 65552)) m300000.$alg; tail -c +$((40 + 2 * 65552 + 1)) m300000.$alg; } > drop.$alg
    refuse "$hush" decrypt -k key.$alg -i drop.$alg -o drop.$alg.out
    # the wrong key
    "$hush" keygen -a $alg -o other.$alg
    refuse "$hush" decrypt -k other.$alg -i m1.$alg -o w.$alg.out
    refuse "$hush" decrypt -k key.$alg -i m1.$alg -o -   # no stdout plaintext
  done
  refuse "$hush" decrypt -k key.aes128gcm -i m1.chacha20poly1305 -o x.out
  refuse "$hush" encrypt -a no-such-alg -k key.aes128gcm -i m1
  head -c 31 /dev/urandom > shortkey
  refuse "$hush" encrypt -a chacha20poly1305 -k shortkey -i m1 -o y
fi

if has x25519; then
  check "$hush" x25519 genkey -o alice
  check "$hush" x25519 genkey -o bob
  apub=$("$hush" x25519 pub -k alice)
  bpub=$("$hush" x25519 pub -k bob)
  [ "$("$hush" x25519 shared -k alice "$bpub")" = "$("$hush" x25519 shared -k bob "$apub")" ] && ok || bad "x25519 shared secrets differ"
  # against OpenSSL: the same private key gives the same public key
  # (PKCS#8 DER prefix for an X25519 private key, then the 32 key bytes)
  perl -e 'print pack("H*", $ARGV[0])' \
    "302e020100300506032b656e04220420$(od -An -v -tx1 alice | tr -d ' \n')" > alice.der
  want=$(openssl pkey -inform DER -in alice.der -pubout -outform DER | tail -c 32 | od -An -v -tx1 | tr -d ' \n')
  [ "$apub" = "$want" ] && ok || bad "x25519 public key differs from OpenSSL"
  refuse "$hush" x25519 shared -k alice 0000000000000000000000000000000000000000000000000000000000000000
fi

echo "cli: $passed passed, $failed failed"
[ $failed -eq 0 ]
