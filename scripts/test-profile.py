#!/usr/bin/env python3
"""Sums a FOLLOW_TEST_PROFILE file (one line per program a test ran, see
Tests/FollowRenderTests/Support/TestProfile.swift) per suite, per test and per
program, biggest CPU first.

    scripts/test-profile.py PROFILE.tsv [--top N]
"""
import argparse
import collections
import re


def suite_of(test_id):
    # "FollowRenderTests.SweepTests/sweep()/SweepTests.swift:12:6" -> "SweepTests"
    if test_id == "-":
        return "(no test)"
    head = test_id.split("/")[0]
    return head.split(".", 1)[1] if "." in head else head


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("profile")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    suites = collections.defaultdict(lambda: [0.0, 0.0, 0])
    tests = collections.defaultdict(lambda: [0.0, 0.0, 0])
    programs = collections.defaultdict(lambda: [0.0, 0.0, 0])
    total = [0.0, 0.0, 0]
    with open(args.profile, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 8:
                continue
            test_id, name, program, _, _, wall, user, system = fields
            cpu = float(user) + float(system)
            suite = suite_of(test_id)
            function = re.sub(r"/[^/]*\.swift:\d+:\d+$", "", test_id).split("/")[-1] if test_id != "-" else "-"
            for table, key in ((suites, suite), (tests, f"{suite} · {name} ({function})"), (programs, program)):
                table[key][0] += cpu
                table[key][1] += float(wall)
                table[key][2] += 1
            total[0] += cpu
            total[1] += float(wall)
            total[2] += 1
    print(f"total: {total[0]:.0f} s CPU, {total[1]:.0f} s wall summed, {total[2]} programs")
    for title, table in (("suites", suites), ("tests", tests), ("programs", programs)):
        print(f"\n{title} (CPU s, wall s summed, programs):")
        ranked = sorted(table.items(), key=lambda item: -item[1][0])
        for key, (cpu, wall, count) in ranked[: args.top]:
            print(f"{cpu:8.1f} {wall:8.1f} {count:5d}  {key}")


if __name__ == "__main__":
    main()
