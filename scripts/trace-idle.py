#!/usr/bin/env python3
"""Where worker slots idle in a render or batch traced with FOLLOW_RENDER_TRACE.

Usage: FOLLOW_RENDER_TRACE=/tmp/t follow-render batch LIST --out-root DIR --jobs 2 ...
       scripts/trace-idle.py /tmp/t [--cores 2]

Reads the trace's lines (`SECONDS PID EVENT DETAIL`, see RenderTrace.swift) and
counts, over the traced span, the core-seconds with fewer than --cores jobs
running (from a job's `launch` to its `exit`), split by what the parent was doing then: the batch plan,
before the first worker, after the last one, preparing a book (from its `job-start` to its
`planned`: opening and reading it, pronunciation, cache keys), joining a split
chapter's segments, or nothing to start (the tail of a book or of the batch).
Also prints each job's start-up (launch to `worker-ready`: sending the chapter
script, forking the job's process, decoding the script) and the longest idle gaps.
Counts jobs, not CPU: it says where a core had no job to run whatever else the
machine was doing.
"""

import argparse
import collections


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trace")
    parser.add_argument("--cores", type=int, default=2)
    options = parser.parse_args()
    events = []
    with open(options.trace) as handle:
        for line in handle:
            parts = line.rstrip("\n").split(" ", 3)
            if len(parts) >= 3:
                events.append((float(parts[0]), int(parts[1]), parts[2], parts[3] if len(parts) > 3 else ""))
    events.sort(key=lambda event: event[0])
    if not events:
        raise SystemExit("empty trace")
    start, end = events[0][0], events[-1][0]
    launches = [time for time, _, kind, _ in events if kind == "launch"]
    exits = [time for time, _, kind, _ in events if kind == "exit"]
    running, preparing, joining, planning = 0, 0, 0, False
    idle = collections.Counter()
    gaps = []
    launched_at, startup = {}, []
    previous = start
    for time, pid, kind, detail in events:
        span = time - previous
        free = max(0, options.cores - running)
        if span > 0 and free:
            if planning:
                cause = "the batch plan (every book opened to estimate it, on every core: not idle CPU)"
            elif not launches or time <= launches[0]:
                cause = "before the first worker (parent: open, read, plan)"
            elif time > exits[-1]:
                cause = "after the last worker (parent: last join, book.json, playlist, steps)"
            elif preparing:
                cause = "a book being prepared (parent: open, read, pronunciation, keys)"
            elif joining:
                cause = "a split chapter being joined (parent)"
            else:
                cause = "no job ready (the tail of a book or of the batch)"
            idle[cause] += span * free
            gaps.append((span * free, previous - start, cause))
        previous = time
        if kind == "launch":
            running += 1
            launched_at[detail.split()[-1]] = time
        elif kind == "exit":
            running -= 1
        elif kind in ("plan-start", "plan-end"):
            planning = kind == "plan-start"
        elif kind == "job-start":
            preparing += 1
        elif kind == "planned":
            preparing = max(0, preparing - 1)
        elif kind == "join-start":
            joining += 1
        elif kind == "join-end":
            joining -= 1
        elif kind == "worker-ready" and detail.split()[-1:] and detail.split()[-1] in launched_at:
            # Written by the job's process, naming the worker that forked it (as `launch` does).
            startup.append(time - launched_at[detail.split()[-1]])
    wall = end - start
    total = sum(idle.values())
    busy = options.cores * wall - total
    print(f"traced span {wall:.2f} s, {len(launches)} jobs; worker occupancy "
          f"{busy / (options.cores * wall):.1%} of {options.cores} cores; idle {total:.2f} core-seconds:")
    for cause, seconds in idle.most_common():
        print(f"  {seconds:8.2f} core-s  {100 * seconds / (options.cores * wall):5.1f}%  {cause}")
    if startup:
        print(f"job start-up (launch to worker-ready): total {sum(startup):.2f} s, "
              f"mean {sum(startup) / len(startup):.3f} s, max {max(startup):.3f} s")
    print("longest idle stretches (core-s, at s, while):")
    for seconds, at, cause in sorted(gaps, reverse=True)[:8]:
        print(f"  {seconds:7.2f}  {at:8.2f}  {cause}")


if __name__ == "__main__":
    main()
