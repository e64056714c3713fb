/**
 * What a reader gets around a post in real Chromium against the production build: the series box
 * read from a series' first part and from its last, related posts, the 纠错 link with and without a
 * selection (and without JavaScript), each 在 AI 中打开 entry, 复制本节, all with the keyboard alone,
 * at 320 px, axe-clean, and nothing requested before use. Addresses outside the site are answered by
 * the test (context.route), so no request leaves the machine.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { axeAudit } from './support/axe';
import { hydrated, useBrowser } from './support/browser';
import { BASE_URL } from './support/env';

jest.setTimeout(60_000);

const session = useBrowser();
const SITE = 'https://www.iofomo.com';

/** Answers every address outside the site with an empty page; returns the addresses asked for. */
async function stubOutside(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route(
    (address) => !address.href.startsWith(BASE_URL),
    (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title>' });
    },
  );
  return asked;
}

async function openPost(path: string, options: Parameters<typeof session.open>[1] = {}): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await session.open(path, options);
  await hydrated(page);
  return { page, context };
}

describe('series box', () => {
  it('read from the first part: every part with its date, this one marked, later parts labelled, next part', async () => {
    const { page } = await openPost('/blog/aosp0build');
    const box = page.locator('[data-testid="series-box"]');
    await expect(box.locator('h2').textContent()).resolves.toBe('系列：AOSP 系列 · 第 1 篇，共 3 篇');
    const parts = await box.locator('li').allInnerTexts();
    expect(parts).toHaveLength(3);
    expect(parts[0]).toMatch(/AOSP 系列 0.*（本篇）.*2023年12月15日/);
    expect(parts[1]).toMatch(/AOSP 系列 1.*2023年12月29日.*本文之后发表/);
    expect(parts[2]).toMatch(/AOSP 系列 2.*本文之后发表/);
    await expect(box.locator('[aria-current="page"]').textContent()).resolves.toContain('AOSP 系列 0');
    await expect(page.locator('[data-testid="series-previous"]').count()).resolves.toBe(0);
    // The note under the title leads to the box; the post's own text no longer links ahead.
    await expect(page.locator('[data-testid="series-note"] a').getAttribute('href')).resolves.toBe('#series');
    await expect(page.locator('.markdown a[href="/blog/aosp1flash"]').count()).resolves.toBe(0);
    await page.locator('[data-testid="series-next"]').click();
    await page.waitForURL(/\/blog\/aosp1flash\/?$/);
    // The address changes before the next part renders (a client-side navigation): wait for its box.
    const current = page.locator('[data-testid="series-box"] [aria-current="page"]', { hasText: 'AOSP 系列 1' });
    await current.waitFor();
    await expect(current.textContent()).resolves.toContain('AOSP 系列 1');
  });

  it('read from the last part: nothing labelled later, previous part, no next', async () => {
    const { page } = await openPost('/blog/aosp2framework');
    const box = page.locator('[data-testid="series-box"]');
    await expect(box.locator('.later').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="series-next"]').count()).resolves.toBe(0);
    await expect(page.locator('[data-testid="series-previous"]').getAttribute('href')).resolves.toBe('/blog/aosp1flash');
  });
});

describe('related posts', () => {
  it('lists up to three other posts, none of the post’s own series, as plain links', async () => {
    const { page } = await openPost('/blog/oneway');
    const links = await page.locator('[data-testid="related-posts"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(3);
    for (const own of ['/blog/binder', '/blog/oneway', '/blog/binderservice', '/blog/hiddenApi']) expect(links).not.toContain(own);
    expect(links.some((l) => /deepseek/.test(l ?? ''))).toBe(false);
  });
});

describe('纠错', () => {
  const issueOf = (href: string) => {
    const address = new URL(href);
    return { where: `${address.origin}${address.pathname}`, title: address.searchParams.get('title'), body: address.searchParams.get('body') ?? '' };
  };

  it('without a selection: a new issue with the page’s title and address, opened by the click', async () => {
    const { page, context } = await openPost('/blog/binder');
    const asked = await stubOutside(context);
    const link = page.locator('.markdown-links a[href*="/issues/new"]').first();
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const issue = issueOf(popup.url());
    expect(issue.where).toBe('https://github.com/iofomo/fomosite/issues/new');
    expect(issue.title).toBe('纠错：深入 Binder 拦截：从 Java 代理到 ioctl');
    expect(issue.body).toContain(`网址：${SITE}/blog/binder`);
    expect(issue.body).not.toContain('选中的文字');
    expect(asked.every((a) => a.startsWith('https://github.com/'))).toBe(true);
  });

  it('with a selection: the selected text and the heading it is under, with its anchor', async () => {
    const { page, context } = await openPost('/blog/binder');
    await stubOutside(context);
    const picked = await page.evaluate(() => {
      // A paragraph right under a heading (past its 复制本节 button), not the first one on the page.
      const headings = Array.from(document.querySelectorAll<HTMLElement>('article .markdown h2[id], article .markdown h3[id]'));
      const under = (h: HTMLElement) => {
        let next = h.nextElementSibling;
        while (next && next.tagName === 'BUTTON') next = next.nextElementSibling;
        return next?.tagName === 'P' ? next : null;
      };
      const heading = headings.filter((h) => under(h)).slice(1)[0] as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(under(heading) as Element);
      const selection = document.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      window.scrollTo(0, 0);
      return { id: heading.id, text: selection.toString().trim().slice(0, 20) };
    });
    const link = page.locator('.markdown-links a[href*="/issues/new"]').first();
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const issue = issueOf(popup.url());
    expect(issue.body).toContain(`#${encodeURIComponent(picked.id)}`);
    expect(issue.body).toContain('选中的文字');
    expect(issue.body).toContain(picked.text);
  });

  it('from the keyboard: Tab from 查看 Markdown reaches 在 AI 中打开, then 纠错; Enter opens the issue', async () => {
    const { page, context } = await openPost('/docs/desktop/wing/Get%20start');
    await stubOutside(context);
    await page.focus('.markdown-links a[type="text/markdown"]');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ai-menu-button');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('纠错');
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    const issue = issueOf(popup.url());
    expect(issue.title).toMatch(/^纠错：/);
    expect(issue.body).toContain(`网址：${SITE}/docs/desktop/wing/Get%20start`);
  });

  it('without JavaScript: a plain link carrying the page’s address', async () => {
    const { page } = await session.load('/blog/binder', { javaScriptEnabled: false });
    const issue = issueOf((await page.locator('.markdown-links a[href*="/issues/new"]').first().getAttribute('href')) ?? '');
    expect(issue.where).toBe('https://github.com/iofomo/fomosite/issues/new');
    expect(issue.body).toContain(`网址：${SITE}/blog/binder`);
    // The menu button needs JavaScript and is hidden without it; 查看 Markdown stays.
    await expect(page.locator('#ai-menu-button').isVisible()).resolves.toBe(false);
  });
});

describe('在 AI 中打开', () => {
  const MARKDOWN_URL = `${SITE}/blog/binder.md`;

  it('loads nothing before use, then opens from the keyboard as a WAI-ARIA menu', async () => {
    const { page } = await openPost('/blog/binder');
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect((await loaded()).some((name) => /page-actions|\.md$/.test(name))).toBe(false);
    const button = page.locator('#ai-menu-button');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    const focusedName = () => page.evaluate(() => document.activeElement?.firstChild?.textContent);
    await expect(focusedName()).resolves.toBe('ChatGPT');
    await page.keyboard.press('ArrowDown');
    await expect(focusedName()).resolves.toBe('Claude');
    await page.keyboard.press('End');
    await expect(focusedName()).resolves.toBe('通义');
    await page.keyboard.press('ArrowDown');
    await expect(focusedName()).resolves.toBe('ChatGPT');
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ai-menu-button');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await expect(focusedName()).resolves.toBe('通义');
    await page.keyboard.press('Tab');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    expect((await loaded()).some((name) => /page-actions/.test(name))).toBe(true);
  });

  it.each([
    ['ChatGPT', 'https://chatgpt.com/', 'q'],
    ['Claude', 'https://claude.ai/new', 'q'],
  ])('%s: a link with the prompt in its address, pointing at the page’s Markdown version', async (name, home, parameter) => {
    const { page, context } = await openPost('/blog/binder');
    await stubOutside(context);
    await page.locator('#ai-menu-button').click();
    const item = page.locator('[role="menuitem"]', { hasText: name });
    await expect(item.locator('small').textContent()).resolves.toBe('提示词已写在链接里');
    await item.focus();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    const opened = new URL(popup.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(home);
    expect(opened.searchParams.get(parameter)).toContain(MARKDOWN_URL);
  });

  it.each([
    ['DeepSeek', 'https://chat.deepseek.com/'],
    ['Kimi', 'https://www.kimi.com/'],
    ['豆包', 'https://www.doubao.com/chat/'],
    ['通义', 'https://www.tongyi.com/'],
  ])('%s: copies the prompt, opens the app, and says so in the menu', async (name, home) => {
    const { page, context } = await openPost('/blog/binder');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await stubOutside(context);
    await page.locator('#ai-menu-button').click();
    const item = page.locator('[role="menuitem"]', { hasText: name });
    await expect(item.locator('small').textContent()).resolves.toBe('复制提示词后打开，粘贴即可');
    await expect(item.getAttribute('href')).resolves.toBe(home);
    const [popup] = await Promise.all([context.waitForEvent('page'), item.click()]);
    expect(popup.url()).toBe(home);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toContain(MARKDOWN_URL);
    await expect(page.locator('#ai-menu').isVisible()).resolves.toBe(false);
  });
});

describe('复制本节', () => {
  it('copies the section under a heading as Markdown, from the keyboard', async () => {
    const { page, context } = await openPost('/blog/binder');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const heading = page.locator('article .markdown h2[id]').first();
    const title = (await heading.innerText()).replace(/#$/, '').trim();
    const button = page.locator('article .markdown .copy-section').first();
    await expect(button.getAttribute('aria-label')).resolves.toBe(`复制本节：${title}`);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.markdown .copy-section')?.textContent === '已复制');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(`## ${title}`)).toBe(true);
    expect(copied.split('\n').filter((l) => /^## /.test(l))).toHaveLength(1);
  });
});

describe('on a 320 px phone', () => {
  it('fits: the actions row, the open menu, the series box and related posts stay within the width', async () => {
    const { page } = await openPost('/blog/acc1new', { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    await page.locator('#ai-menu-button').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    const overflow = await page.evaluate(() => {
      const wide = (selector: string) => Array.from(document.querySelectorAll(selector)).filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5).length;
      return { page: document.documentElement.scrollWidth > window.innerWidth, items: wide('.markdown-links > *, #ai-menu, [data-testid="series-box"], [data-testid="related-posts"]') };
    });
    expect(overflow).toEqual({ page: false, items: 0 });
  });
});

describe('axe', () => {
  it.each(['light', 'dark'])('finds nothing on a series post with the menu open (%s)', async (mode) => {
    const { page } = await openPost('/blog/acc1new', { bypassCSP: true, colorScheme: mode as 'light' | 'dark' });
    if (mode === 'dark') {
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    }
    await page.locator('#ai-menu-button').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await axeAudit(page, { page: '/blog/acc1new', mode })).toEqual([]);
  });
});
