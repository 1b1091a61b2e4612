#!/usr/bin/env bash
# The project's test command: builds everything (the CLI too, which the
# end-to-end tests run) and runs the Swift Testing suite, then prints one
# closing line "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test 2>&1 | tee "$log" || status=$?
total=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -n 1)
failed=$(grep -c '^✘ Test .* failed after' "$log" || true)
if [ -n "$total" ]; then
    echo "$((total - failed)) passed, $failed failed"
fi
exit "$status"
