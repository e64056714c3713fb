/**
 * Every page of the real build fits a 320 px phone (docs/spec.md: works on a 320 px phone): nothing
 * is wider than the screen, so no page scrolls sideways, whatever the content holds. Pages are
 * read without JavaScript, as the server sends them (the scripts change no layout width; the
 * feature tests check the interactive parts at 320 px on the fixture site).
 */
import { builtPages } from '../e2e/support/axe';
import { useBrowser, url } from '../e2e/support/browser';

jest.setTimeout(300_000);

const session = useBrowser();
const PHONE_320 = { width: 320, height: 640 };

test('no page is wider than a 320 px screen', async () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(0);
  const { page } = await session.tab({ javaScriptEnabled: false, viewport: PHONE_320 });
  const wide: string[] = [];
  for (const built of pages) {
    await page.goto(url(built.url), { waitUntil: 'load' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > PHONE_320.width) wide.push(`${built.path}: ${width} px`);
  }
  expect(wide).toEqual([]);
});
