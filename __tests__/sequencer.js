/**
 * The order jest hands test files to its workers. Jest's own order starts the files that took
 * longest last time; without timings (a fresh clone, CI) it falls back to file size, which would
 * start the small a11y shard files last and leave one worker auditing alone at the end. Here files
 * without a timing that are known to be long start first, in the order below; everything else
 * keeps jest's order.
 */
const Sequencer = require('@jest/test-sequencer').default;

/**
 * Longest first (seconds of one file in a fresh-clone CI run). The e2e files and the unit stage's
 * run in different jest runs, so one list serves both; each pattern names its folder
 * (unit/search-page.test.ts is short, e2e/search-page.test.ts long). A long file that jest's
 * size order starts last leaves one worker running it alone at the end of the stage.
 * __tests__/unit/sequencer.test.ts checks that every pattern still names a file.
 */
const KNOWN_LONG = [
  // e2e (npm test's stage 4)
  /\/e2e-content\/a11y-pages-\d+\.test\.ts$/,
  /\/e2e\/a11y-states\.test\.ts$/,
  /\/e2e\/reader-features\.test\.ts$/,
  /\/e2e\/search-page\.test\.ts$/,
  /\/e2e-prefix\/search-scale\.test\.ts$/,
  /\/e2e\/authoring\.test\.ts$/,
  /\/e2e\/chrome\.test\.ts$/,
  /\/e2e\/exports\.test\.ts$/,
  /\/e2e\/search\.test\.ts$/,
  // unit, content and search (stage 1)
  /\/unit\/bad-content\.test\.ts$/,
  /\/unit\/scaffold\.test\.ts$/,
  /\/search\/quality\.test\.ts$/,
  /\/unit\/share-card\.test\.ts$/,
  /\/search\/build-cache\.test\.ts$/,
  /\/unit\/gatsby-internals\.test\.ts$/,
];

const rank = (test) => {
  const i = KNOWN_LONG.findIndex((pattern) => pattern.test(test.path));
  return i < 0 ? KNOWN_LONG.length : i;
};

class LongFilesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const untimed = sorted.filter((test) => test.duration == null);
    const timed = sorted.filter((test) => test.duration != null);
    // Array.prototype.sort is stable: untimed files of equal rank keep jest's order.
    return [...untimed.sort((a, b) => rank(a) - rank(b)), ...timed];
  }
}

module.exports = LongFilesFirst;
module.exports.KNOWN_LONG = KNOWN_LONG;
