#!/usr/bin/env python3
"""Counts what the normalization rules do over every corpus book.

Runs `follow-render inspect BOOK --normalization` on each book of the corpus
(default ../shared/corpus/books beside the checkout), adds up per language and
rule family the tokens rewritten and the candidates refused (by guard), and
picks an even sample of 50 rewrites per language over all books for review.
Prints Markdown (the tables of docs/normalization.md).

Usage: scripts/normalization-report.py [--cli PATH] [--corpus DIR] [--sample N]
"""
import argparse
import collections
import os
import re
import subprocess
import sys

ROW = re.compile(r"^(\S+)\s+(\S+)\s+(\d+)\s+(\d+)(?:\s+(.*))?$")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default=os.path.join(root, ".build", "debug", "follow-render"))
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(root), "shared", "corpus", "books"))
    parser.add_argument("--sample", type=int, default=50)
    args = parser.parse_args()
    books = sorted(f for f in os.listdir(args.corpus) if f.endswith(".epub"))
    if not books:
        sys.exit(f"normalization-report: no books in {args.corpus}")
    counts = collections.OrderedDict()
    guards = collections.defaultdict(collections.Counter)
    samples = collections.defaultdict(list)
    per_book = []
    for book in books:
        run = subprocess.run([args.cli, "inspect", os.path.join(args.corpus, book), "--normalization"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"normalization-report: {book}: {run.stderr.strip()}")
        language = None
        rewritten = refused = 0
        for line in run.stdout.splitlines():
            if line.startswith("sample of "):
                language = line.split("'")[1]
                continue
            if line.startswith("  ") and language:
                samples[language].append((book, line.strip()))
                continue
            match = ROW.match(line)
            if match and match.group(1) != "language":
                key = (match.group(1), match.group(2))
                new, old = counts.get(key, (0, 0))
                counts[key] = (new + int(match.group(3)), old + int(match.group(4)))
                rewritten += int(match.group(3))
                refused += int(match.group(4))
                for part in (match.group(5) or "").split(", "):
                    if ": " in part:
                        name, times = part.rsplit(": ", 1)
                        guards[key][name] += int(times)
        per_book.append((book, rewritten, refused))
    print("| book | rewritten | refused |\n|---|---:|---:|")
    for book, rewritten, refused in per_book:
        print(f"| {book} | {rewritten:,} | {refused:,} |")
    print(f"| **all {len(books)} books** | **{sum(b[1] for b in per_book):,}** | **{sum(b[2] for b in per_book):,}** |\n")
    print("| language | rule family | rewritten | refused | refused by guard |\n|---|---|---:|---:|---|")
    for (language, family), (new, old) in sorted(counts.items()):
        named = ", ".join(f"{name} {times:,}" for name, times in sorted(guards[(language, family)].items()))
        print(f"| {language} | {family} | {new:,} | {old:,} | {named} |")
    for language in sorted(samples):
        found = samples[language]
        chosen = found if len(found) <= args.sample else [found[i * len(found) // args.sample] for i in range(args.sample)]
        print(f"\nSample of {len(chosen)} rewrites in '{language}' (of {len(found)} sampled from the books):\n")
        for book, line in chosen:
            print(f"- {book}: {line}")


if __name__ == "__main__":
    main()
