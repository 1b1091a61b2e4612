#!/usr/bin/env bash
# Asks a generated completion what it offers for a command line, as the shell
# would: prints one candidate per line.
#
# Usage: shell-completion-check.sh bash|fish COMPLETION-FILE WORD…
# (the last WORD is the one being completed; give '' for an empty one)
set -uo pipefail  # no -e: completion functions are not written for it
shell=$1 file=$2
shift 2
case "$shell" in
bash)
    # shellcheck source=/dev/null
    source "$file"
    COMP_WORDS=(follow-render "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _follow_render
    printf '%s\n' "${COMPREPLY[@]}"
    ;;
fish)
    line="follow-render"
    for word in "$@"; do line+=" $word"; done
    fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$file" "$line" | cut -f1
    ;;
*)
    echo "unknown shell $shell" >&2
    exit 2
    ;;
esac
