#!/usr/bin/env bash
# The project's test command: builds everything (the CLI too, which the
# end-to-end tests run) and runs the Swift Testing suite, then every libFuzzer
# target for FUZZ_SECONDS each (default 60; 0 skips fuzzing), each counted as
# one test, then prints one closing line "N passed, N failed". Any failing
# test or a crash found by a fuzzer makes the exit status non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test 2>&1 | tee "$log" || status=$?
total=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -n 1)
failed=$(grep -c '^✘ Test ".*" failed after' "$log" || true)
total=${total:-0}
fuzz_seconds=${FUZZ_SECONDS:-60}
if [ "$fuzz_seconds" -gt 0 ]; then
    for target in epub text markdown pdf sidecar manifest rawxml lexicon lexmatch webpage; do
        total=$((total + 1))
        if ! scripts/fuzz.sh "$target" "$fuzz_seconds"; then
            failed=$((failed + 1))
            status=1
        fi
    done
fi
echo "$((total - failed)) passed, $failed failed"
exit "$status"
