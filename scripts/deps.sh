#!/bin/sh
# Makes sure the Debian packages a make target needs are installed.
# Usage: scripts/deps.sh build|test|bench|fuzz|tidy
# Missing packages are installed with apt-get when running as root (or
# through sudo without a password); otherwise this stops and prints the
# exact command to run.
set -eu

build_pkgs="cmake make gcc pkg-config"
# nginx and curl: the provider's interop test (tests/provider/check_interop.sh);
# age and expect: the CLI's interoperability tests (age's own tool, and
# typing passphrases at its prompts)
test_pkgs="$build_pkgs libjansson-dev libssl-dev libsodium-dev valgrind openssl python3-cryptography-vectors nginx curl age expect"
# dpkg-dev and perl: scripts/openssl-newest.sh fetches the newest OpenSSL
# source package (apt-get source unpacks it with dpkg-source) and builds it;
# age, b3sum, openssl: the CLI's whole-process rows (bench/cli)
bench_pkgs="$build_pkgs libssl-dev libsodium-dev libgcrypt20-dev gnuplot-nox dpkg-dev perl age b3sum openssl"
# clang and its runtimes: libFuzzer and the sanitizers (libclang-rt-14-dev)
fuzz_pkgs="$test_pkgs clang libclang-rt-14-dev"
# the analysis configures the whole tree with clang (the test packages)
tidy_pkgs="$test_pkgs clang clang-tidy"

case "${1:-build}" in
  build) want=$build_pkgs ;;
  test) want=$test_pkgs ;;
  bench) want=$bench_pkgs ;;
  fuzz) want=$fuzz_pkgs ;;
  tidy) want=$tidy_pkgs ;;
  *) echo "usage: $0 build|test|bench|fuzz|tidy" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "deps: not a Debian system; make sure these are installed: $want" >&2
  exit 0
fi

missing=""
for p in $want; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $p" ;;
  esac
done
[ -z "$missing" ] && exit 0

line="apt-get update && apt-get install -y --no-install-recommends$missing"
if [ "$(id -u)" = 0 ]; then
  echo "deps: installing$missing"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends$missing >/dev/null
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  echo "deps: installing$missing (through sudo)"
  sudo -n apt-get update -q >/dev/null
  sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends$missing >/dev/null
else
  echo "deps: missing packages:$missing" >&2
  echo "deps: run this as root, then try again:" >&2
  echo "    $line" >&2
  exit 1
fi
