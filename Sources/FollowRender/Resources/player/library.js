// follow-render reference player: the book page (index.html).
// Shows each chapter's progress from the saved position (chapter index +
// UTF-16 offset, in localStorage under the book's identifier) and offers to
// continue there.
"use strict";
(() => {
  const book = JSON.parse(document.getElementById("fr-book").textContent);
  let cursor = null;
  try { cursor = JSON.parse(localStorage.getItem("follow-render:position:" + book.id) || "null"); } catch (error) { cursor = null; }
  const at = cursor ? book.chapters.findIndex((chapter) => chapter.index === cursor.chapter) : -1;
  book.chapters.forEach((chapter, position) => {
    const bar = document.getElementById("fr-progress-" + chapter.index);
    if (!bar) return;
    const done = at < 0 ? 0 : position < at ? 1 : position > at ? 0 : Math.min(1, cursor.offset / Math.max(1, chapter.length));
    bar.value = done;
    bar.textContent = Math.round(done * 100) + "%";
  });
  // Only a chapter page as the pages name it (a percent-encoded file name), never a URL with a scheme.
  if (at >= 0 && /^[A-Za-z0-9._~%-]+$/.test(book.chapters[at].page)) {
    const chapter = book.chapters[at];
    const link = document.getElementById("fr-continue-link");
    link.href = chapter.page + "#resume";
    link.textContent = "Continue: " + chapter.title;
    document.getElementById("fr-continue").hidden = false;
  }
})();
