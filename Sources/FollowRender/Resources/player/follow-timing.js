// follow-render's timing rules for one chapter sidecar, the same as FollowTiming's
// ChapterPositions and `follow-render locate` (docs/positions.md):
//   time -> word: the last word whose begin <= time; in the pause before a
//     sentence's first word but inside that sentence's clip, that first word;
//     before the first word, the first word.
//   UTF-16 offset -> word: the last word whose location <= offset; before the
//     first word, the first word. Its begin is the time to play from.
// Each is a binary search over flat arrays built once from the sidecar.
//
// A classic script, so the player loads it from file:// (Chromium refuses module
// scripts there); it sets `globalThis.FollowTiming`. Web apps served over HTTP
// import the same code as an ES module from follow-timing.mjs.
(() => {
  "use strict";

  /** The index of the last element of ascending `sorted` that is <= value, or -1. */
  function lastAtMost(sorted, value) {
    let low = 0, high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (sorted[middle] <= value) low = middle + 1; else high = middle;
    }
    return low - 1;
  }

  /**
   * A sidecar (`NNN-slug.timing.json`, parsed) indexed for lookups. Words are
   * numbered in reading order across sentences; `wordAt` and `wordAtOffset`
   * answer with that number, or -1 when no word is timed.
   */
  function index(timing) {
    const wordBegin = [], wordLocation = [], wordEnd = [], wordSentence = [];
    const sentenceBegin = [], spoken = [];
    timing.sentences.forEach((sentence, s) => {
      sentenceBegin.push(sentence.begin);
      if (sentence.words.length) spoken.push(s);
      for (const word of sentence.words) {
        wordBegin.push(word.begin);
        wordLocation.push(word.range[0]);
        wordEnd.push(word.range[0] + word.range[1]);
        wordSentence.push(s);
      }
    });

    /** The word spoken at `time` seconds of the sidecar (the rule of `locate --time`). */
    function wordAt(time) {
      if (!wordBegin.length) return -1;
      const found = lastAtMost(wordBegin, time);
      if (found < 0) return 0;
      const next = found + 1;
      if (next < wordBegin.length && wordSentence[next] !== wordSentence[found]
          && time >= sentenceBegin[wordSentence[next]]) return next;
      return found;
    }

    /** The word at a UTF-16 offset of the sidecar's text (the rule of `locate --offset`). */
    function wordAtOffset(offset) {
      if (!wordBegin.length) return -1;
      return Math.max(0, lastAtMost(wordLocation, offset));
    }

    return Object.freeze({ wordBegin, wordLocation, wordEnd, wordSentence, sentenceBegin, spoken, wordAt, wordAtOffset });
  }

  globalThis.FollowTiming = Object.freeze({ lastAtMost, index });
})();
