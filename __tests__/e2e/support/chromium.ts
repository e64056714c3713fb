import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never `npx playwright install`); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Name of the function the browser projects' test environment (./environment.ts) puts on each test
 * file's global: it resolves to the Chromium of the jest worker running the file.
 */
export const SHARED_BROWSER = '__e2eSharedBrowser';
/** Likewise for the worker's pool of warm tabs (./tab-pool.ts). */
export const SHARED_TABS = '__e2eSharedTabs';

/**
 * Debian's Chromium, started the way this machine allows (root, no network beyond loopback).
 * Tried and taken out again (issue 25, stop 36): `--js-flags=--no-opt --no-maglev` (V8 without its
 * optimizing tiers) cut the axe audit's CPU by about 30 % and the e2e stage by 30–80 s, but the
 * search page's round trip (search-page.test.ts: Forward back to the results, scrolled where the
 * reader left them) then stayed at the top in 2 of 3 fresh-clone CI runs, against 1 in about 10
 * before; it also failed once without them (with a scroll-memory change since reverted), so the
 * flags may not be the cause. Taken out to get back to code that was green; they can come back
 * once the round trip's failure is understood.
 */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
