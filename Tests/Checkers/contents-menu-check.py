#!/usr/bin/python3
"""Checks the web player's table of contents in headless Chromium (ChapterMarksTests).

    contents-menu-check.py --folder DIR

DIR is a folder rendered with --web from a book whose table of contents nests
entries inside one file. On the book page, the entries are nested lists with
durations; on a chapter page, the contents menu lists the same nested entries,
and clicking one plays from its first word: the audio runs from the `begin` of
the first word ending after the entry's offset (read here from book.json and
the sidecar, not from the player). Opening `page#at=OFFSET` does the same.
Prints {"checks": [...], "menu": [...]} and exits 0 when every check passed.
"""
import argparse
import importlib.util
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("web_player_check", os.path.join(HERE, "../../scripts/web-player-check.py"))
player_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(player_check)
check, checks, browser, page_url, wait_ready = (player_check.check, player_check.checks, player_check.browser,
                                                player_check.page_url, player_check.wait_ready)

# The nested entries as the page shows them: [title, depth, chapter, offset].
MENU = """
const root = document.querySelector(arguments[0]);
const out = [];
for (const link of root.querySelectorAll("a[data-chapter]")) {
  let depth = 0;
  for (let node = link.parentElement; node && node !== root; node = node.parentElement) if (node.tagName === "OL") depth++;
  out.push([link.textContent, depth, Number(link.dataset.chapter), Number(link.dataset.at)]);
}
return out;
"""


def first_word_begin(folder, manifest, entry):
    chapter = next(c for c in manifest["chapters"] if c["index"] == entry["chapter"])
    with open(os.path.join(folder, chapter["timing"]), encoding="utf-8") as handle:
        timing = json.load(handle)
    words = [w for s in timing["sentences"] for w in s["words"]]
    return next(w["begin"] for w in words if w["range"][0] + w["range"][1] > entry["offset"])


def flattened(entries, depth=1):
    for entry in entries:
        yield entry, depth
        yield from flattened(entry["children"], depth + 1)


def playing_from(driver, begin, label):
    """Whether the audio plays from `begin` (the chapter's own time, as the sidecar has it)."""
    deadline = time.time() + 10
    state = None
    while time.time() < deadline:
        state = driver.execute_script(
            "const a = followPlayer.audio; return {paused: a.paused, time: a.currentTime, start: a.currentTime};")
        if not state["paused"] and state["time"] >= begin - 0.05:
            break
        time.sleep(0.05)
    # Read right after the seek: the time has moved on by at most what has played since.
    check(label + ": plays", state and not state["paused"], state)
    check(label + ": from the entry's first word", state and begin - 0.05 <= state["time"] <= begin + 0.3,
          "%s vs begin %.3f" % (state, begin))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    args = parser.parse_args()
    folder = args.folder
    with open(os.path.join(folder, "book.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    expected = [[e["title"], depth, e["chapter"], e["offset"]] for e, depth in flattened(manifest["toc"])]
    report = {}
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            driver.get(page_url(folder, "index.html"))
            index = driver.execute_script(MENU, "ol.chapters")
            check("book page: the nested entries", [[t, d + 1, c, o] for t, d, c, o in index] == expected,
                  index)
            durations = driver.execute_script("return [...document.querySelectorAll('ol.chapters .duration')].length")
            check("book page: a duration per entry", durations == len(expected), durations)

            # The chapter page of the entries with children (a part and its stories in one file).
            parent = next(e for e, _ in flattened(manifest["toc"]) if e["children"])
            chapter = next(c for c in manifest["chapters"] if c["index"] == parent["chapter"])
            page = chapter["timing"].replace(".timing.json", ".html")
            driver.get(page_url(folder, page))
            wait_ready(driver)
            menu = driver.execute_script(MENU, "#fr-contents")
            report["menu"] = menu
            check("chapter page: the contents menu lists the nested entries", [[t, d, c, o] for t, d, c, o in menu] == expected, menu)
            driver.find_element("css selector", "#fr-contents summary").click()
            target = parent["children"][-1]
            links = driver.find_elements("css selector", "#fr-contents a[data-chapter]")
            link = next(l for l in links if l.text == target["title"])
            link.click()
            playing_from(driver, first_word_begin(folder, manifest, target), "click on '%s'" % target["title"])
            check("the menu closes", not driver.execute_script("return document.getElementById('fr-contents').open"))

            # The same page's link to another entry, followed as a fragment change, plays from it.
            other = parent["children"][0]
            driver.execute_script("location.hash = arguments[0]", "#at=%d" % other["offset"])
            playing_from(driver, first_word_begin(folder, manifest, other), "#at= on the page, '%s'" % other["title"])
            # Opening an entry's link (as from the book page) plays from it too.
            driver.get(page_url(folder, "index.html"))
            driver.find_element("css selector", "ol.chapters a[data-at='%d']" % other["offset"]).click()
            wait_ready(driver)
            playing_from(driver, first_word_begin(folder, manifest, other), "book page link to '%s'" % other["title"])
        finally:
            driver.quit()
    report["checks"] = checks
    json.dump(report, sys.stdout, ensure_ascii=False)
    sys.exit(0 if all(c["ok"] for c in checks) else 1)


if __name__ == "__main__":
    main()
