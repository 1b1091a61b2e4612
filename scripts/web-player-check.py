#!/usr/bin/python3
"""Checks follow-render's web player in a real browser (headless Debian chromium
through chromium-driver and python3-selenium), on a folder rendered with --web.

    web-player-check.py behaviour --cli CLI --folder DIR --artifacts OUT [--playback-rate 1.5]
    web-player-check.py performance --cli CLI --folder DIR --artifacts OUT

`behaviour` opens the first two chapters' pages from file:// and checks what the
issue asks for: the highlighted word at 10 sampled playback times is the word
`follow-render locate --time` gives for the currentTime the page read in that
same frame; clicking 10 words sets currentTime to their sidecar begin (±10 ms)
and highlights them; a reload offers the saved position and resumes at the word
`locate --offset` gives; at the end of a chapter the next one loads and plays;
the speed menu and keys, Media Session metadata, the book page's progress; and
it saves screenshots in light and dark. `performance` opens the first chapter
(meant to be long) and measures with the Performance API when the page became
interactive and what highlighting costs per frame.

Prints one JSON object {"checks": [{"name", "ok", "detail"}]} on stdout and exits
0 when every check passed, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

checks = []


def check(name, ok, detail=""):
    checks.append({"name": name, "ok": bool(ok), "detail": str(detail)[:500]})
    return ok


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


def page_url(folder, name):
    return "file://" + os.path.join(os.path.abspath(folder), name)


def wait_ready(driver, timeout=20):
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(
        "return !!window.followPlayer && followPlayer.audio.readyState >= 1"))


SNAPSHOT = """
const p = followPlayer, now = document.querySelector('#fr-text .w.now'), s = document.querySelector('#fr-text .s.now');
return {frame: p.state.frame, word: now ? now.frWord : -1, text: now ? now.textContent : null,
        sentences: Array.from(document.querySelectorAll('#fr-text .s')).indexOf(s),
        currentTime: p.audio.currentTime, paused: p.audio.paused, rate: p.audio.playbackRate};
"""


def press(driver, key):
    """Types `key` with nothing focused, as a reader would on the page."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(driver).send_keys(key).perform()


CLICK_RECORDER = """
    window.__clicks = [];
    window.addEventListener('click', () => {
        const now = document.querySelector('#fr-text .w.now');
        window.__clicks.push({t: followPlayer.audio.currentTime, word: now ? now.frWord : -1});
    });"""


def sampled_times(driver, cli, folder, chapter, words, label):
    """10 samples during playback: the highlighted word vs `locate --time` at the frame's time."""
    mismatches, seen = [], set()
    for _ in range(10):
        time.sleep(0.3)
        snap = driver.execute_script(SNAPSHOT)
        frame = snap["frame"]
        answer = locate(cli, folder, chapter, "--time", frame["time"])
        expected = answer["word"]["range"]
        shown = words[snap["word"]]["range"] if snap["word"] >= 0 else None
        seen.add(snap["word"])
        if shown != expected or frame["word"] != snap["word"]:
            mismatches.append({"time": frame["time"], "shown": shown, "locate": expected})
    check(f"{label}: highlighted word = locate --time at 10 sampled playback times", not mismatches, mismatches or sorted(seen))
    check(f"{label}: the samples cover several words while playing", len(seen) >= 4, sorted(seen))


def clicked_words(driver, words, label):
    """Click 10 words spread over the chapter: currentTime = their begin (±10 ms), highlighted."""
    driver.execute_script(CLICK_RECORDER)
    elements = driver.find_elements(By.CSS_SELECTOR, "#fr-text .w")
    picks = [round(i * (len(elements) - 1) / 9) for i in range(10)]
    failures = []
    for index in picks:
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); followPlayer.state.userScrollAt = performance.now();",
                              elements[index])
        elements[index].click()
        record = driver.execute_script("return window.__clicks.pop()")
        begin = words[index]["begin"]
        if record is None or abs(record["t"] - begin) > 0.010 or record["word"] != index:
            failures.append({"word": index, "begin": begin, "got": record})
    check(f"{label}: 10 clicked words set currentTime to their begin (±10 ms) and are highlighted", not failures, failures or picks)


def behaviour(args):
    book = json.load(open(os.path.join(args.folder, "book.json"), encoding="utf-8"))
    first, second = book["chapters"][0], book["chapters"][1]
    timing = json.load(open(os.path.join(args.folder, first["timing"]), encoding="utf-8"))
    words = [word for sentence in timing["sentences"] for word in sentence["words"]]
    first_page = first["timing"].replace(".timing.json", ".html")
    second_page = second["timing"].replace(".timing.json", ".html")
    label = f"render {book['rate']['preset']}, playbackRate {args.playback_rate}"
    profile = tempfile.mkdtemp(prefix="follow-render-chromium-")
    driver = browser(profile)
    try:
        driver.get(page_url(args.folder, first_page))
        wait_ready(driver)
        spans = driver.execute_script("return [document.querySelectorAll('#fr-text .w').length, document.querySelectorAll('#fr-text .s').length,"
                                      " document.querySelectorAll('#fr-text h1, #fr-text h2').length, document.querySelectorAll('#fr-text p').length]")
        check(f"{label}: the page has a span per sidecar word and sentence, headings and paragraphs",
              spans[0] == len(words) and spans[1] == len(timing["sentences"]) and spans[2] >= 1 and spans[3] >= 2, spans)
        meta = driver.execute_script("const m = navigator.mediaSession.metadata; return m && [m.title, m.album, m.artist, m.artwork.length]")
        check(f"{label}: Media Session metadata names the chapter and the book",
              meta and meta[0] == first["title"] and meta[1] == book["title"], meta)

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
        check(f"{label}: the right arrow moves to the next sentence", after["sentences"] == before["sentences"] + 1,
              [before["sentences"], after["sentences"]])
        press(driver, " ")
        playing = not driver.execute_script("return followPlayer.audio.paused")
        check(f"{label}: space pauses and plays", paused and playing, [paused, playing])

        clicked_words(driver, words, label)
        middle = driver.find_elements(By.CSS_SELECTOR, "#fr-text .w")[len(words) // 2]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", middle)
        middle.click()
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
        wanted = [w["range"] for w in words].index(expected["word"]["range"])
        check(f"{label}: after reload the page offers the saved word and resumes there (locate --offset)",
              offer and resumed and abs(resumed["t"] - expected["audio"]["time"]) <= 0.010 and resumed["word"] == wanted,
              {"offer": offer, "resumed": resumed, "locate": expected["audio"]["time"], "word": wanted})

        # The book page shows progress and offers to continue.
        driver.execute_script("followPlayer.audio.pause()")
        driver.get(page_url(args.folder, "index.html"))
        progress = driver.execute_script("return [document.getElementById('fr-progress-' + arguments[0]).value,"
                                         " !document.getElementById('fr-continue').hidden]", first["index"])
        check(f"{label}: the book page shows the chapter's progress and a continue link", progress[0] > 0 and progress[1], progress)
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
        next_timing = json.load(open(os.path.join(args.folder, second["timing"]), encoding="utf-8"))
        next_words = [word for sentence in next_timing["sentences"] for word in sentence["words"]]
        check(f"{label}: at the end of the chapter the next one loads, plays and highlights",
              next_words[snap["word"]]["range"] == answer["word"]["range"], [driver.current_url, snap["frame"]])
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
            return {ready: ready.startTime, domInteractive: nav.domInteractive, words: followPlayer.wordBegin.length,
                    duration: followPlayer.audio.duration, bytes: nav.decodedBodySize};""")
        check(f"a {timing['duration'] / 60:.0f}-minute chapter of {timing['words']} words becomes interactive in under 1 s",
              timing["duration"] >= 3600 and timing["ready"] < 1000, timing)
        # Play at several places (seeks far down the page scroll it) and at 4x for many word changes.
        driver.execute_script("followPlayer.audio.playbackRate = 4; followPlayer.audio.play()")
        for fraction in [0.1, 0.5, 0.9, 0.99]:
            driver.execute_script("followPlayer.audio.currentTime = followPlayer.audio.duration * arguments[0]", fraction)
            time.sleep(1.5)
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
    parser.add_argument("mode", choices=["behaviour", "performance"])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--artifacts", required=True)
    parser.add_argument("--playback-rate", type=float, default=1.0)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    try:
        (behaviour if args.mode == "behaviour" else performance)(args)
    except Exception as error:  # a check that could not run is a failed check, with the reason
        check("the browser session ran to the end", False, f"{type(error).__name__}: {error}")
    print(json.dumps({"checks": checks}, indent=1))
    return 0 if checks and all(entry["ok"] for entry in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
