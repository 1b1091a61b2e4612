#!/usr/bin/python3
"""Reads the chapter marks of single-file audiobooks (M4B/M4A, MP3, Opus) with
independent readers and checks that they agree, and that each mark falls on
the audio onset of speech in the decoded file.

Readers: ffprobe (FFmpeg's demuxers), mutagen, and libvlc through python3-vlc
(its own MP4 and Ogg demuxers) for M4B and Opus, eyeD3 (CHAP and CTOC frames)
for MP3, whose ID3 chapters libvlc 3 does not read.

Usage: chapter-marks-check.py [--tolerance-ms 30] [--skip-onsets] FILE...
Prints one JSON object (per file: each reader's marks, the CTOC tree, the
onset offsets in ms, the problems found) and exits 1 when any problem is found.
"""
import argparse
import json
import os
import subprocess
import sys
import time

os.environ.setdefault("VLC_VERBOSE", "-1")


def ffprobe_marks(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_chapters", "-of", "json", path],
                         check=True, capture_output=True, text=True).stdout
    return [(float(c["start_time"]), c.get("tags", {}).get("title", "")) for c in json.loads(out)["chapters"]]


def mutagen_marks(path):
    import mutagen
    from mutagen.id3 import ID3
    lower = path.lower()
    if lower.endswith((".m4b", ".m4a")):
        from mutagen.mp4 import MP4
        chapters = MP4(path).chapters  # mutagen reads Nero chpl only, never the QuickTime chapter track
        return None if chapters is None else [(c.start, c.title) for c in chapters]
    if lower.endswith(".mp3"):
        frames = ID3(path).getall("CHAP")
        frames.sort(key=lambda f: f.start_time)
        return [(f.start_time / 1000.0, str(f.sub_frames["TIT2"].text[0]) if "TIT2" in f.sub_frames else "") for f in frames]
    if lower.endswith(".opus"):
        tags = mutagen.File(path).tags
        marks = []
        number = 0
        while "CHAPTER%03d" % number in tags:
            clock = tags["CHAPTER%03d" % number][0]
            hours, minutes, seconds = clock.split(":")
            name = tags.get("CHAPTER%03dNAME" % number, [""])[0]
            marks.append((int(hours) * 3600 + int(minutes) * 60 + float(seconds), name))
            number += 1
        return marks
    raise SystemExit("unknown format: " + path)


def vlc_marks(path):
    import vlc
    instance = vlc.Instance("--quiet", "--aout=dummy", "--vout=dummy", "--no-video")
    player = instance.media_player_new()
    player.set_media(instance.media_new(path))
    player.audio_set_mute(True)
    player.play()
    descriptions = None
    for _ in range(100):
        time.sleep(0.05)
        if player.get_chapter_count() > 0:
            descriptions = player.get_full_chapter_descriptions(-1)
            break
    marks = [(d.time_offset / 1000.0, (d.name or b"").decode("utf-8")) for d in (descriptions or [])]
    player.stop()
    player.release()
    instance.release()
    return marks


def eyed3_read(path):
    import eyed3
    eyed3.log.setLevel("ERROR")
    tag = eyed3.load(path).tag
    chapters = sorted(tag.chapters, key=lambda c: c.times[0])
    marks = [(c.times[0] / 1000.0, c.title or "") for c in chapters]
    tocs = {toc.element_id.decode(): {"top": bool(toc.toplevel), "title": toc.description,
                                      "children": [child.decode() for child in toc.child_ids]}
            for toc in tag.table_of_contents}
    return marks, tocs


def decoded(path):
    """The decoded audio as mono 16-bit samples at 16 kHz, as a player decodes it."""
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-ac", "1", "-ar", "16000", "-f", "s16le", "-"],
                         check=True, capture_output=True).stdout
    import array
    samples = array.array("h")
    samples.frombytes(raw)
    return samples, 16000


def onset_offsets(samples, rate, marks):
    """For each mark after the first: where the nearest stretch of silence (at
    least 40 ms below -40 dBFS) ends, minus the mark, in ms; None when no
    silence ends within 300 ms of it."""
    window = rate // 200  # 5 ms
    loud = []
    for start in range(0, len(samples) - window, window):
        part = samples[start:start + window]
        loud.append(max(part) > 328 or min(part) < -328)  # peak above -40 dBFS; max/min run in C
    ends = []  # times (s) where a silent run of >= 8 windows ends
    run = 0
    for index, is_loud in enumerate(loud):
        if not is_loud:
            run += 1
        else:
            if run >= 8:
                ends.append(index * window / rate)
            run = 0
    offsets = []
    for mark in marks[1:]:
        near = [end for end in ends if abs(end - mark) <= 0.3]
        offsets.append(None if not near else round(min((end - mark for end in near), key=abs) * 1000, 1))
    return offsets


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tolerance-ms", type=float, default=30)
    parser.add_argument("--skip-onsets", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    report = {}
    failed = False
    for path in args.files:
        readers = {"ffprobe": ffprobe_marks(path), "mutagen": mutagen_marks(path)}
        entry = {}
        if path.lower().endswith(".mp3"):
            # libvlc 3 does not read ID3 chapters: eyeD3 is the MP3 file's independent reader.
            readers["eyed3"], entry["ctoc"] = eyed3_read(path)
        else:
            readers["vlc"] = vlc_marks(path)
        problems = []
        reference = readers["ffprobe"]
        for name, marks in list(readers.items()):
            if marks is None and len(reference) > 255:
                # Past 255 marks the M4B has no chpl (which would cut them), only the chapter track.
                readers[name] = "no chpl (more than 255 marks)"
                continue
            if marks is None or len(marks) != len(reference):
                problems.append("%s reads %s marks, ffprobe %d" % (name, "no" if marks is None else len(marks), len(reference)))
                continue
            for (time_a, title_a), (time_b, title_b) in zip(marks, reference):
                if abs(time_a - time_b) > 0.002 or title_a != title_b:
                    problems.append("%s reads %r at %.3f, ffprobe %r at %.3f" % (name, title_a, time_a, title_b, time_b))
                    break
        if not args.skip_onsets:
            samples, rate = decoded(path)
            offsets = onset_offsets(samples, rate, [t for t, _ in reference])
            entry["onsets_ms"] = offsets
            for (mark, title), offset in zip(reference[1:], offsets):
                if offset is None or abs(offset) > args.tolerance_ms:
                    problems.append("mark %r at %.3f s: speech starts %s ms from it" % (title, mark, offset))
        entry["readers"] = readers
        entry["problems"] = problems
        failed = failed or bool(problems)
        report[path] = entry
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
