#!/usr/bin/env python3
"""Benchmark follow-render against the raw engine and encoder, in one run.

Measures, side by side on one book:
  baseline   the `espeak-ng` command synthesizing each chapter's narration text
             to WAV, then `lame` encoding it with the same settings, one chapter
             after another;
  jobs=1     `follow-render --jobs 1`;
  jobs=N     `follow-render --jobs N` (N = the number of cores);
and prints wall time, CPU time, peak memory (from /usr/bin/time -v), x real
time (audio seconds per wall second) and the ratio of each to the baseline.
Then: packaging the render into one audiobook file (`--audiobook`, M4B, MP3
and Opus, chapters kept) against the jobs=N render,
`inspect` on the largest corpus book, the media-overlay EPUB step on its
own, peak memory on the longest against the shortest chapter, and the cost of
re-rendering after one chapter changes.

Usage: scripts/benchmark.py [BOOK] [--chapters LIST] [--rate 1x] [--skip-build] [--audiobook-only]
                            [--audiobook-ratio [--formats m4b,mp3,opus]]
(--audiobook-only: just the jobs=N render and the packaging step, e.g.
 scripts/benchmark.py ../shared/corpus/books/moby-dick.epub --rate 4x --audiobook-only)
(--audiobook-ratio: issue 10's target as a ratio measured in one run: a fresh jobs=N render
 with `--audiobook book.EXT` against the same render without it, wall (target <= 1.30) and
 CPU, then the packaging step alone on the kept chapters for its peak memory (target < 100 MB):
 scripts/benchmark.py ../shared/corpus/books/moby-dick.epub --rate 4x --audiobook-ratio)
Default book: ../shared/corpus/books/alice-in-wonderland-epub2.epub, all chapters.

With --parallel, instead: every core on one book and on a batch (issue 16).
  one chapter     a generated one-chapter book (--units UTF-16 units of Alice's
                  paragraphs), --jobs 2 against --jobs 1 (target <= 0.60);
  three chapters  three equal generated chapters of --units / 3 each, --jobs 2
                  against --jobs 1 (target <= 0.55);
  batch           `follow-render batch` over the corpus books at --jobs 2: CPU
                  utilisation (target >= 90% of 2 cores) and wall against the
                  sum of CPU / 2 (target within 10%).
  The --jobs 2 runs are traced (FOLLOW_RENDER_TRACE) and scripts/trace-idle.py
  says where worker slots idled in them; /proc/stat says how much of the cores
  other (niced) work took meanwhile, which no scheduling here can give back.
  scripts/benchmark.py --parallel [--rate 4x] [--units 48000] [--batch-books all|N]

With --normalization, issue 27's target instead: the normalization stage's share of render CPU
(target <= 3%), measured in one run on one book: a fresh --jobs 1 render with `--normalize auto`
against the same render with `--normalize none` (CPU difference over the render's CPU), and the
stage on its own: `inspect --normalization` (every chapter's spoken form with the rules) against
`inspect --normalize none` (no spoken forms), counted twice as a render builds the spoken forms
twice (the pronunciation stage's check, then the chapter scripts):
  scripts/benchmark.py ../shared/corpus/books/moby-dick.epub --rate 4x --normalization [--repeat 3]
With --preview, issue 28's target instead: `follow-render preview BOOK --seconds 30` (--repeat N
times, default 3) with a variant and a pitch, its wall and CPU time and peak memory, and wall
against the audio written (target: under 2 s for 30 s, a ratio <= 0.067):
  scripts/benchmark.py ../shared/corpus/books/moby-dick.epub --preview

With --single-file or --many-chapters, issue 24's targets instead (see scripts/benchmark_speech_once.py):
  scripts/benchmark.py ../shared/corpus/books/moby-dick.epub --rate 4x --single-file --baseline-cli OLD/follow-render
  scripts/benchmark.py --rate 4x --many-chapters --baseline-cli OLD/follow-render
(OLD: a release build of the code to compare with, e.g. main; --repeat N runs each case N times.)
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile

import benchmark_speech_once

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "books")
CLI = os.path.join(ROOT, ".build", "release", "follow-render")
BITRATE = 64  # follow-render's default MP3 bitrate, used for the baseline too


def timed(command, cwd=None, trace=None):
    """Runs command under /usr/bin/time -v; returns wall, cpu seconds and peak MB.
    With `trace`, the run writes its scheduling trace there (FOLLOW_RENDER_TRACE)."""
    environment = dict(os.environ, FOLLOW_RENDER_TRACE=trace) if trace else None
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        before = machine_seconds()
        start = time.monotonic()
        subprocess.run(["/usr/bin/time", "-v", "-o", report.name] + command, cwd=cwd, check=True, env=environment,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.monotonic() - start
        after = machine_seconds()
        text = report.read()
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", text).group(1))
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", text).group(1))
    peak_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
    others = {key: after[key] - before[key] for key in before}
    return {"wall": wall, "cpu": user + system, "peak": peak_kb / 1024, "others": others}


def machine_seconds():
    """Core-seconds the whole machine has spent so far (/proc/stat): `niced` is every process
    at a positive nice value (the helpers' work on a shared machine; this benchmark runs at 0),
    `steal` what the hypervisor gave to other machines."""
    with open("/proc/stat") as handle:
        fields = [int(value) for value in handle.readline().split()[1:]]
    ticks = os.sysconf("SC_CLK_TCK")
    return {"niced": fields[1] / ticks, "steal": (fields[7] if len(fields) > 7 else 0) / ticks}


def contention(figures, cores=2, utilisation=True):
    """One line: the cores' time other work took during a run, and (with `utilisation`) this
    run's CPU against the cores' time that other work left it."""
    taken = figures["others"]["niced"] + figures["others"]["steal"]
    left = max(1e-9, cores * figures["wall"] - taken)
    line = (f"other work during it: {figures['others']['niced']:.1f} core-s at nice > 0, "
            f"{figures['others']['steal']:.1f} stolen, {taken / (cores * figures['wall']):.0%} of {cores} cores")
    return line + (f"; this run's CPU / the cores' time left: {figures['cpu'] / left:.0%}" if utilisation else "")


def cli(*arguments):
    return subprocess.run([CLI, *arguments], check=True, capture_output=True, text=True).stdout


def narrated_chapters(book, selection):
    report = json.loads(cli("inspect", book, "--json"))
    chapters = report["chapters"]
    if selection:
        wanted = set()
        for part in selection.split(","):
            low, _, high = part.partition("-")
            wanted.update(range(int(low), int(high or low) + 1))
        chapters = [c for c in chapters if c["index"] in wanted]
    return report, chapters


def espeak_voice(language):
    """The espeak-ng voice the renderer would pick for a plain language tag."""
    listing = cli("voices", "--lang", language.split("-")[0].lower())
    rows = [line.split() for line in listing.splitlines()[1:] if line.strip()]
    for row in rows:
        if language.lower() in row:
            return language.lower()
    return language.split("-")[0].lower()


def baseline_script(book, chapters, folder, voice, wpm):
    """A shell script that synthesizes and encodes every chapter in turn."""
    lines = ["set -e"]
    for chapter in chapters:
        segment = json.loads(cli("segment", book, "--chapter", str(chapter["index"]), "--json"))
        text = os.path.join(folder, f"{chapter['index']:03d}.txt")
        with open(text, "w", encoding="utf-8") as handle:
            handle.write(segment["text"])
        wav = text[:-4] + ".wav"
        lines.append(f"espeak-ng -v {voice} -s {wpm} -w {wav} -f {text}")
        lines.append(f"lame --quiet -m m -b {BITRATE} --cbr {wav} {text[:-4]}.mp3")
    script = os.path.join(folder, "baseline.sh")
    with open(script, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return script


def audio_seconds(folder):
    with open(os.path.join(folder, "book.json")) as handle:
        return json.load(handle)["duration"]


def wav_seconds(folder):
    total = 0.0
    for name in os.listdir(folder):
        if name.endswith(".wav"):
            size = os.path.getsize(os.path.join(folder, name))
            total += (size - 44) / 2 / 22050
    return total


def render(book, out, arguments, trace=None):
    shutil.rmtree(out, ignore_errors=True)
    return timed([CLI, book, "--out", out, "--quiet", "--force", *arguments], trace=trace)


def idle_report(trace):
    """Prints where worker slots idled in a traced run (scripts/trace-idle.py), indented."""
    script = os.path.join(ROOT, "scripts", "trace-idle.py")
    report = subprocess.run([sys.executable, script, trace], check=True, capture_output=True, text=True).stdout
    summary = report.split("longest idle")[0]
    print("".join("    " + line + "\n" for line in summary.splitlines()), end="")


def row(name, figures, audio, baseline):
    ratio = figures["wall"] / baseline["wall"]
    return (f"{name:<22} {figures['wall']:8.2f} {figures['cpu']:8.2f} {figures['peak']:8.1f} "
            f"{audio / figures['wall']:8.1f} {ratio:8.2f}")


def audiobook_step(book, folder, rate, selection, render_figures):
    """Times `--audiobook` on an already rendered folder (every chapter kept, so only packaging runs)."""
    print(f"\npackaging one audiobook file (chapters kept) vs. the jobs=N render "
          f"({render_figures['wall']:.2f} s wall, {render_figures['cpu']:.2f} s CPU):")
    for extension in ("m4b", "mp3", "opus"):
        target = os.path.join(folder, f"book.{extension}")
        figures = timed([CLI, book, "--out", folder, "--rate", rate, "--chapters", selection, "--quiet",
                         "--audiobook", target])
        print(f"  {extension:<5} {figures['wall']:8.2f} s wall {figures['cpu']:8.2f} s CPU {figures['peak']:7.1f} MB peak  "
              f"+{100 * figures['wall'] / render_figures['wall']:.0f}% of the render's wall time, "
              f"{100 * figures['cpu'] / render_figures['cpu']:.0f}% of its CPU time")
    print("  targets: at most +30% of the render time, peak < 100 MB")


def audiobook_ratio(book, work, rate, selection, cores, formats):
    """Render with `--audiobook` against the same render without it (wall target <= 1.30 x),
    then the packaging alone on the kept chapters (peak target < 100 MB)."""
    arguments = ["--rate", rate, "--jobs", str(cores), "--chapters", selection]
    plain = render(book, os.path.join(work, "plain"), arguments)
    audio = audio_seconds(os.path.join(work, "plain"))
    print(f"\nrender without --audiobook: {plain['wall']:.2f} s wall, {plain['cpu']:.2f} s CPU, "
          f"{plain['peak']:.1f} MB peak, {audio / 60:.0f} min of audio")
    for extension in formats:
        folder = os.path.join(work, extension)
        figures = render(book, folder, arguments + ["--audiobook", os.path.join(folder, f"book.{extension}")])
        print(f"render with --audiobook book.{extension:<5} {figures['wall']:8.2f} s wall {figures['cpu']:8.2f} s CPU "
              f"{figures['peak']:7.1f} MB peak   wall ratio {figures['wall'] / plain['wall']:.2f} (target <= 1.30), "
              f"CPU ratio {figures['cpu'] / plain['cpu']:.2f}")
    audiobook_step(book, os.path.join(work, "plain"), rate, selection, plain)


def generated_book(folder, chapters, units, group=1):
    """An unpacked EPUB of `chapters` chapters of `units` UTF-16 units each,
    from the paragraphs of the corpus's Alice in Wonderland (public domain).
    With `group`, each spine document holds `group` such chapters one after
    another (headings included): the same text in fewer, longer chapters."""
    alice = os.path.join(CORPUS, "alice-in-wonderland-epub2.epub")
    paragraphs = []
    for chapter in json.loads(cli("inspect", alice, "--json"))["chapters"]:
        text = json.loads(cli("segment", alice, "--chapter", str(chapter["index"]), "--json"))["text"]
        paragraphs += [line for line in text.split("\n") if len(line) > 40]
    escape = lambda text: text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    files = {"mimetype": "application/epub+zip",
             "META-INF/container.xml": '<?xml version="1.0"?><container version="1.0" '
             'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile '
             'full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'}
    items, spine, links, next_paragraph, parts = [], [], [], 0, []
    for number in range(1, chapters + 1):
        body, length = [f"<h1>Part {number}</h1>"], 0
        while length < units:
            paragraph = paragraphs[next_paragraph % len(paragraphs)]
            next_paragraph += 1
            body.append(f"<p>{escape(paragraph)}</p>")
            length += len(paragraph.encode("utf-16-le")) // 2
        parts.append("".join(body))
    chapters = (chapters + group - 1) // group
    for number in range(1, chapters + 1):
        body = "".join(parts[(number - 1) * group:number * group])
        files[f"EPUB/c{number}.xhtml"] = ('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head>'
                                          f'<title>Part {number}</title></head><body>{body}</body></html>')
        items.append(f'<item id="c{number}" href="c{number}.xhtml" media-type="application/xhtml+xml"/>')
        spine.append(f'<itemref idref="c{number}"/>')
        links.append(f'<li><a href="c{number}.xhtml">Part {number}</a></li>')
    files["EPUB/nav.xhtml"] = ('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" '
                               'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head><body>'
                               f'<nav epub:type="toc"><ol>{"".join(links)}</ol></nav></body></html>')
    files["EPUB/package.opf"] = ('<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
                                 'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
                                 '<dc:identifier id="id">benchmark</dc:identifier><dc:title>Benchmark</dc:title>'
                                 '<dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z'
                                 '</meta></metadata><manifest><item id="nav" href="nav.xhtml" '
                                 'media-type="application/xhtml+xml" properties="nav"/>'
                                 f'{"".join(items)}</manifest><spine>{"".join(spine)}</spine></package>')
    for name, content in files.items():
        path = os.path.join(folder, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
    return folder


def normalization_share(book, work, rate, selection, repeat):
    """Issue 27: the normalization stage's CPU against the render's (target <= 3%)."""
    renders = {"auto": [], "none": []}
    for round_ in range(repeat):
        for mode in ("none", "auto"):
            out = os.path.join(work, f"norm-{mode}-{round_}")
            renders[mode].append(timed([CLI, book, "--out", out, "--rate", rate, "--chapters", selection, "--jobs", "1",
                                        "--normalize", mode, "--quiet"]))
            shutil.rmtree(out, ignore_errors=True)
    stage = {"auto": [], "none": []}
    for _ in range(max(3, repeat)):
        stage["auto"].append(timed([CLI, "inspect", book, "--normalization"]))
        stage["none"].append(timed([CLI, "inspect", book, "--normalize", "none"]))
    cpu = {mode: statistics.median(f["cpu"] for f in renders[mode]) for mode in renders}
    alone = statistics.median(f["cpu"] for f in stage["auto"]) - statistics.median(f["cpu"] for f in stage["none"])
    print(f"render --jobs 1, --normalize none: CPU {cpu['none']:.2f} s; --normalize auto: CPU {cpu['auto']:.2f} s "
          f"(median of {repeat}); difference {100 * (cpu['auto'] - cpu['none']) / cpu['none']:+.2f}% of render CPU")
    print(f"the stage alone (inspect --normalization minus --normalize none, median of {max(3, repeat)}): {alone:.3f} s CPU; "
          f"twice that is {100 * 2 * alone / cpu['none']:.2f}% of render CPU (target <= 3%)")


def parallel_benchmarks(options):
    """Every core busy on one book (split chapters) and on a batch of books."""
    work = tempfile.mkdtemp(prefix="follow-render-bench-")
    try:
        print(f"{'':<34} {'wall s':>8} {'cpu s':>8} {'ratio':>8} {'cpu ratio':>10}")
        # The three chapters hold the one chapter's text between them: each is below the old 24,000-unit split
        # threshold, so they test that chapters of ordinary length keep both cores busy too.
        for name, chapters, units, target in [("one chapter", 1, options.units, 0.60),
                                              ("three equal chapters", 3, options.units // 3, 0.55)]:
            book = generated_book(os.path.join(work, name.replace(" ", "-")), chapters, units)
            one = render(book, os.path.join(work, "one"), ["--rate", options.rate, "--jobs", "1"])
            trace = os.path.join(work, name.replace(" ", "-") + ".trace")
            two = render(book, os.path.join(work, "two"), ["--rate", options.rate, "--jobs", "2"], trace=trace)
            label = f"{name} ({chapters} x {units:,} units)"
            print(f"{label + ' jobs=1':<34} {one['wall']:8.2f} {one['cpu']:8.2f}")
            print(f"{label + ' jobs=2':<34} {two['wall']:8.2f} {two['cpu']:8.2f} {two['wall'] / one['wall']:8.2f} "
                  f"{two['cpu'] / one['cpu']:10.2f}   (target wall ratio <= {target})")
            print("    jobs=1: " + contention(one, utilisation=False))
            print("    jobs=2: " + contention(two))
            idle_report(trace)
            # The same command again keeps every chapter: what is left is the parent's serial work
            # (opening the book, reading its chapters, cache keys, book.json), which no worker overlaps.
            kept = timed([CLI, book, "--out", os.path.join(work, "two"), "--quiet", "--rate", options.rate, "--jobs", "2"])
            print(f"{'  serial: rerun, all kept':<34} {kept['wall']:8.2f} {kept['cpu']:8.2f}"
                  f"   ({100 * kept['cpu'] / one['cpu']:.1f}% of the jobs=1 CPU)")
        books = sorted(os.path.join(CORPUS, name) for name in os.listdir(CORPUS) if name.endswith(".epub"))
        if options.batch_books != "all":
            books = sorted(books, key=os.path.getsize)[:int(options.batch_books)]
        listing = os.path.join(work, "books.txt")
        with open(listing, "w") as handle:
            handle.write("\n".join(books) + "\n")
        plan = timed([CLI, "batch", listing, "--out-root", os.path.join(work, "batch"), "--rate", options.rate,
                      "--jobs", "2", "--dry-run"])
        print(f"batch plan (--dry-run: every book opened to estimate it): wall {plan['wall']:.2f} s, CPU {plan['cpu']:.2f} s")
        trace = os.path.join(work, "batch.trace")
        batch = timed([CLI, "batch", listing, "--out-root", os.path.join(work, "batch"), "--rate", options.rate,
                       "--jobs", "2", "--quiet"], trace=trace)
        utilisation = batch["cpu"] / (2 * batch["wall"])
        print(f"batch of {len(books)} corpus books at {options.rate}, jobs=2: wall {batch['wall']:.2f} s, "
              f"CPU {batch['cpu']:.2f} s; utilisation {utilisation:.0%} of 2 cores (target >= 90%); "
              f"wall / (CPU / 2) = {batch['wall'] / (batch['cpu'] / 2):.2f} (target <= 1.10)")
        print("    " + contention(batch))
        idle_report(trace)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def preview_benchmark(book, rate, repeat):
    """Issue 28: the preview's wall time against the 30 s of audio it writes (target < 2 s)."""
    work = tempfile.mkdtemp(prefix="follow-render-bench-")
    try:
        sample = os.path.join(work, "sample.mp3")
        runs = [timed([CLI, "preview", book, "--out", sample, "--seconds", "30", "--rate", rate,
                       "--voice", "+f3", "--pitch", "60"]) for _ in range(max(1, repeat))]
        audio = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", sample],
                                     check=True, capture_output=True, text=True).stdout)
        walls = sorted(run["wall"] for run in runs)
        wall = statistics.median(walls)
        print(f"preview {os.path.basename(book)} at {rate}, 30 s asked, {audio:.2f} s written, {len(runs)} runs:")
        print(f"  wall median {wall:.2f} s (min {walls[0]:.2f}, max {walls[-1]:.2f}), CPU {statistics.median(r['cpu'] for r in runs):.2f} s, "
              f"peak {max(r['peak'] for r in runs):.1f} MB")
        print(f"  wall / audio = {wall / audio:.3f} (target <= 0.067: under 2 s for 30 s); {audio / wall:.0f} x real time")
        print("  " + contention(runs[len(runs) // 2], utilisation=False))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", nargs="?", default=os.path.join(CORPUS, "alice-in-wonderland-epub2.epub"))
    parser.add_argument("--chapters", help="spine positions, e.g. 1,3-5 (default: all narrated)")
    parser.add_argument("--rate", default="1x")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--audiobook-only", action="store_true", help="only the jobs=N render and the packaging step")
    parser.add_argument("--audiobook-ratio", action="store_true",
                        help="render with vs without --audiobook (wall ratio target <= 1.30), then packaging peak memory")
    parser.add_argument("--formats", default="m4b,mp3,opus", help="--audiobook-ratio: the single-file formats to time")
    parser.add_argument("--parallel", action="store_true", help="split chapters and batch utilisation instead")
    parser.add_argument("--normalization", action="store_true", help="issue 27: the normalization stage's share of render CPU")
    parser.add_argument("--units", type=int, default=48_000, help="--parallel: UTF-16 units of the one-chapter book")
    parser.add_argument("--batch-books", default="all", help="--parallel: all corpus books, or the N smallest")
    parser.add_argument("--single-file", action="store_true", help="issue 24: --format none and --audiobook against today's")
    parser.add_argument("--many-chapters", action="store_true", help="issue 24: 300 short chapters against the same text in 12")
    parser.add_argument("--baseline-cli", help="--single-file, --many-chapters: the build to compare with (e.g. main's)")
    parser.add_argument("--jobs", type=int, default=2, help="--single-file, --many-chapters: workers")
    parser.add_argument("--repeat", type=int, default=1, help="--single-file, --many-chapters, --preview: rounds")
    parser.add_argument("--preview", action="store_true", help="issue 28: the preview's time for 30 s of audio")
    parser.add_argument("--sdr-chapters", type=int, default=12, help="--single-file: chapters in the SDR measurement")
    parser.add_argument("--many-units", type=int, default=200, help="--many-chapters: UTF-16 units of each short chapter")
    options = parser.parse_args()
    if not options.skip_build:
        subprocess.run(["swift", "build", "-c", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    if options.parallel:
        parallel_benchmarks(options)
        return
    if options.preview:
        preview_benchmark(os.path.abspath(options.book), options.rate, max(3, options.repeat))
        return
    if options.many_chapters:
        work = tempfile.mkdtemp(prefix="follow-render-bench-")
        try:
            benchmark_speech_once.many_chapters(sys.modules[__name__], options, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return
    cores = os.cpu_count() or 1
    book = os.path.abspath(options.book)
    report, chapters = narrated_chapters(book, options.chapters)
    presets = {line.split()[0]: int(line.split()[1]) for line in cli("presets").splitlines()[1:] if line.strip()}
    wpm = presets.get(options.rate)
    if wpm is None:
        sys.exit(f"benchmark: --rate must be a named preset ({', '.join(presets)})")
    selection = ",".join(str(c["index"]) for c in chapters)
    voice = espeak_voice(report["language"])
    print(f"Book: {os.path.basename(book)}, {len(chapters)} chapters, "
          f"{sum(c['characters'] for c in chapters):,} UTF-16 units; rate {options.rate} = {wpm} wpm; "
          f"voice {voice}; {cores} cores")

    work = tempfile.mkdtemp(prefix="follow-render-bench-")
    try:
        if options.normalization:
            normalization_share(book, work, options.rate, selection, options.repeat)
            return
        if options.single_file:
            benchmark_speech_once.single_file(sys.modules[__name__], options, book, chapters, work)
            return
        if options.audiobook_ratio:
            audiobook_ratio(book, work, options.rate, selection, cores, options.formats.split(","))
            return
        if options.audiobook_only:
            many = render(book, os.path.join(work, "jobsN"), ["--rate", options.rate, "--jobs", str(cores), "--chapters", selection])
            audiobook_step(book, os.path.join(work, "jobsN"), options.rate, selection, many)
            return
        base_folder = os.path.join(work, "baseline")
        os.makedirs(base_folder)
        script = baseline_script(book, chapters, base_folder, voice, wpm)
        baseline = timed(["bash", script])
        base_audio = wav_seconds(base_folder)
        one = render(book, os.path.join(work, "jobs1"), ["--rate", options.rate, "--jobs", "1", "--chapters", selection])
        audio = audio_seconds(os.path.join(work, "jobs1"))
        many = render(book, os.path.join(work, "jobsN"), ["--rate", options.rate, "--jobs", str(cores), "--chapters", selection])

        print()
        print(f"{'':<22} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} {'x real':>8} {'/ base':>8}")
        print(row("baseline (espeak+lame)", baseline, base_audio, baseline))
        print(row("follow-render jobs=1", one, audio, baseline))
        print(row(f"follow-render jobs={cores}", many, audio, baseline))
        print(f"(audio: follow-render {audio:.0f} s with its pauses, espeak-ng {base_audio:.0f} s)")

        audiobook_step(book, os.path.join(work, "jobsN"), options.rate, selection, many)

        books = sorted(os.path.join(CORPUS, name) for name in os.listdir(CORPUS) if name.endswith(".epub"))
        inspect_times = {path: min(timed([CLI, "inspect", path])["wall"] for _ in range(3)) for path in books}
        largest = max(books, key=lambda path: sum(c["characters"] for c in json.loads(cli("inspect", path, "--json"))["chapters"]))
        slowest = max(inspect_times, key=inspect_times.get)
        print(f"\ninspect (best of 3): largest book {os.path.basename(largest)} {inspect_times[largest]:.3f} s; "
              f"slowest {os.path.basename(slowest)} {inspect_times[slowest]:.3f} s")

        epub = os.path.join(work, "overlay.epub")
        overlay = timed([CLI, book, "--out", os.path.join(work, "jobsN"), "--rate", options.rate, "--chapters",
                         selection, "--epub", epub, "--quiet"])
        print(f"media-overlay EPUB step (chapters kept, EPUB written): {overlay['wall']:.2f} s, "
              f"peak {overlay['peak']:.1f} MB")

        longest = max(chapters, key=lambda c: c["characters"])
        shortest = min(chapters, key=lambda c: c["characters"])
        long_run = render(book, os.path.join(work, "long"), ["--rate", options.rate, "--jobs", "1", "--chapters",
                                                             str(longest["index"])])
        short_run = render(book, os.path.join(work, "short"), ["--rate", options.rate, "--jobs", "1", "--chapters",
                                                               str(shortest["index"])])
        print(f"peak memory: longest chapter ({longest['characters']:,} units) {long_run['peak']:.1f} MB, "
              f"shortest ({shortest['characters']:,} units) {short_run['peak']:.1f} MB")

        edited = os.path.join(work, "edited")
        with zipfile.ZipFile(book) as archive:
            archive.extractall(edited)
        target = shortest["href"]
        path = os.path.join(edited, target)
        with open(path, encoding="utf-8") as handle:
            content = handle.read()
        content = content.replace("</body>", "<p>One more sentence for the benchmark.</p></body>", 1)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
        folder = os.path.join(work, "rerender")
        first = timed([CLI, edited, "--out", folder, "--rate", options.rate, "--chapters", selection,
                       "--jobs", str(cores), "--quiet"])
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content.replace("One more sentence", "Another sentence"))
        again = timed([CLI, edited, "--out", folder, "--rate", options.rate, "--chapters", selection,
                       "--jobs", str(cores), "--quiet"])
        print(f"re-render after editing one chapter: {again['wall']:.2f} s (whole book {first['wall']:.2f} s)")
        print()
        print("targets: jobs=1 <= 1.10 x baseline; jobs=2 <= 0.60 x baseline; peak < 150 MB; inspect < 0.5 s")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
