'use strict';

/**
 * The one Chromium every browser on this project is: Debian's /usr/bin/chromium (never a browser
 * download of its own), or CHROMIUM_PATH, started with the one flag list that works on these
 * machines (root, no GPU, no network beyond loopback). Plain CommonJS so that every reader loads
 * it as it is: the e2e tests (__tests__/e2e/support/chromium.ts, typed by chromium.d.cts), the
 * benchmarks (bench/lib.mjs, which re-exports both names) and scripts/screenshots.mjs.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = Object.freeze([
  // Root in a container: Chromium's sandbox needs user namespaces it is not given.
  '--no-sandbox',
  '--disable-gpu',
  // No request may leave loopback: no QUIC probes, no background fetches, updates or sync.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // /dev/shm is small in containers; renderers crash when it fills.
  '--disable-dev-shm-usage',
]);

module.exports = { CHROMIUM, CHROMIUM_FLAGS };
