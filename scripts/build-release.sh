#!/usr/bin/env bash
# Builds the release binary of follow-render with the Swift runtime linked
# statically and no RUNPATH (what the Debian package ships: it runs without a
# Swift toolchain), then prints the binary's absolute path on stdout (the
# build's own output goes to stderr). When nothing changed SwiftPM rebuilds
# nothing.
#
# One place for the command: scripts/test.sh runs it before the suite,
# scripts/package-deb.sh to get the binary it packages, and the tests through
# ReleaseBuild (Tests/FollowRenderTests/Support) when the binary is missing or
# stale. Its own scratch folder (.build/static, or RELEASE_SCRATCH_PATH) keeps
# it apart from `swift build`/`swift test` in .build, so a test may run it
# while `swift test` holds .build.
#
# Usage: scripts/build-release.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${RELEASE_SCRATCH_PATH:-.build/static}
flags=(-c release --static-swift-stdlib --disable-local-rpath --scratch-path "$scratch")
swift build "${flags[@]}" --product follow-render >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
echo "$bin/follow-render"
