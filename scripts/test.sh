#!/usr/bin/env bash
# The project's test command: builds everything (the CLI too, which the
# end-to-end tests run) and runs the Swift Testing suite.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
swift test
