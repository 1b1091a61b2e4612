// follow-render reference player: the reading controls, on the book page and
// every chapter page. Text size, line spacing and theme (light, sepia, dark,
// or the system's) apply to both; a chapter page also has a sleep timer (end
// of the chapter, 15, 30 or 60 minutes) and search in the chapter's text,
// whose matches jump there and play. Every choice is kept in localStorage, so
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

  // Search in the chapter: every match of the words typed (case and accents
  // ignored as far as the browser's collation does), listed with its context;
  // choosing one plays from the word there.
  const timing = JSON.parse(byId("fr-timing").textContent);
  const search = byId("fr-search"), results = byId("fr-search-results");
  const folded = (value) => value.toLocaleLowerCase();
  const haystack = folded(timing.text);
  const maxResults = 50;
  function find(query) {
    results.replaceChildren();
    const needle = folded(query.trim());
    if (needle.length < 2) return [];
    const found = [];
    for (let at = haystack.indexOf(needle); at >= 0 && found.length < maxResults; at = haystack.indexOf(needle, at + needle.length)) {
      found.push(at);
    }
    for (const at of found) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.offset = String(at);
      const before = timing.text.slice(Math.max(0, at - 30), at).replace(/\s+/g, " ");
      const match = timing.text.slice(at, at + needle.length);
      const after = timing.text.slice(at + needle.length, at + needle.length + 30).replace(/\s+/g, " ");
      const mark = document.createElement("mark");
      mark.textContent = match;
      button.append("…" + before, mark, after + "…");
      button.addEventListener("click", () => jump(at));
      item.append(button);
      results.append(item);
    }
    announce(found.length === 0 ? "No match" : found.length + (found.length === maxResults ? " or more" : "") + " match" + (found.length === 1 ? "" : "es"));
    return found;
  }
  function jump(offset) {
    if (!player) return;
    const word = player.wordAtOffset(offset);
    if (word < 0) return;
    player.state.started = true;
    player.seek(player.wordBegin[word], true);
  }
  let pending = null;
  search.addEventListener("input", () => { clearTimeout(pending); pending = setTimeout(() => find(search.value), 150); });
  search.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      const found = find(search.value);
      if (found.length) jump(found[0]);
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
  Object.assign(window.followReading, { find, jump });
})();
