import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { QUERY_BUDGET } from '../../src/lib/search/shards';
import { hydrated, useBrowser, PHONE, url } from './support/browser';
import { boxShows } from './support/search-box';
import { afterFrame, recordNavigations } from './support/ready';
import { ROUTE_UPDATE_MARK } from '../../src/lib/navigation';

const isSearchFile = (u: string) => /\/search\/(index|store)\.json$/.test(u);
/** A piece a query fetches: under the build's folder (src/lib/search/shards.ts). */
const isSearchPiece = (u: string) => /\/search\/[0-9a-f]{20}\/[^/]+$/.test(u);

describe('site search', () => {
  const session = useBrowser();

  async function openSearch(path = '/', options: Parameters<typeof session.load>[1] = {}): Promise<{ page: Page; requests: Request[] }> {
    const { page } = await session.load(path, options);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    await hydrated(page);
    return { page, requests };
  }

  const box = (page: Page) => page.getByTestId('search-navbar').locator('input');

  /** Types a query into the box `testId` (its input, or `input`) and waits until the panel shows its results (support/search-box.ts). */
  async function typeQuery(page: Page, text: string, testId = 'search-navbar', input = page.getByTestId(testId).locator('input')): Promise<void> {
    await input.fill(text);
    await boxShows(page, testId, text);
  }

  it('downloads nothing before first use, then exactly the two files by GET with no body', async () => {
    const { page, requests } = await openSearch('/blog');
    await page.waitForLoadState('networkidle');
    expect(requests.filter((r) => isSearchFile(r.url()))).toHaveLength(0);
    await expect(box(page).getAttribute('placeholder')).resolves.toBe('Search');
    const before = requests.length;
    await box(page).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    const files = requests.filter((r) => isSearchFile(r.url()));
    expect(files.map((r) => new URL(r.url()).pathname).sort()).toEqual(['/search/index.json', '/search/store.json']);
    for (const r of files) {
      expect(r.method()).toBe('GET');
      expect(r.postData()).toBeNull();
    }
    // Nothing of the index yet: the pieces follow the query.
    expect(requests.filter((r) => isSearchPiece(r.url()))).toHaveLength(0);
    const gz = async (list: Request[]) => {
      let total = 0;
      for (const r of list) total += gzipSync((await (await r.response())?.body()) ?? Buffer.alloc(0)).length;
      return total;
    };
    const counted = (x: Request) => isSearchFile(x.url()) || isSearchPiece(x.url()) || x.url().endsWith('.js');
    // A first query (the engine's chunk, both manifests, the query's pieces), then a later one (its new pieces): each within the design's budget.
    await typeQuery(page, '无障碍服务是怎样工作的');
    await page.getByTestId('search-results').getByRole('option').first().waitFor();
    expect(requests.filter((r) => isSearchPiece(r.url())).length).toBeGreaterThan(0);
    const first = await gz(requests.slice(before).filter(counted));
    const mark = requests.length;
    await typeQuery(page, 'binder_write_read');
    const later = await gz(requests.slice(mark).filter(counted));
    console.log(`search: first query ${(first / 1024).toFixed(1)} KB gzip, a later one ${(later / 1024).toFixed(1)} KB`);
    expect(first).toBeLessThanOrEqual(QUERY_BUDGET.first);
    expect(later).toBeLessThanOrEqual(QUERY_BUDGET.later);
    for (const r of requests.filter((x) => isSearchPiece(x.url()))) expect([r.method(), r.postData()]).toEqual(['GET', null]);
    // Neither the page's own data nor any page data it fetched (prefetches of linked pages) carries the
    // index. Read from the server: Chromium may already have dropped the body of a prefetched
    // response ("No data found for resource", seen once in CI).
    const pageData = new Set([url('/page-data/blog/page-data.json'), url('/page-data/app-data.json'), ...requests.filter((r) => r.url().includes('page-data')).map((r) => r.url())]);
    for (const address of pageData) {
      const answer = await page.request.get(address);
      expect([address, answer.status()]).toEqual([address, 200]);
      // The index manifest's own keys (a post may well show `"index"` in a JSON example).
      const text = await answer.text();
      expect([address, text.includes('"t2s":{') || text.includes('"masks":[')]).toEqual([address, false]);
    }
  });

  it("shows 'Loading...' with the input disabled while the files load, then 'Search'", async () => {
    const { page } = await openSearch('/');
    await page.route('**/search/index.json', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await box(page).focus();
    await page.waitForFunction(() => (document.querySelector('[data-testid="search-navbar"] input') as HTMLInputElement | null)?.placeholder === 'Loading...');
    await expect(box(page).isDisabled()).resolves.toBe(true);
    await page.waitForFunction(() => (document.querySelector('[data-testid="search-navbar"] input') as HTMLInputElement | null)?.placeholder === 'Search');
    await expect(box(page).isDisabled()).resolves.toBe(false);
  });

  it('offers a retry when a file fails to load', async () => {
    const { page } = await openSearch('/');
    let fail = true;
    await page.route('**/search/store.json', (route) => (fail ? route.fulfill({ status: 500, body: 'x' }) : route.continue()));
    await box(page).focus();
    const retry = page.getByTestId('search-navbar').getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    fail = false;
    await retry.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
  });

  it('refetches both files past the cache when they come from different builds, and offers Retry if they still do', async () => {
    const { page, requests } = await openSearch('/');
    // The store of "another deploy": same content, another build id.
    let stale = 2;
    await page.route('**/search/store.json', async (route) => {
      if (stale <= 0) return route.continue();
      stale -= 1;
      const response = await route.fetch();
      const store = (await response.json()) as { build: string };
      await route.fulfill({ response, json: { ...store, build: `${store.build}-old` } });
    });
    // The cache mode of each fetch the page makes (the browser adds no header that shows it).
    await page.evaluate(() => {
      const log: string[][] = [];
      (window as unknown as { searchFetches: string[][] }).searchFetches = log;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        log.push([new URL(String(input), location.href).pathname, init?.cache ?? 'default']);
        return original(input, init);
      };
    });
    await box(page).focus();
    const retry = page.getByTestId('search-navbar').getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    // Each attempt: both files, then both again with the HTTP cache bypassed (cache: 'reload').
    const fetched = await page.evaluate(() => (window as unknown as { searchFetches: string[][] }).searchFetches);
    expect(fetched.sort()).toEqual([
      ['/search/index.json', 'default'],
      ['/search/index.json', 'reload'],
      ['/search/store.json', 'default'],
      ['/search/store.json', 'reload'],
    ]);
    expect(requests.filter((r) => isSearchFile(r.url()))).toHaveLength(4);
    // Mid-deploy, then consistent again: one more mismatch, healed by the refetch.
    stale = 1;
    await retry.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    expect(requests.filter((r) => isSearchFile(r.url()))).toHaveLength(8);
    await typeQuery(page, 'binder');
    await page.getByTestId('search-results').waitFor();
  });

  /** The panel's options in order: the URL of each, whether it is a section sub-result, and its group. */
  const panelOptions = (page: Page) =>
    page
      .getByTestId('search-results')
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => ({ url: e.getAttribute('data-url') ?? '', sub: e.classList.contains('sub'), group: e.closest('[role="group"]')?.getAttribute('aria-label') ?? '' })));

  it('finds Chinese, mixed and pinyin queries, grouped, with highlighted snippets', async () => {
    const { page } = await openSearch('/');
    await box(page).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await typeQuery(page, 'Binder 拦截');
    // A product's own page leads a search for its name and tagline: Binderceptor's Introduce, in the 文档 group first.
    await expect(panelOptions(page).then((o) => o[0])).resolves.toEqual({ url: '/docs/mobile/binderceptor/Introduce', sub: false, group: '文档' });
    await expect(page.getByTestId('search-results').locator('mark').first().textContent()).resolves.toMatch(/binder|拦截/i);
    await typeQuery(page, 'lanjie');
    const urls = await page
      .getByTestId('search-results')
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-url')));
    expect(urls.slice(0, 3)).toContain('/blog/binder');
    await typeQuery(page, '协作');
    // Wing (the team collaboration tool) first; the groups in the order of their best result.
    await expect(panelOptions(page).then((o) => o[0]?.url)).resolves.toBe('/docs/desktop/wing/Introduce');
    await expect(
      page
        .getByTestId('search-results')
        .getByRole('group')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).resolves.toEqual(['文档', '博客']);
    await typeQuery(page, '作协');
    await expect(page.getByTestId('search-empty').textContent()).resolves.toContain('没有找到');
  });

  it('navigates with ↓ and ↑ and opens the chosen result with Enter, and Ctrl+K focuses the box', async () => {
    const { page } = await openSearch('/blog');
    await page.keyboard.press('Control+K');
    // The box is disabled while the files load, then takes focus back.
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await page.waitForFunction(() => document.activeElement?.closest('[data-testid="search-navbar"]') !== null);
    await box(page).pressSequentially('oneway');
    await boxShows(page, 'search-navbar', 'oneway');
    await page.getByTestId('search-results').waitFor();
    const active = () => box(page).getAttribute('aria-activedescendant');
    // No option is chosen until an arrow key chooses one (Enter alone opens the results page).
    await expect(active()).resolves.toBeFalsy();
    // Down, down, down, up: the second option (a section of the first result), opened with its heading.
    for (const [key, index] of [
      ['ArrowDown', 0],
      ['ArrowDown', 1],
      ['ArrowDown', 2],
      ['ArrowUp', 1],
    ] as const) {
      await page.keyboard.press(key);
      await expect(active()).resolves.toMatch(new RegExp(`-${index}$`));
    }
    const [first, chosen] = await panelOptions(page);
    expect(chosen?.url).not.toBe(first?.url);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => decodeURIComponent(`${u.pathname}${u.hash}`) === chosen?.url);
  });

  it('searches nothing and selects nothing while an input method is composing', async () => {
    const { page } = await openSearch('/');
    await box(page).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    // The box is disabled while the files load, then takes focus back: compose only once it has.
    await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="search-navbar"] input'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'lanjie', selectionStart: 6, selectionEnd: 6 });
    // The box has rendered the composing text (React has handled its input event), and the frame after.
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('[data-testid="search-navbar"] input')?.value === 'lanjie');
    await afterFrame(page);
    // The composing text is in the box, but nothing was searched for it: a query run would have
    // set the box's data-query, or aria-busy while its pieces load, in that same render.
    await expect(box(page).inputValue()).resolves.toBe('lanjie');
    await expect(page.getByTestId('search-navbar').evaluate((el) => [el.getAttribute('data-query'), el.getAttribute('aria-busy')])).resolves.toEqual(['', 'false']);
    await expect(page.getByTestId('search-results').count()).resolves.toBe(0);
    // Enter belongs to the input method (it confirms a candidate): it never selects a result, nor
    // asks Gatsby for any navigation (a navigation changes the address only once the next page has loaded).
    const navigations = await recordNavigations(page);
    await page.keyboard.press('Enter');
    await afterFrame(page);
    await expect(navigations()).resolves.toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');
    await cdp.send('Input.insertText', { text: '拦截' });
    await page.getByTestId('search-results').waitFor();
    // Searched once the text is committed: the page about interception leads.
    await expect(page.getByTestId('search-results').getByRole('option').first().getAttribute('data-url')).resolves.toBe('/docs/mobile/binderceptor/Introduce');
  });

  it('is hidden in the navbar on a phone and reachable in the menu', async () => {
    const { page } = await session.load('/', { viewport: PHONE });
    await hydrated(page);
    await expect(page.getByTestId('search-navbar').isVisible()).resolves.toBe(false);
    await page.getByTestId('mobile-menu-button').click();
    const mobileBox = page.getByTestId('mobile-menu').getByTestId('search-full').locator('input');
    await mobileBox.focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-full"]')?.getAttribute('data-status') === 'ready');
    await typeQuery(page, 'UDID', 'search-full', mobileBox);
    await page.getByTestId('mobile-menu').getByRole('option').first().click();
    await page.waitForURL(/\/docs\/services\/udid\//);
  });

  async function ready(page: Page) {
    await box(page).focus();
    await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
    await page.waitForFunction(() => document.activeElement === document.querySelector('[data-testid="search-navbar"] input'));
  }

  it('shows results as real links under the base URL; Ctrl-click and middle click open a new tab and leave the page', async () => {
    const { page } = await openSearch('/');
    await ready(page);
    await typeQuery(page, 'oneway');
    const first = page.getByTestId('search-results').getByRole('option').first();
    // The link carries the words to mark where it leads (?highlight=, docs/spec.md §11).
    await expect(first.evaluate((el) => [el.tagName, el.getAttribute('href')])).resolves.toEqual(['A', '/blog/oneway?highlight=oneway']);
    const context = page.context();
    for (const click of [() => first.click({ modifiers: ['Control'] }), () => first.click({ button: 'middle' })]) {
      const opened = context.waitForEvent('page');
      await click();
      const tab = await opened;
      // A tab opened without an opener is about:blank until its first navigation commits, and its
      // load state may already be that blank document's: wait until it has left about:blank.
      await tab.waitForURL((url) => url.protocol !== 'about:');
      expect(new URL(tab.url()).pathname).toBe('/blog/oneway');
      await tab.close();
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  it('Enter on a section result navigates client-side and lands on the heading below the fixed navbar', async () => {
    const { page } = await openSearch('/');
    await expect(page.getByTestId('announcement-bar').isVisible()).resolves.toBe(true);
    await page.evaluate(() => ((window as unknown as { searchMarker: number }).searchMarker = 42));
    await ready(page);
    await typeQuery(page, 'MediaCodec 状态机');
    await page.getByTestId('search-results').waitFor();
    const urls = await page
      .getByTestId('search-results')
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-url')));
    const at = urls.indexOf('/blog/mediacodec#状态机');
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(page.getByTestId('search-results').getByRole('option').nth(at).getAttribute('href')).resolves.toMatch(new RegExp(`^/blog/mediacodec\\?highlight=[^#]+#${encodeURIComponent('状态机')}$`));
    // The first ArrowDown chooses the first option.
    for (let i = 0; i <= at; i += 1) await page.keyboard.press('ArrowDown');
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toMatch(new RegExp(`-${at}$`));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/blog\/mediacodec#/);
    // The page has rendered and scrolled to the heading (onRouteUpdate marks ROUTE_UPDATE_MARK), its
    // words are marked (the address loses ?highlight=), and the frame after.
    await page.waitForFunction(
      (name) => (performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined)?.detail === '/blog/mediacodec' && !location.search && document.querySelector('mark.search-mark') !== null,
      ROUTE_UPDATE_MARK,
    );
    await afterFrame(page);
    // No full reload: the marker set on this window is still there.
    await expect(page.evaluate(() => (window as unknown as { searchMarker?: number }).searchMarker)).resolves.toBe(42);
    const place = await page.evaluate(() => {
      const heading = document.getElementById('状态机') as HTMLElement;
      const navbar = document.querySelector('[data-testid="navbar"]') as HTMLElement;
      return { top: heading.getBoundingClientRect().top, navbarBottom: navbar.getBoundingClientRect().bottom, navbarHeight: navbar.offsetHeight, viewport: window.innerHeight };
    });
    expect(place.top).toBeGreaterThanOrEqual(Math.max(place.navbarBottom, place.navbarHeight) - 1);
    expect(place.top).toBeLessThan(place.viewport / 2);
  });

  it('lists several matching sections once under their page, and the open panel has no axe violations', async () => {
    // axe-core is injected as an inline script: let it past the page's CSP for this test only.
    const { page } = await openSearch('/', { bypassCSP: true });
    await ready(page);
    await typeQuery(page, 'binder 拦截');
    await page.getByTestId('search-results').waitFor();
    // Each page once, as a result, followed directly by its matching sections (its sub-results), and
    // at least one page with several of them.
    const options = await panelOptions(page);
    const pagesOf = options.filter((o) => !o.sub).map((o) => o.url.split('#')[0]);
    expect(new Set(pagesOf).size).toBe(pagesOf.length);
    let owner = '';
    const sectionsOf = new Map<string, number>();
    for (const option of options) {
      if (!option.sub) owner = option.url.split('#')[0] as string;
      else {
        expect([option.url, option.url.split('#')[0]]).toEqual([option.url, owner]);
        sectionsOf.set(owner, (sectionsOf.get(owner) ?? 0) + 1);
      }
    }
    expect(Math.max(0, ...sectionsOf.values())).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(box(page).getAttribute('aria-activedescendant')).resolves.toMatch(/-1$/);
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: Element, o: object): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe;
      const result = await axe.run(document.querySelector('[data-testid="search-navbar"]') as Element, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
      return result.violations.map((v) => `${v.id} (${JSON.stringify(v.nodes).slice(0, 600)})`);
    });
    expect(violations).toEqual([]);
    await expect(box(page).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });
});
