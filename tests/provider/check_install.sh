#!/bin/sh
# The provider's installation: cmake --install puts hush.so in
# <libdir>/ossl-modules and writes <prefix>/share/hush/openssl-hush.cnf
# naming the module where it was installed (with DESTDIR, the path it will
# have once the staged tree is in place); Debian's openssl loads it through
# that configuration.
#   check_install.sh BUILD_DIR SCRATCH_DIR
set -eu
build=$1 dir=$2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

rm -rf "$dir"; mkdir -p "$dir"
prefix=$dir/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
module=$(ls "$prefix"/lib*/ossl-modules/hush.so 2>/dev/null | head -n 1)
cnf=$prefix/share/hush/openssl-hush.cnf
[ -n "$module" ] && [ -f "$module" ] && ok || bad "no <libdir>/ossl-modules/hush.so"
[ -f "$cnf" ] && ok || bad "no share/hush/openssl-hush.cnf"
grep -q "^module = $module\$" "$cnf" && ok || bad "the configuration does not name $module"
if OPENSSL_CONF=$cnf openssl list -providers | grep -A3 '^  hush' |
   grep -q 'status: active'; then ok; else bad "openssl did not load the installed module"; fi
# the installed module serves: SHA2-256 through it, checked
want=$(printf abc | sha256sum | cut -d' ' -f1)
got=$(printf abc | OPENSSL_CONF=$cnf openssl dgst -sha256 -propquery provider=hush | sed 's/.*= //')
[ "$got" = "$want" ] && ok || bad "SHA2-256 from the installed module: $got"

# staged: DESTDIR holds the files, the configuration names the final path
DESTDIR=$dir/stage cmake --install "$build" --prefix /opt/hush-test >/dev/null
staged=$dir/stage/opt/hush-test/share/hush/openssl-hush.cnf
[ -f "$staged" ] && ok || bad "no staged configuration"
grep -Eq '^module = /opt/hush-test/lib[^ ]*/ossl-modules/hush.so$' "$staged" && ok ||
  bad "the staged configuration does not name the final path"

echo "provider install: $passed passed, $failed failed"
[ $failed = 0 ]
