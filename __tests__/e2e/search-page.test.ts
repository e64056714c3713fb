/**
 * Search results that last (docs/spec.md §11), against the production build: the results page at /search
 * with its state in the address (Back, Forward, reload, a link opened elsewhere), its filters and
 * "more", the box's way to it (查看全部 N 条结果, Enter with no option chosen) in the navbar and the
 * phone menu, the words marked where a result leads and their removal, the page without
 * JavaScript, no hits, 320 px, and the OpenSearch description.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Page, Request } from 'playwright-core';
import { hydrated, PHONE, useBrowser, url } from './support/browser';
import { boxShows } from './support/search-box';
import { afterFrame } from './support/ready';
import { SCROLL_KEY, SETTLED_MARK } from '../../src/lib/search/page-url';

jest.setTimeout(180_000);

const session = useBrowser();

const results = (page: Page) => page.getByTestId('search-page-results').locator('li.result');
const resultUrls = (page: Page) => results(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-url') ?? ''));
const input = (page: Page) => page.locator('#search-page-input');
const query = (page: Page) => new URL(page.url()).searchParams;

/** The address, the box and the page all on query `q` (the router renders a frame after the address changes). */
async function waitForQuery(page: Page, q: string): Promise<void> {
  await page.waitForFunction((expected) => new URLSearchParams(location.search).get('q') === expected && (document.querySelector('#search-page-input') as HTMLInputElement | null)?.value === expected, q);
  await page.waitForFunction(() => document.querySelector('[data-testid="search-page"]')?.getAttribute('data-status') === 'ready');
}

/** Waits until the page lists exactly these results. */
async function waitForResults(page: Page, urls: string[]): Promise<void> {
  await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('li.result')].map((li) => li.getAttribute('data-url'))) === want, JSON.stringify(urls));
}

/** Waits until the page has kept where it is scrolled in its history entry (a reload and Back restore it from there). */
async function scrollKept(page: Page, atLeast = 0): Promise<void> {
  await page.waitForFunction(([key, min]) => window.scrollY >= min && (history.state as Record<string, unknown> | null)?.[key] === window.scrollY, [SCROLL_KEY, atLeast] as const);
}

/** The results page showing `q` (its results on screen). */
async function openResults(path: string, options = {}): Promise<Page> {
  const { page } = await session.open(path, options);
  await page.getByTestId('search-page-results').waitFor();
  return page;
}

describe('the results page keeps its state in the address', () => {
  it('round-trips: load, type, Back, Forward, a result and Back, reload, and the same link in a new context', async () => {
    const page = await openResults('/search?q=%E5%A4%9A%E5%BC%80');
    await expect(page.title()).resolves.toBe('搜索：多开 - iofomo');
    await expect(input(page).inputValue()).resolves.toBe('多开');
    const first = await resultUrls(page);
    expect(first.length).toBe(10);
    // A new query typed letter by letter: one history entry for all of it.
    const before = await page.evaluate(() => history.length);
    await input(page).fill('');
    await input(page).pressSequentially('binder', { delay: 60 });
    await waitForQuery(page, 'binder');
    await page.waitForFunction(() => document.title === '搜索：binder - iofomo');
    await expect(page.evaluate(() => history.length)).resolves.toBe(before + 1);
    const binder = await resultUrls(page);
    expect(binder[0]).toMatch(/binder/i);
    await page.evaluate(() => window.scrollTo(0, 600));
    // Where the reader left the entry (the page may have nudged it while settling), kept in it.
    await scrollKept(page, 300);
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);
    /** Waits until the page is scrolled to `y`; if it never is, says where it is and what the entry holds. */
    const near = async (y: number) => {
      try {
        await page.waitForFunction((want) => Math.abs(window.scrollY - want) < 5, y, { timeout: 10_000 });
      } catch {
        const seen = await page.evaluate(() => ({ scrollY: window.scrollY, height: document.documentElement.scrollHeight, state: JSON.stringify(history.state), url: location.href }));
        throw new Error(`expected the page at scrollY ${y} ± 5, it stayed at ${JSON.stringify(seen)}`);
      }
    };

    await page.goBack();
    await waitForQuery(page, '多开');
    await waitForResults(page, first);
    await page.waitForFunction(() => document.title === '搜索：多开 - iofomo');

    await page.goForward();
    await waitForQuery(page, 'binder');
    await waitForResults(page, binder);
    await near(left);

    // Open the third result, press Back: the same results, where the reader left them.
    await results(page).nth(2).locator('h2 a').click();
    await page.waitForURL((u) => u.pathname !== '/search');
    await page.goBack();
    await waitForQuery(page, 'binder');
    await waitForResults(page, binder);
    await near(left);

    // Reload: the engine loads again, the same results, and the scroll position comes back onto them.
    await page.evaluate(() => window.scrollTo(0, 500));
    await scrollKept(page, 300);
    const reloadedAt = await page.evaluate(() => window.scrollY);
    await page.reload();
    await page.getByTestId('search-page-results').waitFor();
    await expect(input(page).inputValue()).resolves.toBe('binder');
    await expect(resultUrls(page)).resolves.toEqual(binder);
    await near(reloadedAt);

    // The address sent to a colleague: a new context shows the same.
    const shared = await openResults(page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(resultUrls(shared)).resolves.toEqual(binder);
    await expect(input(shared).inputValue()).resolves.toBe('binder');
  });

  it('typing loads nothing and keeps every letter and the one history entry, however slow the server', async () => {
    const page = await openResults('/search?q=%E5%A4%9A%E5%BC%80');
    // The results page's data, answered the later the shorter its query: a page that fetched it
    // for each keystroke would get the answers back newest first, and show an older query again.
    const fetched: string[] = [];
    await page.route('**/page-data/search/page-data.json*', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q') ?? '';
      fetched.push(q);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1200 - 150 * q.length)));
      await route.continue();
    });
    const before = await page.evaluate(() => history.length);
    await input(page).fill('');
    await input(page).pressSequentially('binder', { delay: 60 });
    // The page is done with the typing: the query has settled (SETTLED_MARK), so every request the
    // keystrokes made has been seen (a request is recorded when it is made, not when answered).
    await page.waitForFunction((name) => (performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined)?.detail === 'binder', SETTLED_MARK, { timeout: 10_000 }).catch(() => undefined);
    await afterFrame(page);
    const seen = await page.evaluate(() => ({ q: new URLSearchParams(location.search).get('q'), value: (document.querySelector('#search-page-input') as HTMLInputElement).value, length: history.length }));
    expect({ ...seen, length: seen.length - before, fetched }).toEqual({ q: 'binder', value: 'binder', length: 1, fetched: [] });
  });

  it('Back pressed while the result opened is still on its way: the results again, where the reader left them', async () => {
    const page = await openResults('/search?q=binder');
    const binder = await resultUrls(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => window.scrollY === 600);
    await scrollKept(page, 600);
    // A late frame, made to happen: the router hears of the click's new entry at once but renders it
    // at the next frame; here that frame waits until the reader has pressed Back, and the page
    // clicked then renders before the results do (as on a slow phone or a busy machine).
    await page.evaluate(() => {
      const frame = window.requestAnimationFrame.bind(window);
      const push = window.history.pushState.bind(window.history);
      const held: FrameRequestCallback[] = [];
      let armed = false;
      /** Results' frames put off and not yet asked for, and whether the hold is over. */
      const late = { deferred: 0, over: false };
      (window as unknown as { __lateFrames: typeof late }).__lateFrames = late;
      window.history.pushState = (...args: Parameters<History['pushState']>) => {
        push(...args);
        armed = true;
      };
      window.requestAnimationFrame = (callback) => {
        if (!armed) return frame(callback);
        // The clicked page's frame waits for Back; the results' frames come after the clicked page has rendered.
        if (window.location.pathname !== '/search') held.push(callback);
        else {
          late.deferred += 1;
          window.setTimeout(() => {
            late.deferred -= 1;
            frame(callback);
          }, 50);
        }
        return 0;
      };
      window.addEventListener('popstate', () => {
        if (!armed) return;
        window.setTimeout(() => {
          held.splice(0).forEach((callback) => callback(performance.now()));
          window.setTimeout(() => {
            armed = false;
            late.over = true;
          }, 300);
        }, 0);
      });
    });
    await results(page).nth(2).locator('h2 a').click();
    await page.waitForURL((u) => u.pathname !== '/search');
    await page.goBack();
    await waitForQuery(page, 'binder');
    await waitForResults(page, binder);
    // Every frame held back has been let go, and what the page did in them has run.
    await page.waitForFunction(() => {
      const late = (window as unknown as { __lateFrames: { deferred: number; over: boolean } }).__lateFrames;
      return late.over && late.deferred === 0;
    });
    await afterFrame(page);
    const seen = await page.evaluate(() => ({ scrollY: window.scrollY, path: location.pathname, searchPage: document.querySelector('[data-testid="search-page"]') !== null }));
    expect(seen).toEqual({ scrollY: 600, path: '/search', searchPage: true });
  });

  it('filters by kind and product, shows more on demand, and keeps both in the address', async () => {
    const page = await openResults('/search?q=%E5%A4%9A%E5%BC%80');
    const filters = page.getByTestId('search-filters');
    await filters.getByRole('link', { name: /^文档/ }).click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('type') === 'doc');
    await page.waitForFunction(() => [...document.querySelectorAll('li.result')].every((li) => li.getAttribute('data-url')?.startsWith('/docs/')));
    await expect(filters.getByRole('link', { name: /^文档/ }).getAttribute('aria-current')).resolves.toBe('true');
    await filters
      .getByRole('group', { name: '按产品筛选' })
      .getByRole('link', { name: /^Konker/ })
      .click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('product') === 'Konker');
    await page.waitForFunction(() => [...document.querySelectorAll('li.result')].every((li) => li.getAttribute('data-url')?.startsWith('/docs/mobile/konker/')));
    const konkerDocs = await resultUrls(page);
    expect(konkerDocs.length).toBeGreaterThan(0);
    // Back takes the product off, the kind stays.
    await page.goBack();
    await page.waitForFunction(() => !new URLSearchParams(location.search).has('product') && new URLSearchParams(location.search).get('type') === 'doc');
    await page.goForward();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('product') === 'Konker');
    await page.reload();
    await page.getByTestId('search-page-results').waitFor();
    // The filters come back from the address (on a busy machine, a frame after the first results).
    await page.waitForFunction((n) => {
      const urls = [...document.querySelectorAll('li.result')].map((li) => li.getAttribute('data-url') ?? '');
      return urls.length === n && urls.every((u) => u.startsWith('/docs/mobile/konker/'));
    }, konkerDocs.length);
    await expect(resultUrls(page)).resolves.toEqual(konkerDocs);

    // More: 10 at first, then 20; the first new result takes focus; a reload keeps 20.
    const all = await openResults('/search?q=android');
    await expect(results(all).count()).resolves.toBe(10);
    await all.getByRole('button', { name: /显示更多结果/ }).click();
    await all.waitForFunction(() => new URLSearchParams(location.search).get('n') === '20');
    // The address may change a frame before the list grows and focus moves: wait for both, then check.
    await all.waitForFunction(() => document.querySelectorAll('li.result').length >= 20 && document.activeElement?.closest('li.result') !== null);
    await expect(results(all).count()).resolves.toBe(20);
    await expect(all.evaluate(() => document.activeElement?.closest('li.result')?.getAttribute('data-index'))).resolves.toBe('10');
    await all.reload();
    await all.getByTestId('search-page-results').waitFor();
    await all.waitForFunction(() => document.querySelectorAll('li.result').length >= 20);
    await expect(results(all).count()).resolves.toBe(20);
  });

  it('says in Chinese when nothing matches, and what to try', async () => {
    const { page } = await session.open('/search?q=zzqxj');
    await page.getByTestId('search-none').waitFor();
    await expect(page.getByTestId('search-summary').textContent()).resolves.toBe('没有找到与“zzqxj”相关的内容。');
    const advice = await page.getByTestId('search-none').textContent();
    expect(advice).toContain('拼音');
    expect(advice).toContain('产品名');
    await expect(page.getByTestId('search-none').getByRole('link', { name: '文章归档' }).getAttribute('href')).resolves.toBe('/blog/archive');
  });

  it('is noindex, titled without a query in its HTML, canonical without a query, and in no sitemap, llms.txt or Markdown version', async () => {
    const html = await (await fetch(url('/search?q=x'))).text();
    expect(html).toContain('<title data-gatsby-head="true">搜索 - iofomo</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html).toContain('<link rel="canonical" href="https://www.iofomo.com/search"');
    expect(await (await fetch(url('/sitemap.xml'))).text()).not.toContain('/search<');
    expect(await (await fetch(url('/llms.txt'))).text()).not.toMatch(/\(\/search/);
    expect((await fetch(url('/search.md'))).status).toBe(404);
  });

  it('without JavaScript says search needs it and links the archive and the docs overview', async () => {
    const { page } = await session.load('/search?q=%E5%A4%9A%E5%BC%80', { javaScriptEnabled: false });
    const note = page.getByTestId('search-nojs');
    await expect(note.isVisible()).resolves.toBe(true);
    await expect(note.textContent()).resolves.toContain('站内搜索需要 JavaScript');
    await expect(note.getByRole('link', { name: '文章归档' }).getAttribute('href')).resolves.toBe('/blog/archive');
    await expect(note.getByRole('link', { name: '文档总览' }).getAttribute('href')).resolves.toBe('/docs/intro');
    await expect(page.locator('form[role="search"]').isVisible()).resolves.toBe(false);
  });

  it('loads the same two files and engine chunk as the box, nothing else', async () => {
    const { page } = await session.tab({}, { fresh: true });
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await page.goto(url('/search?q=binder'));
    await page.getByTestId('search-page-results').waitFor();
    await page.waitForLoadState('networkidle');
    const json = requests.map((r) => new URL(r.url())).filter((u) => u.pathname.endsWith('.json'));
    expect(
      json
        .filter((u) => /^\/search\/[^/]+\.json$/.test(u.pathname))
        .map((u) => u.pathname)
        .sort(),
    ).toEqual(['/search/index.json', '/search/store.json']);
    // The page's own data: one address whatever the query (gatsby/search/gatsby-node.ts onCreatePage), so it is cached once for all.
    expect(json.filter((u) => u.pathname === '/page-data/search/page-data.json').map((u) => u.href.slice(u.origin.length))).toEqual(['/page-data/search/page-data.json']);
    const chunks = requests.filter((r) => r.url().endsWith('.js')).map((r) => new URL(r.url()).pathname);
    expect(chunks.filter((c) => c.includes('search-engine'))).toHaveLength(1);
    expect(chunks.filter((c) => c.includes('search-marks'))).toHaveLength(0);
  });

  it('fits 320 px without scrolling sideways, every control at least 44 px tall', async () => {
    const page = await openResults('/search?q=binder%20%E6%8B%A6%E6%88%AA', { viewport: { width: 320, height: 640 } });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="search-page"] :is(a, button, input)')]
        .filter((el) => !el.closest('p, li:not(.result):not([data-url])'))
        .map((el) => ({ el: `${el.tagName} ${el.textContent?.slice(0, 20)}`, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < 44 || box.right > 320))
        .map(({ el, box }) => `${el}: ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.left)}`),
    );
    expect(small).toEqual([]);
  });
});

describe('from the search box to the results page', () => {
  async function typeInBox(page: Page, testId: string, text: string): Promise<void> {
    const box = page.getByTestId(testId).locator('input');
    await box.focus();
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-status') === 'ready', testId);
    await page.waitForFunction((id) => document.activeElement === document.querySelector(`[data-testid="${id}"] input`), testId);
    await box.pressSequentially(text);
    await boxShows(page, testId, text);
    await page.getByTestId(testId).getByTestId('search-results').waitFor();
  }

  it.each([
    ['navbar', {}, 'search-navbar'],
    ['phone menu', { viewport: PHONE }, 'search-full'],
  ])('from the %s: the list ends with 查看全部 N 条结果, and Enter with no option chosen goes there', async (_, options, testId) => {
    const { page } = await session.open('/docs/intro', options);
    await hydrated(page);
    const openMenu = async () => {
      if (testId === 'search-full') await page.getByTestId('mobile-menu-button').click();
    };
    await openMenu();
    await typeInBox(page, testId, 'binder');
    const last = page.getByTestId(testId).getByRole('option').last();
    const label = (await last.textContent()) ?? '';
    const total = Number(/^查看全部 (\d+) 条结果$/.exec(label)?.[1]);
    expect(total).toBeGreaterThan(10);
    await expect(last.getAttribute('href')).resolves.toBe('/search?q=binder');
    // Nothing is chosen until an arrow key chooses it.
    await expect(page.getByTestId(testId).locator('input').getAttribute('aria-activedescendant')).resolves.toBeNull();
    await last.click();
    await page.waitForURL(url('/search?q=binder'));
    await page.getByTestId('search-page-results').waitFor();
    await expect(page.getByTestId('search-summary').textContent()).resolves.toContain(`共有 ${total} 条结果`);

    await page.goto(url('/docs/intro'));
    await hydrated(page);
    await openMenu();
    await typeInBox(page, testId, 'UDID');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/search?q=UDID'));
    await page.getByTestId('search-page-results').waitFor();
    // Gatsby applies a client-side navigation's <title> after the page has rendered.
    await page.waitForFunction(() => document.title === '搜索：UDID - iofomo', undefined, { timeout: 5_000 }).catch(() => undefined);
    await expect(page.title()).resolves.toBe('搜索：UDID - iofomo');
  });
});

describe('marked on arrival', () => {
  const marks = (page: Page) => page.locator('main .markdown mark.search-mark');

  it('marks the words where a result of the page leads, takes them out of the address, and clears them', async () => {
    const page = await openResults('/search?q=%E6%94%94%E6%88%AA');
    // A Traditional query: the landing page marks the Simplified words the site uses.
    const link = results(page).first().locator('h2 a');
    await expect(link.getAttribute('href')).resolves.toContain('highlight=%E6%8B%A6%E6%88%AA');
    await link.click();
    await page.waitForURL((u) => u.pathname !== '/search' && !u.search.includes('highlight'));
    await marks(page).first().waitFor();
    const words = new Set(await marks(page).allTextContents());
    expect([...words].some((w) => w === '拦截')).toBe(true);
    await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.not.toContain('?');
    const bar = page.getByRole('group', { name: '搜索词标记' });
    await expect(bar.textContent()).resolves.toMatch(/^已标出(“[^”]+”)+(等)?共 \d+ 处清除标记$/);
    // The marks are visible in the theme's colours (not the browser's yellow).
    await expect(
      marks(page)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe('rgb(255, 241, 184)');
    await bar.getByRole('button', { name: '清除标记' }).click();
    await expect(marks(page).count()).resolves.toBe(0);
    await expect(bar.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main-content');
  });

  it('marks the words where a section result of the box leads, landing on the section as before', async () => {
    const { page } = await session.open('/');
    const box = page.getByTestId('search-navbar').locator('input');
    await box.focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="search-navbar"] input'));
    await box.fill('MediaCodec 状态机');
    await boxShows(page, 'search-navbar', 'MediaCodec 状态机');
    const options = page.getByTestId('search-results').getByRole('option');
    const at = (await options.evaluateAll((els) => els.map((e) => e.getAttribute('data-url')))).indexOf('/blog/mediacodec#状态机');
    expect(at).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= at; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/blog/mediacodec' && u.hash === `#${encodeURIComponent('状态机')}` && u.search === '');
    await marks(page).first().waitFor();
    const words = new Set(await marks(page).allTextContents());
    expect([...words].map((w) => w.toLowerCase())).toEqual(expect.arrayContaining(['mediacodec', '状态机']));
    // Not a lone character of the query (机).
    expect(words.has('机')).toBe(false);
    const top = await page.evaluate(() => (document.getElementById('状态机') as HTMLElement).getBoundingClientRect().top);
    expect(top).toBeLessThan(400);
  });

  it('costs a page reached any other way nothing: no script, no marks', async () => {
    const { page } = await session.tab({}, { fresh: true });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.url());
    });
    await page.goto(url('/blog/mediacodec'));
    await hydrated(page);
    expect(scripts.filter((s) => s.includes('search-marks'))).toEqual([]);
    await expect(marks(page).count()).resolves.toBe(0);
    // The same page asked for marks loads that one chunk.
    await page.goto(url('/blog/mediacodec?highlight=MediaCodec'));
    await marks(page).first().waitFor();
    expect(scripts.filter((s) => s.includes('search-marks'))).toHaveLength(1);
  });
});

describe('OpenSearch', () => {
  it('every page links a valid description that searches the results page', async () => {
    for (const route of ['/', '/blog/binder', '/docs/desktop/wing/Get%20start', '/search', '/nope']) {
      const html = await (await fetch(url(route))).text();
      expect([route, /<link rel="search" type="application\/opensearchdescription\+xml" title="iofomo" href="\/opensearch.xml"\/>/.test(html)]).toEqual([route, true]);
    }
    const response = await fetch(url('/opensearch.xml'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/opensearchdescription+xml; charset=utf-8');
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml).OpenSearchDescription;
    expect(doc['@_xmlns']).toBe('http://a9.com/-/spec/opensearch/1.1/');
    expect(doc.ShortName).toBe('iofomo');
    const template = ([doc.Url].flat() as Array<Record<string, string>>).find((u) => u['@_type'] === 'text/html')?.['@_template'] ?? '';
    expect(template).toBe('https://www.iofomo.com/search?q={searchTerms}');
    // What a browser does with it: the template with the reader's words, on this server.
    const target = new URL(template.replace('{searchTerms}', encodeURIComponent('空壳 多开')));
    const page = await openResults(`${target.pathname}${target.search}`);
    await expect(input(page).inputValue()).resolves.toBe('空壳 多开');
    expect(query(page).get('q')).toBe('空壳 多开');
  });
});
