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

/** Debian's Chromium, started the way this machine allows (root, no network beyond loopback). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
