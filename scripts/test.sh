#!/usr/bin/env bash
# The project's test command: builds the package and its tests (debug) while
# scripts/build-release.sh builds the static release binary beside it (its
# own scratch folder; a whole-module release build keeps about one core busy
# for minutes, which the debug build's parallel jobs share), then runs the
# Swift Testing suite with that release binary as the CLI the end-to-end tests
# run (FOLLOW_RENDER_CLI; the binary the Debian package ships, which
# DebPackageTests packages; the same bytes as the debug CLI for less CPU, 12 %
# on a render, 74 % on the memory test's long chapter: docs/testing.md), then every libFuzzer target for FUZZ_SECONDS
# each (default 30; 0 skips fuzzing; FUZZ_PARALLEL at a time, default 2), each
# counted as one test, then prints one closing line "N passed, N failed". Any
# failing test, a failed build or a crash found by a fuzzer makes the exit
# status non-zero. A FOLLOW_RENDER_CLI already set is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
release_log=$(mktemp)
release_bin=$(mktemp)
trap 'rm -f "$log" "$release_log" "$release_bin"' EXIT
scripts/build-release.sh >"$release_bin" 2>"$release_log" &
release_build=$!
status=0
debug_status=0
swift build --build-tests || debug_status=$?
cli="$PWD/.build/debug/follow-render"
if wait "$release_build"; then
    cli=$(tail -n 1 "$release_bin")
else
    cat "$release_log"
    echo "scripts/build-release.sh failed: the suite runs the debug CLI"
    status=1
fi
if [ "$debug_status" != 0 ]; then
    echo "swift build --build-tests failed"
    exit "$debug_status"
fi
export FOLLOW_RENDER_CLI=${FOLLOW_RENDER_CLI:-$cli}
echo "The CLI the tests run: $FOLLOW_RENDER_CLI"
swift test 2>&1 | tee "$log" || status=$?
total=$(sed -n 's/.*Test run with \([0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -n 1)
failed=$(grep -cE '^✘ Test ".*" (with [0-9]+ test cases? )?failed after' "$log" || true)
total=${total:-0}
fuzz_seconds=${FUZZ_SECONDS:-30}
fuzz_parallel=${FUZZ_PARALLEL:-2}
if [ "$fuzz_seconds" -gt 0 ]; then
    targets=(epub text markdown pdf sidecar manifest rawxml lexicon lexmatch webpage)
    # Built one after another (they share one scratch folder), then run
    # FUZZ_PARALLEL at a time (default 2, the CI machine's cores), each for
    # the full FUZZ_SECONDS; the results are printed in the targets' order.
    fuzz_logs=$(mktemp -d)
    trap 'rm -f "$log" "$release_log" "$release_bin"; rm -rf "$fuzz_logs"' EXIT
    for target in "${targets[@]}"; do
        FUZZ_RUN=0 scripts/fuzz.sh "$target" >"$fuzz_logs/$target.build" 2>&1 || echo "$target" >>"$fuzz_logs/failed-builds"
    done
    printf '%s\n' "${targets[@]}" | xargs -P "$fuzz_parallel" -I{} sh -c \
        'FUZZ_BUILD=0 scripts/fuzz.sh "$1" "$2" >"$3/$1.log" 2>&1; echo $? >"$3/$1.status"' _ {} "$fuzz_seconds" "$fuzz_logs"
    for target in "${targets[@]}"; do
        total=$((total + 1))
        cat "$fuzz_logs/$target.build" "$fuzz_logs/$target.log" 2>/dev/null || true
        if [ "$(cat "$fuzz_logs/$target.status" 2>/dev/null)" != 0 ] || grep -qx "$target" "$fuzz_logs/failed-builds" 2>/dev/null; then
            failed=$((failed + 1))
            status=1
        fi
    done
fi
echo "$((total - failed)) passed, $failed failed"
exit "$status"
