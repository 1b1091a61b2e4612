// follow-render reference player: the reading controls, on the book page and
// every chapter page. Text size, line spacing and theme (light, sepia, dark,
// or the system's) apply to both; a chapter page also has a sleep timer (end
// of the chapter, 15, 30 or 60 minutes) and search in the book's text, whose
// matches jump there and play. Every choice is kept in localStorage, so
// it follows the listener from page to page; a running sleep timer too (the
// next chapter's page, loaded when a chapter ends, keeps counting).
"use strict";
(() => {
  const prefix = "follow-render:reading:";
  const get = (name, fallback) => {
    try { const value = localStorage.getItem(prefix + name); return value === null ? fallback : value; } catch (error) { return fallback; }
  };
  const set = (name, value) => {
    try { if (value === null) localStorage.removeItem(prefix + name); else localStorage.setItem(prefix + name, String(value)); } catch (error) { /* ignored */ }
  };
  const sizes = [0.85, 1, 1.15, 1.3, 1.5, 1.75, 2];
  // Their values are in reading.css: the page sets data attributes, never a style.
  const spacings = ["compact", "normal", "relaxed", "wide"];
  const themes = ["system", "light", "sepia", "dark"];
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);

  function applySize(value) {
    const size = sizes.includes(value) ? value : 1;
    root.dataset.textSize = String(Math.round(size * 100));
    set("size", size);
    const label = byId("fr-size-value");
    if (label) label.textContent = Math.round(size * 100) + "%";
    return size;
  }
  function applySpacing(name) {
    const chosen = spacings.includes(name) ? name : "normal";
    root.dataset.spacing = chosen;
    set("spacing", chosen);
    return chosen;
  }
  function applyTheme(name) {
    const chosen = themes.includes(name) ? name : "system";
    if (chosen === "system") delete root.dataset.theme; else root.dataset.theme = chosen;
    set("theme", chosen);
    return chosen;
  }
  let size = applySize(Number(get("size", "1")));
  applySpacing(get("spacing", "normal"));
  applyTheme(get("theme", "system"));

  // For developers and tests.
  window.followReading = { applySize, applyTheme, applySpacing };
  const panel = byId("fr-reading");
  if (!panel) return; // the book page: the stored look only
  const toggle = byId("fr-reading-toggle");
  const status = byId("fr-reading-status");
  const announce = (message) => { status.textContent = ""; setTimeout(() => { status.textContent = message; }, 50); };
  function openPanel(open) {
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
  }
  toggle.addEventListener("click", () => {
    openPanel(panel.hidden);
    if (!panel.hidden) byId("fr-size-larger").focus();
  });
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); openPanel(false); toggle.focus(); }
  });

  const step = (delta) => {
    const at = Math.max(0, sizes.indexOf(size));
    size = applySize(sizes[Math.min(sizes.length - 1, Math.max(0, at + delta))]);
    announce("Text size " + Math.round(size * 100) + "%");
  };
  byId("fr-size-smaller").addEventListener("click", () => step(-1));
  byId("fr-size-larger").addEventListener("click", () => step(1));
  const spacing = byId("fr-spacing"), theme = byId("fr-theme");
  spacing.value = get("spacing", "normal");
  theme.value = get("theme", "system");
  spacing.addEventListener("change", () => { spacing.value = applySpacing(spacing.value); });
  theme.addEventListener("change", () => { theme.value = applyTheme(theme.value); });

  // The sleep timer: "end" stops at the end of this chapter (the player then
  // does not go on to the next one); minutes stop when the time is up, on
  // whichever chapter page is playing then.
  const player = window.followPlayer;
  const audio = player && player.audio;
  const sleep = byId("fr-sleep"), sleepLeft = byId("fr-sleep-left");
  let timer = null;
  function armSleep() {
    clearInterval(timer);
    timer = null;
    const mode = get("sleep", "off");
    sleep.value = ["off", "end", "15", "30", "60"].includes(mode) ? mode : "off";
    if (player) player.state.stopAtEnd = mode === "end";
    sleepLeft.textContent = mode === "end" ? "at the end of the chapter" : "";
    const deadline = Number(get("sleep-deadline", "0"));
    if (!/^\d+$/.test(mode) || !deadline) return;
    const tick = () => {
      const left = deadline - Date.now();
      if (left <= 0) {
        clearInterval(timer);
        timer = null;
        set("sleep", null); set("sleep-deadline", null);
        sleep.value = "off";
        sleepLeft.textContent = "";
        if (audio && !audio.paused) audio.pause();
        announce("Sleep timer: paused");
        return;
      }
      const minutes = Math.floor(left / 60000), seconds = Math.floor(left / 1000) % 60;
      sleepLeft.textContent = minutes + ":" + String(seconds).padStart(2, "0") + " left";
    };
    tick();
    if (get("sleep", "off") !== "off") timer = setInterval(tick, 1000);
  }
  sleep.addEventListener("change", () => {
    const mode = sleep.value;
    set("sleep", mode === "off" ? null : mode);
    set("sleep-deadline", /^\d+$/.test(mode) ? Date.now() + Number(mode) * 60000 : null);
    armSleep();
    announce(mode === "off" ? "Sleep timer off" : mode === "end" ? "Sleep at the end of the chapter" : "Sleep in " + mode + " minutes");
  });
  if (audio) {
    // One use: the chapter that ended was the last, the timer is spent.
    audio.addEventListener("ended", () => {
      if (get("sleep", "off") === "end") { set("sleep", null); armSleep(); announce("Sleep timer: stopped at the end of the chapter"); }
    });
  }
  armSleep();

  // Search in the book: every match of the words typed (case ignored), this chapter's first, then the other chapters'
  // in reading order, listed with their context under their chapter's title.
  // A match in this chapter plays from the word there; one in another chapter
  // opens its page at `#at=OFFSET`, which plays from the same word. The other
  // chapters' text is in search.js, loaded by a <script> element the first
  // time (pages opened from file:// cannot fetch); without it, this chapter only.
  const timing = JSON.parse(byId("fr-timing").textContent);
  const book = JSON.parse(byId("fr-book").textContent);
  const search = byId("fr-search"), results = byId("fr-search-results");
  // Lower case that keeps every UTF-16 offset (a letter whose lower case is
  // longer or shorter, such as "İ", stays as it is), so a match's offset is the text's.
  const folded = (value) => {
    const lower = value.toLocaleLowerCase();
    if (lower.length === value.length) return lower;
    return Array.from(value, (letter) => { const small = letter.toLocaleLowerCase(); return small.length === letter.length ? small : letter; }).join("");
  };
  const maxResults = 100;
  const here = { index: book.current, title: "", page: "", text: timing.text, haystack: folded(timing.text) };
  let chapters = null, loading = null;
  function loadBook() {
    if (!loading) {
      loading = new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = "search.js";
        script.onload = () => resolve(window.followSearchData);
        script.onerror = () => resolve(null);
        document.head.append(script);
      }).then((data) => {
        const list = data && Array.isArray(data.chapters) ? data.chapters.filter((chapter) => typeof chapter.text === "string") : [];
        const others = list.filter((chapter) => chapter.index !== book.current)
          .map((chapter) => ({ index: chapter.index, title: String(chapter.title), page: String(chapter.page), text: chapter.text,
                               haystack: folded(chapter.text) }));
        const mine = list.find((chapter) => chapter.index === book.current);
        here.title = mine ? String(mine.title) : "This chapter";
        chapters = list.length ? [here, ...others] : null;
        return chapters;
      });
    }
    return loading;
  }
  // A chapter page as the pages name it (a percent-encoded file name beside this one), never a URL with a scheme.
  const pageLink = (page, hash) => (/^[A-Za-z0-9._~%-]+$/.test(page) ? page + hash : null);
  function context(chapter, at, length) {
    const text = chapter.text;
    const before = text.slice(Math.max(0, at - 30), at).replace(/\s+/g, " ");
    const after = text.slice(at + length, at + length + 30).replace(/\s+/g, " ");
    const mark = document.createElement("mark");
    mark.textContent = text.slice(at, at + length);
    return ["…" + before, mark, after + "…"];
  }
  let generation = 0;
  async function find(query) {
    const mine = ++generation;
    const needle = folded(query.trim());
    if (needle.length < 2) { results.replaceChildren(); return []; }
    const searched = (await loadBook()) || [here];
    if (mine !== generation) return [];
    results.replaceChildren();
    const found = [];
    let total = 0, where = 0;
    for (const chapter of searched) {
      let group = null, count = 0;
      for (let at = chapter.haystack.indexOf(needle); at >= 0; at = chapter.haystack.indexOf(needle, at + needle.length)) {
        count += 1;
        if (found.length >= maxResults) continue;
        found.push({ chapter, at });
        if (!group) {
          const item = document.createElement("li"), title = document.createElement("span"), list = document.createElement("ol");
          title.className = "group";
          title.id = "fr-search-group-" + chapter.index;
          title.textContent = chapter.title || "This chapter";
          list.setAttribute("aria-labelledby", title.id);
          item.append(title, list);
          results.append(item);
          group = list;
        }
        const item = document.createElement("li"), button = document.createElement("button");
        button.type = "button";
        button.dataset.chapter = String(chapter.index);
        button.dataset.offset = String(at);
        button.append(...context(chapter, at, needle.length));
        button.addEventListener("click", () => open(chapter, at));
        item.append(button);
        group.append(item);
      }
      total += count;
      if (count) where += 1;
    }
    const plural = (n, word, many) => n.toLocaleString() + " " + (n === 1 ? word : many);
    announce(total === 0 ? "No match" + (chapters ? "" : " in this chapter")
      : plural(total, "match", "matches") + (chapters ? " in " + plural(where, "chapter", "chapters") : " in this chapter")
        + (total > found.length ? ", the first " + found.length + " listed" : ""));
    return found;
  }
  function open(chapter, offset) {
    if (chapter === here) { jump(offset); return; }
    const target = pageLink(chapter.page, "#at=" + offset);
    if (target) location.href = target;
  }
  function jump(offset) {
    if (player) player.playFromOffset(offset);
  }
  let pending = null;
  search.addEventListener("input", () => { clearTimeout(pending); pending = setTimeout(() => find(search.value), 150); });
  search.addEventListener("keydown", async (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      clearTimeout(pending);
      const found = await find(search.value);
      if (found.length) open(found[0].chapter, found[0].at);
    }
  });

  // "/" opens the controls at the search field, as in most reading apps.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "/" || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    event.preventDefault();
    openPanel(true);
    search.focus();
  });
  Object.assign(window.followReading, { find, jump, loadBook });
})();
