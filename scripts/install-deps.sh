#!/usr/bin/env bash
# Installs the Debian packages follow-render builds against and tests with.
# Run as root (or through sudo). The Swift 6 toolchain itself is a prerequisite.
set -euo pipefail
packages=(
    pkg-config
    libespeak-ng-dev espeak-ng-data   # speech synthesis (C API and voices)
    libmp3lame-dev                    # MP3 encoding
    libsndfile1-dev                   # WAV, FLAC, Ogg Vorbis
    libzip-dev                        # EPUB containers
    libxml2-dev                       # XHTML, OPF, NCX, SMIL
    libicu-dev                        # sentence and word breaking
    ffmpeg                            # tests: decode audio as players do (ffmpeg, ffprobe)
    sox                               # tests: an independent Ogg Vorbis decoder
    epubcheck                         # tests: validate media-overlay EPUBs
    espeak-ng lame                    # benchmark baseline: the engine's and encoder's own commands
    zip unzip                         # tests: build and unpack fixture books
    python3-jsonschema                # tests: validate sidecars against docs/ schemas
    time                              # benchmark: /usr/bin/time -v for peak memory
)
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
