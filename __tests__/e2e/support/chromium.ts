import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../../scripts/chromium.cjs';

/** Debian's Chromium (never `npx playwright install`); CHROMIUM_PATH points elsewhere. */
export { CHROMIUM };

/**
 * Name of the function the browser projects' test environment (./environment.ts) puts on each test
 * file's global: it resolves to the Chromium of the jest worker running the file.
 */
export const SHARED_BROWSER = '__e2eSharedBrowser';
/** Likewise for the worker's pool of warm tabs (./tab-pool.ts). */
export const SHARED_TABS = '__e2eSharedTabs';

/**
 * V8 in the tested pages runs its interpreter and baseline compiler only (Ignition, Sparkplug):
 * no optimizing tiers (Maglev, TurboFan). A test page lives for seconds, and axe-core's 0.5 MB
 * engine is injected again into every document it audits, so the optimizing compilers spent
 * their CPU on code that was thrown away before it paid back, on background threads of every
 * renderer (a perf profile of the audit: renderer thread-pool threads 24 % of all CPU). What a
 * page does is the same in every tier; only how fast. Measured (quiet machine, nothing
 * else running; two audit shards on 2 workers, CPU seconds of the whole machine): default
 * 144.7 / 149.8 s, --no-opt 135.9 / 130.3 s, --no-maglev alone 210.1 s, --jitless 114.0 s,
 * --no-opt --no-maglev 107.7 / 102.5 / 105.1 s; the whole e2e stage 463.9 → 351.8 s.
 * Taken out once when the search page's round trip went red in 2 of 3 CI runs with them:
 * slower pages made a real race likelier (Back pressed before the result clicked had rendered),
 * mended in gatsby-browser.tsx (rendersCurrentEntry) and tested without timing luck since.
 */
export const V8_FLAGS = '--no-opt --no-maglev';

/**
 * Debian's Chromium with the project's flags (scripts/chromium.cjs), its pages' V8 without
 * optimizing tiers — except with `{ optimizing: true }`, for benchmarks that time a page's own
 * code as a reader's browser runs it (bench:search: without the optimizing tiers, the ranking of a
 * 5,000-page query took 68–113 ms in the page instead of 23–67 ms).
 */
export async function launch({ optimizing = false }: { optimizing?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: optimizing ? [...CHROMIUM_FLAGS] : [...CHROMIUM_FLAGS, `--js-flags=${V8_FLAGS}`],
  });
}
