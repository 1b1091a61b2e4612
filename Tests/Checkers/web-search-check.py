#!/usr/bin/python3
"""Checks the web player's search in the whole book and the book page's
progress per entry in headless Chromium (WebReadingControlsTests).

    web-search-check.py --cli CLI --folder DIR --word WORD

DIR is a folder rendered with --web from a book of at least three chapters
whose table of contents nests entries inside one file; WORD occurs in the
third chapter and in no earlier one. Opened from file:// (where pages cannot
fetch), from the first chapter's page:

- a search for WORD lists its matches in the third chapter, under that
  chapter's title; activating the first by keyboard (Enter on its button)
  opens the third chapter's page and plays from the word there: the first
  range the audio played starts at the `begin` that `follow-render locate
  --offset` gives for the match's offset (not read from the player);
- a search for a common word lists every match of the book, this chapter's
  first, then the others in reading order (up to the 100 listed), as a
  case-insensitive scan of the sidecars' texts finds them, and the live
  region says how many;
- the book page, with a saved position inside an entry nested in a part,
  shows each entry's progress: entries before it full, after it empty, the
  entry and its part in between, in proportion to the UTF-16 units of the
  book's text (each chapter's text counted in reading order).

Prints {"checks": [{"name", "ok", "detail"}]} and exits 0 when all passed.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("web_player_check", os.path.join(HERE, "../../scripts/web-player-check.py"))
player_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(player_check)
check, checks, browser, page_url = player_check.check, player_check.checks, player_check.browser, player_check.page_url
By, Keys, WebDriverWait = player_check.By, player_check.Keys, player_check.WebDriverWait

LISTED = """
return Array.from(document.querySelectorAll('#fr-search-results button')).map((button) => {
  const group = document.getElementById(button.closest('ol').getAttribute('aria-labelledby'));
  return [Number(button.dataset.chapter), Number(button.dataset.offset), group.textContent, button.textContent];
});
"""


def wait_ready(driver):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !!window.followPlayer && !!window.followReading && followPlayer.audio.readyState >= 1"))


def texts(folder, book):
    result = []
    for chapter in book["chapters"]:
        with open(os.path.join(folder, chapter["timing"]), encoding="utf-8") as handle:
            result.append((chapter, json.load(handle)["text"]))
    return result


def search(driver, word):
    field = driver.find_element(By.ID, "fr-search")
    field.clear()
    field.send_keys(word)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "return document.getElementById('fr-reading-status').textContent.includes('match')"))
    return driver.execute_script(LISTED), driver.execute_script("return document.getElementById('fr-reading-status').textContent")


def flattened(entries):
    for entry in entries:
        yield entry
        yield from flattened(entry["children"])


def run(args):
    folder = os.path.abspath(args.folder)
    book = json.load(open(os.path.join(folder, "book.json"), encoding="utf-8"))
    chapters = texts(folder, book)
    first, third = chapters[0][0], chapters[2][0]
    page = lambda chapter: chapter["timing"].replace(".timing.json", ".html")
    profile = tempfile.mkdtemp(prefix="follow-render-search-")
    driver = browser(profile)
    try:
        # A word of the third chapter, searched from the first chapter's page.
        driver.get(page_url(folder, page(first)))
        wait_ready(driver)
        driver.find_element(By.ID, "fr-reading-toggle").send_keys(Keys.ENTER)
        listed, said = search(driver, args.word)
        expected = [[third["index"], m.start()] for m in re.finditer(re.escape(args.word.lower()), chapters[2][1].lower())]
        check(f"a search for '{args.word}' from the first chapter lists its matches in the third chapter, under its title",
              expected and [row[:2] for row in listed] == expected and all(row[2] == third["title"] for row in listed)
              and all(args.word.lower() in row[3].lower() for row in listed), [listed, expected, said])
        offset = expected[0][1] if expected else 0
        located = json.loads(subprocess.run([args.cli, "locate", folder, "--offset", f"{third['index']}:{offset}"],
                                            capture_output=True, text=True, check=True).stdout)
        begin = located["audio"]["time"]
        button = driver.find_element(By.CSS_SELECTOR, "#fr-search-results button")
        button.send_keys(Keys.ENTER)
        WebDriverWait(driver, 20).until(lambda d: d.current_url.split("#")[0].endswith("/" + page(third)))
        wait_ready(driver)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !followPlayer.audio.paused && followPlayer.audio.played.length > 0"))
        played = driver.execute_script("const a = followPlayer.audio; return [a.played.start(0), a.currentTime, location.hash]")
        check("Enter on the match opens the third chapter's page and plays from the word (locate --offset)",
              abs(played[0] - begin) < 0.02 and played[1] >= begin - 0.02 and played[2] == "", [played, begin, located.get("word")])
        driver.execute_script("followPlayer.audio.pause()")
        driver.save_screenshot(os.path.join(args.artifacts, "search-opened.png"))

        # A common word: every match of the book, this chapter's first, then the others in reading order.
        driver.get(page_url(folder, page(first)))
        wait_ready(driver)
        driver.find_element(By.ID, "fr-reading-toggle").click()
        listed, said = search(driver, "the")
        every = [[chapter["index"], m.start()] for chapter, text in chapters for m in re.finditer("the", text.lower())]
        total = len(every)
        check("a common word lists every match of the book in reading order, with their count announced",
              [row[:2] for row in listed] == every[:100] and len({row[0] for row in listed}) >= 3
              and said.startswith(f"{total} match") and f"in {len({c for c, _ in every})} chapters" in said,
              [listed[:3], every[:3], len(listed), total, said])
        driver.save_screenshot(os.path.join(args.artifacts, "search-results.png"))

        # Progress per entry on the book page, from a position inside a nested entry.
        entries = list(flattened(book["toc"]))
        nested = [entry for entry in entries if entry["level"] > 1][-1]
        start = {chapter["index"]: sum(len(text.encode("utf-16-le")) // 2 for _, text in chapters[:number])
                 for number, (chapter, _) in enumerate(chapters)}
        ends = {}
        for number, entry in enumerate(entries):
            below = len(list(flattened(entry["children"])))
            following = entries[number + 1 + below] if number + 1 + below < len(entries) else None
            ends[number] = start[following["chapter"]] + following["offset"] if following else sum(
                len(text.encode("utf-16-le")) // 2 for _, text in chapters)
        at = entries.index(nested)
        position = start[nested["chapter"]] + nested["offset"] + max(1, (ends[at] - start[nested["chapter"]] - nested["offset"]) // 2)
        driver.execute_script("localStorage.setItem(followPlayer.storageKey, JSON.stringify(arguments[0]))",
                              {"chapter": nested["chapter"], "offset": position - start[nested["chapter"]]})
        driver.get(page_url(folder, "index.html"))
        shown = driver.execute_script("""
            return Array.from(document.querySelectorAll('ol.chapters a[data-chapter]')).map((link) => {
              const bar = link.parentElement.querySelector(':scope > progress');
              return [link.textContent, bar ? bar.value : null, bar ? bar.getAttribute('aria-label') : null];
            });""")
        wanted = []
        for number, entry in enumerate(entries):
            begin_at = start[entry["chapter"]] + entry["offset"]
            value = 0 if position < begin_at else 1 if position >= ends[number] else (position - begin_at) / max(1, ends[number] - begin_at)
            wanted.append([entry["title"], value])
        close = len(shown) == len(wanted) and all(
            a[0] == b[0] and a[1] is not None and abs(a[1] - b[1]) < 1e-3 and a[2] == "Listened of " + b[0] for a, b in zip(shown, wanted))
        partial = [row[0] for row in shown if row[1] is not None and 0 < row[1] < 1]
        check("the book page shows each entry's progress: done before the position, partly done in it and its part, none after",
              close and nested["title"] in partial and len(partial) >= 2 and any(row[1] == 1 for row in shown)
              and any(row[1] == 0 for row in shown), [shown, wanted])
        driver.save_screenshot(os.path.join(args.artifacts, "index-progress.png"))
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--word", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    return player_check.report(run, args)


if __name__ == "__main__":
    sys.exit(main())
