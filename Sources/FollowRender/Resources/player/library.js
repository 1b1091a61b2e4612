// follow-render reference player: the book page (index.html).
// Shows the progress of every entry of the table of contents (else of every
// chapter) from the saved position (chapter index + UTF-16 offset, in
// localStorage under the book's identifier) and offers to continue there.
// Each bar's data-from and data-to are where its entry's text starts and
// ends in the book's text, the chapters' texts counted in reading order.
"use strict";
(() => {
  const book = JSON.parse(document.getElementById("fr-book").textContent);
  let cursor = null;
  try { cursor = JSON.parse(localStorage.getItem("follow-render:position:" + book.id) || "null"); } catch (error) { cursor = null; }
  const at = cursor ? book.chapters.findIndex((chapter) => chapter.index === cursor.chapter) : -1;
  // The saved position in the book's text: the chapters before it, then its offset.
  let position = -1;
  if (at >= 0) {
    position = book.chapters.slice(0, at).reduce((sum, chapter) => sum + chapter.length, 0)
      + Math.min(Math.max(0, Number(cursor.offset) || 0), book.chapters[at].length);
  }
  for (const bar of document.querySelectorAll("progress.listened")) {
    const from = Number(bar.dataset.from), to = Number(bar.dataset.to);
    const done = position < 0 || position < from ? 0 : position >= to ? 1 : (position - from) / Math.max(1, to - from);
    bar.value = done;
    bar.textContent = Math.round(done * 100) + "%";
  }
  // Only a chapter page as the pages name it (a percent-encoded file name), never a URL with a scheme.
  if (at >= 0 && /^[A-Za-z0-9._~%-]+$/.test(book.chapters[at].page)) {
    const chapter = book.chapters[at];
    const link = document.getElementById("fr-continue-link");
    link.href = chapter.page + "#resume";
    link.textContent = "Continue: " + chapter.title;
    document.getElementById("fr-continue").hidden = false;
  }
})();
