#!/bin/sh
# Renders every corpus book WHOLE at --rate 4x into a read-aloud EPUB, at sentence and
# at word granularity, runs EPUBCheck on each result and on the input book, and reports
# the errors and fatals the result has that the input does not (matched by message id,
# file and line: follow-render inserts no line breaks). Exit status 1 when any book
# gained an error, 0 otherwise. Slow (all books, whole): run it in the background.
#
#   scripts/check-overlays.sh [BOOK.epub ...]
#   FOLLOW_RENDER=.build/release/follow-render OUT=/tmp/overlays scripts/check-overlays.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLLOW_RENDER:-$here/.build/debug/follow-render}
out=${OUT:-/tmp/follow-render-check-overlays}
jobs=${JOBS:-2}
epubcheck="java -jar /usr/share/java/epubcheck.jar"
[ $# -gt 0 ] || set -- "$here"/../shared/corpus/books/*.epub
mkdir -p "$out"

# Error and fatal lines of one EPUBCheck run as "ID file:line", the book's own path removed.
problems() {
    $epubcheck "$1" 2>&1 | grep -E '^(ERROR|FATAL)\(' \
        | sed -E "s#^(ERROR|FATAL)\(([A-Z]+-[0-9]+)\): $1/?([^(:]*)(\(([0-9]+),[0-9-]+\))?.*#\2 \3:\5#" | sort
}

failed=0
for book in "$@"; do
    name=$(basename "$book" .epub)
    folder="$out/$name"
    rm -rf "$folder" && mkdir -p "$folder"
    problems "$book" > "$folder/input.txt"
    for granularity in sentence word; do
        epub="$folder/$granularity.epub"
        if ! nice -n 19 "$bin" "$book" --rate 4x --jobs "$jobs" --quiet --out "$folder/render" \
                --epub "$epub" --granularity "$granularity" 2> "$folder/$granularity.log"; then
            echo "$name $granularity: render failed: $(tail -1 "$folder/$granularity.log")"
            failed=1
            continue
        fi
        problems "$epub" > "$folder/$granularity.txt"
        comm -13 "$folder/input.txt" "$folder/$granularity.txt" > "$folder/$granularity.new.txt"
        pars=$(unzip -p "$epub" '*.smil' | grep -c '<par ')
        echo "$name $granularity: $(wc -l < "$folder/$granularity.txt") errors/fatals ($(wc -l < "$folder/input.txt") in the input), $(wc -l < "$folder/$granularity.new.txt") new; $pars pars; warnings: $(grep -c 'warning' "$folder/$granularity.log")"
        if [ -s "$folder/$granularity.new.txt" ]; then
            sed 's/^/    new: /' "$folder/$granularity.new.txt" | head -20
            failed=1
        fi
    done
done
[ $failed -eq 0 ] && echo "check-overlays: no errors added" || echo "check-overlays: errors added or renders failed"
exit $failed
