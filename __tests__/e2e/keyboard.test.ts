/**
 * Keyboard and screen-reader behaviour (docs/testing.md, 无障碍) not covered by chrome.test.ts / docs.test.ts:
 * Tab order, Escape, focus return and announced state (aria-expanded, aria-current, the copied
 * status) of the navbar, the mobile menu, the docs sidebars, the TOC, the search combobox and the
 * code-copy button. (Opening and closing the navbar popovers by keyboard is tested in chrome.test.ts.)
 */
import type { Page } from 'playwright-core';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../src/lib/search/files';
import { BASE_URL } from './support/env';
import { PHONE, useBrowser } from './support/browser';
import { afterFrame } from './support/ready';
import { boxShows } from './support/search-box';

jest.setTimeout(30_000);

const session = useBrowser();
const open = session.open;

/** What has focus: test id, else aria-label, else tag and text; plus whether it is inside `scope`. */
async function focused(page: Page, scope?: string): Promise<{ name: string; inside: boolean }> {
  return page.evaluate((selector) => {
    const el = document.activeElement as HTMLElement | null;
    const name = el?.getAttribute('data-testid') ?? el?.getAttribute('aria-label') ?? `${el?.tagName.toLowerCase()} ${el?.textContent?.trim().slice(0, 20) ?? ''}`;
    return { name, inside: selector ? Boolean(el?.closest(selector)) : false };
  }, scope ?? null);
}

/**
 * Presses Tab until the focused element matches `selector` (at most `limit` times), starting from
 * `from` when given. Walks inside the page start from the main landmark (the skip link's target),
 * so they do not pass the navbar and start loading the search index.
 */
async function tabTo(page: Page, selector: string, limit = 60, from?: string): Promise<void> {
  if (from) await page.focus(from);
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`focus never reached ${selector} after ${limit} Tab presses`);
}

describe('navbar from the keyboard', () => {
  it('Tab walks the top-level items in order, skipping the closed panels; the current page says aria-current="page"', async () => {
    const { page } = await open('/blog');
    const items = await page.locator('header nav[aria-label="主导航"] .menu-trigger').evaluateAll((els) => els.map((e) => e.textContent?.trim()));
    expect(items.length).toBeGreaterThanOrEqual(4);
    await tabTo(page, 'header nav[aria-label="主导航"] .menu-trigger');
    const walked: Array<string | undefined> = [];
    for (let i = 0; i < items.length; i += 1) {
      walked.push(
        await page.evaluate(() => (document.activeElement?.classList.contains('menu-trigger') ? document.activeElement.textContent?.trim() : `not a trigger: ${document.activeElement?.textContent?.trim().slice(0, 20)}`)),
      );
      await page.keyboard.press('Tab');
    }
    expect(walked).toEqual(items);
    await expect(page.locator('.menu-content[data-state="open"]').count()).resolves.toBe(0);
    await expect(page.locator('header nav[aria-label="主导航"] .menu-trigger[aria-current="page"]').allTextContents()).resolves.toEqual(['博客']);
    await expect(page.locator('header nav[aria-label="主导航"] button.menu-trigger[aria-expanded="false"]').count()).resolves.toBe(items.length - 1);
  });
});

describe('mobile menu from the keyboard', () => {
  it('opens with Enter, says so with aria-expanded, moves focus in, and Escape gives focus back to the button', async () => {
    const { page } = await open('/', { viewport: PHONE });
    const button = page.getByTestId('mobile-menu-button');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(button.getAttribute('aria-haspopup')).resolves.toBe('dialog');
    await tabTo(page, '[data-testid="mobile-menu-button"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('mobile-menu').waitFor({ state: 'visible' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('[data-testid="mobile-menu"]')));
    // A labelled modal dialog.
    const dialog = page.getByRole('dialog', { name: '菜单' });
    await expect(dialog.count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(focused(page)).resolves.toMatchObject({ name: 'mobile-menu-button' });
  });
});

describe('docs sidebar from the keyboard', () => {
  it('on the desktop: Tab reaches the sidebar links in order, the current page is aria-current="page", Enter follows a link', async () => {
    const { page } = await open('/docs/desktop/wing/Get start');
    const sidebar = '.sidebar-col [data-testid="doc-sidebar"]';
    const hrefs = await page.locator(`${sidebar} a`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    await expect(page.locator(`${sidebar} a[aria-current="page"]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname))).resolves.toEqual(['/docs/desktop/wing/Get%20start']);
    // The first sidebar link is reached by Tab; the following Tabs walk the links in their order.
    await tabTo(page, `${sidebar} a`, 60, '#main-content');
    const walked: string[] = [];
    for (let i = 0; i < hrefs.length; i += 1) {
      walked.push(await page.evaluate(() => (document.activeElement as HTMLAnchorElement).pathname));
      if (i < hrefs.length - 1) await page.keyboard.press('Tab');
    }
    expect(walked).toEqual(hrefs);
    // Back one link and follow it with Enter.
    await page.keyboard.press('Shift+Tab');
    const target = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).pathname);
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => location.pathname === p && document.querySelector<HTMLAnchorElement>('.sidebar-col [data-testid="doc-sidebar"] a[aria-current="page"]')?.pathname === p, target);
  });

  it('on a phone: the toggle opens a modal panel with focus inside, Tab and Shift+Tab stay in it, Escape closes it and focus returns to the toggle', async () => {
    const { page } = await open('/docs/desktop/wing/Get start', { viewport: PHONE });
    const toggle = page.getByTestId('mobile-sidebar-toggle');
    const panel = '[data-testid="mobile-sidebar-panel"]';
    await tabTo(page, '[data-testid="mobile-sidebar-toggle"]');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('Enter');
    await page.locator(panel).waitFor({ state: 'visible' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.locator(panel).getAttribute('aria-modal')).resolves.toBe('true');
    await expect(focused(page, panel)).resolves.toMatchObject({ inside: true });
    await expect(page.locator(`${panel} a[aria-current="page"]`).count()).resolves.toBe(1);
    const controls = await page.locator(panel).evaluate((el) => el.querySelectorAll('a[href], button, select').length);
    const forward = new Set<string>();
    for (let i = 0; i < controls + 3; i += 1) {
      await page.keyboard.press('Tab');
      const where = await focused(page, panel);
      expect(where.inside).toBe(true);
      forward.add(where.name);
    }
    // It went round every control rather than sticking on one.
    expect(forward.size).toBe(controls);
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Shift+Tab');
      await expect(focused(page, panel)).resolves.toMatchObject({ inside: true });
    }
    await page.keyboard.press('Escape');
    await page.locator(panel).waitFor({ state: 'detached' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(focused(page)).resolves.toMatchObject({ name: 'mobile-sidebar-toggle' });

    // The close button does the same.
    await page.keyboard.press('Enter');
    await page.locator(panel).waitFor({ state: 'visible' });
    await page.locator(`${panel} button[aria-label="关闭文档目录"]`).focus();
    await page.keyboard.press('Enter');
    await page.locator(panel).waitFor({ state: 'detached' });
    await expect(focused(page)).resolves.toMatchObject({ name: 'mobile-sidebar-toggle' });
  });
});

describe('table of contents from the keyboard', () => {
  it('Enter on an entry moves to its heading and marks the entry current', async () => {
    const { page } = await open('/docs/mobile/binderceptor/sdk');
    const entries = page.locator('.toc-col [data-testid="toc"] a');
    await expect(page.locator('.toc-col nav[data-testid="toc"]').getAttribute('aria-label')).resolves.toBeTruthy();
    const count = await entries.count();
    expect(count).toBeGreaterThan(3);
    // Tab into the TOC and on to its third entry.
    await tabTo(page, '.toc-col [data-testid="toc"] a', 400, '#main-content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const href = await page.evaluate(() => decodeURIComponent((document.activeElement as HTMLAnchorElement).hash));
    await expect(entries.nth(2).evaluate((a) => a === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction((hash) => decodeURIComponent(location.hash) === hash, href);
    await page.waitForFunction((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    }, href.slice(1));
    await page.waitForFunction((hash) => decodeURIComponent(document.querySelector('.toc-col [data-testid="toc"] a[aria-current="true"]')?.getAttribute('href') ?? '') === hash, href);
  });

  it('on a phone: the collapsed TOC opens with Enter on its summary and its entries follow in the Tab order', async () => {
    const { page } = await open('/docs/mobile/binderceptor/sdk', { viewport: PHONE });
    const summary = page.getByTestId('mobile-toc').locator('summary');
    await tabTo(page, '[data-testid="mobile-toc"] summary');
    await expect(page.getByTestId('mobile-toc').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mobile-toc').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="mobile-toc"] [data-testid="toc"]')))).resolves.toBe(true);
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mobile-toc').evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
  });
});

describe('code copy button from the keyboard', () => {
  it('is reached by Tab, copies on Enter, and a status region announces it; the label comes back', async () => {
    const { page, context } = await open('/blog/binder');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const block = page.locator('.code-block').first();
    const button = block.locator('[data-copy-button]');
    const status = block.locator('[role="status"]');
    await expect(
      page
        .getByRole('button', { name: '复制', exact: true })
        .first()
        .evaluate((b) => b.hasAttribute('data-copy-button')),
    ).resolves.toBe(true);
    await expect(status.textContent()).resolves.toBe('');
    await tabTo(page, '[data-copy-button]', 100, '#main-content');
    await expect(button.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.code-block [role="status"]')?.textContent === '代码已复制到剪贴板');
    await expect(button.textContent()).resolves.toBe('已复制');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(await block.locator('pre code').evaluate((c) => (c.textContent ?? '').replace(/\n$/, '')));
    // Focus stays on the button; after two seconds it reads 复制 again and the status empties.
    await expect(button.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.waitForFunction(() => document.querySelector('.code-block [data-copy-button]')?.textContent === '复制', undefined, { timeout: 5000 });
    await expect(status.textContent()).resolves.toBe('');
    // Space works as well.
    await page.keyboard.press('Space');
    await page.waitForFunction(() => document.querySelector('.code-block [role="status"]')?.textContent === '代码已复制到剪贴板');
  });
});

describe('search combobox from the keyboard (ARIA semantics only)', () => {
  const input = '[data-testid="search-navbar"] input';

  async function typed(page: Page, query: string): Promise<void> {
    await page.locator(input).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await page.waitForFunction((s) => document.activeElement === document.querySelector(s), input);
    await page.keyboard.type(query);
    await boxShows(page, 'search-navbar', query);
    await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'true', input);
  }

  it('is a combobox whose listbox of options is announced expanded, and ArrowDown moves aria-activedescendant while focus stays in the box', async () => {
    const { page } = await open('/docs/intro');
    const box = page.locator(input);
    await expect(box.getAttribute('role')).resolves.toBe('combobox');
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await typed(page, 'binder');
    const listbox = page.getByRole('listbox');
    await expect(listbox.count()).resolves.toBe(1);
    const options = listbox.getByRole('option');
    expect(await options.count()).toBeGreaterThan(1);
    const active = () => box.getAttribute('aria-activedescendant');
    const isOption = (id: string | null) => page.evaluate((i) => (i ? document.getElementById(i)?.getAttribute('role') === 'option' && Boolean(document.getElementById(i)?.closest('[role="listbox"]')) : false), id);
    const seen: Array<string | null> = [];
    for (let i = 0; i < 2; i += 1) {
      await page.keyboard.press('ArrowDown');
      const id = await active();
      await expect(isOption(id)).resolves.toBe(true);
      seen.push(id);
      await expect(page.evaluate((s) => document.activeElement === document.querySelector(s), input)).resolves.toBe(true);
    }
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('Escape closes the listbox (aria-expanded false) and focus stays in the box', async () => {
    const { page } = await open('/docs/intro');
    await typed(page, 'binder');
    await page.keyboard.press('Escape');
    await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('aria-expanded') === 'false', input);
    await expect(page.getByRole('listbox').count()).resolves.toBe(0);
    await expect(page.evaluate((s) => document.activeElement === document.querySelector(s), input)).resolves.toBe(true);
  });

  it('does not pull focus back when the reader tabs on while the index is still loading', async () => {
    const { page } = await open('/docs/intro');
    // Hold the index download (SEARCH_INDEX_PATH) until focus has moved on.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested: string[] = [];
    let seen = () => {};
    const indexAsked = new Promise<void>((resolve) => {
      seen = resolve;
    });
    // The other manifest, asked for beside the index (src/components/search/remote-engine.ts): once it
    // has come, the loader has nothing left to do but wait for the index.
    const storeArrived = page.waitForEvent('requestfinished', (request) => new URL(request.url()).pathname === SEARCH_STORE_PATH);
    storeArrived.catch(() => undefined);
    await page.route(`**${SEARCH_INDEX_PATH}`, async (route) => {
      requested.push(new URL(route.request().url()).pathname);
      seen();
      await held;
      await route.continue();
    });
    await page.locator(input).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'loading');
    await page.keyboard.press('Tab');
    const movedTo = await focused(page);
    expect(movedTo.name).not.toBe('搜索文档和博客');
    // Still loading: the index really is held (asked for — after the engine's chunk, so not at
    // once on a busy machine — and not answered).
    await indexAsked;
    await storeArrived;
    await afterFrame(page);
    expect(requested).toEqual([SEARCH_INDEX_PATH]);
    await expect(page.locator('[data-testid="search-navbar"]').getAttribute('data-status')).resolves.toBe('loading');
    release();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    // The box's effect that gives focus back once ready (SearchBox.tsx) has run.
    await afterFrame(page);
    await expect(page.evaluate((s) => document.activeElement === document.querySelector(s), input)).resolves.toBe(false);
    await expect(focused(page)).resolves.toEqual(movedTo);
  });
});
