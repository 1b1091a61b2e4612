#!/usr/bin/python3
"""Checks the web player's reading controls (reading.js) in headless Chromium
(Debian's chromium, chromium-driver and python3-selenium), on a folder rendered
with --web and at least two chapters.

    web-reading-check.py --cli CLI --folder DIR --artifacts OUT

Checks: every control of the panel has an accessible name and the panel opens
and closes by keyboard ("/" focuses the search, Escape closes and returns to
the toggle); text size, line spacing and theme change the page's computed
style, are kept in localStorage and apply after a reload and on the book page;
a search lists the matches of a word (this chapter's first) and Enter plays
from the first one, at the time `follow-render locate --offset` gives; the sleep timer at the end of
the chapter stops there instead of loading the next chapter; a timer whose
time is up (its deadline kept in localStorage, as a chapter page left it)
pauses the audio.

Prints {"checks": [{"name", "ok", "detail"}]} on stdout; exits 0 when all passed.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("web_player_check", os.path.join(HERE, "../../scripts/web-player-check.py"))
player_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(player_check)
check, checks, browser = player_check.check, player_check.checks, player_check.browser


def wait_ready(driver):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return !!window.followPlayer && !!window.followReading && followPlayer.audio.readyState >= 1"))


def style(driver, selector, prop):
    return driver.execute_script("return getComputedStyle(document.querySelector(arguments[0]))[arguments[1]]", selector, prop)


def run(args):
    folder = os.path.abspath(args.folder)
    book = json.load(open(os.path.join(folder, "book.json"), encoding="utf-8"))
    first = book["chapters"][0]
    timing = json.load(open(os.path.join(folder, first["timing"]), encoding="utf-8"))
    page = "file://" + os.path.join(folder, first["timing"].replace(".timing.json", ".html"))
    index = "file://" + os.path.join(folder, "index.html")
    profile = tempfile.mkdtemp(prefix="follow-render-reading-")
    driver = browser(profile)
    try:
        driver.get(page)
        wait_ready(driver)
        unnamed = driver.execute_script("""
            return Array.from(document.querySelectorAll('#fr-reading button, #fr-reading select, #fr-reading input, #fr-reading-toggle'))
              .filter(e => !(e.getAttribute('aria-label') || (e.labels && e.labels.length) || e.textContent.trim()
                             || (e.getAttribute('aria-labelledby'))))
              .map(e => e.id);""")
        check("every reading control has an accessible name", unnamed == [], unnamed)
        status = driver.execute_script("const s = document.getElementById('fr-reading-status'); return [s.getAttribute('role'), s.getAttribute('aria-live')]")
        check("changes are announced in a polite live region", status == ["status", "polite"], status)

        # Keyboard: "/" opens the panel at the search field, Escape closes it and returns to the toggle.
        driver.execute_script("document.activeElement && document.activeElement.blur()")
        ActionChains(driver).send_keys("/").perform()
        opened = driver.execute_script("return [!document.getElementById('fr-reading').hidden, document.activeElement.id,"
                                       " document.getElementById('fr-reading-toggle').getAttribute('aria-expanded')]")
        ActionChains(driver).send_keys(Keys.ESCAPE).perform()
        closed = driver.execute_script("return [document.getElementById('fr-reading').hidden, document.activeElement.id]")
        check("'/' opens the controls at the search field and Escape closes them back to the toggle",
              opened == [True, "fr-search", "true"] and closed == [True, "fr-reading-toggle"], [opened, closed])

        # Text size, line spacing, theme: computed style, kept after a reload and on the book page.
        before = float(style(driver, "#fr-text", "fontSize")[:-2])
        toggle = driver.find_element(By.ID, "fr-reading-toggle")
        toggle.send_keys(Keys.ENTER)
        for _ in range(2):
            driver.find_element(By.ID, "fr-size-larger").click()
        Select(driver.find_element(By.ID, "fr-spacing")).select_by_value("wide")
        Select(driver.find_element(By.ID, "fr-theme")).select_by_value("sepia")
        after = float(style(driver, "#fr-text", "fontSize")[:-2])
        leading = float(style(driver, "#fr-text", "lineHeight")[:-2]) / after
        paper = style(driver, "body", "backgroundColor")
        check("larger text, wide spacing and the sepia theme change the page",
              abs(after / before - 1.3) < 0.02 and abs(leading - 2.3) < 0.02 and paper == "rgb(244, 236, 216)",
              [before, after, leading, paper])
        driver.save_screenshot(os.path.join(args.artifacts, "reading-sepia.png"))
        driver.refresh()
        wait_ready(driver)
        kept = [float(style(driver, "#fr-text", "fontSize")[:-2]), style(driver, "body", "backgroundColor"),
                driver.execute_script("return [document.getElementById('fr-theme').value, document.getElementById('fr-spacing').value]")]
        driver.get(index)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
        on_index = style(driver, "body", "backgroundColor")
        check("the choices are kept in localStorage: after a reload and on the book page",
              abs(kept[0] - after) < 0.01 and kept[1] == paper and kept[2] == ["sepia", "wide"] and on_index == paper, [kept, on_index])
        driver.execute_script("followReading.applyTheme('dark')")
        dark = style(driver, "body", "backgroundColor")
        driver.execute_script("followReading.applyTheme('system')")
        check("the dark theme, and back to the system's", dark == "rgb(23, 24, 27)"
              and driver.execute_script("return !document.documentElement.dataset.theme"), dark)

        # Search: a word of the chapter, Enter plays from its first match.
        driver.get(page)
        wait_ready(driver)
        words = [w for s in timing["sentences"] for w in s["words"]]
        candidates = [timing["text"][w["range"][0]:w["range"][0] + w["range"][1]] for w in words[len(words) // 2:]]
        word = next(c for c in candidates if re.fullmatch(r"[A-Za-z]{5,}", c))
        offset = timing["text"].lower().index(word.lower())
        expected = json.loads(subprocess.run([args.cli, "locate", folder, "--offset", f"{first['index']}:{offset}"],
                                             capture_output=True, text=True, check=True).stdout)
        driver.find_element(By.ID, "fr-reading-toggle").click()
        search = driver.find_element(By.ID, "fr-search")
        search.send_keys(word)
        WebDriverWait(driver, 5).until(lambda d: d.execute_script("return document.querySelectorAll('#fr-search-results button').length > 0"))
        listed = driver.execute_script("return Array.from(document.querySelectorAll('#fr-search-results button'))"
                                       ".filter(b => Number(b.dataset.chapter) === arguments[0]).map(b => Number(b.dataset.offset))", first["index"])
        all_matches = [m.start() for m in re.finditer(re.escape(word.lower()), timing["text"].lower())]
        search.send_keys(Keys.ENTER)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !followPlayer.audio.paused"))
        # Where playback started: the start of the played range holding the current time (the
        # page was just loaded), not the current time, which moves on while a loaded machine answers.
        played = driver.execute_script(
            "const a = followPlayer.audio, p = a.played; let start = null;"
            "for (let i = 0; i < p.length; i++) if (p.start(i) <= a.currentTime + 0.001 && a.currentTime <= p.end(i) + 0.001) start = p.start(i);"
            "return start")
        begin = expected["audio"]["time"] if "audio" in expected else expected.get("time")
        check(f"search lists every match of '{word}' and Enter plays from the first (locate --offset)",
              listed == all_matches[:100] and played is not None and abs(played - begin) < 0.25,
              [listed[:5], all_matches[:5], played, begin])
        driver.execute_script("followPlayer.audio.pause()")

        # Sleep at the end of the chapter: the page stays, paused, instead of loading the next chapter.
        Select(driver.find_element(By.ID, "fr-sleep")).select_by_value("end")
        duration = timing["audio"]["duration"]
        driver.execute_script("followPlayer.seek(arguments[0], true)", max(0, duration - 1.0))
        WebDriverWait(driver, 15).until(lambda d: d.execute_script("return followPlayer.audio.ended"))
        time.sleep(1.0)
        stayed = driver.execute_script("return [location.pathname.split('/').pop(), followPlayer.audio.paused, document.getElementById('fr-sleep').value]")
        check("the sleep timer at the end of the chapter stops there, then is spent",
              stayed == [first["timing"].replace(".timing.json", ".html"), True, "off"], stayed)

        # A timer whose deadline comes while playing pauses the audio.
        driver.execute_script("localStorage.setItem('follow-render:reading:sleep', '15');"
                              "localStorage.setItem('follow-render:reading:sleep-deadline', String(Date.now() + 3000));")
        driver.refresh()
        wait_ready(driver)
        driver.execute_script("followPlayer.seek(0, true)")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !followPlayer.audio.paused"))
        shown = driver.execute_script("return document.getElementById('fr-sleep-left').textContent")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return followPlayer.audio.paused"))
        after_timer = driver.execute_script("return [followPlayer.audio.currentTime, localStorage.getItem('follow-render:reading:sleep'),"
                                            " document.getElementById('fr-reading-status').textContent]")
        check("a sleep timer kept across pages pauses the audio when its time is up",
              re.fullmatch(r"0:0[0-3] left", shown) and 1.5 < after_timer[0] < 5 and after_timer[1] is None
              and after_timer[2] == "Sleep timer: paused", [shown, after_timer])
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    return player_check.report(run, args)


if __name__ == "__main__":
    sys.exit(main())
