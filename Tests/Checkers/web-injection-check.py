#!/usr/bin/python3
"""Checks in headless Chromium that nothing from a book or a rendered folder runs
as script in the web player's pages (WebInjectionTests).

    web-injection-check.py --folder DIR

DIR is a folder rendered with --web from a hostile book: its title, authors,
headings, text and SVG cover carry payloads that would set `window.__pwned`
(in the page, or in the top window from the cover) if they ever ran. Each sink
gets a check: text, title and attributes, the embedded JSON, the cover, every
link, and the three places the scripts navigate (`location` at the end of a
chapter, on resume, the book page's continue link), the last ones on copies of
the pages whose embedded page names were doctored to `javascript:` URLs, as a
page written by another program could hold them; the search in the book lists
text and titles as text, and never navigates to a doctored search.js's pages. Prints one JSON object
{"checks": [{"name", "ok", "detail"}]} and exits 0 when every check passed.
"""
import argparse
import importlib.util
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("web_player_check", os.path.join(HERE, "../../scripts/web-player-check.py"))
player_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(player_check)
check, checks, browser = player_check.check, player_check.checks, player_check.browser

# What the DOM of any page may hold: no inline event handler, no style from
# the book, no script but ours, every URL a file beside the page (or the
# cover's data: image), and nothing set by a payload.
AUDIT = """
const bad = [];
for (const element of document.querySelectorAll("*")) {
  for (const attribute of element.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith("on")) bad.push("handler " + element.tagName + " " + name);
    if (name === "style") bad.push("style attribute on " + element.tagName);
    if (["href", "src", "action", "formaction", "xlink:href", "poster", "data"].includes(name)) {
      const url = new URL(attribute.value, location.href);
      const image = element.tagName === "IMG" && url.protocol === "data:" && attribute.value.startsWith("data:image/");
      if (url.protocol !== location.protocol && !image) bad.push(element.tagName + " " + name + " " + url.protocol);
    }
  }
  if (element.tagName === "STYLE") bad.push("style element");
  if (element.tagName === "SCRIPT" && !(element.type === "application/json" && !element.src)
      && !/\\/(player|library|reading|search|follow-timing)\\.js$/.test(element.src)) bad.push("script " + element.outerHTML.slice(0, 80));
  if (["IFRAME", "OBJECT", "EMBED", "BASE", "FORM"].includes(element.tagName)) bad.push(element.tagName);
}
return {bad, pwned: window.__pwned === undefined ? null : String(window.__pwned)};
"""


def url(folder, name):
    return "file://" + os.path.join(os.path.abspath(folder), name)


def audit(driver):
    return driver.execute_script(AUDIT)


def clean(result):
    return not result["bad"] and result["pwned"] is None


def load(driver, folder, name, player):
    driver.get(url(folder, name))
    if player:
        player_check.WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!window.followPlayer"))
    return audit(driver)


def doctored(folder, page, name, payload):
    """A copy of `page` in the folder whose embedded chapter pages are `payload`."""
    with open(os.path.join(folder, page), encoding="utf-8") as source:
        html = source.read()
    match = re.search(r'(<script type="application/json" id="fr-book">)(.*?)(</script>)', html, re.S)
    book = json.loads(match[2])
    for chapter in book["chapters"]:
        chapter["page"] = payload
    data = json.dumps(book).replace("<", "\\u003c")
    with open(os.path.join(folder, name), "w", encoding="utf-8") as out:
        out.write(html[:match.start(2)] + data + html[match.end(2):])
    return book


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--folder", required=True)
    arguments = parser.parse_args()
    folder = arguments.folder
    book = json.load(open(os.path.join(folder, "book.json"), encoding="utf-8"))
    pages = [chapter["timing"].replace(".timing.json", ".html") for chapter in book["chapters"]]
    with tempfile.TemporaryDirectory() as profile:
        driver = browser(profile)
        try:
            index = load(driver, folder, "index.html", player=False)
            title = driver.execute_script("return document.title")
            check("index.html: the title and authors are text, in <title>, the page and its attributes",
                  clean(index) and "</title><script>" in title and "onerror=" in driver.find_element(
                      player_check.By.CSS_SELECTOR, ".authors").text, [index, title])
            embedded = driver.execute_script("return JSON.parse(document.getElementById('fr-book').textContent).title")
            check("index.html: the embedded JSON holds the title as it is", embedded == book["title"], embedded)
            cover = driver.execute_script(
                "const image = document.querySelector('img.cover');"
                "return image && [image.src.slice(0, 26), image.complete, image.naturalWidth]")
            check("index.html: an SVG cover is shown through <img> as data: (its script never runs) and never written as a file",
                  clean(audit(driver)) and cover and cover[0] == "data:image/svg+xml;base64," and cover[2] > 0
                  and not any(name.endswith(".svg") for name in os.listdir(folder)), [cover, audit(driver)])

            results = []
            for page in pages:
                result = load(driver, folder, page, player=True)
                text = driver.execute_script("return document.getElementById('fr-text').textContent")
                results.append([page, result, "window.__pwned" in text])
            check("chapter pages: headings and text that look like markup stay text, the player runs",
                  all(clean(result) and shown for _, result, shown in results), results)
            timing = driver.execute_script("return JSON.parse(document.getElementById('fr-timing').textContent).text")
            check("chapter pages: the embedded sidecar JSON holds the text as it is, </script> included",
                  "</main><script>" in timing, timing[:200])

            visited = []
            for start in ["index.html"] + pages:
                driver.get(url(folder, start))
                links = driver.execute_script("return [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'))")
                for number, href in enumerate(links):
                    driver.get(url(folder, start))
                    driver.execute_script("document.querySelectorAll('a[href]')[arguments[0]].click()", number)
                    visited.append([start, href, driver.current_url, audit(driver)])
            check("every link of every page leads to a page in the folder",
                  visited and all(current.startswith(url(folder, "")) and clean(result) for _, _, current, result in visited),
                  visited)

            # Search in the book: the text and titles of search.js are shown as text; a match in the other
            # chapter opens its page; a search.js whose page names were doctored is never navigated to.
            driver.get(url(folder, pages[0]))
            player_check.WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!window.followReading"))
            driver.execute_script("followReading.find('__pwned')")
            player_check.WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return document.getElementById('fr-reading-status').textContent.includes('match')"))
            found = driver.execute_script("return Array.from(document.querySelectorAll('#fr-search-results button'))"
                                          ".map((b) => [Number(b.dataset.chapter), b.textContent])")
            shown = driver.execute_script("return Array.from(document.querySelectorAll('#fr-search-results .group')).map((g) => g.textContent)")
            other = [number for number, (chapter, _) in enumerate(found) if chapter == book["chapters"][1]["index"]]
            if other:
                driver.execute_script("document.querySelectorAll('#fr-search-results button')[arguments[0]].click()", other[0])
                player_check.WebDriverWait(driver, 20).until(lambda d: d.current_url.split("#")[0].endswith("/" + pages[1]))
            check("search in the book: text and titles that look like markup are listed as text, a match opens its chapter",
                  other and len({chapter for chapter, _ in found}) == 2 and any("<script>" in text for _, text in found)
                  and any("</script>" in title for title in shown) and clean(audit(driver)), [found, shown, driver.current_url])

            payload = "javascript:void(window.__pwned='location')"
            search_file = os.path.join(folder, "search.js")
            with open(search_file, encoding="utf-8") as source:
                original = source.read()
            prefix, data = original.split(" = ", 1)
            searched = json.loads(data.rstrip().rstrip(";"))
            for chapter in searched["chapters"]:
                chapter["page"] = payload
            try:
                with open(search_file, "w", encoding="utf-8") as out:
                    out.write(prefix + " = " + json.dumps(searched).replace("<", "\\u003c") + ";\n")
                driver.get(url(folder, pages[0]))
                player_check.WebDriverWait(driver, 20).until(lambda d: d.execute_script("return !!window.followReading"))
                driver.execute_script("followReading.find('__pwned')")
                player_check.WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                    "return document.getElementById('fr-reading-status').textContent.includes('match')"))
                clicked = driver.execute_script("""
                    const other = Array.from(document.querySelectorAll('#fr-search-results button'))
                      .filter((b) => Number(b.dataset.chapter) === arguments[0]);
                    other.forEach((b) => b.click());
                    return other.length;""", book["chapters"][1]["index"])
                check("search in the book: a javascript: page name in search.js is never navigated to",
                      clicked > 0 and clean(audit(driver)) and driver.current_url.split("#")[0].endswith("/" + pages[0]),
                      [clicked, driver.current_url, audit(driver)])
            finally:
                with open(search_file, "w", encoding="utf-8") as out:
                    out.write(original)

            doctored(folder, pages[0], "doctored-chapter.html", payload)
            before = load(driver, folder, "doctored-chapter.html", player=True)
            driver.execute_script("followPlayer.audio.dispatchEvent(new Event('ended'))")
            after = audit(driver)
            check("location at the end of a chapter: a javascript: page name is never navigated to",
                  clean(before) and clean(after) and driver.current_url.endswith("/doctored-chapter.html"), [before, after])

            driver.execute_script("localStorage.setItem(followPlayer.storageKey, JSON.stringify({chapter: arguments[0], offset: 3}))",
                                  book["chapters"][-1]["index"])
            resumed = load(driver, folder, "doctored-chapter.html", player=True)
            driver.execute_script("document.getElementById('fr-resume-yes').click()")
            check("location on resume: a javascript: page name is never navigated to",
                  clean(resumed) and clean(audit(driver)) and driver.current_url.endswith("/doctored-chapter.html"),
                  [resumed, audit(driver)])

            doctored(folder, "index.html", "doctored-index.html", payload)
            shelf = load(driver, folder, "doctored-index.html", player=False)
            link = driver.execute_script("const link = document.getElementById('fr-continue-link');"
                                         "return [link.getAttribute('href'), document.getElementById('fr-continue').hidden]")
            driver.execute_script("document.getElementById('fr-continue-link').click()")
            check("the book page's continue link never takes a javascript: page name",
                  clean(shelf) and link == ["#", True] and clean(audit(driver)), [shelf, link])

            with open(os.path.join(folder, pages[0]), encoding="utf-8") as source:
                html = source.read().replace('<main id="fr-text"', '<a id="csp-probe" href="javascript:void(window.__pwned=\'csp\')">x</a>'
                                             '<main id="fr-text"', 1)
            with open(os.path.join(folder, "doctored-link.html"), "w", encoding="utf-8") as out:
                out.write(html)
            driver.get(url(folder, "doctored-link.html"))
            driver.execute_script("document.getElementById('csp-probe').click()")
            check("the pages' Content-Security-Policy blocks a javascript: link even if one were written",
                  driver.execute_script("return window.__pwned === undefined"), driver.current_url)

            # The control: the same payload in a page without the policy does set the global, so
            # each "not set" above means the payload was inert, not that the check cannot see it.
            control = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
            with open(os.path.join(folder, "control.html"), "w", encoding="utf-8") as out:
                out.write(control)
            driver.get(url(folder, "control.html"))
            driver.execute_script("document.getElementById('csp-probe').click()")
            check("control: without the policy, the same javascript: link sets the global (the checks can see a payload run)",
                  driver.execute_script("return window.__pwned") == "csp", driver.current_url)
        finally:
            driver.quit()
            for name in ["doctored-chapter.html", "doctored-index.html", "doctored-link.html", "control.html"]:
                if os.path.exists(os.path.join(folder, name)):
                    os.remove(os.path.join(folder, name))
    json.dump({"checks": checks}, sys.stdout, indent=1)
    print()
    return 0 if all(item["ok"] for item in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
