"""Issue 24's targets for scripts/benchmark.py: speech encoded once, workers that only synthesize.

--single-file (a book, Moby-Dick at 4x with --jobs 2 by default), each run a fresh render into a new folder:
  today m4b     the --baseline-cli build (e.g. main) with --audiobook book.m4b, chapter MP3s and the M4B
                transcoded from them (and, for reference, its plain render);
  plain         this build, chapter MP3s only;
  with m4b      this build, chapter MP3s and --audiobook book.m4b (target <= 1.10 x plain, wall and CPU);
  m4b only      this build, --format none --audiobook book.m4b (target <= 0.60 x today m4b, wall and CPU);
  every case's peak memory (the largest process, /usr/bin/time) <= 100 MB;
  then the signal-to-distortion ratio of the M4B and of the 64 kbps chapter MP3s against a WAV render
  of the same chapters (those below the split threshold, so the MP3 render speaks the WAV render's PCM).
--many-chapters: a generated book of 300 short chapters against the same text in 12 chapters, at 4x
  with --jobs 2, with this build, this build starting a process for every job
  (FOLLOW_RENDER_FRESH_WORKERS=1) and the --baseline-cli build: CPU per chapter beyond speech and
  encoding = (CPU of 300 chapters - CPU of 12) / 288 (target <= 15 ms), and the 300-chapter CPU
  against the baseline's (target <= 0.45).
"""

import json
import math
import os
import struct
import subprocess
import wave

SPLIT_UNITS = 12_000  # SlicePlan.splitUnits: chapters from this size on are split into segments


def line(name, figures, reference=None):
    ratio = ""
    if reference:
        ratio = f"{figures['wall'] / reference['wall']:8.2f} {figures['cpu'] / reference['cpu']:8.2f}"
    return f"  {name:<34} {figures['wall']:8.1f} {figures['cpu']:8.1f} {figures['peak']:8.1f} {ratio}"


def single_file(bench, options, book, chapters, work):
    selection = ",".join(str(c["index"]) for c in chapters)
    arguments = ["--rate", options.rate, "--jobs", str(options.jobs), "--chapters", selection]

    def run(name, cli, extra):
        folder = os.path.join(work, name)
        return bench.timed([cli, book, "--out", folder, "--quiet", "--force", *arguments, *extra])

    single = lambda name: ["--audiobook", os.path.join(work, name, "book.m4b")]
    results = {}
    for round_number in range(options.repeat):
        results = {}
        if options.baseline_cli:
            results["today plain"] = run("today-plain", options.baseline_cli, [])
            results["today m4b"] = run("today-m4b", options.baseline_cli, single("today-m4b"))
        results["plain"] = run("plain", bench.CLI, [])
        results["with m4b"] = run("with-m4b", bench.CLI, single("with-m4b"))
        results["m4b only"] = run("m4b-only", bench.CLI, ["--format", "none"] + single("m4b-only"))
        print(f"\nround {round_number + 1}: {os.path.basename(book)}, {len(chapters)} chapters, {options.rate}, "
              f"--jobs {options.jobs}; {bench.audio_seconds(os.path.join(work, 'plain')) / 60:.0f} min of audio")
        print(f"  {'':<34} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} {'wall x':>8} {'cpu x':>8}")
        if "today m4b" in results:
            print(line("today: plain render", results["today plain"]))
            print(line("today: --audiobook book.m4b", results["today m4b"], results["today plain"]))
        print(line("plain render (chapter MP3s)", results["plain"]))
        print(line("with --audiobook book.m4b", results["with m4b"], results["plain"]) + "   target <= 1.10")
        if "today m4b" in results:
            print(line("--format none --audiobook book.m4b", results["m4b only"], results["today m4b"])
                  + "   / today's m4b, target <= 0.60")
        else:
            print(line("--format none --audiobook book.m4b", results["m4b only"], results["plain"]) + "   (/ plain)")
        peaks = {name: figures["peak"] for name, figures in results.items() if not name.startswith("today")}
        print(f"  peak memory: largest {max(peaks.values()):.1f} MB (target <= 100 MB)")
        for name, figures in results.items():
            print(f"    {name}: " + bench.contention(figures, cores=options.jobs))
    signal_to_distortion(bench, options, book, chapters, work)


def signal_to_distortion(bench, options, book, chapters, work):
    """The M4B and the chapter MP3s against a WAV render of the chapters below the split threshold."""
    small = [c for c in chapters if c["characters"] < SPLIT_UNITS][:options.sdr_chapters]
    selection = ",".join(str(c["index"]) for c in small)
    wav = os.path.join(work, "sdr-wav")
    mp3 = os.path.join(work, "sdr-mp3")
    common = [book, "--quiet", "--force", "--rate", options.rate, "--jobs", str(options.jobs), "--chapters", selection]
    bench.cli(*common, "--out", wav, "--format", "wav", "--audiobook", os.path.join(wav, "book.m4b"))
    bench.cli(*common, "--out", mp3)
    manifest = json.load(open(os.path.join(wav, "book.json")))
    mp3_manifest = json.load(open(os.path.join(mp3, "book.json")))
    decoded = decode(os.path.join(wav, "book.m4b"), os.path.join(work, "m4b.raw"))
    aac, lame = [0.0, 0.0], [0.0, 0.0]
    for number, chapter in enumerate(manifest["chapters"]):
        reference = read_wav(os.path.join(wav, chapter["audio"]))
        start = round(manifest["audiobook"]["chapters"][number]["start"] * 22050)
        # book.json's start is rounded to the millisecond: the chapter starts within 11 samples of it
        # (found on the chapter's first 10 seconds, then measured over all of it).
        window = reference[:220_500]
        offset = max(range(-11, 12), key=lambda offset: ratio(distortion(window, decoded, start + offset)))
        best = distortion(reference, decoded, start + offset)
        aac = [aac[0] + best[0], aac[1] + best[1]]
        chapter_mp3 = decode(os.path.join(mp3, mp3_manifest["chapters"][number]["audio"]), os.path.join(work, "mp3.raw"))
        pair = distortion(reference, chapter_mp3, 0)
        lame = [lame[0] + pair[0], lame[1] + pair[1]]
    db = lambda pair: 10 * math.log10(ratio(pair))
    minutes = sum(c["duration"] for c in manifest["chapters"]) / 60
    print(f"\nSDR against a WAV render of {len(small)} chapters below {SPLIT_UNITS:,} units ({minutes:.0f} min): "
          f"M4B {db(aac):.1f} dB, 64 kbps chapter MP3 {db(lame):.1f} dB (target: M4B >= MP3)")


def read_wav(path):
    with wave.open(path) as handle:
        frames = handle.readframes(handle.getnframes())
    return struct.unpack(f"<{len(frames) // 2}h", frames)


def decode(path, raw):
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-f", "s16le", "-ac", "1", "-ar", "22050", raw], check=True)
    with open(raw, "rb") as handle:
        data = handle.read()
    return struct.unpack(f"<{len(data) // 2}h", data)


def ratio(pair):
    return pair[0] / max(pair[1], 1e-9)


def distortion(reference, signal, start):
    """(signal energy, distortion energy) of `signal[start:]` against `reference`."""
    energy = noise = 0.0
    count = len(signal)
    for index, value in enumerate(reference):
        position = start + index
        other = signal[position] if 0 <= position < count else 0
        energy += value * value
        noise += (value - other) * (value - other)
    return energy, noise


def many_chapters(bench, options, work):
    many = bench.generated_book(os.path.join(work, "many"), 300, options.many_units)
    few = bench.generated_book(os.path.join(work, "few"), 300, options.many_units, group=25)
    arguments = ["--rate", options.rate, "--jobs", str(options.jobs), "--quiet", "--force"]
    builds = [("this build", bench.CLI, {}), ("this build, a process per job", bench.CLI, {"FOLLOW_RENDER_FRESH_WORKERS": "1"})]
    if options.baseline_cli:
        builds.append(("baseline", options.baseline_cli, {}))
    for round_number in range(options.repeat):
        figures = {}
        for name, cli, environment in builds:
            for label, book in (("300", many), ("12", few)):
                folder = os.path.join(work, f"{label}-{len(figures)}")
                os.environ.update(environment)
                try:
                    figures[(name, label)] = bench.timed([cli, book, "--out", folder, *arguments])
                finally:
                    for key in environment:
                        os.environ.pop(key, None)
                figures[(name, label)]["audio"] = bench.audio_seconds(folder)
        print(f"\nround {round_number + 1}: 300 chapters of >= {options.many_units} UTF-16 units against the same text in 12, "
              f"{options.rate}, --jobs {options.jobs}")
        print(f"  {'':<32} {'300 wall':>9} {'300 cpu':>9} {'12 cpu':>9} {'ms/chapter':>11} {'peak MB':>8}")
        for name, _, _ in builds:
            many_run, few_run = figures[(name, "300")], figures[(name, "12")]
            overhead = (many_run["cpu"] - few_run["cpu"]) / 288 * 1000
            print(f"  {name:<32} {many_run['wall']:9.2f} {many_run['cpu']:9.2f} {few_run['cpu']:9.2f} {overhead:11.1f} "
                  f"{max(many_run['peak'], few_run['peak']):8.1f}")
        print(f"  audio: {figures[('this build', '300')]['audio'] / 60:.1f} min (300 chapters), "
              f"{figures[('this build', '12')]['audio'] / 60:.1f} min (12); target <= 15 ms a chapter")
        if options.baseline_cli:
            ratio = figures[("this build", "300")]["cpu"] / figures[("baseline", "300")]["cpu"]
            print(f"  300-chapter CPU / baseline's: {ratio:.2f} (target <= 0.45)")
        for key, value in figures.items():
            print(f"    {key[0]}, {key[1]} chapters: " + bench.contention(value, cores=options.jobs))
