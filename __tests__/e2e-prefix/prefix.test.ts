/**
 * The site built with a base URL (SITE_BASE_URL=/fomosite, gatsby build --prefix-paths), served
 * under that prefix by nginx: every link, asset, search file, feed and the 404 page honour it, and
 * the diagnostic banner of spec §8 appears only when the same build is served at the wrong base.
 */
import type { Page } from 'playwright-core';
import { useBrowser } from '../e2e/support/browser';
import { llmsLinks } from '../e2e/support/exports';
import { PREFIX, PREFIX_PORT, WRONG_BASE_PORT } from './setup';

const site = (path: string) => `http://127.0.0.1:${PREFIX_PORT}${PREFIX}${path === '/' ? '' : path}`;
const BANNER = 'Your iofomo site did not load properly';

describe(`site built under ${PREFIX}`, () => {
  const session = useBrowser();

  async function open(path: string): Promise<{ page: Page; failures: string[]; close: () => Promise<void> }> {
    const context = await session.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/nope')) failures.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => failures.push(`failed ${r.url()}`));
    await page.goto(site(path));
    await page.waitForFunction(() => performance.getEntriesByName('onInitialClientRender').length > 0);
    return { page, failures, close: () => context.close() };
  }

  it('walks home → blog → post → doc → search result, never leaving the prefix', async () => {
    const { page, failures, close } = await open('/');
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') as string));
    expect(hrefs.filter((h) => !h.startsWith(`${PREFIX}/`) && h !== PREFIX)).toEqual([]);
    await page.locator('header').getByRole('link', { name: '博客', exact: true }).click();
    await page.waitForURL(site('/blog'));
    await page.getByTestId('post-card').first().locator('h2 a').click();
    await page.waitForURL(new RegExp(`${PREFIX}/blog/[^/]+$`));
    await page.locator('footer').getByRole('link', { name: '关于我们' }).click();
    await page.waitForURL(site('/docs/about/Introduce'));
    // The address changes before React renders the new page: wait for the doc page itself.
    await page.getByTestId('doc-page').waitFor();
    await expect(page.getByTestId('doc-sidebar').isVisible()).resolves.toBe(true);
    const box = page.getByTestId('search-navbar').locator('input');
    await box.focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await box.fill('UDID');
    // The results follow the pieces the query needs: wait for the panel to show this query.
    await page.waitForFunction(() => {
      const wrapper = document.querySelector('[data-testid="search-navbar"]');
      return wrapper?.getAttribute('data-query') === 'UDID' && wrapper.getAttribute('aria-busy') !== 'true';
    });
    // Results are links under the base URL.
    await expect(page.getByTestId('search-results').getByRole('option').first().getAttribute('href')).resolves.toMatch(new RegExp(`^${PREFIX}/docs/services/udid/`));
    await page.getByTestId('search-results').getByRole('option').first().click();
    await page.waitForURL(new RegExp(`${PREFIX}/docs/services/udid/`));
    await expect(page.getByText(BANNER).count()).resolves.toBe(0);
    expect(failures).toEqual([]);
    await close();
  });

  it('runs the search results page, its links, marks and OpenSearch under the prefix', async () => {
    const { page, failures, close } = await open('/');
    // The box's Enter with no option chosen: the results page under the prefix.
    const box = page.getByTestId('search-navbar').locator('input');
    await box.focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="search-navbar"] input'));
    await box.pressSequentially('UDID');
    // The results follow the pieces the query needs: wait for the panel to show this query.
    await page.waitForFunction(() => {
      const wrapper = document.querySelector('[data-testid="search-navbar"]');
      return wrapper?.getAttribute('data-query') === 'UDID' && wrapper.getAttribute('aria-busy') !== 'true';
    });
    await expect(page.getByTestId('search-results').getByRole('option').last().getAttribute('href')).resolves.toBe(`${PREFIX}/search?q=UDID`);
    await page.keyboard.press('Enter');
    await page.waitForURL(site('/search?q=UDID'));
    await page.getByTestId('search-page-results').waitFor();
    await expect(page.title()).resolves.toBe('搜索：UDID - iofomo');
    const link = page.getByTestId('search-page-results').locator('li.result h2 a').first();
    await expect(link.getAttribute('href')).resolves.toMatch(new RegExp(`^${PREFIX}/docs/services/udid/[^?]+\\?highlight=udid`));
    await link.click();
    await page.waitForURL((u) => u.pathname.startsWith(`${PREFIX}/docs/services/udid/`) && u.search === '');
    await page.locator('main .markdown mark.search-mark').first().waitFor();
    // Back: the results again.
    await page.goBack();
    await page.getByTestId('search-page-results').waitFor();
    expect(new URL(page.url()).pathname).toBe(`${PREFIX}/search`);
    await expect(page.locator('link[rel="search"]').getAttribute('href')).resolves.toBe(`${PREFIX}/opensearch.xml`);
    const xml = await (await fetch(site('/opensearch.xml'))).text();
    expect(xml).toContain(`template="https://www.iofomo.com${PREFIX}/search?q={searchTerms}"`);
    expect(failures).toEqual([]);
    await close();
  });

  it('serves the not-found page for unknown paths under the prefix', async () => {
    const response = await fetch(site('/nope'));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('请联系该网站的所有者');
  });

  it('writes prefixed URLs into feeds and the sitemap', async () => {
    const rss = await (await fetch(site('/rss.xml'))).text();
    expect(rss).toContain(`https://www.iofomo.com${PREFIX}/blog/`);
    const sitemap = await (await fetch(site('/sitemap.xml'))).text();
    expect(sitemap).toContain(`https://www.iofomo.com${PREFIX}/docs/desktop/wing/Get%20start`);
  });

  it('llms.txt, Markdown versions and share cards live under the prefix, and every link in them answers 200', async () => {
    const llms = await fetch(site('/llms.txt'));
    expect(llms.status).toBe(200);
    const text = await llms.text();
    expect(text).toContain(`[llms-full.txt](${PREFIX}/llms-full.txt)`);
    const links = llmsLinks(text);
    expect(links.length).toBeGreaterThan(80);
    const problems: string[] = [];
    const local = (href: string) => `http://127.0.0.1:${PREFIX_PORT}${href}`;
    await Promise.all(
      links.map(async ({ url }) => {
        const markdown = url.startsWith(`${PREFIX}/`) ? await fetch(local(url)) : null;
        if (markdown?.status !== 200 || markdown.headers.get('content-type') !== 'text/markdown; charset=utf-8') problems.push(`${url}: ${markdown?.status}`);
      }),
    );
    expect(problems).toEqual([]);
    expect((await fetch(site('/llms-full.txt'))).status).toBe(200);

    // A Markdown version's site links and images carry the base URL; the images are served there.
    const markdown = await (await fetch(site('/docs/desktop/wing/Introduce.md'))).text();
    const siteLinks = [...markdown.matchAll(/(?<!!)\[[^\]]*\]\((\/[^)\s]*)\)/g)].map((m) => m[1] as string);
    expect(siteLinks.length).toBeGreaterThan(0);
    for (const link of siteLinks) expect(link.startsWith(`${PREFIX}/`)).toBe(true);
    const images = [...markdown.matchAll(/!\[[^\]]*\]\((https:\/\/www\.iofomo\.com[^)\s]*)\)/g)].map((m) => m[1] as string);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const pathname = new URL(image).pathname;
      expect(pathname.startsWith(`${PREFIX}/static/`)).toBe(true);
      expect((await fetch(local(pathname))).status).toBe(200);
    }

    // The page links its Markdown version and its share card under the prefix.
    const html = await (await fetch(site('/docs/desktop/wing/Get%20start'))).text();
    expect(html).toContain(`href="${PREFIX}/docs/desktop/wing/Get%20start.md"`);
    const card = /<meta property="og:image" content="https:\/\/www\.iofomo\.com([^"]+)"/.exec(html)?.[1];
    expect(card).toMatch(new RegExp(`^${PREFIX}/static/og/[0-9a-f]+\\.png$`));
    const png = await fetch(local(card as string));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it(`shows '${BANNER}' when the build is served at the wrong base`, async () => {
    const context = await session.browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${WRONG_BASE_PORT}/`);
    const banner = page.locator('#base-url-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain(BANNER);
    await expect(banner.textContent()).resolves.toContain(`${PREFIX}/`);
    await context.close();
  });
});
