#!/usr/bin/python3
"""Checks a folder written by `follow-render --tracks DIR` against the single
MP3 of the same render, with independent readers.

- The playlist: the one .m3u8 in DIR, its entries in order, every one a file
  of DIR, and every MP3 of DIR listed.
- Every track decodes: ffmpeg decodes it with no error message; ffprobe reads
  its duration.
- Tags read by mutagen: TIT2, TALB, TRCK, TPE1, and whether an APIC cover is there.
- The tracks played in order against the single file: both decoded by ffmpeg
  (s16 mono, as players decode them, encoder delays trimmed), the lengths,
  and, per cut, the largest sample difference within one MP3 frame of the cut
  and the largest anywhere else.

Usage: tracks-check.py --tracks DIR --single FILE.mp3 [--frame 576]
Prints one JSON object; exits 1 when a track fails to decode or the playlist is wrong.
"""
import argparse
import array
import json
import os
import subprocess
import sys


def decode(path):
    run = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "s16le", "-ac", "1", "-"],
                         capture_output=True)
    samples = array.array("h")
    samples.frombytes(run.stdout)
    return samples, run.returncode, run.stderr.decode("utf-8", "replace").strip()


def probe_duration(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path],
                         capture_output=True, text=True).stdout.strip()
    return float(out) if out else None


def mutagen_tags(path):
    from mutagen.id3 import ID3
    tag = ID3(path)
    text = lambda key: str(tag[key].text[0]) if key in tag else None
    return {"title": text("TIT2"), "album": text("TALB"), "track": text("TRCK"), "artist": text("TPE1"),
            "composer": text("TCOM"), "cover": len(tag.getall("APIC")) > 0, "chapters": len(tag.getall("CHAP")),
            "version": "2.%d" % tag.version[1]}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tracks", required=True)
    parser.add_argument("--single", required=True)
    parser.add_argument("--frame", type=int, default=576)
    args = parser.parse_args()
    problems = []
    names = sorted(os.listdir(args.tracks))
    playlists = [n for n in names if n.endswith(".m3u8")]
    mp3s = [n for n in names if n.endswith(".mp3")]
    report = {"playlist": None, "listed": [], "extinf": [], "tracks": [], "problems": problems}
    if len(playlists) != 1:
        problems.append("expected one .m3u8, found %d" % len(playlists))
    else:
        report["playlist"] = playlists[0]
        with open(os.path.join(args.tracks, playlists[0]), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        if not lines or lines[0] != "#EXTM3U":
            problems.append("the playlist does not start with #EXTM3U")
        report["listed"] = [line for line in lines if line and not line.startswith("#")]
        report["extinf"] = [line.split(",", 1)[1] for line in lines if line.startswith("#EXTINF:")]
        missing = [n for n in report["listed"] if n not in mp3s]
        unlisted = [n for n in mp3s if n not in report["listed"]]
        if missing or unlisted:
            problems.append("playlist and folder differ: missing %s, unlisted %s" % (missing, unlisted))
    joined = array.array("h")
    cuts = []
    for name in report["listed"]:
        path = os.path.join(args.tracks, name)
        if not os.path.exists(path):
            continue
        samples, status, errors = decode(path)
        if status != 0 or errors or len(samples) == 0:
            problems.append("%s does not decode cleanly: status %d, %r" % (name, status, errors))
        entry = {"name": name, "samples": len(samples), "duration": probe_duration(path), "tags": mutagen_tags(path)}
        report["tracks"].append(entry)
        if joined:
            cuts.append(len(joined))
        joined.extend(samples)
    single, status, errors = decode(args.single)
    if status != 0 or errors:
        problems.append("the single file does not decode cleanly: %r" % errors)
    report["single_samples"] = len(single)
    report["joined_samples"] = len(joined)
    report["cuts"] = cuts
    count = min(len(single), len(joined))
    frame = args.frame
    near = [0] * len(cuts)
    elsewhere = 0
    cut_index = 0
    for position in range(count):
        difference = abs(single[position] - joined[position])
        if difference == 0:
            continue
        while cut_index < len(cuts) and cuts[cut_index] + frame < position:
            cut_index += 1
        if cut_index < len(cuts) and abs(position - cuts[cut_index]) <= frame:
            near[cut_index] = max(near[cut_index], difference)
        else:
            elsewhere = max(elsewhere, difference)
    report["max_difference_near_cuts"] = near
    report["max_difference_elsewhere"] = elsewhere
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
