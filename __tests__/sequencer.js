/**
 * The order jest hands test files to its workers. Jest's own order starts the files that took
 * longest last time; without timings (a fresh clone, CI) it falls back to file size, which would
 * start the small a11y shard files last and leave one worker auditing alone at the end. Here files
 * without a timing that are known to be long start first, in the order below; everything else
 * keeps jest's order.
 */
const Sequencer = require('@jest/test-sequencer').default;

/** Longest first (seconds of one file on a quiet machine, issue 25's measurements). */
const KNOWN_LONG = [/\/a11y-pages-\d+\.test\.ts$/, /\/a11y-states\.test\.ts$/, /\/authoring\.test\.ts$/, /\/travel\.test\.ts$/];

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
