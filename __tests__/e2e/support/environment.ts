/**
 * Test environment of the browser projects (e2e, e2e-prefix): jest's Node environment plus one
 * Chromium per jest worker process, shared by every test file that worker runs.
 *
 * Jest loads this module once per worker process, outside the per-file module registry, so the
 * browser below outlives a test file; each file reaches it through SHARED_BROWSER on its global
 * (./browser.ts useBrowser()). After each file, every context still open is closed, except the
 * warm tabs of ./tab-pool.ts (each reset when its test ended), so the next file starts from a
 * browser holding nothing of the last one. The browser ends with its worker: Playwright kills the
 * browsers it launched when their process exits. In jest's main process (a single file, or
 * --runInBand) nothing would end it, so there each file closes the browser after itself.
 */
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { TestEnvironment } from 'jest-environment-node';
import type { Browser } from 'playwright-core';
import { launch, SHARED_BROWSER, SHARED_TABS } from './chromium';
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
 * How long a worker's browser outlives the worker's last test file. Jest ends a worker by letting
 * its event loop run empty and kills it 500 ms later with a warning ("A worker process has failed
 * to exit gracefully"); the browser's pipe would hold the loop open, so a worker that has run no
 * new file for this long closes its browser. The next file, if one comes after all, launches a new one.
 */
const IDLE_CLOSE_MS = 30;
let idleClose: NodeJS.Timeout | undefined;

/**
 * The message jest-worker sends a worker to end it: a public export of the jest-worker that
 * jest-runner uses. When it arrives, the browser is closed at once and the worker exits when it
 * is closed, or after END_EXIT_MS if closing takes longer (a loaded machine): jest kills a worker
 * that is still there 500 ms after END, with a warning. Playwright kills a browser it launched
 * when its process exits, so none is left behind.
 */
const END_MESSAGE = (() => {
  try {
    return (createRequire(require.resolve('jest-runner'))('jest-worker') as { CHILD_MESSAGE_END?: number }).CHILD_MESSAGE_END;
  } catch {
    return undefined;
  }
})();
let endListener: ((message: unknown) => void) | undefined;
/** How long a worker that was told to end waits for its browser to close before it exits anyway. */
const END_EXIT_MS = 350;

function closeOnEnd(): void {
  if (endListener || END_MESSAGE === undefined || !inWorkerProcess) return;
  endListener = (message) => {
    if (!Array.isArray(message) || message[0] !== END_MESSAGE) return;
    process.off('message', endListener as (message: unknown) => void);
    clearTimeout(idleClose);
    const closing = shared;
    shared = undefined;
    pool = undefined;
    const exit = () => process.exit(0);
    setTimeout(exit, END_EXIT_MS);
    void (closing?.then((browser) => browser.close()) ?? Promise.resolve()).catch(() => undefined).finally(exit);
  };
  process.on('message', endListener);
}

function closeWhenIdle(browser: Browser): void {
  clearTimeout(idleClose);
  idleClose = setTimeout(() => {
    if (shared === undefined) return;
    shared = undefined;
    pool = undefined;
    void browser.close().catch(() => undefined);
  }, IDLE_CLOSE_MS);
  idleClose.unref();
}

export default class BrowserEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    clearTimeout(idleClose);
    await super.setup();
    closeOnEnd();
    this.global[SHARED_BROWSER] = workerBrowser;
    this.global[SHARED_TABS] = workerTabs;
  }

  override async teardown(): Promise<void> {
    const browser = await shared?.catch(() => undefined);
    if (browser && inWorkerProcess) {
      const leftOpen = browser.contexts().filter((context) => !pool?.tabs.holds(context));
      await Promise.all(leftOpen.map((context) => context.close().catch(() => undefined)));
      closeWhenIdle(browser);
    } else if (browser) {
      shared = undefined;
      pool = undefined;
      await browser.close();
    }
    await super.teardown();
  }
}
