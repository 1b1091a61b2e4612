// follow-render reference player for one chapter page.
//
// Everything it needs is in the page: the book (#fr-book) and the chapter's
// timing sidecar verbatim (#fr-timing), so it works from file:// without fetch.
// The text is plain HTML: a block (p, h1, h2) per paragraph with `data-at`,
// the UTF-16 offset of its first character in the sidecar's `text`, and `<br>`
// for "\n". DOM strings are UTF-16 too, so every sidecar range maps to a DOM
// Range, and the sentence and the word are painted with the CSS Custom
// Highlight API: no element per word, so a long chapter stays light to load.
// Positions follow docs/sidecar.md exactly (the rules of `follow-render locate`),
// in follow-timing.js, which the page loads before this script.
// A render without chapter audio (--format none) has every page play the
// single-file audiobook: the sidecar's `audio.start` says where the chapter
// starts in it, and the chapter ends at `start + duration`.
"use strict";
(() => {
  const book = JSON.parse(document.getElementById("fr-book").textContent);
  const timing = JSON.parse(document.getElementById("fr-timing").textContent);
  const audio = document.getElementById("fr-audio");
  const text = document.getElementById("fr-text");
  // Times are the sidecar's; the audio element's are the file's.
  const single = timing.audio.start !== undefined, start0 = timing.audio.start || 0;
  const chapterTime = () => audio.currentTime - start0;
  const byId = (id) => document.getElementById(id);
  const storageKey = "follow-render:position:" + book.id;
  const speedKey = "follow-render:speed";
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  // The sidecar indexed for lookups (follow-timing.js): flat, sorted arrays, binary searches.
  const { wordBegin, wordLocation, wordEnd, wordSentence, sentenceBegin, spoken, wordAt, wordAtOffset } = FollowTiming.index(timing);
  const lastAtMost = FollowTiming.lastAtMost;

  // The text nodes in order with the UTF-16 offset each starts at.
  const nodes = [], nodeStarts = [], nodeIndex = new Map();
  let matches = true;
  for (const block of text.querySelectorAll("[data-at]")) {
    let at = Number(block.dataset.at);
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        matches = matches && timing.text.startsWith(node.data, at);
        nodeIndex.set(node, nodes.length);
        nodes.push(node);
        nodeStarts.push(at);
        at += node.length;
      } else if (node.nodeName === "BR") {
        at += 1;
      }
    }
  }
  if (!matches) console.error("follow-render: the page's text does not match its timing data");

  /** Sets `range` to the text from UTF-16 `start` to `end`. */
  function place(range, start, end) {
    const first = Math.max(0, lastAtMost(nodeStarts, start));
    const last = Math.max(0, lastAtMost(nodeStarts, end - 1));
    if (!nodes.length) return;
    range.setStart(nodes[first], Math.min(nodes[first].length, Math.max(0, start - nodeStarts[first])));
    range.setEnd(nodes[last], Math.min(nodes[last].length, Math.max(0, end - nodeStarts[last])));
  }

  /** The UTF-16 offset of a DOM position in the text, or -1 outside it. */
  function offsetOf(node, offset) {
    const index = nodeIndex.get(node);
    return index === undefined ? -1 : nodeStarts[index] + offset;
  }

  // Highlighting, once per animation frame while playing: two registered
  // highlights whose ranges move; nothing in the DOM changes.
  const state = { word: -1, sentence: -1, frame: null, started: false, lastSave: 0, userScrollAt: -Infinity, autoScrollAt: -Infinity };
  const stats = { frames: 0, total: 0, max: 0, recent: [] };
  const wordRange = document.createRange(), sentenceRange = document.createRange();
  if (window.CSS && CSS.highlights) {
    const sentenceHighlight = new Highlight(sentenceRange), wordHighlight = new Highlight(wordRange);
    wordHighlight.priority = 1;
    CSS.highlights.set("fr-sentence", sentenceHighlight);
    CSS.highlights.set("fr-word", wordHighlight);
  } else {
    console.warn("follow-render: this browser has no CSS Custom Highlight API; playback works without highlighting");
  }

  function show(word) {
    if (word === state.word || word < 0) return;
    const sentence = wordSentence[word];
    if (sentence !== state.sentence) {
      const range = timing.sentences[sentence].range;
      place(sentenceRange, range[0], range[0] + range[1]);
      state.sentence = sentence;
    }
    place(wordRange, wordLocation[word], wordEnd[word]);
    state.word = word;
    // Keep the spoken line in the middle band of the window (above the player
    // bar) unless the reader scrolled in the last 3 seconds. Highlights change
    // no layout, so reading the word's box here forces none.
    if (performance.now() - state.userScrollAt < 3000) return;
    const box = wordRange.getBoundingClientRect(), bar = controls.getBoundingClientRect().top;
    if (box.top >= innerHeight * 0.12 && box.bottom <= bar - innerHeight * 0.15) return;
    state.autoScrollAt = performance.now();
    scrollBy({ top: box.top - (bar - box.height) / 2, behavior: reducedMotion.matches ? "auto" : "smooth" });
  }

  function frame() {
    const start = performance.now();
    const time = chapterTime();
    if (single && !audio.paused && time >= timing.audio.duration) { audio.pause(); chapterEnded(); return; }
    const word = wordAt(time);
    show(word);
    showClock(time); // after show(), which reads layout: writes last
    state.frame = { time, word };
    const cost = performance.now() - start;
    stats.frames += 1; stats.total += cost; stats.max = Math.max(stats.max, cost);
    stats.recent.push(cost);
    if (stats.recent.length > 600) stats.recent.shift();
    if (state.started && start - state.lastSave >= 1000) save();
  }

  let looping = false;
  function loop() {
    frame();
    if (!audio.paused) requestAnimationFrame(loop); else looping = false;
  }
  function startLoop() {
    if (!looping) { looping = true; requestAnimationFrame(loop); }
  }

  // The reader scrolling (wheel, touch, keys, scrollbar) pauses autoscroll for 3 s.
  const userScrolled = () => { state.userScrollAt = performance.now(); };
  addEventListener("wheel", userScrolled, { passive: true });
  addEventListener("touchmove", userScrolled, { passive: true });
  addEventListener("scroll", () => { if (performance.now() - state.autoScrollAt > 1000) userScrolled(); }, { passive: true });

  // Position: chapter index + UTF-16 offset of the current word, per book.
  function save() {
    if (state.word < 0) return;
    state.lastSave = performance.now();
    const cursor = { chapter: book.current, offset: wordLocation[state.word] };
    try { localStorage.setItem(storageKey, JSON.stringify(cursor)); } catch (error) { /* storage full or disabled */ }
  }
  function saved() {
    try { return JSON.parse(localStorage.getItem(storageKey) || "null"); } catch (error) { return null; }
  }

  function seek(time, play) {
    const apply = () => {
      audio.currentTime = time + start0;
      show(wordAt(time));
      if (play) start();
    };
    if (audio.readyState >= 1) apply(); else audio.addEventListener("loadedmetadata", apply, { once: true });
  }
  function start() {
    audio.play().catch(() => { /* autoplay refused: the play button stays */ });
  }
  function toggle() {
    if (audio.paused) start(); else audio.pause();
  }
  function stepSentence(delta) {
    const current = state.sentence >= 0 ? spoken.indexOf(state.sentence) : -1;
    const target = spoken[Math.min(spoken.length - 1, Math.max(0, current + delta))];
    if (target === undefined) return;
    seek(Math.max(sentenceBegin[target], 0), !audio.paused);
  }

  // Tap or click the text: play from the word there (the rule of `locate --offset`).
  text.addEventListener("click", (event) => {
    if (window.getSelection && String(getSelection()).length) return; // selecting text, not tapping
    const caret = document.caretPositionFromPoint
      ? document.caretPositionFromPoint(event.clientX, event.clientY)
      : document.caretRangeFromPoint && document.caretRangeFromPoint(event.clientX, event.clientY);
    if (!caret) return;
    const offset = caret.offsetNode ? offsetOf(caret.offsetNode, caret.offset) : offsetOf(caret.startContainer, caret.startOffset);
    if (offset < 0) return;
    state.started = true;
    seek(wordBegin[wordAtOffset(offset)], true);
  });

  // Controls.
  const controls = document.querySelector(".controls");
  const playButton = byId("fr-play"), seekBar = byId("fr-seek"), timeLabel = byId("fr-time"), speed = byId("fr-speed");
  byId("fr-previous").addEventListener("click", () => stepSentence(-1));
  byId("fr-next").addEventListener("click", () => stepSentence(1));
  playButton.addEventListener("click", () => { state.started = true; toggle(); });
  seekBar.addEventListener("input", () => { state.started = true; seek(Number(seekBar.value), !audio.paused); });
  for (const value of book.speeds) {
    const option = document.createElement("option");
    option.value = String(value);
    option.textContent = value + "×";
    speed.append(option);
  }
  function setSpeed(value) {
    audio.preservesPitch = true;
    audio.playbackRate = value;
    speed.value = String(value);
    try { localStorage.setItem(speedKey, String(value)); } catch (error) { /* ignored */ }
  }
  speed.addEventListener("change", () => setSpeed(Number(speed.value)));
  const storedSpeed = Number(localStorage.getItem(speedKey));
  setSpeed(book.speeds.includes(storedSpeed) ? storedSpeed : 1);
  function stepSpeed(delta) {
    const index = book.speeds.indexOf(audio.playbackRate);
    const at = index < 0 ? book.speeds.indexOf(1) : index;
    setSpeed(book.speeds[Math.min(book.speeds.length - 1, Math.max(0, at + delta))]);
  }

  const clock = (seconds) => {
    const total = Math.floor(seconds), h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, s = total % 60;
    const tail = String(s).padStart(2, "0");
    return h ? h + ":" + String(m).padStart(2, "0") + ":" + tail : m + ":" + tail;
  };
  let shownSecond = -1;
  function showClock(time) {
    const second = Math.floor(time);
    if (second === shownSecond) return;
    shownSecond = second;
    const label = clock(time) + " / " + clock(timing.audio.duration);
    seekBar.value = String(time);
    seekBar.setAttribute("aria-valuetext", label);
    timeLabel.textContent = label;
  }
  audio.addEventListener("timeupdate", () => { if (audio.paused) frame(); });
  audio.addEventListener("seeked", () => { if (audio.paused) frame(); });
  audio.addEventListener("play", () => {
    state.started = true;
    playButton.classList.add("playing"); playButton.setAttribute("aria-label", "Pause");
    startLoop();
  });
  audio.addEventListener("pause", () => {
    playButton.classList.remove("playing"); playButton.setAttribute("aria-label", "Play");
    frame();
    if (state.started) save();
  });
  addEventListener("pagehide", () => { if (state.started) save(); });
  document.addEventListener("visibilitychange", () => { if (document.hidden && state.started) save(); });

  // A chapter page as the pages name it (a percent-encoded file name beside
  // this one); anything else, such as a URL with a scheme, is never navigated to.
  const pageLink = (page, hash) => (/^[A-Za-z0-9._~%-]+$/.test(page) ? page + hash : null);

  // At the end of the chapter the next one starts.
  const position = book.chapters.findIndex((chapter) => chapter.index === book.current);
  const next = book.chapters[position + 1];
  audio.addEventListener("ended", chapterEnded);
  function chapterEnded() {
    // The sleep timer's "end of chapter" (reading.js) stops here too.
    if (!next || state.stopAtEnd) { save(); return; }
    try { localStorage.setItem(storageKey, JSON.stringify({ chapter: next.index, offset: 0 })); } catch (error) { /* ignored */ }
    state.started = false;
    const target = pageLink(next.page, "#play");
    if (target) location.href = target;
  }

  // Keyboard: space play/pause, arrows previous/next sentence, [ ] slower/faster.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, select, textarea")) return;
    const onButton = target.closest && target.closest("button, a");
    if (event.key === " " && !onButton) { event.preventDefault(); state.started = true; toggle(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); stepSentence(-1); }
    else if (event.key === "ArrowRight") { event.preventDefault(); stepSentence(1); }
    else if (event.key === "[") stepSpeed(-1);
    else if (event.key === "]") stepSpeed(1);
  });

  // Media Session: lock screen and headphone buttons.
  if ("mediaSession" in navigator) {
    navigator.mediaSession.metadata = new MediaMetadata({
      title: timing.chapter.title,
      artist: book.authors.join(", "),
      album: book.title,
      // Artwork must be http(s), data: or blob:, so under file:// the page's embedded copy is used.
      artwork: !book.cover ? [] : [{
        src: location.protocol === "file:" ? book.cover.data || "" : new URL(book.cover.file, location.href).href,
        type: book.cover.type,
      }].filter((image) => image.src),
    });
    const actions = {
      play: () => { state.started = true; start(); },
      pause: () => audio.pause(),
      previoustrack: () => stepSentence(-1),
      nexttrack: () => stepSentence(1),
      seekto: (details) => seek(details.seekTime, !audio.paused),
    };
    for (const [action, handler] of Object.entries(actions)) {
      try { navigator.mediaSession.setActionHandler(action, handler); } catch (error) { /* unsupported action */ }
    }
  }

  // Resume: offer the saved position; #resume takes it, #play starts from the beginning.
  const offer = byId("fr-resume");
  function offerResume() {
    const cursor = saved();
    const hash = location.hash;
    if (hash === "#play" || hash === "#resume") history.replaceState(null, "", location.pathname + location.search);
    if (hash === "#play") { state.started = true; seek(0, true); return; }
    // #at=OFFSET (a table-of-contents entry): play from the word at that UTF-16 offset.
    const entry = /^#at=([0-9]{1,9})$/.exec(hash);
    if (entry) {
      history.replaceState(null, "", location.pathname + location.search);
      playFromOffset(Number(entry[1]));
      return;
    }
    if (!cursor) return;
    if (cursor.chapter === book.current) {
      const word = wordAtOffset(cursor.offset);
      if (word < 0) return;
      if (hash === "#resume") { state.started = true; seek(wordBegin[word], true); return; }
      if (word === 0) return;
      const said = timing.text.slice(wordLocation[word], wordEnd[word]);
      byId("fr-resume-text").textContent = "Resume at “" + said + "” (" + clock(wordBegin[word]) + ")?";
      byId("fr-resume-yes").onclick = () => { offer.hidden = true; state.started = true; seek(wordBegin[word], true); };
      byId("fr-resume-no").onclick = () => { offer.hidden = true; state.started = true; seek(0, true); };
      show(word);
      offer.hidden = false;
    } else {
      const chapter = book.chapters.find((entry) => entry.index === cursor.chapter);
      if (!chapter) return;
      byId("fr-resume-text").textContent = "You were listening to “" + chapter.title + "”.";
      const target = pageLink(chapter.page, "#resume");
      if (!target) return;
      byId("fr-resume-yes").onclick = () => { location.href = target; };
      byId("fr-resume-no").onclick = () => { offer.hidden = true; };
      offer.hidden = false;
    }
  }
  // The contents menu and the search: an entry or a match of this chapter plays from its first word;
  // others open their page at it.
  function playFromOffset(offset) {
    const word = wordAtOffset(offset);
    if (word < 0) return;
    // The entry's first word is the first that ends after its offset.
    const first = wordEnd[word] <= offset && word + 1 < wordBegin.length ? word + 1 : word;
    state.started = true;
    seek(wordBegin[first], true);
  }
  addEventListener("hashchange", () => {
    const entry = /^#at=([0-9]{1,9})$/.exec(location.hash);
    if (!entry) return;
    history.replaceState(null, "", location.pathname + location.search);
    playFromOffset(Number(entry[1]));
  });
  const contents = byId("fr-contents");
  if (contents) {
    contents.addEventListener("click", (event) => {
      const link = event.target.closest && event.target.closest("a[data-chapter]");
      if (!link || Number(link.dataset.chapter) !== book.current) return;
      event.preventDefault();
      contents.open = false;
      playFromOffset(Number(link.dataset.at));
    });
  }
  // The single file opens at its own start: this chapter's comes first (a resume seeks after it).
  if (single) seek(0, false);
  offerResume();
  performance.mark("follow-render:ready");

  // For developers and tests: the lookups and what the last frame showed.
  window.followPlayer = { audio, state, stats, seek, playFromOffset, wordAt, wordAtOffset, offsetOf, wordBegin, wordLocation, wordRange, sentenceRange, storageKey };
})();
