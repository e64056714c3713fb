import type { Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, TEST_CHROMIUM } from '../../../scripts/chromium.cjs';

/**
 * Name of the function the browser projects' test environment (./environment.ts) puts on each test
 * file's global: it resolves to the Chromium of the jest worker running the file.
 */
export const SHARED_BROWSER = '__e2eSharedBrowser';
/** Likewise for the worker's pool of warm tabs (./tab-pool.ts). */
export const SHARED_TABS = '__e2eSharedTabs';

/**
 * V8 in the tested pages runs its interpreter and baseline compiler only (Ignition, Sparkplug):
 * no optimizing tiers (Maglev, TurboFan). A test page lives for seconds, and axe-core's large
 * engine is injected again into every document it audits, so the optimizing compilers spent
 * their CPU on code that was thrown away before it paid back, on background threads of every
 * renderer (a perf profile of the audit showed the renderers' thread pools taking a large share
 * of all CPU). What a page does is the same in every tier; only how fast. With both tiers off the
 * audit took less CPU than by default, with either flag alone or with --jitless, in the full
 * browser; in the headless shell the tests now run, the gain is within the noise (figures:
 * docs/decisions/e2e-v8-flags.md).
 * Taken out once when the search page's round trip failed in CI with them:
 * slower pages made a real race likelier (Back pressed before the result clicked had rendered),
 * mended in gatsby-browser.tsx (rendersCurrentEntry) and tested without timing luck since.
 */
export const V8_FLAGS = '--no-opt --no-maglev';

/**
 * The tests' Chromium with the project's flags (scripts/chromium.cjs): the headless shell where it
 * is installed, its pages' V8 without optimizing tiers. With `{ asReaders: true }`, the browser a
 * reader runs instead: the full Chromium with every tier, for benchmarks that time a page's own
 * code (bench:search: without the optimizing tiers a large site's ranking is markedly slower in
 * the page; figures: docs/decisions/e2e-v8-flags.md).
 */
export async function launch({ asReaders = false }: { asReaders?: boolean } = {}): Promise<Browser> {
  // Loaded here, not at the top: every browser test file imports this module (through
  // ./browser.ts) and jest loads each file's modules afresh, but only the test environment,
  // loaded once per worker, launches the browser (docs/decisions/test-stages.md).
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: asReaders ? CHROMIUM : TEST_CHROMIUM,
    headless: true,
    args: asReaders ? [...CHROMIUM_FLAGS] : [...CHROMIUM_FLAGS, `--js-flags=${V8_FLAGS}`],
  });
}
