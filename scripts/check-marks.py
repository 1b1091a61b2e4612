#!/usr/bin/env python3
"""Whole-book check of the chapter marks (issue 26), for the corpus books too
long for the test suite (CorpusMarksTests renders a selection of chapters of
the others): renders each BOOK whole into the M4B, MP3 and Opus single files
and runs Tests/Checkers/chapter-marks-check.py on them (ffprobe, mutagen,
libvlc, eyeD3 agree; each mark after the first within 30 ms of the onset of
speech in the decoded file).

The renders are those of the test: chapter MP3s and the M4B in one render,
the single MP3 joined from the chapter MP3s by a second run (no speech), the
Opus in a render of its own (`--format none`).

Usage: scripts/check-marks.py [--rate 4x] [--jobs 2] [--cli PATH] [--keep DIR] BOOK...
Prints a line per book and format: marks read, the largest |onset - mark| in
ms, and the problems the checker found; then a Markdown table row per book.
`--expect N` (once per BOOK, in order) also checks the number of marks, e.g.
against the counts `swift test --filter NavigationCorpusTests` prints.
Exits 1 when any check fails. Run it under `nice -n 19` on a shared machine.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKER = os.path.join(ROOT, "Tests", "Checkers", "chapter-marks-check.py")
FORMATS = ["m4b", "mp3", "opus"]


def render(cli, book, folder, rate, jobs):
    """The three single files of BOOK in FOLDER, and the CPU seconds the renders took."""
    common = [cli, book, "--rate", rate, "--jobs", str(jobs), "--quiet"]
    runs = [["--out", folder + "/mp3", "--audiobook", folder + "/mp3/book.m4b"],
            ["--out", folder + "/mp3", "--audiobook", folder + "/mp3/book.mp3"],
            ["--out", folder + "/opus", "--format", "none", "--audiobook", folder + "/opus/book.opus"]]
    before = os.times()
    for arguments in runs:
        run = subprocess.run(common + arguments, capture_output=True, text=True)
        if run.returncode != 0:
            raise SystemExit("%s: render failed (%d): %s" % (book, run.returncode, run.stderr.strip()))
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return [folder + "/mp3/book.m4b", folder + "/mp3/book.mp3", folder + "/opus/book.opus"], cpu


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", default="4x")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cli", default=os.environ.get("FOLLOW_RENDER_CLI", os.path.join(ROOT, ".build", "debug", "follow-render")))
    parser.add_argument("--keep", help="render into this folder and keep it (default: a temporary folder, removed)")
    parser.add_argument("--expect", type=int, action="append", default=[])
    parser.add_argument("books", nargs="+")
    args = parser.parse_args()
    if args.expect and len(args.expect) != len(args.books):
        raise SystemExit("give --expect once per BOOK, or not at all")
    root = args.keep or tempfile.mkdtemp(prefix="check-marks-")
    failed = False
    rows = []
    try:
        for number, book in enumerate(args.books):
            name = os.path.basename(book)
            folder = os.path.join(root, os.path.splitext(name)[0])
            start = time.time()
            files, cpu = render(args.cli, book, folder, args.rate, args.jobs)
            check = subprocess.run(["/usr/bin/python3", CHECKER] + files, capture_output=True, text=True)
            report = json.loads(check.stdout)
            counts, worst, problems = [], None, []
            for fmt, path in zip(FORMATS, files):
                entry = report[path]
                marks = entry["readers"]["ffprobe"]
                onsets = [abs(o) for o in entry.get("onsets_ms", []) if o is not None]
                worst = max(onsets + ([worst] if worst is not None else []), default=None)
                counts.append(len(marks))
                problems += ["%s: %s" % (fmt, p) for p in entry["problems"]]
                print("%s %s: %d marks, largest |onset - mark| %s, %d problems"
                      % (name, fmt, len(marks), "%.0f ms" % max(onsets) if onsets else "- (no mark after the first)",
                         len(entry["problems"])))
            expected = args.expect[number] if args.expect else None
            if expected is not None and any(count != expected for count in counts):
                problems.append("marks %s, expected %d" % (counts, expected))
            if len(set(counts)) != 1:
                problems.append("the formats disagree: %s" % counts)
            for problem in problems:
                print("  problem: " + problem)
            failed = failed or bool(problems) or check.returncode != 0
            rows.append("| %s | %s | %s | %s | %s | %.0f s CPU, %.0f s wall |"
                        % (name, "-" if expected is None else expected, " / ".join(map(str, counts)),
                           "-" if worst is None else "%.0f ms" % worst,
                           "ok" if not problems else "%d problems" % len(problems), cpu, time.time() - start))
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    print()
    print("| Book | Expected marks | M4B / MP3 / Opus marks | Largest offset | Result | Cost |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
