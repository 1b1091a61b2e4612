// follow-render reference player for one chapter page.
//
// Everything it needs is in the page: the book (#fr-book) and the chapter's
// timing sidecar verbatim (#fr-timing), so it works from file:// without fetch.
// The text is in the HTML: a span.s per sidecar sentence and a span.w per
// sidecar word, in sidecar order. Positions follow docs/sidecar.md exactly
// (the rules of `follow-render locate`):
//   time -> word: the last word whose begin <= time; in the pause before a
//     sentence's first word but inside that sentence's clip, that first word.
//   UTF-16 offset -> word: the last word whose location <= offset; its begin
//     is the time to play from.
"use strict";
(() => {
  const book = JSON.parse(document.getElementById("fr-book").textContent);
  const timing = JSON.parse(document.getElementById("fr-timing").textContent);
  const audio = document.getElementById("fr-audio");
  const text = document.getElementById("fr-text");
  const byId = (id) => document.getElementById(id);
  const storageKey = "follow-render:position:" + book.id;
  const speedKey = "follow-render:speed";
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  // Flat, sorted arrays over the sidecar's words: binary search needs nothing else.
  const wordBegin = [], wordLocation = [], wordSentence = [];
  const sentenceBegin = [], sentenceFirstWord = [], spoken = [];
  timing.sentences.forEach((sentence, s) => {
    sentenceBegin.push(sentence.begin);
    sentenceFirstWord.push(sentence.words.length ? wordBegin.length : -1);
    if (sentence.words.length) spoken.push(s);
    for (const word of sentence.words) {
      wordBegin.push(word.begin);
      wordLocation.push(word.range[0]);
      wordSentence.push(s);
    }
  });
  const wordElements = Array.from(text.getElementsByClassName("w"));
  const sentenceElements = Array.from(text.getElementsByClassName("s"));
  wordElements.forEach((element, index) => { element.frWord = index; });
  if (wordElements.length !== wordBegin.length || sentenceElements.length !== timing.sentences.length) {
    console.error("follow-render: the page's text does not match its timing data");
  }

  /** The index of the last element of `sorted` that is <= value, or -1. */
  function lastAtMost(sorted, value) {
    let low = 0, high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] <= value) low = middle + 1; else high = middle;
    }
    return low - 1;
  }

  /** The word spoken at `time` seconds (the rule of `locate --time`). */
  function wordAt(time) {
    if (!wordBegin.length) return -1;
    const index = lastAtMost(wordBegin, time);
    if (index < 0) return 0;
    const next = index + 1;
    if (next < wordBegin.length && wordSentence[next] !== wordSentence[index]
        && time >= sentenceBegin[wordSentence[next]]) return next;
    return index;
  }

  /** The word at a UTF-16 offset (the rule of `locate --offset`). */
  function wordAtOffset(offset) {
    if (!wordBegin.length) return -1;
    return Math.max(0, lastAtMost(wordLocation, offset));
  }

  // Highlighting, once per animation frame while playing.
  const state = { word: -1, sentence: -1, frame: null, started: false, lastSave: 0, userScrollAt: -Infinity, autoScrollAt: -Infinity };
  const stats = { frames: 0, total: 0, max: 0, recent: [] };

  // Autoscroll without reading layout in the frame: an IntersectionObserver
  // watches the current word against the middle band of the window (above
  // the player bar) and scrolls it back to the centre when it leaves the band,
  // unless the reader scrolled in the last 3 seconds.
  const band = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting || entry.target !== wordElements[state.word]) continue;
      if (performance.now() - state.userScrollAt < 3000) continue;
      state.autoScrollAt = performance.now();
      entry.target.scrollIntoView({ block: "center", behavior: reducedMotion.matches ? "auto" : "smooth" });
    }
  }, { rootMargin: "-12% 0px -30% 0px" });

  function show(word) {
    if (word === state.word) return;
    if (state.word >= 0 && wordElements[state.word]) {
      wordElements[state.word].classList.remove("now");
      band.unobserve(wordElements[state.word]);
    }
    const sentence = word >= 0 ? wordSentence[word] : -1;
    if (sentence !== state.sentence) {
      if (state.sentence >= 0) sentenceElements[state.sentence]?.classList.remove("now");
      if (sentence >= 0) sentenceElements[sentence]?.classList.add("now");
      state.sentence = sentence;
    }
    const element = wordElements[word];
    if (element) {
      element.classList.add("now");
      band.observe(element);
    }
    state.word = word;
  }

  function frame() {
    const start = performance.now();
    const time = audio.currentTime;
    const word = wordAt(time);
    show(word);
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
      audio.currentTime = time;
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

  // Tap or click a word: play from its begin.
  text.addEventListener("click", (event) => {
    const element = event.target.closest(".w");
    if (!element || element.frWord === undefined) return;
    state.started = true;
    seek(wordBegin[element.frWord], true);
  });

  // Controls.
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
  audio.addEventListener("timeupdate", () => {
    const label = clock(audio.currentTime) + " / " + clock(timing.audio.duration);
    seekBar.value = String(audio.currentTime);
    seekBar.setAttribute("aria-valuetext", label);
    timeLabel.textContent = label;
    if (audio.paused) frame();
  });
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

  // At the end of the chapter the next one starts.
  const position = book.chapters.findIndex((chapter) => chapter.index === book.current);
  const next = book.chapters[position + 1];
  audio.addEventListener("ended", () => {
    if (!next) { save(); return; }
    try { localStorage.setItem(storageKey, JSON.stringify({ chapter: next.index, offset: 0 })); } catch (error) { /* ignored */ }
    state.started = false;
    location.href = next.page + "#play";
  });

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
    if (!cursor) return;
    if (cursor.chapter === book.current) {
      const word = wordAtOffset(cursor.offset);
      if (word < 0) return;
      if (hash === "#resume") { state.started = true; seek(wordBegin[word], true); return; }
      if (word === 0) return;
      const element = wordElements[word];
      byId("fr-resume-text").textContent = "Resume at “" + (element ? element.textContent : "") + "” (" + clock(wordBegin[word]) + ")?";
      byId("fr-resume-yes").onclick = () => { offer.hidden = true; state.started = true; seek(wordBegin[word], true); };
      byId("fr-resume-no").onclick = () => { offer.hidden = true; state.started = true; seek(0, true); };
      show(word);
      offer.hidden = false;
    } else {
      const chapter = book.chapters.find((entry) => entry.index === cursor.chapter);
      if (!chapter) return;
      byId("fr-resume-text").textContent = "You were listening to “" + chapter.title + "”.";
      byId("fr-resume-yes").onclick = () => { location.href = chapter.page + "#resume"; };
      byId("fr-resume-no").onclick = () => { offer.hidden = true; };
      offer.hidden = false;
    }
  }
  offerResume();
  performance.mark("follow-render:ready");

  // For developers and tests: the lookups and what the last frame showed.
  window.followPlayer = { audio, state, stats, wordAt, wordAtOffset, wordBegin, wordLocation, storageKey };
})();
