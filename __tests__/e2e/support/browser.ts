import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launch, SHARED_BROWSER, SHARED_TABS } from './chromium';
import { BASE_URL, E2E_PORT } from './env';
import { ready } from './ready';
import { poolable, type Lease, type TabPool } from './tab-pool';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 740 };

export function url(path: string): string {
  if (!E2E_PORT) throw new Error('E2E_PORT 未设置：浏览器测试要通过 jest 的 e2e 项目运行（它的全局 setup 在空闲端口上启动 nginx）');
  return `${BASE_URL}${path}`;
}

/**
 * Waits until React has hydrated and the first client render's effects have run (see ready();
 * hydration runs in a transition, so Gatsby's router being set up is not enough), then until the
 * network is quiet.
 */
export async function hydrated(page: Page): Promise<void> {
  await ready(page);
  await page.waitForLoadState('networkidle');
}

/**
 * The Chromium of this jest worker (support/environment.ts), or, under any other test
 * environment, one launched for the caller, who then owns it (`owned`).
 */
async function obtainBrowser(): Promise<{ browser: Browser; owned: boolean }> {
  const shared = (globalThis as { [SHARED_BROWSER]?: () => Promise<Browser> })[SHARED_BROWSER];
  return shared ? { browser: await shared(), owned: false } : { browser: await launch(), owned: true };
}

/** A tab a test file keeps across its tests (BrowserSession.keepTab()). */
export interface KeptTab {
  page: Page;
  context: BrowserContext;
  release(): Promise<void>;
}

export interface BrowserSession {
  /** The worker's Chromium, obtained in beforeAll (shared with the worker's other test files). */
  readonly browser: Browser;
  /** Contexts registered here are closed after each test. */
  readonly contexts: BrowserContext[];
  /**
   * A fresh, registered context (desktop viewport, zh-CN unless overridden): nothing cached, for
   * tests that look at what a first visit fetches.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A tab on about:blank (desktop viewport, zh-CN unless overridden), for a test that sets things
   * up (init scripts with arguments, listeners, routes) before it loads a page: a warm tab of the
   * worker's pool where the options allow (everything the test adds is undone when it ends), else
   * a page in a fresh context. `fresh`: always a page in a fresh context (nothing cached), for a
   * test that looks at what a first visit fetches.
   */
  tab(options?: BrowserContextOptions, how?: { fresh?: boolean }): Promise<{ page: Page; context: BrowserContext }>;
  /**
   * Like tab(), but the caller keeps the tab across tests and gives it back itself with `release()`
   * (in its afterAll): back to the pool, reset, or, for a tab in a fresh context, closed.
   */
  keepTab(options?: BrowserContextOptions): Promise<KeptTab>;
  /**
   * A hydrated page at `path`, with its uncaught errors collected: in a warm tab of the worker's
   * pool (./tab-pool.ts: reset after each test, HTTP cache kept) where the options allow, else in
   * a fresh context. `init` runs before the page's own scripts, in this test only.
   */
  open(path: string, options?: BrowserContextOptions, init?: () => void): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** Like open(), but resolves once the document has loaded, without waiting for hydration (pages without JavaScript). */
  load(path: string, options?: BrowserContextOptions, init?: () => void): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
}

/**
 * The worker's Chromium for a describe block (or file, at top level); contexts pushed to
 * `contexts` are closed after every test, and any context the file leaves open is closed when the
 * file ends (support/environment.ts). Call it where `beforeAll` may be called.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let owned = false;
  const contexts: BrowserContext[] = [];
  const leases: Lease[] = [];
  const tabs = (globalThis as { [SHARED_TABS]?: () => Promise<TabPool> })[SHARED_TABS];
  beforeAll(async () => {
    ({ browser, owned } = await obtainBrowser());
  });
  afterEach(async () => {
    const pool = leases.length > 0 && tabs ? await tabs() : undefined;
    await Promise.all([...contexts.splice(0).map((c) => c.close()), ...leases.splice(0).map((lease) => pool?.release(lease))]);
  });
  afterAll(async () => {
    if (owned) await browser?.close();
  });
  /** A warm tab of the worker's pool where the options allow (with its lease), else a page in a new context. */
  async function takeTab(options: BrowserContextOptions, fresh = false): Promise<Lease & { lease?: Lease; pool?: TabPool }> {
    const contextOptions = { viewport: DESKTOP, locale: 'zh-CN', ...options };
    if (!fresh && tabs && !owned && poolable(contextOptions)) {
      const pool = await tabs();
      const lease = await pool.acquire(contextOptions);
      return { ...lease, lease, pool };
    }
    const context = await session.browser.newContext(contextOptions);
    return { context, page: await context.newPage() };
  }
  const session: BrowserSession = {
    get browser() {
      if (!browser) throw new Error('useBrowser(): the browser is launched in beforeAll; use it inside tests or hooks');
      return browser;
    },
    contexts,
    async newContext(options = {}) {
      const context = await session.browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', ...options });
      contexts.push(context);
      return context;
    },
    async tab(options = {}, { fresh = false } = {}) {
      const { page, context, lease } = await takeTab(options, fresh);
      if (lease) leases.push(lease);
      else contexts.push(context);
      return { page, context };
    },
    async keepTab(options = {}) {
      const { page, context, lease, pool } = await takeTab(options);
      return { page, context, release: () => (lease && pool ? pool.release(lease) : context.close()) };
    },
    async load(path, options = {}, init) {
      const { context, page } = await session.tab(options);
      if (init) await context.addInitScript(init);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url(path));
      return { page, context, errors };
    },
    async open(path, options = {}, init) {
      const opened = await session.load(path, options, init);
      await ready(opened.page);
      return opened;
    },
  };
  return session;
}
