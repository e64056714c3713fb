/**
 * Warm tabs for the browser tests (docs/decisions/e2e-tab-pool.md, with the figures). Most of the
 * CPU of a test's first page is the tab's first document, not the new context or the empty HTTP
 * cache, so what is worth keeping between tests is the tab.
 *
 * A lease is one context with one tab, made with the test's context options; the window size and
 * the emulated media features are set on the tab, so one tab serves tests that differ only in
 * those (a new tab and its first page cost much more than the next page in a warm tab). When the
 * test ends (release), the tab is put back only if everything the test could have changed is undone or
 * checked; otherwise its context is closed, as a test's own context always was:
 * - undone: init scripts and exposed functions (Disposables), routes, the test's listeners (not
 *   removeAllListeners(): Playwright's own, e.g. the one context.close() waits on, must stay), cookies,
 *   permissions, offline, extra headers, geolocation, viewport, emulated media, default timeouts,
 *   and the site origin's storage (localStorage, sessionStorage, IndexedDB, Cache Storage,
 *   service workers), with the tab left on about:blank;
 * - not reusable: a test that installed Playwright's clock, opened another page or a DevTools
 *   session in the context, or closed the tab or context; options that put state into the context (storageState,
 *   permissions, …).
 * - A tab whose session history is getting long (Chromium keeps 50 entries, and tests compare
 *   history.length) has it cleared (DevTools' Page.resetNavigationHistory) instead of being
 *   retired: enough tabs reach that length in a full e2e run for replacing them to cost more than
 *   clearing them.
 * The HTTP cache and compiled code are kept on purpose: that is the saving. Tests that measure
 * what crosses the network on a first visit open a fresh context (BrowserSession.tab() with `fresh`,
 * or newContext() for several pages in one).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** Context options a reused tab can be reset to; any other option gets a fresh context. */
const RESETTABLE = new Set<keyof BrowserContextOptions>([
  'viewport',
  'locale',
  'colorScheme',
  'reducedMotion',
  'forcedColors',
  'contrast',
  'javaScriptEnabled',
  'isMobile',
  'hasTouch',
  'deviceScaleFactor',
  'userAgent',
  'bypassCSP',
  'screen',
  'timezoneId',
]);

/** Tabs kept idle per worker, and session-history entries after which a tab's history is cleared. */
const MAX_IDLE = 6;
const MAX_HISTORY = 30;
/** How long a reset may take before the tab is closed instead (one normally takes a small fraction of this). */
const RESET_TIMEOUT = 5_000;
/** Playwright's own default for actions and navigations. */
const DEFAULT_TIMEOUT = 30_000;

interface Disposable {
  dispose(): Promise<void>;
}

/** A tab lent to one test. */
export interface Lease {
  readonly context: BrowserContext;
  readonly page: Page;
}

interface Tab extends Lease {
  key: string;
  /** The options the tab is set to now (a later lease may change the page-level ones). */
  options: BrowserContextOptions;
  disposables: Disposable[];
  /** Event listeners the test added, removed when it ends (Playwright's own must stay). */
  listeners: Array<() => void>;
  /** Why the tab cannot be reused, once the test did something that cannot be undone. */
  spoiled?: string;
  restore: Array<() => void>;
}

/** Whether a test with these context options can use a pooled tab. */
export function poolable(options: BrowserContextOptions): boolean {
  return Object.keys(options).every((key) => RESETTABLE.has(key as keyof BrowserContextOptions));
}

/**
 * Options a tab is set to when it is lent, whatever context it was made in: its window size and the
 * emulated media features (page.setViewportSize(), page.emulateMedia(); on about:blank they cost
 * next to nothing). A context option `viewport` sets the screen to the same size, and so does
 * setViewportSize(). `viewport: null` (no emulated window) is the context's own.
 */
const PAGE_LEVEL = new Set<keyof BrowserContextOptions>(['viewport', 'colorScheme', 'reducedMotion', 'forcedColors', 'contrast']);
const isPageLevel = (key: string, value: unknown) => PAGE_LEVEL.has(key as keyof BrowserContextOptions) && value !== null;

/**
 * Options → pool key: the same key for options that make the same context. The page-level
 * options are not part of it: a tab of another window size or colour scheme is set to the ones asked for.
 */
export function poolKey(options: BrowserContextOptions): string {
  const contextLevel = Object.entries(options).filter(([key, value]) => !isPageLevel(key, value));
  return JSON.stringify(contextLevel.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Options → the page-level part, for finding an idle tab that needs no change. */
const pageKey = (options: BrowserContextOptions) => JSON.stringify([...PAGE_LEVEL].map((key) => options[key] ?? null));

/**
 * Replaces `object[name]` with a wrapper that shows `before` the call's arguments and hands the
 * result to `after`, and returns how to put the original back.
 */
function intercept<T extends object>(object: T, name: string, before: (args: unknown[]) => void, after: (result: unknown) => void = () => {}): () => void {
  const target = object as Record<string, unknown>;
  const original = target[name] as (...args: unknown[]) => unknown;
  target[name] = function (this: unknown, ...args: unknown[]) {
    before(args);
    const result = original.apply(object, args);
    // Not `instanceof Promise`: Playwright is loaded by the test environment, in another realm than the test file.
    if (result && typeof (result as PromiseLike<unknown>).then === 'function') return (result as PromiseLike<unknown>).then((value) => (after(value), value));
    after(result);
    return result;
  };
  return () => {
    delete target[name];
  };
}

export class TabPool {
  private readonly idle: Tab[] = [];
  private readonly lent = new Map<Page, Tab>();

  /** `origin`: the site whose storage a returned tab must not keep (its pages' base URL). */
  constructor(
    private readonly browser: Browser,
    private readonly origin: () => string,
  ) {}

  /** Whether `context` belongs to the pool (idle or lent): the environment must not close it between files. */
  holds(context: BrowserContext): boolean {
    return this.idle.some((tab) => tab.context === context) || [...this.lent.values()].some((tab) => tab.context === context);
  }

  /**
   * A tab on about:blank as if in a context made with `options` (poolable() must hold): an idle tab
   * of the same context options, set to the page-level ones asked for, else a new one.
   */
  async acquire(options: BrowserContextOptions): Promise<Lease> {
    const key = poolKey(options);
    const same = this.idle.findIndex((tab) => tab.key === key && pageKey(tab.options) === pageKey(options));
    const i = same >= 0 ? same : this.idle.findIndex((tab) => tab.key === key);
    let tab: Tab;
    if (i >= 0) {
      tab = this.idle.splice(i, 1)[0] as Tab;
      if (pageKey(tab.options) !== pageKey(options)) {
        tab.options = options;
        await emulate(tab.page, options);
      }
    } else {
      tab = await this.create(key, options);
    }
    this.watch(tab);
    this.lent.set(tab.page, tab);
    return { context: tab.context, page: tab.page };
  }

  /** Takes the tab back after its test: reset and kept idle, or closed (see the module comment). */
  async release(lease: Lease): Promise<void> {
    const tab = this.lent.get(lease.page);
    if (!tab) return;
    this.lent.delete(lease.page);
    for (const restore of tab.restore.splice(0)) restore();
    // A reset that does not finish in time (a page that will not let go) costs the tab, not the test.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), RESET_TIMEOUT);
    });
    const reusable = await Promise.race([this.reset(tab).catch(() => false), timeout]);
    clearTimeout(timer);
    if (!reusable) {
      await tab.context.close().catch(() => undefined);
      return;
    }
    this.idle.push(tab);
    while (this.idle.length > MAX_IDLE) await (this.idle.shift() as Tab).context.close().catch(() => undefined);
  }

  /** Closes every tab, idle or lent. */
  async drain(): Promise<void> {
    const all = [...this.idle.splice(0), ...this.lent.values()];
    this.lent.clear();
    await Promise.all(all.map((tab) => tab.context.close().catch(() => undefined)));
  }

  private async create(key: string, options: BrowserContextOptions): Promise<Tab> {
    const context = await this.browser.newContext(options);
    const page = await context.newPage();
    return { key, options, context, page, disposables: [], listeners: [], restore: [] };
  }

  /** Records what the test adds that must be undone, and marks what cannot be. */
  private watch(tab: Tab): void {
    const keep = (result: unknown) => {
      if (result && typeof (result as Disposable).dispose === 'function') tab.disposables.push(result as Disposable);
    };
    const spoil = (why: string) => () => {
      tab.spoiled ??= why;
    };
    for (const owner of [tab.page, tab.context]) {
      for (const name of ['addInitScript', 'exposeBinding', 'exposeFunction']) tab.restore.push(intercept(owner, name, () => {}, keep));
      const emitter = owner as unknown as { removeListener(event: string, listener: (...args: unknown[]) => void): unknown };
      const remember = ([event, listener]: unknown[]) => tab.listeners.push(() => emitter.removeListener(event as string, listener as (...args: unknown[]) => void));
      for (const name of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']) tab.restore.push(intercept(owner, name, remember));
    }
    tab.restore.push(intercept(tab.context, 'newPage', spoil('another page opened')));
    // A DevTools session can leave emulation, throttling or input state behind.
    tab.restore.push(intercept(tab.context, 'newCDPSession', spoil('DevTools session opened')));
    const clock = tab.page.clock as unknown as Record<string, unknown>;
    for (const name of ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime']) {
      if (typeof clock[name] === 'function') tab.restore.push(intercept(clock, name, spoil('clock installed')));
    }
  }

  /** Puts the tab back as a new one; false if it cannot be. */
  private async reset(tab: Tab): Promise<boolean> {
    const { page, context, options } = tab;
    if (tab.spoiled || page.isClosed() || context.pages().length !== 1) return false;
    for (const disposable of tab.disposables.splice(0)) await disposable.dispose();
    for (const remove of tab.listeners.splice(0)) remove();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all([context.clearCookies(), context.clearPermissions(), context.setOffline(false), context.setExtraHTTPHeaders({}), page.setExtraHTTPHeaders({}), context.setGeolocation(null)]);
    for (const owner of [page, context]) {
      owner.setDefaultTimeout(DEFAULT_TIMEOUT);
      owner.setDefaultNavigationTimeout(DEFAULT_TIMEOUT);
    }
    // The origin's storage, cleared from a document of the origin (sessionStorage belongs to the tab):
    // the test's own page when it is still on the origin, otherwise robots.txt loaded for it. Loading a
    // document only to clear storage would cost CPU in every test.
    const onOrigin = page.url().startsWith(`${this.origin()}/`);
    if (
      !onOrigin ||
      !(await clearOriginStorage(page).then(
        () => true,
        () => false,
      ))
    ) {
      await page.goto(`${this.origin()}/robots.txt`);
      await clearOriginStorage(page);
    }
    // Viewport and media after leaving the page: on a page of the site, emulateMedia() restyles and
    // repaints even when nothing changes; on about:blank it costs next to nothing.
    await page.goto('about:blank');
    await emulate(page, options);
    if ((await page.evaluate(() => history.length)) >= MAX_HISTORY) {
      // The test's hooks on newCDPSession were taken off above: this session is the pool's own.
      const devtools = await context.newCDPSession(page);
      await devtools.send('Page.resetNavigationHistory');
      await devtools.detach();
    }
    return true;
  }
}

/** Sets the tab's window size and media features to those of `options` (their defaults where not given). */
async function emulate(page: Page, options: BrowserContextOptions): Promise<void> {
  const viewport = options.viewport === undefined ? { width: 1280, height: 720 } : options.viewport;
  const current = page.viewportSize();
  if (viewport && (current?.width !== viewport.width || current?.height !== viewport.height)) await page.setViewportSize(viewport);
  await page.emulateMedia({
    media: null,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    forcedColors: options.forcedColors ?? 'none',
    contrast: options.contrast ?? 'no-preference',
  });
}

/** Clears the storage of the origin of the document shown: local and session storage, IndexedDB, Cache Storage, service workers. */
async function clearOriginStorage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const db of (await indexedDB.databases?.()) ?? []) if (db.name) indexedDB.deleteDatabase(db.name);
    if ('caches' in window) for (const name of await caches.keys()) await caches.delete(name);
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
  });
}
