#!/bin/sh
# Renders every corpus book WHOLE at --rate 4x into a read-aloud EPUB, at sentence and
# at word granularity, runs EPUBCheck on each result and on the input book, and reports
# the errors and fatals the result has that the input does not (matched by message id,
# file and line: follow-render inserts no line breaks), and EPUBCheck's warning counts of
# input and result. The word-granularity EPUB is written from the sentence run's audio (a
# second run into the same --out folder resumes: every chapter is kept by its cache key),
# so each book is synthesized once; a rerun into the same OUT resumes the renders too (the
# EPUBs and reports are made again). Exit status 1 when any book gained an error or a
# render failed, 0 otherwise. Slow (whole books): run it in the background, under nice.
# Each book's folder under OUT keeps EPUBCheck's full reports (*.epubcheck.txt).
#
#   scripts/check-overlays.sh [BOOK.epub ...]
#   FOLLOW_RENDER=.build/release/follow-render OUT=/tmp/overlays JOBS=2 scripts/check-overlays.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLLOW_RENDER:-$here/.build/debug/follow-render}
out=${OUT:-/tmp/follow-render-check-overlays}
jobs=${JOBS:-2}
# A big stack: EPUBCheck 4.2 checks the reading order of the overlays' text references
# recursively, one frame per reference, and with the default stack a whole book at word
# granularity (Moby-Dick: 215,000 references; 9,192 at sentence granularity already) ends
# in a StackOverflowError after which it still prints "0 errors".
epubcheck="java -Xss1g -jar /usr/share/java/epubcheck.jar"
[ $# -gt 0 ] || set -- "$here"/../shared/corpus/books/*.epub
mkdir -p "$out"

# Runs EPUBCheck on $1, keeping its report in $2.epubcheck.txt, and writes its error and
# fatal lines to $2.txt as "ID file:line", the book's own path removed. A Java exception or
# error in the report (EPUBCheck stopped part-way) counts as a problem of its own.
check() {
    $epubcheck "$1" > "$2.epubcheck.txt" 2>&1
    { grep -E '^(ERROR|FATAL)\(' "$2.epubcheck.txt" \
        | sed -E "s#^(ERROR|FATAL)\(([A-Z]+-[0-9]+)\): $1/?([^(:]*)(\(([0-9]+),[0-9-]+\))?.*#\2 \3:\5#"
      grep -E '^(Exception|java\.|[a-z]+(\.[a-zA-Z$]+)+(Exception|Error)\b)' "$2.epubcheck.txt" | sed 's/^/EPUBCheck-crashed /'
    } | sort > "$2.txt"
}

# The number of WARNING lines in an EPUBCheck report.
warnings() {
    grep -c '^WARNING(' "$1.epubcheck.txt"
}

failed=0
for book in "$@"; do
    name=$(basename "$book" .epub)
    folder="$out/$name"
    mkdir -p "$folder" && rm -f "$folder"/*.epub "$folder"/*.txt "$folder"/*.log
    check "$book" "$folder/input"
    for granularity in sentence word; do
        epub="$folder/$granularity.epub"
        if ! "$bin" "$book" --rate 4x --jobs "$jobs" --quiet --out "$folder/render" \
                --epub "$epub" --granularity "$granularity" 2> "$folder/$granularity.log"; then
            echo "$name $granularity: render failed: $(tail -1 "$folder/$granularity.log")"
            failed=1
            continue
        fi
        check "$epub" "$folder/$granularity"
        comm -13 "$folder/input.txt" "$folder/$granularity.txt" > "$folder/$granularity.new.txt"
        pars=$(unzip -p "$epub" '*.smil' | grep -c '<par ')
        echo "$name $granularity: $(wc -l < "$folder/$granularity.txt") errors/fatals ($(wc -l < "$folder/input.txt") in the input), $(wc -l < "$folder/$granularity.new.txt") new; EPUBCheck warnings $(warnings "$folder/$granularity") ($(warnings "$folder/input") in the input); $pars pars; render warnings: $(grep -c 'warning' "$folder/$granularity.log")"
        if [ -s "$folder/$granularity.new.txt" ]; then
            sed 's/^/    new: /' "$folder/$granularity.new.txt" | head -20
            failed=1
        fi
    done
done
[ $failed -eq 0 ] && echo "check-overlays: no errors added" || echo "check-overlays: errors added or renders failed"
exit $failed
