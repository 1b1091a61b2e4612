// follow-render's timing rules (follow-timing.js) as an ES module, for a web app
// served over HTTP(S):
//   import { index } from "./follow-timing.mjs";
//   const chapter = index(sidecar);          // a parsed NNN-slug.timing.json
//   const word = chapter.wordAt(audio.currentTime);
// The code is follow-timing.js's, evaluated once; the player itself loads that
// file as a classic script, since pages opened from file:// cannot load modules.
import "./follow-timing.js";

export const { lastAtMost, index } = globalThis.FollowTiming;
