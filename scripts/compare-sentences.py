#!/usr/bin/env python3
"""Compares two sentence dumps (FR_SENTENCE_DUMP of OverlayMeasureTests, one file per book,
one sentence a line) and lists, per book, how many sentences were joined and every change that
is not a pure join of neighbouring sentences (which would be an unintended change).

    FR_SENTENCE_DUMP=/tmp/before swift test --filter OverlayMeasureTests   # on the old code
    FR_SENTENCE_DUMP=/tmp/after swift test --filter OverlayMeasureTests    # on the new code
    scripts/compare-sentences.py /tmp/before /tmp/after
"""
import difflib
import os
import sys

before, after = sys.argv[1], sys.argv[2]
total_joins = total_other = 0
for name in sorted(os.listdir(before)):
    old = open(os.path.join(before, name), encoding="utf-8").read().split("\n")
    new = open(os.path.join(after, name), encoding="utf-8").read().split("\n")
    joins = other = 0
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if " ".join(old[i1:i2]) == " ".join(new[j1:j2]) and j2 - j1 < i2 - i1:
            joins += (i2 - i1) - (j2 - j1)
            for line in new[j1:j2]:
                print(f"  {name[:-4]}: joined: {line[:160]}")
        else:
            other += 1
            print(f"  {name[:-4]}: OTHER CHANGE: {old[i1:i2]} -> {new[j1:j2]}")
    print(f"{name[:-4]}: {len(old)} -> {len(new)} sentences, {joins} joins, {other} other changes")
    total_joins += joins
    total_other += other
print(f"corpus: {total_joins} joins, {total_other} other changes")
sys.exit(1 if total_other else 0)
