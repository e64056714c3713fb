/**
 * Test environment of the browser projects (e2e, e2e-prefix): jest's Node environment plus one
 * Chromium per jest worker process, shared by every test file that worker runs.
 *
 * Jest loads this module once per worker process, outside the per-file module registry, so the
 * browser below outlives a test file; each file reaches it through SHARED_BROWSER on its global
 * (./browser.ts useBrowser()). After each file, every context still open is closed, except the
 * warm tabs of ./tab-pool.ts (each reset when its test ended), so the next file starts from a
 * browser holding nothing of the last one. The browser ends with its worker, which exits as soon
 * as jest tells it the run is over (exitOnEnd below). In jest's main process (a single file, or
 * --runInBand) nothing would end it, so there each file closes the browser after itself.
 */
import { isMainThread } from 'node:worker_threads';
import { TestEnvironment } from 'jest-environment-node';
import type { Browser } from 'playwright-core';
import { launch, SHARED_BROWSER, SHARED_TABS } from './chromium';
import { CHILD_MESSAGE_END } from './jest-worker';
import { TabPool } from './tab-pool';

let shared: Promise<Browser> | undefined;
/** Warm tabs of the worker's browser (./tab-pool.ts), kept from file to file like the browser. */
let pool: { browser: Browser; tabs: TabPool } | undefined;

/** The site's base URL for this run, read when needed (the global setup sets the port). */
const siteOrigin = () => `http://127.0.0.1:${process.env.E2E_PORT ?? 0}`;

async function workerTabs(): Promise<TabPool> {
  const browser = await workerBrowser();
  if (pool?.browser !== browser) pool = { browser, tabs: new TabPool(browser, siteOrigin) };
  return pool.tabs;
}

function workerBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = launch();
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
    shared = launching;
  }
  return shared;
}

/** A child process of jest-worker (it talks to jest over IPC); not jest's main process. */
const inWorkerProcess = isMainThread && typeof process.send === 'function';

/**
 * When jest-worker tells the worker to end (./jest-worker.ts), the worker exits at once. Its
 * browser's pipe would hold the event loop open until the browser had closed, and closing takes
 * longer than the 500 ms jest allows on a loaded machine; Playwright kills the browsers it
 * launched, and removes their profiles, when the process exits, so none is left behind.
 */
let exitsOnEnd = false;

function exitOnEnd(): void {
  if (exitsOnEnd || !inWorkerProcess) return;
  exitsOnEnd = true;
  process.on('message', (message: unknown) => {
    if (Array.isArray(message) && message[0] === CHILD_MESSAGE_END) process.exit(0);
  });
}

export default class BrowserEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    exitOnEnd();
    this.global[SHARED_BROWSER] = workerBrowser;
    this.global[SHARED_TABS] = workerTabs;
  }

  override async teardown(): Promise<void> {
    const browser = await shared?.catch(() => undefined);
    if (browser && inWorkerProcess) {
      const leftOpen = browser.contexts().filter((context) => !pool?.tabs.holds(context));
      await Promise.all(leftOpen.map((context) => context.close().catch(() => undefined)));
    } else if (browser) {
      shared = undefined;
      pool = undefined;
      await browser.close();
    }
    await super.teardown();
  }
}
