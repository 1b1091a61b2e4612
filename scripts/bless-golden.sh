#!/usr/bin/env bash
# Re-blesses the golden output of the sample book after an intended change.
#
# Builds the CLI, renders Fixtures/sample-book.epub at the golden settings
# (--rate 1x, MP3 defaults: the settings of the golden test in DiffTests), prints the
# diff against the current goldens, then replaces Fixtures/golden/ with the
# new book.json and timing sidecars. Review and commit them with the change.
#
# Usage: scripts/bless-golden.sh            (SCRATCH_PATH=DIR to build elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH_PATH:-.build}
swift build --scratch-path "$scratch"
cli="$scratch/debug/follow-render"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$cli" Fixtures/sample-book.epub --out "$out" --rate 1x --jobs 1 --quiet
if [ -f Fixtures/golden/book.json ]; then
    "$cli" diff Fixtures/golden "$out" || true
fi
mkdir -p Fixtures/golden
rm -f Fixtures/golden/*.json
cp "$out"/book.json "$out"/*.timing.json Fixtures/golden/
echo "Blessed: $(ls Fixtures/golden | tr '\n' ' ')"
