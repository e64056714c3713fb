import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { BASE_URL, CHROMIUM } from './env';

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

/** Waits until React has hydrated (Gatsby marks the router ready). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { ___navigate?: unknown }).___navigate !== undefined && document.querySelector('#gatsby-focus-wrapper') !== null);
  await page.waitForLoadState('networkidle');
}
