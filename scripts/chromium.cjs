'use strict';

/**
 * The Chromium every browser on this project is: Debian's (never a browser download of its own),
 * or CHROMIUM_PATH for all of them, started with the one flag list that works on these machines
 * (root, no GPU, no network beyond loopback). Plain CommonJS so that every reader loads it as it
 * is: the e2e tests (__tests__/e2e/support/chromium.ts, typed by chromium.d.cts), the benchmarks
 * (bench/lib.mjs, which re-exports the names) and scripts/screenshots.mjs.
 */
const { existsSync } = require('node:fs');

/** Debian's package `chromium`: the browser readers run, for benchmarks and screenshots. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's package `chromium-headless-shell`: the same Chromium source and version built as a
 * headless-only program, the one Playwright itself runs for headless tests. The same pages, styles
 * and scripts cost it markedly less CPU than the full browser in its headless mode
 * (docs/decisions/e2e-headless-shell.md), so the tests run it where it is installed; where it is
 * not, they run the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

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

module.exports = { CHROMIUM, CHROMIUM_FLAGS, TEST_CHROMIUM };
