/**
 * The authoring constructs (tabs, code-block titles and line marks, callouts) in
 * Chromium, on the fixture site's pages that use them (its production build, __tests__/site):
 * - tabs: every panel under its label without JavaScript; the WAI-ARIA tabs pattern with it
 *   (roles, aria-selected/-controls, roving tabindex, arrows/Home/End); same-groupId sets switching
 *   together; the choice remembered across pages, shown from the first paint (head script) and
 *   not jumping when the script arrives; storage that throws breaks nothing;
 * - code: title, highlighted lines, line numbers that are neither selected nor copied, diff
 *   lines, the copy button copying what a reader would paste;
 * - a ::: callout in a post.
 * Their accessibility is the site-wide axe audit's (support/a11y.ts): each construct is a feature of
 * the page's kind (support/audit-plan.ts), so a page using it is audited in light and dark, at 1440
 * and 390 px, and a11y-states.test.ts audits a tab set with another tab chosen in the same four modes.
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { BASE_URL } from './support/env';
import { useBrowser, url } from './support/browser';

const TINYUI = '/docs/desktop/tinyui/User%20guide';
const INFILING = '/docs/services/infiling/blog';
const WING = '/docs/desktop/wing/Get%20start';
const TINYUI_DEV = '/docs/desktop/tinyui/Develop%20guide';
const DIFF = '/docs/desktop/wing/readme-manager';

const THROWING_STORAGE = () => {
  const fail = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  Object.defineProperty(window, 'localStorage', { get: fail, configurable: true });
};

const session = useBrowser();

/** The first tab set of the page, as the reader sees it. */
async function tabState(page: Page, index = 0) {
  return page
    .locator('.tabs')
    .nth(index)
    .evaluate((set) => {
      const tabs = [...set.querySelectorAll<HTMLElement>(':scope > .tab-list > .tab')];
      const panels = [...set.querySelectorAll<HTMLElement>(':scope > .tab-panel')];
      const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
      return {
        selected: tabs.filter((t) => t.getAttribute('aria-selected') === 'true').map((t) => t.dataset.value),
        shown: panels.filter(visible).map((p) => p.dataset.value),
        focused: tabs.find((t) => t === document.activeElement)?.dataset.value ?? null,
        tabindex: tabs.map((t) => t.tabIndex),
      };
    });
}

async function openWithTabs(path: string, options: Parameters<typeof session.open>[1] = {}, init?: () => void) {
  const opened = await session.open(path, options, init);
  await opened.page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
  return opened;
}

describe('tabs', () => {
  it('without JavaScript shows every panel under its label, and no buttons', async () => {
    const { page } = await session.load(TINYUI, { javaScriptEnabled: false });
    const set = page.locator('.tabs').first();
    await expect(set.locator('.tab-list').isVisible()).resolves.toBe(false);
    await expect(set.locator('.tab-panel').evaluateAll((panels) => panels.map((p) => [(p as HTMLElement).offsetParent !== null, p.querySelector('.tab-label')?.textContent]))).resolves.toEqual([
      [true, 'Windows'],
      [true, 'macOS'],
      [true, 'Linux'],
    ]);
    await expect(set.locator('.tab-label').first().isVisible()).resolves.toBe(true);
  });

  it('with JavaScript is a WAI-ARIA tab widget: roles, one panel shown, click to switch', async () => {
    const { page, errors } = await openWithTabs(TINYUI);
    const set = page.locator('.tabs').first();
    await expect(set.getByRole('tablist').count()).resolves.toBe(1);
    await expect(set.getByRole('tab').allTextContents()).resolves.toEqual(['Windows', 'macOS', 'Linux']);
    // Each tab controls its panel, and each panel is labelled by its tab.
    const wiring = await set.evaluate((root) =>
      [...root.querySelectorAll('[role="tab"]')].map((tab) => {
        const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        return panel?.getAttribute('role') === 'tabpanel' && panel.getAttribute('aria-labelledby') === tab.id;
      }),
    );
    expect(wiring).toEqual([true, true, true]);
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['windows'], shown: ['windows'], tabindex: [0, -1, -1] });
    await expect(set.locator('.tab-label').first().isVisible()).resolves.toBe(false);
    await set.getByRole('tab', { name: 'Linux' }).click();
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['linux'], shown: ['linux'], tabindex: [-1, -1, 0] });
    await expect(set.getByRole('tabpanel').textContent()).resolves.toContain('python3 tinyui.py');
    expect(errors).toEqual([]);
  });

  it('moves with Left/Right (wrapping), Home and End, focus following the selection', async () => {
    const { page } = await openWithTabs(TINYUI);
    await page.locator('.tabs').first().getByRole('tab', { name: 'Windows' }).focus();
    const steps: Array<[string, string]> = [
      ['ArrowRight', 'mac'],
      ['ArrowRight', 'linux'],
      ['ArrowRight', 'windows'],
      ['ArrowLeft', 'linux'],
      ['Home', 'windows'],
      ['End', 'linux'],
    ];
    for (const [key, value] of steps) {
      await page.keyboard.press(key);
      await expect(tabState(page)).resolves.toMatchObject({ selected: [value], shown: [value], focused: value });
    }
    // Tab leaves the tab list for the panel (roving tabindex: one stop for the whole list).
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('tabpanel');
  });

  it('switches every set of the same group on the page together, keeping the used one in place', async () => {
    const { context, page } = await session.tab();
    await context.route(`${BASE_URL}${TINYUI}`, (route) => withSecondTabSet(route));
    await page.goto(url(TINYUI));
    await page.waitForFunction(() => document.querySelectorAll('[data-tabs-ready]').length === 2);
    const second = page.locator('.tabs').nth(1).getByRole('tab', { name: 'macOS' });
    await second.scrollIntoViewIfNeeded();
    const before = await second.evaluate((tab) => tab.getBoundingClientRect().top);
    await second.click();
    await expect(tabState(page, 0)).resolves.toMatchObject({ selected: ['mac'], shown: ['mac'] });
    await expect(tabState(page, 1)).resolves.toMatchObject({ selected: ['mac'], shown: ['mac'] });
    // The first set (above) changed height; the tab the reader clicked did not move.
    expect(await second.evaluate((tab) => tab.getBoundingClientRect().top)).toBeCloseTo(before, 0);
  });

  it('remembers the choice for the group on other pages, from the first paint, and without a jump', async () => {
    const { page } = await session.tab();
    await page.goto(url(TINYUI));
    await page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
    await page.locator('.tabs').first().getByRole('tab', { name: 'macOS' }).click();
    await expect(page.evaluate(() => localStorage.getItem('tab-choices'))).resolves.toBe('{"os":"mac"}');

    // Another page of the group opens on macOS (its default is Linux).
    await page.goto(url(INFILING));
    await page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['mac'], shown: ['mac'] });
    const enhanced = await page
      .locator('.tabs')
      .first()
      .evaluate((el) => el.getBoundingClientRect().height);

    // Before the tab script has run (its chunk held back), the head script's CSS already shows macOS, at the same height.
    const held = await session.newContext();
    await held.addInitScript(() => localStorage.setItem('tab-choices', '{"os":"mac"}'));
    // Held, not failed: a chunk that fails to load makes Gatsby reload the page. (A context of its
    // own: a tab with a request held forever cannot be reset for the next test.)
    await held.route(/\/tabs-[0-9a-f]+\.js$/, () => undefined);
    const early = await held.newPage();
    await early.goto(url(INFILING));
    await early.waitForLoadState('load');
    const set = early.locator('.tabs').first();
    await expect(set.getAttribute('data-tabs-ready')).resolves.toBeNull();
    await expect(set.locator('.tab-panel').evaluateAll((panels) => panels.filter((p) => (p as HTMLElement).offsetParent !== null).map((p) => (p as HTMLElement).dataset.value))).resolves.toEqual(['mac']);
    await expect(set.locator('.tab[data-value="mac"]').evaluate((tab) => getComputedStyle(tab).borderBottomColor)).resolves.not.toBe('rgba(0, 0, 0, 0)');
    expect(await set.evaluate((el) => el.getBoundingClientRect().height)).toBeCloseTo(enhanced, 0);

    // A page whose set has no macOS tab keeps its own default.
    await page.goto(url(WING));
    await page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['unix'], shown: ['unix'] });
  });

  it('keeps working when storage throws: no errors, tabs switch, nothing remembered', async () => {
    const { page, errors } = await openWithTabs(TINYUI, {}, THROWING_STORAGE);
    await page.locator('.tabs').first().getByRole('tab', { name: 'Linux' }).click();
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['linux'], shown: ['linux'] });
    await page.reload();
    await page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
    await expect(tabState(page)).resolves.toMatchObject({ selected: ['windows'] });
    expect(errors).toEqual([]);
  });
});

/** Serves the page with a copy of its first tab set inserted after the table of its 运行 section (two sets of one group). */
async function withSecondTabSet(route: Route): Promise<void> {
  const response = await route.fetch();
  const html = await response.text();
  const start = html.indexOf('<div class="tabs"');
  let depth = 0;
  let end = start;
  for (const m of html.slice(start).matchAll(/<div[\s>]|<\/div>/g)) {
    depth += m[0] === '</div>' ? -1 : 1;
    if (depth === 0) {
      end = start + (m.index ?? 0) + m[0].length;
      break;
    }
  }
  const set = html.slice(start, end);
  const callout = html.indexOf('<aside', end);
  await route.fulfill({ response, body: `${html.slice(0, callout)}${set}${html.slice(callout)}` });
}

describe('code blocks', () => {
  async function openCode(path: string): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await session.open(path);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    return { page, context };
  }

  it('shows the title, highlights the marked lines and numbers them; numbers are neither selected nor copied', async () => {
    const { page } = await openCode(TINYUI_DEV);
    const block = page.locator('.code-block', { has: page.locator('.code-title', { hasText: 'file_hash_fragment.py' }) });
    await expect(block.locator('.code-title').isVisible()).resolves.toBe(true);
    const lines = block.locator('.code-line');
    const count = await lines.count();
    expect(count).toBeGreaterThan(70);
    await expect(block.locator('.code-line.highlighted').evaluateAll((els) => els.map((el) => el.getAttribute('data-line')))).resolves.toEqual(['35', '36', '37', '40', '41', '42']);
    const background = (n: number) => lines.nth(n).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(34)).not.toBe(await background(33));
    // Line numbers are drawn in the gutter by CSS: there, but not text.
    await expect(lines.nth(9).evaluate((el) => getComputedStyle(el, '::before').content)).resolves.toMatch(/attr\(data-line\)|"10"/);
    await expect(lines.nth(9).evaluate((el) => (el as HTMLElement).offsetLeft < (el.firstElementChild as HTMLElement | null)!.offsetLeft)).resolves.toBe(true);
    const code = await block.locator('pre code').evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const selection = window.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      return { selected: selection.toString(), text: el.textContent ?? '' };
    });
    // Selecting the block gives the code: one line per line, no numbers.
    expect(code.selected.replace(/\n$/, '')).toBe(code.text.replace(/\n$/, ''));
    expect(code.selected.split('\n')[0]).toBe('# -*- encoding:utf-8 -*-');

    await block.locator('[data-copy-button]').click();
    await page.waitForFunction(() => [...document.querySelectorAll('.code-block [data-copy-button]')].some((b) => b.textContent === '已复制'));
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code.text.replace(/\n$/, ''));
  });

  it('marks added and removed lines of a diff and copies the patch as written', async () => {
    const { page } = await openCode(DIFF);
    const block = page.locator('.code-block[data-language="diff"]').first();
    await expect(block.locator('.code-line.diff-add').count()).resolves.toBeGreaterThan(0);
    const added = await block
      .locator('.code-line.diff-add')
      .first()
      .evaluate((el) => [el.textContent?.[0], getComputedStyle(el).backgroundColor]);
    expect(added[0]).toBe('+');
    // Marked by a background of its own (unmarked lines have none).
    expect(added[1]).not.toBe('rgba(0, 0, 0, 0)');
    await block.locator('[data-copy-button]').click();
    await page.waitForFunction(() => document.querySelector('.code-block[data-language="diff"] [data-copy-button]')?.textContent === '已复制');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await block.locator('pre code').evaluate((el) => (el.textContent ?? '').replace(/\n$/, '')));
    expect(copied.split('\n').some((line) => line.startsWith('+'))).toBe(true);
  });

  it('shows a titled configuration block in the header row, in light and dark', async () => {
    const { page } = await openCode(INFILING);
    const block = page.locator('.code-block', { has: page.locator('.code-title', { hasText: 'home/hugo.yaml' }) }).first();
    const [title, header] = await Promise.all([block.locator('.code-title').boundingBox(), block.locator('.code-header').boundingBox()]);
    // Same row: the title on the left, the language and copy button on the right.
    expect(title && header && Math.abs(title.y - header.y) < 1 && title.x < header.x).toBe(true);
  });
});

describe('callouts', () => {
  it('renders a ::: warning in a post as the labelled note', async () => {
    const { page } = await session.load('/blog/device-test', { javaScriptEnabled: false });
    const callout = page.locator('aside.callout-warning', { hasText: 'adb install' });
    await expect(callout.getAttribute('role')).resolves.toBe('note');
    await expect(callout.locator('.callout-title').textContent()).resolves.toBe('注意');
    await expect(page.locator('.markdown').textContent()).resolves.not.toContain(':::');
  });
});
