#!/usr/bin/env bash
# Builds one libFuzzer target with the Swift toolchain and runs it.
#
#   scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER OPTIONS...]
#
# TARGET: epub (the EPUB reader from bytes), text, markdown, pdf (the other
# book readers from bytes, then narration extraction), sidecar (timing-sidecar reader
# plus locate/diff/exports), manifest (book.json reader plus locate/diff),
# rawxml (the overlay writer's raw-XHTML tokenizer against libxml2), lexicon
# (the PLS and TSV pronunciation lexicon readers; the first byte picks which),
# lexmatch (lexicon matching against a time budget per input: a slow input is
# a failure), webpage (the web player's page writer from book strings and
# rendered-folder contents, its pages checked by an HTML tokenizer: no script
# but the player's own, no javascript: or other scheme in a URL).
# SECONDS: how long to fuzz (default 60). Everything is built and kept in the
# git-ignored .build-fuzz/: the binaries, the growing corpus of each target
# (so later runs continue where earlier ones stopped) and crash artifacts.
# Seeds are copied at run time from ../shared/corpus and Fixtures/ into
# .build-fuzz/TARGET/seeds; nothing is written into the checkout. A crash
# makes the script exit non-zero and names the input that caused it (commit
# it, small, under Fixtures/fuzz/TARGET/ with the fix).
# FUZZ_SANITIZERS (default "fuzzer address") picks the sanitizers. FUZZ_BUILD=0
# skips the build and runs the binary already in .build-fuzz (long runs while
# the sources are being edited); FUZZ_RUN=0 only builds (scripts/test.sh builds
# every target first, then runs two at a time on its two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-}
seconds=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
case "$target" in
    epub) product=FuzzEPUB ;;
    text) product=FuzzText ;;
    markdown) product=FuzzMarkdown ;;
    pdf) product=FuzzPDF ;;
    sidecar) product=FuzzSidecar ;;
    manifest) product=FuzzManifest ;;
    rawxml) product=FuzzRawXML ;;
    lexicon) product=FuzzLexicon ;;
    lexmatch) product=FuzzLexiconMatcher ;;
    webpage) product=FuzzWebPage ;;
    *) echo "usage: scripts/fuzz.sh epub|text|markdown|pdf|sidecar|manifest|rawxml|lexicon|lexmatch|webpage [SECONDS] [libFuzzer options]" >&2; exit 2 ;;
esac
root=.build-fuzz
sanitizers=()
for name in ${FUZZ_SANITIZERS:-fuzzer address}; do sanitizers+=("--sanitize=$name"); done
# -sanitize=fuzzer alone leaves Swift code without coverage counters; ask for them.
coverage=(-Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
[ "${FUZZ_BUILD:-1}" = 0 ] || FOLLOW_RENDER_FUZZ=1 swift build -c release -Xswiftc -enable-testing --scratch-path "$root/build" "${sanitizers[@]}" "${coverage[@]}" --product "$product" >"$root.log" 2>&1 || {
    tail -n 40 "$root.log" >&2
    echo "fuzz $target: build failed" >&2
    exit 1
}
[ "${FUZZ_RUN:-1}" = 0 ] && exit 0
work="$root/$target"
mkdir -p "$work/corpus" "$work/crashes" "$work/tmp"
rm -rf "$work/seeds"
mkdir -p "$work/seeds"
corpus=../shared/corpus
case "$target" in
    epub)
        cp Fixtures/*.epub "$work/seeds/"
        find "$corpus/books" "$corpus/bad" -name '*.epub' -size -1024k -exec cp {} "$work/seeds/" \; 2>/dev/null || true
        options=(-max_len=1048576)
        ;;
    text) cp Fixtures/inputs/*.txt "$work/seeds/"; options=(-max_len=65536) ;;
    markdown) cp Fixtures/inputs/*.md Fixtures/sample-book/OEBPS/*.xhtml "$work/seeds/"; options=(-max_len=65536) ;;
    pdf)
        /usr/bin/python3 Fixtures/inputs/make-pdfs.py "$work/seeds" >/dev/null 2>&1 || echo "fuzz pdf: no PDF seeds (make-pdfs.py needs python3-reportlab)" >&2
        options=(-max_len=262144)
        ;;
    sidecar) cp Fixtures/golden/*.timing.json "$work/seeds/"; options=(-max_len=65536) ;;
    manifest) cp Fixtures/golden/book.json "$work/seeds/"; options=(-max_len=16384) ;;
    lexicon)
        # A seed is the selector byte (0: PLS, 1: TSV) followed by a lexicon.
        { printf '\001'; cat Fixtures/user-lexicon.tsv; } > "$work/seeds/user.tsv"
        python3 - "$work/seeds" "$corpus/books" <<'PY'
import os, sys, zipfile
seeds, books = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(books)) if os.path.isdir(books) else []:
    try:
        with zipfile.ZipFile(os.path.join(books, name)) as book:
            for member in [m for m in book.infolist() if m.filename.endswith('.pls') and m.file_size <= 65536][:4]:
                with open(os.path.join(seeds, f"{name}-{len(os.listdir(seeds))}.pls"), "wb") as out:
                    out.write(b"\0" + book.read(member))
    except (zipfile.BadZipFile, OSError):
        pass
PY
        options=(-max_len=65536)
        ;;
    lexmatch)
        # A seed is a selector byte, grapheme<TAB>alias lines, 0xFF, then the text.
        { printf '\001'; cat Fixtures/user-lexicon.tsv; printf '\377'; cat Fixtures/inputs/*.txt | head -c 8192; } > "$work/seeds/user"
        python3 - "$work/seeds" <<'PY'
import sys
prefix = "a" * 200
lexicon = "".join(f"{prefix}b{i}\tx\n" for i in range(60)) + "日本\tにほん\nDr.\tDoctor\n"
text = "a" * 20000 + " Dr. Watson " + prefix + "b7 日本語"
open(sys.argv[1] + "/shared-prefix", "wb").write(b"\x05" + lexicon.encode() + b"\xff" + text.encode())
PY
        options=(-max_len=65536)
        ;;
    webpage)
        # A seed is a flags byte and NUL-separated fields (see Fuzz/FuzzWebPage/FuzzWebPage.swift).
        python3 - "$work/seeds" Fixtures/hostile/web-book.md <<'PY'
import sys
hostile = open(sys.argv[2], encoding="utf-8").read()
fields = ["Title </title><script>x=1</script>", "\"><img src=x onerror=alert(1)>\nB", "en\" onload=\"x", "urn:x",
          "One", "Two</a><a href=javascript:x>", hostile[:2000], "Second\nline </main>", "", "<svg onload=x>", "a.xhtml", "v"]
open(sys.argv[1] + "/hostile", "wb").write(b"\x02" + "\0".join(fields).encode())
fields[8] = "javascript:window.x=1"
open(sys.argv[1] + "/scheme-name", "wb").write(b"\x00" + "\0".join(fields).encode())
PY
        options=(-max_len=16384)
        ;;
    rawxml)
        find Fixtures/sample-book -name '*.xhtml' -exec cp {} "$work/seeds/" \;
        python3 - "$work/seeds" "$corpus/books" <<'PY'
import os, sys, zipfile
seeds, books = sys.argv[1], sys.argv[2]
for name in sorted(os.listdir(books)) if os.path.isdir(books) else []:
    try:
        with zipfile.ZipFile(os.path.join(books, name)) as book:
            members = [m for m in book.infolist() if m.filename.endswith(('.xhtml', '.html', '.opf', '.ncx'))]
            for member in [m for m in members if m.file_size <= 65536][:4]:
                with open(os.path.join(seeds, f"{name}-{len(os.listdir(seeds))}"), "wb") as out:
                    out.write(book.read(member))
    except (zipfile.BadZipFile, OSError):
        pass
PY
        options=(-max_len=65536)
        ;;
esac
if [ -d "Fixtures/fuzz/$target" ]; then cp Fixtures/fuzz/"$target"/* "$work/seeds/" 2>/dev/null || true; fi
log="$work/last-run.log"
status=0
# SWIFT_BACKTRACE off: a target's own fatalError (a failed check) ends the run at once, without
# the Swift runtime's backtracer, which AddressSanitizer reports as a crash of its own.
TMPDIR="$PWD/$work/tmp" ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" SWIFT_BACKTRACE="enable=no" \
    "$root/build/release/$product" "$work/corpus" "$work/seeds" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$work/crashes/" "${options[@]}" "$@" >"$log" 2>&1 || status=$?
rm -rf "$work/tmp"
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
if [ "$status" -ne 0 ]; then
    grep -E 'ERROR|Fatal error|SUMMARY|artifact|Test unit written' "$log" | head -n 20 >&2 || tail -n 30 "$log" >&2
    echo "fuzz $target: CRASH after ${runs:-?} executions (${rate:-?}/s); log $log" >&2
    exit 1
fi
echo "fuzz $target: ${runs:-0} executions in ${seconds} s (${rate:-0}/s), corpus $(ls "$work/corpus" | wc -l) inputs, no crash"
