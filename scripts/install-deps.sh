#!/usr/bin/env bash
# Installs the Debian packages listed in scripts/debian-packages.txt.
# Run as root (or through sudo). The Swift 6 toolchain itself is a prerequisite.
set -euo pipefail
cd "$(dirname "$0")"
mapfile -t packages < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' debian-packages.txt)
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${packages[@]}"
