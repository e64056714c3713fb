/**
 * The editor constructs for Chinese technical prose in Chromium, on the fixture site's pages that use them
 * (its production build, __tests__/site; no extra build):
 * - CJK-friendly emphasis: konker feedback's labels, bold with their full-width colon, on the
 *   page and in the Markdown version;
 * - heading ids and kept anchors: wing Get start's ## 安装 {#install}: the page, the table of
 *   contents, the Markdown version and the search sections use #install, and a link shared with the published
 *   #安装 still lands on the heading, with and without JavaScript;
 * - steps (konker install post) and file trees (tinyui Develop guide, AOSP build post): lists a
 *   screen reader reads as such, drawn without JavaScript, inside a 320 px screen.
 * Their accessibility is the site-wide axe audit's (support/a11y.ts): steps and file trees are
 * features of the page's kind (support/audit-plan.ts), audited in light and dark, at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { useBrowser, url } from './support/browser';

const FEEDBACK = '/docs/mobile/konker/feedback';
const WING = '/docs/desktop/wing/Get%20start';
const KONKER_INSTALL = '/blog/konkerinstall';
const TINYUI_DEV = '/docs/desktop/tinyui/Develop%20guide';
const AOSP = '/blog/aosp0build';

const session = useBrowser();

async function text(page: Page, path: string): Promise<string> {
  const response = await page.request.get(url(path));
  expect(response.status()).toBe(200);
  return response.text();
}

/** How far the heading with this id is from the top of the viewport, once the page has scrolled to the hash. */
async function headingOffset(page: Page, id: string): Promise<{ scrolled: number; top: number }> {
  await page.waitForFunction(() => window.scrollY > 0);
  return page.evaluate((headingId) => ({ scrolled: window.scrollY, top: (document.getElementById(headingId) as HTMLElement).getBoundingClientRect().top }), id);
}

describe('CJK-friendly emphasis', () => {
  it('makes **手机信息：**品牌 bold on the page, leaving no asterisks, and keeps it in the Markdown version', async () => {
    const { page } = await session.load(FEEDBACK, { javaScriptEnabled: false });
    const labels = page.locator('.markdown ol > li > strong');
    await expect(labels.allTextContents()).resolves.toEqual(['手机信息：', '空壳版本：', '出问题的应用：', '发生了什么：', '能否重现：', '截图或录屏：']);
    await expect(labels.first().evaluate((el) => Number(getComputedStyle(el).fontWeight))).resolves.toBeGreaterThanOrEqual(600);
    await expect(page.locator('.markdown').textContent()).resolves.not.toContain('**');
    await expect(text(page, `${FEEDBACK}.md`)).resolves.toContain('1. **手机信息：**品牌和型号');
  });
});

describe('heading anchors', () => {
  it('give ## 安装 {#install} its id in the page, the table of contents, the Markdown version and the search sections', async () => {
    const { page } = await session.load(WING, { javaScriptEnabled: false });
    const heading = page.locator('h2#install');
    await expect(heading.textContent()).resolves.toBe('安装#');
    await expect(page.locator('.markdown').textContent()).resolves.not.toContain('{#');
    // The table of contents (the sidebar's and the phone's) links #install.
    await expect(page.locator('a[href="#install"]:not(.heading-anchor)').allTextContents()).resolves.toEqual(['安装', '安装']);
    await expect(text(page, `${WING}.md`)).resolves.toContain('\n## 安装 {#install}\n');
    // Search sections carry the heading's id: a result lands on #install.
    // The documents manifest names the build's folder; the page's sections are in one of its chunks.
    const { build, pages, chunk } = JSON.parse(await text(page, '/search/store.json')) as { build: string; pages: number; chunk: number };
    const chunks = await Promise.all(Array.from({ length: Math.ceil(pages / chunk) }, (_, k) => text(page, `/search/${build}/d${k}.json`)));
    expect(chunks.filter((c) => c.includes('"i":"install","h":"安装"'))).toHaveLength(1);
  });

  it('land a link to the published #安装 on the reworded heading without JavaScript', async () => {
    const { page } = await session.load(`${WING}#${encodeURIComponent('安装')}`, { javaScriptEnabled: false });
    const { scrolled, top } = await headingOffset(page, 'install');
    expect(scrolled).toBeGreaterThan(0);
    // Just under the sticky navbar (the page's scroll-padding), not above the viewport nor far below.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    // The old id is an empty element at the start of the heading: no text, nothing announced.
    await expect(page.locator('h2#install > span.anchor-alias#安装').evaluate((el) => [el.textContent, el.getBoundingClientRect().width])).resolves.toEqual(['', 0]);
  });

  it('land it with JavaScript too, on first load and when following an in-page link', async () => {
    const { page, errors } = await session.open(`${WING}#${encodeURIComponent('安装')}`);
    const { top } = await headingOffset(page, 'install');
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(120);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '#安装';
      link.textContent = 'old';
      document.querySelector('.markdown')?.prepend(link);
      link.click();
    });
    const again = await headingOffset(page, 'install');
    expect(again.top).toBeLessThan(120);
    expect(errors).toEqual([]);
  });
});

describe('steps', () => {
  it('are an ordered list with numbered circles drawn in CSS, readable and within 320 px', async () => {
    const { page } = await session.load(KONKER_INSTALL, { javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
    const steps = page.locator('ol.steps');
    await expect(steps.locator(':scope > li').count()).resolves.toBe(6);
    // An ordered list to assistive technology: the list and its items keep their roles.
    const roles = await page.locator('ol.steps').evaluate((ol) => [ol.tagName, getComputedStyle(ol).listStyleType]);
    expect(roles).toEqual(['OL', 'none']);
    const marker = await steps
      .locator(':scope > li')
      .nth(2)
      .evaluate((li) => {
        const before = getComputedStyle(li, '::before');
        return { content: before.content, color: before.color, background: before.backgroundColor };
      });
    expect(marker.content).toMatch(/counter\(step\)/);
    expect(marker.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(marker.color).not.toBe(marker.background);
    await expect(steps.locator(':scope > li').first().textContent()).resolves.toContain('发起安装');
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
    await expect(page.locator('.markdown').textContent()).resolves.not.toContain(':::');
  });
});

describe('file trees', () => {
  it('are nested lists named 文件树, directories said in words, within 320 px, drawn as a tree in the Markdown version', async () => {
    const { page } = await session.load(TINYUI_DEV, { javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
    const tree = page.locator('.file-tree').first();
    const list = tree.locator(':scope > ul');
    await expect(list.getAttribute('aria-label')).resolves.toBe('文件树');
    await expect(list.locator(':scope > li.ft-dir > .ft-name').textContent()).resolves.toBe('module/1samplebasic');
    await expect(list.locator('li.ft-file').count()).resolves.toBe(7);
    await expect(list.locator('li.ft-dir > .visually-hidden').first().textContent()).resolves.toBe('目录 ');
    await expect(list.locator('li.ft-file').first().textContent()).resolves.toBe('__init__.py 空文件；Python 2 靠它把目录当成包导入');
    // The slash after a directory is drawn, not text.
    await expect(
      list
        .locator('li.ft-dir > .ft-name')
        .first()
        .evaluate((el) => getComputedStyle(el, '::after').content),
    ).resolves.toMatch(/^"\/"/);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
    await expect(text(page, `${TINYUI_DEV}.md`)).resolves.toContain('```text\nmodule/1samplebasic/\n├── __init__.py  # 空文件；Python 2 靠它把目录当成包导入\n');
  });

  it('replace the table of out/ in the AOSP build post, nesting as written', async () => {
    const { page } = await session.load(AOSP, { javaScriptEnabled: false });
    const product = page.locator('.file-tree li.ft-dir', { has: page.locator(':scope > .ft-name', { hasText: 'target/product/<设备>' }) });
    await expect(product.locator(':scope > ul > li > .ft-name').allTextContents()).resolves.toEqual(['system.img', 'system', 'vendor', 'symbols']);
    await expect(product.locator(':scope > .ft-note').textContent()).resolves.toBe('目标设备的产物，即 $ANDROID_PRODUCT_OUT');
  });
});
