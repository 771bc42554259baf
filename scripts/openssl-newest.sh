#!/bin/sh
# Builds, once, the newest OpenSSL release Debian carries (the openssl
# source package of Debian unstable), libcrypto only, into a shim that
# hush-bench loads beside Debian 12's libcrypto (bench/openssl_shim.c).
#
#   scripts/openssl-newest.sh BUILD_DIR [JOBS]
#
# The cache is BUILD_DIR/openssl-newest/<version>/ (libcrypto.a, its
# headers, the shim, the logs), so a second run reuses it. BUILD_DIR/openssl-newest/status says
# what hush-bench gets: status=ok with version=, library=, build_seconds=
# and note=, or status=unavailable with reason=. The script exits 0 either
# way: make bench goes on, and hush-bench says why the row is missing.
#
# apt runs with a private configuration under the cache: one deb-src entry
# for sid, source packages only, and its own lists and download cache. The
# system's sources are neither read nor changed, nothing is installed from
# sid, and no root is needed (dpkg-dev, perl and a compiler are, from
# scripts/deps.sh bench).
set -u

build=${1:?usage: $0 BUILD_DIR [JOBS]}
jobs=${2:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/openssl-newest" || exit 0
top=$(cd "$build/openssl-newest" && pwd)
status=$top/status

unavailable() {
    printf 'status=unavailable\nreason=%s\n' "$*" >"$status"
    echo "openssl-newest: unavailable: $*; the benchmark goes on without it" >&2
    exit 0
}

# one builder at a time per build directory
exec 9>"$top/lock"
if command -v flock >/dev/null 2>&1; then flock 9; fi

for tool in apt-get apt-cache dpkg-source perl make cc; do
    command -v "$tool" >/dev/null 2>&1 ||
        unavailable "$tool is not installed (scripts/deps.sh bench installs it)"
done

apt=$top/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/sources.list.d"
cat >"$apt/sources.list.d/debian-sid-src.sources" <<'EOF'
# Written by scripts/openssl-newest.sh for its private apt configuration:
# source packages of Debian unstable (deb-src only; no binary ever comes
# from here).
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: sid
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
set -- -o Dir::Etc::SourceList=/dev/null \
       -o Dir::Etc::SourceParts="$apt/sources.list.d" \
       -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
# as root apt would hand downloads to its _apt user, which may not reach
# a build directory
[ "$(id -u)" = 0 ] && set -- "$@" -o APT::Sandbox::User=root

# The index, refreshed at most once a day; an old one serves when offline.
stamp=$apt/updated
if [ -z "$(find "$stamp" -mmin -1440 2>/dev/null)" ]; then
    if apt-get "$@" -q update >"$apt/update.log" 2>&1; then
        touch "$stamp"
    elif [ ! -e "$stamp" ]; then
        unavailable "apt-get update of sid's sources failed (see $apt/update.log)"
    fi
fi

# Newest first. A version can be listed in the index while a mirror does
# not (yet, or any more) serve its files: then the next one is tried, and
# the status says so.
versions=$(apt-cache "$@" showsrc openssl 2>/dev/null |
           sed -n 's/^Version: //p' | sort -u | sort -r -V)
[ -n "$versions" ] || unavailable "sid's index lists no openssl source package"
newest=$(echo "$versions" | head -1)
note=""
# A built version keeps lib/libcrypto.a and include/ (so the shim can be
# relinked when bench/openssl_shim.c or the function list change) and the
# shim; the sources are removed after the build.
for v in $versions; do
    dir=$top/$v
    [ -f "$dir/lib/libcrypto.a" ] && break # cached
    src=$top/src
    rm -rf "$src"
    mkdir -p "$src"
    if ! (cd "$src" && apt-get "$@" -q source openssl="$v" >fetch.log 2>&1); then
        note="${note}openssl $v is listed in sid but its files could not be fetched, "
        continue
    fi
    mkdir -p "$dir"
    mv "$src/fetch.log" "$dir/fetch.log"
    unpacked=$(find "$src" -mindepth 1 -maxdepth 1 -type d -name 'openssl-*' | head -1)
    [ -n "$unpacked" ] || unavailable "apt-get source openssl=$v unpacked nothing"
    log=$dir/build.log
    start=$(date +%s)
    echo "openssl-newest: building openssl $v, libcrypto only, once (a few" \
         "minutes; log: $log)" >&2
    # libcrypto.a as position-independent code: no-shared (one set of
    # objects), no tests, docs, apps, engines, legacy provider or loadable
    # modules; OPENSSLDIR inside the cache, where there is no configuration
    # file, so the system's (made for 3.0) is never read.
    if ! (cd "$unpacked" &&
          ./config no-shared -fPIC no-tests no-docs no-apps no-legacy \
              no-module no-engine no-quic no-ssl3 \
              --prefix="$dir/prefix" --openssldir="$dir/prefix" &&
          make -j"$jobs" build_generated &&
          make -j"$jobs" libcrypto.a) >"$log" 2>&1; then
        rm -rf "$src"
        unavailable "building openssl $v failed (see $log)"
    fi
    mkdir -p "$dir/lib"
    if ! cp "$unpacked/libcrypto.a" "$dir/lib/" ||
       ! cp -R "$unpacked/include" "$dir/"; then
        unavailable "could not keep the build of openssl $v"
    fi
    echo $(($(date +%s) - start)) >"$dir/build_seconds"
    rm -rf "$src"
    break
done
[ -f "$dir/lib/libcrypto.a" ] ||
    unavailable "${note}no version of openssl could be fetched"
[ "$v" = "$newest" ] || note="${note}so the newest that could be fetched was built"

# The shim: relinked when it is older than its sources.
shim=$dir/libcrypto-shim.so
if [ ! -f "$shim" ] || [ -n "$(find "$here/bench/openssl_shim.c" \
        "$here/bench/bench_openssl_functions.h" -newer "$shim")" ]; then
    printf '{ global: hush_bench_openssl_symbol; hush_bench_openssl_caps; local: *; };\n' \
        >"$dir/shim.map"
    if ! cc -O2 -fPIC -shared -o "$shim.new" -I"$dir/include" \
            "$here/bench/openssl_shim.c" "$dir/lib/libcrypto.a" \
            -Wl,--version-script="$dir/shim.map" -Wl,-z,now -pthread \
            >"$dir/shim.log" 2>&1 || ! mv "$shim.new" "$shim"; then
        unavailable "linking the shim of openssl $v failed (see $dir/shim.log)"
    fi
fi
{
    echo "status=ok"
    echo "version=$v"
    echo "library=$shim"
    [ -f "$dir/build_seconds" ] && echo "build_seconds=$(cat "$dir/build_seconds")"
    [ -n "$note" ] && echo "note=$note"
} >"$status"
echo "openssl-newest: openssl $v ($shim)" >&2
exit 0
