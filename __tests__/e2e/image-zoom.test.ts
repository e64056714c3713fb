/**
 * Zoomable body images on the fixture site's build (content/README.md, 图片放大): a body image is a button named 查看大图：…;
 * a click, Enter or Space opens it large in a modal dialog with focus inside, Esc closes it and
 * focus returns to the image. Nothing of it — the dialog's code or the large file — is requested
 * before that (request interception), pages without images never load the code, and without
 * JavaScript the image links to the large file. Desktop and 320 px.
 */
import type { Page, Route } from 'playwright-core';
import { useBrowser, url } from './support/browser';

jest.setTimeout(60_000);

const PAGE = '/docs/desktop/wing/Introduce';
const TRIGGER = 'article .markdown a.image-zoom';
const DIALOG = 'dialog.image-zoom-dialog';

const session = useBrowser();

/** Opens the page with every request for the dialog's chunk or a zoom file recorded (and let through). */
async function openWatched(path: string, viewport = { width: 1440, height: 900 }): Promise<{ page: Page; requested: string[] }> {
  // A warm tab: routing turns the HTTP cache off, so every request is seen whatever the tab loaded before.
  const { page } = await session.tab({ viewport });
  const requested: string[] = [];
  await page.route(
    (u) => /\/image-zoom-[0-9a-f]+\.js$/.test(u.pathname) || /\/7d442\/|\/f3ff0\//.test(u.pathname),
    (route: Route) => {
      requested.push(new URL(route.request().url()).pathname);
      return route.continue();
    },
  );
  await page.goto(url(path));
  await page.waitForFunction(() => performance.getEntriesByName('onInitialClientRender').length > 0);
  await page.waitForLoadState('networkidle');
  return { page, requested };
}

/** What the dialog looks like to a reader: open or not, where focus is. */
const state = (page: Page) =>
  page.evaluate((selector) => {
    const dialog = document.querySelector<HTMLDialogElement>(selector);
    const active = document.activeElement;
    return {
      open: Boolean(dialog?.open),
      focusInDialog: Boolean(dialog && active && dialog.contains(active)),
      focusOnImage: Boolean(active?.matches('article .markdown a.image-zoom')),
      label: dialog?.getAttribute('aria-label') ?? null,
    };
  }, DIALOG);

async function closesWithEscape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForSelector(DIALOG, { state: 'detached' });
  expect(await state(page)).toMatchObject({ open: false, focusOnImage: true });
}

describe('zoomable images', () => {
  it('is a button named after the image, and nothing for the zoom is requested before it is used', async () => {
    const { page, requested } = await openWatched(PAGE);
    const trigger = page.locator(TRIGGER);
    await expect(trigger.count()).resolves.toBe(1);
    const name = await trigger.getAttribute('aria-label');
    expect(name).toMatch(/^查看大图：Wing 开发空间示意/);
    await expect(page.getByRole('button', { name: name ?? '' }).count()).resolves.toBe(1);
    expect(requested).toEqual([]);

    await trigger.click();
    await page.waitForSelector(`${DIALOG}[open] img`);
    await page.waitForLoadState('networkidle');
    // The dialog's code, then the largest generated WebP (Chromium takes WebP).
    expect(requested).toEqual([expect.stringMatching(/\/image-zoom-[0-9a-f]+\.js$/), expect.stringMatching(/\/f3ff0\/dev-space\.webp$/)]);
    expect(await page.locator(`${DIALOG} img`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1920);
  });

  it('click: opens a modal dialog with focus inside; Esc closes it and focus goes back to the image', async () => {
    const { page } = await openWatched(PAGE);
    await page.locator(TRIGGER).click();
    await page.waitForSelector(`${DIALOG}[open]`);
    const opened = await state(page);
    expect(opened).toMatchObject({ open: true, focusInDialog: true });
    expect(opened.label).toMatch(/^大图：Wing 开发空间示意/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('关闭');
    // Modal: Tab and Shift+Tab go round inside the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect((await state(page)).focusInDialog).toBe(true);
    }
    await closesWithEscape(page);
  });

  it('Enter and Space on the focused image open it too; 关闭 closes it and focus returns', async () => {
    const { page } = await openWatched(PAGE);
    await page.locator(TRIGGER).focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${DIALOG}[open]`);
    expect(await state(page)).toMatchObject({ open: true, focusInDialog: true });
    expect(page.url()).toBe(url(PAGE));
    await closesWithEscape(page);

    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.keyboard.press(' ');
    await page.waitForSelector(`${DIALOG}[open]`);
    expect(await state(page)).toMatchObject({ open: true, focusInDialog: true });
    await page.getByRole('button', { name: '关闭', exact: true }).click();
    await page.waitForSelector(DIALOG, { state: 'detached' });
    expect(await state(page)).toMatchObject({ open: false, focusOnImage: true });
    // Space did not scroll the page as it does on a plain link.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
  });

  it('at 320 px: the picture fits the screen; 原始大小 shows it at its own size to scroll around; Esc closes', async () => {
    const { page } = await openWatched(PAGE, { width: 320, height: 640 });
    await page.locator(TRIGGER).scrollIntoViewIfNeeded();
    await page.locator(TRIGGER).click();
    await page.waitForSelector(`${DIALOG}[open] img`);
    const fitted = await page.locator(`${DIALOG} img`).boundingBox();
    expect(fitted && fitted.x >= 0 && fitted.x + fitted.width <= 320 && fitted.width > 250).toBe(true);
    const actual = page.getByRole('button', { name: '原始大小' });
    await actual.click();
    expect(await actual.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator(`${DIALOG} .image-zoom-view`).evaluate((view) => view.scrollWidth > view.clientWidth * 3)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await closesWithEscape(page);
  });

  it('a page without body images never loads the dialog’s code', async () => {
    const { page, requested } = await openWatched('/docs/intro');
    expect(await page.locator(TRIGGER).count()).toBe(0);
    await page.locator('article .markdown p').first().click();
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
  });

  it('without JavaScript the image is a link to the large file', async () => {
    const { page } = await session.load(PAGE, { javaScriptEnabled: false });
    const href = await page.locator(TRIGGER).getAttribute('href');
    expect(href).toMatch(/\/7d442\/dev-space\.png$/);
    const response = await page.request.get(url(href ?? ''));
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  });
});
