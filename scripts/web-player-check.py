#!/usr/bin/python3
"""Checks follow-render's web player in a real browser (headless Debian chromium
through chromium-driver and python3-selenium), on a folder rendered with --web.

    web-player-check.py behaviour --cli CLI --folder DIR --artifacts OUT [--playback-rate 1.5] [--http]
    web-player-check.py performance --cli CLI --folder DIR --artifacts OUT
    web-player-check.py single-file --cli CLI --folder DIR --artifacts OUT

`behaviour` opens the first two chapters' pages from file:// (or, with --http, from
a local static server that serves byte ranges) and checks what the
issue asks for: the highlighted word at 10 sampled playback times is the word
`follow-render locate --time` gives for the currentTime the page read in that
same frame; clicking 10 words sets currentTime to their sidecar begin (±10 ms)
and highlights them; a reload offers the saved position and resumes at the word
`locate --offset` gives; at the end of a chapter the next one loads and plays;
the speed menu and keys, Media Session metadata, the book page's progress; and
it saves screenshots in light and dark. `performance` opens the first chapter
(meant to be long) and measures with the Performance API when the page became
interactive and what highlighting costs per frame. `single-file` takes a folder
rendered with --format none, whose pages play the single-file audiobook: the
second chapter's page stands at the chapter's start in it, clicked words set
currentTime to that start plus their begin, the highlighted word follows
`locate --time` while it plays, and the end of the first chapter's span loads
the second page.

Prints one JSON object {"checks": [{"name", "ok", "detail"}]} on stdout and exits
0 when every check passed, 1 otherwise.
"""
import argparse
import functools
import http.server
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

checks = []


def check(name, ok, detail=""):
    checks.append({"name": name, "ok": bool(ok), "detail": str(detail)[:500]})
    return ok


def report(run, args):
    """Runs `run(args)`, prints {"checks": [...]} and returns the exit status: 0 when every check passed.
    A check that could not run is a failed check, with the reason (the other checkers share this)."""
    try:
        run(args)
    except Exception as error:
        check("the browser session ran to the end", False, f"{type(error).__name__}: {error}")
    print(json.dumps({"checks": checks}, indent=1))
    return 0 if checks and all(entry["ok"] for entry in checks) else 1


def browser(profile, width=1000, height=800):
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", f"--window-size={width},{height}",
                     f"--user-data-dir={profile}"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def locate(cli, folder, chapter, query, value):
    run = subprocess.run([cli, "locate", folder, query, f"{chapter}:{value!r}"], capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"locate {query} {value}: {run.stderr.strip()}")
    return json.loads(run.stdout)


class StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A static web server as players meet them: files with byte ranges (seeking in audio needs them)."""

    def send_head(self):
        match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        path = self.translate_path(self.path)
        if not match or not os.path.isfile(path):
            return super().send_head()
        size = os.path.getsize(path)
        start, end = int(match[1]), min(int(match[2] or size - 1), size - 1)
        if start >= size:
            self.send_error(416)
            return None
        handle = open(path, "rb")
        handle.seek(start)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Range", f"bytes {start}-{end}/{size}")
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        self.remaining = end - start + 1
        return handle

    def copyfile(self, source, destination):
        remaining = getattr(self, "remaining", None)
        if remaining is None:
            return super().copyfile(source, destination)
        while remaining > 0:
            chunk = source.read(min(65536, remaining))
            if not chunk:
                break
            destination.write(chunk)
            remaining -= len(chunk)

    def log_message(self, *arguments):
        pass


BASE = {"url": None}


def serve(folder):
    """Serves `folder` on a free local port; pages are then opened over http."""
    handler = functools.partial(StaticFiles, directory=os.path.abspath(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    BASE["url"] = f"http://127.0.0.1:{server.server_address[1]}/"
    return server


def page_url(folder, name):
    if BASE["url"]:
        return BASE["url"] + name
    return "file://" + os.path.join(os.path.abspath(folder), name)


def wait_ready(driver, timeout=20):
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "return !!window.followPlayer && followPlayer.audio.readyState >= 1"))


# The test's own reading of the page, independent of the player's: the UTF-16
# offset of a DOM position (a block's data-at plus the text before it, <br>
# counting 1), its inverse, and the ranges the two highlights paint.
HELPERS = """
window.__t = window.__t || {
    walk(block, visit) {
        let at = Number(block.dataset.at);
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (n.nodeType === 3) { if (visit(n, at)) return; at += n.length; } else if (n.nodeName === 'BR') at += 1;
        }
    },
    offsetOf(node, offset) {
        const block = (node.nodeType === 3 ? node.parentElement : node).closest('[data-at]');
        let found = -1;
        if (block) __t.walk(block, (n, at) => { if (n === node) { found = at + offset; return true; } });
        return found;
    },
    rangeOf(start, end) {
        const range = document.createRange();
        for (const block of document.querySelectorAll('#fr-text [data-at]')) {
            __t.walk(block, (n, at) => {
                if (start >= at && start <= at + n.length) range.setStart(n, start - at);
                if (end >= at && end <= at + n.length) { range.setEnd(n, end - at); return true; }
            });
        }
        return range;
    },
    painted(name) {
        const highlight = CSS.highlights.get(name);
        if (!highlight || highlight.size !== 1) return null;
        const range = Array.from(highlight)[0];
        return [__t.offsetOf(range.startContainer, range.startOffset), __t.offsetOf(range.endContainer, range.endOffset)];
    },
    blocks(text) {
        const wrong = [];
        for (const block of document.querySelectorAll('#fr-text [data-at]')) {
            let content = '';
            const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) content += n.nodeType === 3 ? n.data : n.nodeName === 'BR' ? '\\n' : '';
            if (text.substr(Number(block.dataset.at), content.length) !== content) wrong.push(block.dataset.at);
        }
        return {wrong, headings: document.querySelectorAll('#fr-text h1[data-at], #fr-text h2[data-at]').length,
                paragraphs: document.querySelectorAll('#fr-text p[data-at]').length};
    },
};
"""

SNAPSHOT = HELPERS + """
const p = followPlayer;
return {frame: p.state.frame, word: p.state.word, sentence: p.state.sentence,
        painted: __t.painted('fr-word'), paintedSentence: __t.painted('fr-sentence'),
        currentTime: p.audio.currentTime, paused: p.audio.paused, rate: p.audio.playbackRate};
"""

# Records each click's time and highlighted word, then pauses: a click on one of the last
# words plays into the chapter's end, and on a busy machine the next chapter could load (and
# this page's records go) before the test reads them.
CLICK_RECORDER = HELPERS + """
    window.__clicks = [];
    window.addEventListener('click', () => {
        window.__clicks.push({t: followPlayer.audio.currentTime, painted: __t.painted('fr-word')});
        followPlayer.audio.pause();
    });"""


def span(word):
    """A sidecar [location, length] range as [start, end]."""
    return [word["range"][0], word["range"][0] + word["range"][1]]


def press(driver, key):
    """Types `key` with nothing focused, as a reader would on the page."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(driver).send_keys(key).perform()


def sampled_times(driver, cli, folder, chapter, words, label):
    """10 samples during playback: the painted word vs `locate --time` at the frame's time."""
    mismatches, seen = [], set()
    for _ in range(10):
        time.sleep(0.3)
        snap = driver.execute_script(SNAPSHOT)
        frame = snap["frame"]
        answer = locate(cli, folder, chapter, "--time", frame["time"])
        expected = span(answer["word"])
        seen.add(snap["word"])
        if snap["painted"] != expected or frame["word"] != snap["word"] or span(words[snap["word"]]) != expected:
            mismatches.append({"time": frame["time"], "painted": snap["painted"], "locate": expected})
    check(f"{label}: highlighted word = locate --time at 10 sampled playback times", not mismatches, mismatches or sorted(seen))
    check(f"{label}: the samples cover several words while playing", len(seen) >= 4, sorted(seen))


def click_word(driver, word):
    """A real pointer click at the middle of the word's first box on screen."""
    box = driver.execute_script(HELPERS + """
        const range = __t.rangeOf(arguments[0], arguments[1]);
        window.scrollBy(0, range.getClientRects()[0].top - innerHeight / 3);
        followPlayer.state.userScrollAt = performance.now();
        const box = range.getClientRects()[0];
        return [box.left + box.width / 2, box.top + box.height / 2];""", *span(word))
    actions = ActionBuilder(driver)
    actions.pointer_action.move_to_location(round(box[0]), round(box[1])).click()
    actions.perform()


def clicked_words(driver, words, label, start=0):
    """Click 10 words spread over the chapter: currentTime = their begin (±10 ms; after `start`
    in a single file), highlighted."""
    driver.execute_script(CLICK_RECORDER)
    picks = [round(i * (len(words) - 1) / 9) for i in range(10)]
    failures = []
    for index in picks:
        click_word(driver, words[index])
        record = driver.execute_script("return window.__clicks.pop()")
        if record is None or abs(record["t"] - start - words[index]["begin"]) > 0.010 or record["painted"] != span(words[index]):
            failures.append({"word": index, "begin": words[index]["begin"], "range": span(words[index]), "got": record})
    check(f"{label}: 10 clicked words set currentTime to their begin (±10 ms) and are highlighted", not failures, failures or picks)


def behaviour(args):
    book = json.load(open(os.path.join(args.folder, "book.json"), encoding="utf-8"))
    first, second = book["chapters"][0], book["chapters"][1]
    timing = json.load(open(os.path.join(args.folder, first["timing"]), encoding="utf-8"))
    words = [word for sentence in timing["sentences"] for word in sentence["words"]]
    first_page = first["timing"].replace(".timing.json", ".html")
    second_page = second["timing"].replace(".timing.json", ".html")
    label = f"render {book['rate']['preset']}, playbackRate {args.playback_rate}{', over http' if BASE['url'] else ''}"
    profile = tempfile.mkdtemp(prefix="follow-render-chromium-")
    driver = browser(profile)
    try:
        driver.get(page_url(args.folder, first_page))
        wait_ready(driver)
        blocks = driver.execute_script(HELPERS + "return __t.blocks(arguments[0])", timing["text"])
        check(f"{label}: the page holds the sidecar's text exactly, in headings and paragraphs",
              not blocks["wrong"] and blocks["headings"] >= 1 and blocks["paragraphs"] >= 2, blocks)
        meta = driver.execute_script("const m = navigator.mediaSession.metadata; return m && [m.title, m.album, m.artist, m.artwork.length]")
        covered = os.path.exists(os.path.join(args.folder, "cover.jpg")) or os.path.exists(os.path.join(args.folder, "cover.png"))
        check(f"{label}: Media Session metadata names the chapter, the book and its cover",
              meta and meta[0] == first["title"] and meta[1] == book["title"] and meta[3] == (1 if covered else 0), meta)

        # Speed menu and keys, then the playback rate under test.
        Select(driver.find_element(By.ID, "fr-speed")).select_by_value("2")
        rate = driver.execute_script("return [followPlayer.audio.playbackRate, followPlayer.audio.preservesPitch]")
        press(driver, "[")
        slower = driver.execute_script("return followPlayer.audio.playbackRate")
        check(f"{label}: the speed menu sets the rate with pitch preserved, [ steps to the slower preset",
              rate == [2, True] and slower == 1.7, [rate, slower])
        driver.execute_script("followPlayer.audio.playbackRate = arguments[0]", args.playback_rate)

        driver.execute_script("""
            window.__saves = 0; window.__since = performance.now();
            const setItem = Storage.prototype.setItem;
            Storage.prototype.setItem = function (key, value) {
                if (key.startsWith('follow-render:position:')) window.__saves += 1;
                return setItem.call(this, key, value);
            };""")
        driver.find_element(By.ID, "fr-play").click()
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return followPlayer.audio.currentTime > 0.5"))
        sampled_times(driver, args.cli, args.folder, first["index"], words, label)
        saves = driver.execute_script("return [window.__saves, (performance.now() - window.__since) / 1000]")
        check(f"{label}: while playing, the position is saved at most once a second", 2 <= saves[0] <= saves[1] + 1, saves)

        press(driver, " ")
        paused = driver.execute_script("return followPlayer.audio.paused")
        before = driver.execute_script(SNAPSHOT)
        press(driver, Keys.ARROW_RIGHT)
        after = driver.execute_script(SNAPSHOT)
        check(f"{label}: the right arrow moves to the next sentence and highlights it",
              after["sentence"] == before["sentence"] + 1
              and after["paintedSentence"] == span(timing["sentences"][after["sentence"]]), [before["sentence"], after["sentence"]])
        press(driver, " ")
        playing = not driver.execute_script("return followPlayer.audio.paused")
        check(f"{label}: space pauses and plays", paused and playing, [paused, playing])

        clicked_words(driver, words, label)
        click_word(driver, words[len(words) // 2])
        time.sleep(1)

        # Save on pause, reload, resume where locate --offset says.
        driver.execute_script("followPlayer.audio.pause()")
        saved = json.loads(driver.execute_script("return localStorage.getItem(followPlayer.storageKey)"))
        check(f"{label}: the position is saved as chapter index + UTF-16 offset", saved and saved["chapter"] == first["index"]
              and saved["offset"] in [word["range"][0] for word in words], saved)
        driver.save_screenshot(os.path.join(args.artifacts, "chapter-light.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.save_screenshot(os.path.join(args.artifacts, "chapter-dark.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        check(f"{label}: prefers-color-scheme dark changes the colours", dark != light, [light, dark])
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        driver.set_window_size(390, 780)
        phone = driver.execute_script("""
            const bar = document.querySelector('.controls').getBoundingClientRect();
            return {overflow: document.documentElement.scrollWidth - innerWidth, bar: [bar.left, bar.right, innerWidth],
                    reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
                    labelled: Array.from(document.querySelectorAll('.controls button, .controls input, .controls select'))
                        .every((control) => control.getAttribute('aria-label') || control.closest('label'))};""")
        driver.save_screenshot(os.path.join(args.artifacts, "chapter-phone.png"))
        check(f"{label}: on a phone-sized window nothing overflows sideways and every control is labelled",
              phone["overflow"] <= 0 and phone["bar"][1] <= phone["bar"][2] and phone["labelled"] and phone["reduced"], phone)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        driver.set_window_size(1000, 800)

        driver.refresh()
        wait_ready(driver)
        offer = driver.execute_script("return !document.getElementById('fr-resume').hidden && document.getElementById('fr-resume-text').textContent")
        driver.execute_script(CLICK_RECORDER)
        driver.find_element(By.ID, "fr-resume-yes").click()
        resumed = driver.execute_script("return window.__clicks.pop()")
        expected = locate(args.cli, args.folder, first["index"], "--offset", saved["offset"])
        check(f"{label}: after reload the page offers the saved word and resumes there (locate --offset)",
              offer and resumed and abs(resumed["t"] - expected["audio"]["time"]) <= 0.010 and resumed["painted"] == span(expected["word"]),
              {"offer": offer, "resumed": resumed, "locate": [expected["audio"]["time"], span(expected["word"])]})

        # The book page shows progress and offers to continue.
        driver.execute_script("followPlayer.audio.pause()")
        driver.get(page_url(args.folder, "index.html"))
        progress = driver.execute_script("const link = document.querySelector('ol.chapters a[data-chapter=\"' + arguments[0] + '\"]')"
                                         " || document.querySelector('ol.chapters a');"
                                         "return [link.parentElement.querySelector('progress.listened').value,"
                                         " !document.getElementById('fr-continue').hidden]", first["index"])
        check(f"{label}: the book page shows the first entry's progress and a continue link", progress[0] > 0 and progress[1], progress)
        driver.save_screenshot(os.path.join(args.artifacts, "index-light.png"))

        # The end of the chapter: the next chapter loads and plays.
        driver.get(page_url(args.folder, first_page))
        wait_ready(driver)
        driver.execute_script("followPlayer.audio.playbackRate = arguments[0]; followPlayer.audio.currentTime = followPlayer.audio.duration - 1;"
                              " followPlayer.audio.play()", args.playback_rate)
        WebDriverWait(driver, 20).until(lambda d: d.current_url.split("#")[0].endswith(second_page))
        wait_ready(driver)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return followPlayer.audio.currentTime > 0.3 && !followPlayer.audio.paused"))
        snap = driver.execute_script(SNAPSHOT)
        answer = locate(args.cli, args.folder, second["index"], "--time", snap["frame"]["time"])
        check(f"{label}: at the end of the chapter the next one loads, plays and highlights",
              snap["painted"] == span(answer["word"]), [driver.current_url, snap["frame"], snap["painted"]])
    finally:
        driver.quit()


def single_file(args):
    """A --format none render: every page plays the single file from its chapter's start."""
    book = json.load(open(os.path.join(args.folder, "book.json"), encoding="utf-8"))
    first, second = book["chapters"][0], book["chapters"][1]
    timing = json.load(open(os.path.join(args.folder, second["timing"]), encoding="utf-8"))
    start = timing["audio"]["start"]
    words = [word for sentence in timing["sentences"] for word in sentence["words"]]
    first_page = first["timing"].replace(".timing.json", ".html")
    second_page = second["timing"].replace(".timing.json", ".html")
    label = "the single file"
    profile = tempfile.mkdtemp(prefix="follow-render-chromium-")
    driver = browser(profile)
    try:
        driver.get(page_url(args.folder, second_page))
        wait_ready(driver)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return followPlayer.audio.currentTime > 0"))
        opened = driver.execute_script("return [followPlayer.audio.currentTime, followPlayer.audio.currentSrc]")
        check(f"{label}: the second chapter's page stands at the chapter's start in the single file",
              abs(opened[0] - start) <= 0.010 and opened[1].endswith(timing["audio"]["file"]), [opened, start])
        clicked_words(driver, words, label, start=start)
        click_word(driver, words[0])
        driver.execute_script("followPlayer.audio.play()")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !followPlayer.audio.paused"))
        sampled_times(driver, args.cli, args.folder, second["index"], words, label)

        driver.get(page_url(args.folder, first_page))
        wait_ready(driver)
        first_timing = json.load(open(os.path.join(args.folder, first["timing"]), encoding="utf-8"))
        end = first_timing["audio"]["start"] + first_timing["audio"]["duration"]
        driver.execute_script("followPlayer.audio.currentTime = arguments[0]; followPlayer.audio.play()", end - 0.8)
        WebDriverWait(driver, 20).until(lambda d: d.current_url.split("#")[0].endswith(second_page))
        wait_ready(driver)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return !followPlayer.audio.paused && followPlayer.state.frame && followPlayer.state.frame.time > 0.2"))
        snap = driver.execute_script(SNAPSHOT)
        answer = locate(args.cli, args.folder, second["index"], "--time", snap["frame"]["time"])
        check(f"{label}: the end of the first chapter's span loads the second page, which plays from its chapter's start",
              snap["painted"] == span(answer["word"]) and abs(snap["currentTime"] - start - snap["frame"]["time"]) < 0.5,
              [driver.current_url, snap["frame"], snap["currentTime"], start])
    finally:
        driver.quit()


def performance(args):
    book = json.load(open(os.path.join(args.folder, "book.json"), encoding="utf-8"))
    chapter = book["chapters"][0]
    page = chapter["timing"].replace(".timing.json", ".html")
    profile = tempfile.mkdtemp(prefix="follow-render-chromium-")
    driver = browser(profile)
    try:
        driver.get(page_url(args.folder, page))
        wait_ready(driver)
        timing = driver.execute_script("""
            const nav = performance.getEntriesByType('navigation')[0], ready = performance.getEntriesByName('follow-render:ready')[0];
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            return {ready: ready.startTime, domInteractive: nav.domInteractive, firstContentfulPaint: paint ? paint.startTime : null,
                    load: nav.loadEventEnd, words: followPlayer.wordBegin.length,
                    duration: followPlayer.audio.duration, bytes: nav.decodedBodySize};""")
        # The page's size is its words (the rate changes only their times): at least 11,000, an hour at 1x.
        check(f"a {timing['duration'] / 60:.0f}-minute chapter of {timing['words']} words becomes interactive in under 1 s",
              timing["words"] >= 11000 and max(timing["ready"], timing["domInteractive"]) < 1000, timing)
        # Play at several places (seeks far down the page scroll it) and at four times the speech of the 1x
        # preset for many word changes: playback rate 4 on a 1x render, 1 on a 4x render.
        preset = re.fullmatch(r"([0-9.]+)x", book["rate"]["preset"])
        playback = 4 / float(preset.group(1)) if preset else 4
        driver.execute_script("followPlayer.audio.playbackRate = arguments[0]; followPlayer.audio.play()", playback)
        for fraction in [0.1, 0.5, 0.9, 0.99]:
            driver.execute_script("followPlayer.audio.currentTime = followPlayer.audio.duration * arguments[0]", fraction)
            time.sleep(1.5)
        # Autoscroll keeps the spoken word in the window, but not right after the reader scrolled.
        in_view = """const box = followPlayer.wordRange.getBoundingClientRect();
                     return [box.top, box.bottom, innerHeight, scrollY];"""
        followed = driver.execute_script(in_view)
        ActionChains(driver).scroll_by_amount(0, -4000).perform()
        time.sleep(1)
        left_alone = driver.execute_script(in_view)
        time.sleep(3.5)
        returned = driver.execute_script(in_view)
        inside = lambda box: 0 <= box[0] and box[1] <= box[2]
        check("autoscroll keeps the spoken word in view, and leaves the page where the reader scrolled for 3 s",
              inside(followed) and not inside(left_alone) and inside(returned),
              {"followed": followed, "afterReaderScroll": left_alone, "later": returned})
        stats = driver.execute_script("""
            const s = followPlayer.stats, recent = s.recent.slice().sort((a, b) => a - b);
            return {frames: s.frames, mean: s.total / s.frames, p95: recent[Math.floor(recent.length * 0.95)], max: s.max};""")
        check("highlighting costs under 1 ms per frame (mean and 95th percentile, performance.now())",
              stats["frames"] >= 60 and stats["mean"] < 1 and stats["p95"] < 1, stats)
        driver.save_screenshot(os.path.join(args.artifacts, "long-chapter.png"))
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["behaviour", "performance", "single-file"])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--playback-rate", type=float, default=1.0)
    parser.add_argument("--http", action="store_true", help="open the pages from a local static web server instead of file://")
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    if args.http:
        serve(args.folder)
    return report({"behaviour": behaviour, "performance": performance, "single-file": single_file}[args.mode], args)


if __name__ == "__main__":
    sys.exit(main())
