#!/bin/sh
# Installs the build into a scratch prefix, then builds and runs the example
# against it twice: with pkg-config and with find_package(hush). Also checks
# that the shared library exports only hush_* symbols. The example is
# compiled with the compiler of the build (argument 4), so a clang build
# checks that the installed headers compile cleanly under clang too.
set -eu
build=$1 source=$2 scratch=$3 cc=${4:-cc}
rm -rf "$scratch"
cmake --install "$build" --prefix "$scratch/prefix" >/dev/null
libdir=$(ls -d "$scratch"/prefix/lib*/ | head -n 1)
export PKG_CONFIG_PATH="$libdir/pkgconfig"
"$cc" -std=c11 -Wall -Wextra -Werror "$source/examples/hello.c" \
   -o "$scratch/hello-pc" \
   $(pkg-config --cflags --libs hush)
LD_LIBRARY_PATH="$libdir" "$scratch/hello-pc"
cmake -S "$source/examples" -B "$scratch/cmake-build" \
      -DCMAKE_PREFIX_PATH="$scratch/prefix" -DCMAKE_C_COMPILER="$cc" \
      -DCMAKE_C_FLAGS="-Wall -Wextra -Werror" >/dev/null
cmake --build "$scratch/cmake-build" >/dev/null
LD_LIBRARY_PATH="$libdir" "$scratch/cmake-build/hello" >/dev/null
# only hush_* symbols are exported (defined, dynamic)
bad=$(nm -D --defined-only "$libdir/libhush.so" | awk '{print $3}' |
      grep -v '^hush_' || true)
if [ -n "$bad" ]; then
  echo "exported symbols outside hush_*:"; echo "$bad"; exit 1
fi
readelf -d "$libdir/libhush.so" | grep -q 'SONAME.*libhush.so.0' ||
  { echo "libhush.so has no SONAME libhush.so.0"; exit 1; }
# the command-line tool, its manual page and bash completion; the
# installed hush lists only the commands that are installed with it
prefix=$scratch/prefix
if [ -x "$prefix/bin/hush" ]; then
  [ -f "$prefix/share/man/man1/hush.1" ] ||
    { echo "hush.1 is not installed"; exit 1; }
  [ -f "$prefix/share/bash-completion/completions/hush" ] ||
    { echo "bash completion is not installed"; exit 1; }
  for c in $("$prefix/bin/hush" --help | awk '/^commands:/ {on = 1; next} on && !NF {exit} on {print $1}'); do
    "$prefix/bin/hush" "$c" --help >/dev/null 2>&1 ||
      { echo "installed hush lists '$c', which does not run"; exit 1; }
  done
  if "$prefix/bin/hush" --help | grep -Eq '^  (bench|ct|leakscan) '; then
    echo "installed hush lists measurement programs that are not installed"
    exit 1
  fi
fi
echo "install: pkg-config and find_package builds ran; exports are hush_* only"
echo "1 passed, 0 failed"
