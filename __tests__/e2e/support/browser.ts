import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { BASE_URL, CHROMIUM } from './env';
import { ready } from './ready';

/** Debian's Chromium, started the way this machine allows (root, no network beyond loopback). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 375, height: 740 };

export async function openPage(browser: Browser, path: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url(path));
  return { context, page, errors };
}

export function url(path: string): string {
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

export interface BrowserSession {
  /** The Chromium of the enclosing describe block (or file), launched in beforeAll. */
  readonly browser: Browser;
  /** Contexts registered here are closed after each test. */
  readonly contexts: BrowserContext[];
  /** A fresh, registered context (desktop viewport, zh-CN unless overridden). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A hydrated page at `path` in a fresh context, with its uncaught errors collected. */
  open(path: string, options?: BrowserContextOptions, init?: () => void): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
}

/**
 * One Chromium per describe block (or file, at top level), closed afterwards; contexts pushed to
 * `contexts` are closed after every test. Call it where `beforeAll` may be called.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
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
    async open(path, options = {}, init) {
      const context = await session.newContext(options);
      if (init) await context.addInitScript(init);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url(path));
      await ready(page);
      return { page, context, errors };
    },
  };
  return session;
}
