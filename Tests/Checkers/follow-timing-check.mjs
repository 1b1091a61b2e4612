// Answers position queries with the web player's timing module
// (Sources/FollowRender/Resources/player/follow-timing.mjs, imported as a web app would),
// so a Swift test can compare them with FollowTiming's ChapterPositions.
// Usage: node follow-timing-check.mjs MODULE QUERIES.json
// QUERIES.json: [{"sidecar": PATH, "times": [..], "offsets": [..]}, ...]
// Prints: [{"times": [[sentence, word] | null, ...], "offsets": [...]}, ...]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [modulePath, queriesPath] = process.argv.slice(2);
const { index } = await import(pathToFileURL(modulePath).href);
const queries = JSON.parse(readFileSync(queriesPath, "utf8"));

const answers = queries.map((query) => {
  const timing = JSON.parse(readFileSync(query.sidecar, "utf8"));
  const chapter = index(timing);
  // A flat word number as [sentence index, word index in that sentence].
  const slot = (word) => {
    if (word < 0) return null;
    const sentence = chapter.wordSentence[word];
    return [sentence, word - chapter.wordSentence.indexOf(sentence)];
  };
  return {
    times: query.times.map((time) => slot(chapter.wordAt(time))),
    offsets: query.offsets.map((offset) => slot(chapter.wordAtOffset(offset))),
  };
});
process.stdout.write(JSON.stringify(answers) + "\n");
