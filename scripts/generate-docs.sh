#!/usr/bin/env bash
# Regenerates the shell completions (completions/) and the man page
# (man/follow-render.1) from the CLI's option table, after an option or its
# help changed. Commit them with the change: CLIDocsTests fails while they are
# out of date.
#
# Usage: scripts/generate-docs.sh            (SCRATCH_PATH=DIR to build elsewhere)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${SCRATCH_PATH:-.build}
swift build --scratch-path "$scratch" --product follow-render
"$scratch/debug/follow-render" generate-docs --out .
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww -z man/follow-render.1
fi
git diff --stat -- completions man || true
