#!/bin/sh
# Runs a ctgrind control under memcheck and passes only if memcheck reported
# errors of the expected kind and the control ran to its end: a control
# that produces no error means the poisoning test could not see a leak.
# usage: expect_errors.sh VALGRIND PROGRAM CONTROL "KIND TEXT"
set -u
valgrind=$1 program=$2 control=$3 kind=$4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$valgrind" --tool=memcheck --error-exitcode=0 "$program" --control "$control" \
    >"$log" 2>&1
status=$?
cat "$log"
if [ "$status" -ne 0 ]; then
    echo "FAIL: the control program exited with $status"; exit 1
fi
if ! grep -q "ctgrind: control .* done" "$log"; then
    echo "FAIL: the control did not run to its end"; exit 1
fi
if ! grep -q "ERROR SUMMARY: [1-9]" "$log" || ! grep -q "$kind" "$log"; then
    echo "FAIL: memcheck reported no '$kind' error for the $control control"
    exit 1
fi
echo "PASS: memcheck caught the $control control ($kind)"
