/**
 * The docs experience in real Chromium against the production build (docs/spec.md §2–§4, §10):
 * sidebar presence and state, breadcrumbs and their JSON-LD, table of contents, Chinese anchors,
 * the mobile sidebar and TOC, edit links, previous/next, the docs version, horizontal overflow.
 */
import { FIXTURE_CONTENT_DIR, ROOT } from './support/env';
import type { Page } from 'playwright-core';
import { loadContent } from '../../gatsby/content/loader';
import { encodePath } from '../../src/lib/url-path';
import { PHONE, useBrowser, url } from './support/browser';
import { ready } from './support/ready';

jest.setTimeout(30_000);

const { docs } = loadContent(ROOT, FIXTURE_CONTENT_DIR);
/** A doc has no sidebar exactly when its frontmatter says hide_sidebar. */
const isSidebarless = (docId: string) => docs.find((d) => d.docId === docId)?.frontmatter.hide_sidebar === true;
const EDIT_BASE = 'https://github.com/iofomo/fomosite/edit/main/content/docs';

const session = useBrowser();

const open = session.open;

/** Client-side navigation through a link, then wait until the sidebar marks the new page. */
async function goVia(page: Page, selector: string): Promise<string> {
  const link = page.locator(selector);
  const target = await link.evaluate((a) => (a as HTMLAnchorElement).pathname);
  await link.click();
  await page.waitForFunction((p) => location.pathname === p && document.querySelector<HTMLAnchorElement>('[data-testid="doc-sidebar"] a[aria-current="page"]')?.pathname === p, target);
  return target;
}

const SIDEBAR = '.sidebar-col [data-testid="doc-sidebar"]';

/** The server-rendered markup of the element marked data-testid=`testId`, up to its </nav>. */
function block(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</nav>', start));
}
const norm = (href: string) => decodeURIComponent(href);

/** Client-side navigation (Gatsby's navigate) to a doc with a sidebar; waits until the sidebar marks it. */
async function navigateTo(page: Page, pathname: string): Promise<void> {
  const encoded = encodePath(pathname);
  await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(to), encoded);
  await page.waitForFunction((p) => location.pathname === p && document.querySelector<HTMLAnchorElement>('.sidebar-col [data-testid="doc-sidebar"] a[aria-current="page"]')?.pathname === p, encoded);
}

describe('sidebar (spec §2, §4)', () => {
  it('the server-rendered HTML of every doc has a sidebar exactly when its frontmatter does not hide it, and the right edit link, JSON-LD and previous/next', async () => {
    expect(docs.length).toBeGreaterThan(20);
    // The spec's sidebar-less pages (today's content: the konker desc/* and protocol-* pages) are among them.
    const sidebarless = docs.filter((d) => isSidebarless(d.docId)).map((d) => d.docId);
    expect(sidebarless).toEqual(
      expect.arrayContaining(
        ['desc/app-setting', 'desc/konker-qa', 'desc/konker-readme', 'desc/konker-setting', 'protocol-permission', 'protocol-privacy', 'protocol-software', 'protocol-user'].map((p) => `mobile/konker/${p}`),
      ),
    );
    const problems: string[] = [];
    await Promise.all(
      docs.map(async (doc) => {
        const response = await fetch(url(encodePath(doc.path)));
        const html = await response.text();
        if (response.status !== 200) problems.push(`${doc.path}: status ${response.status}`);
        const hasSidebar = html.includes('data-testid="doc-sidebar"');
        if (hasSidebar === isSidebarless(doc.docId)) problems.push(`${doc.path}: sidebar ${hasSidebar ? 'present' : 'missing'}`);
        if (!html.includes('data-testid="navbar"') || !html.includes('data-testid="footer"')) problems.push(`${doc.path}: navbar or footer missing`);
        const edit = /<a[^>]*href="([^"]*)"[^>]*data-testid="edit-link"/.exec(html)?.[1];
        const expected = `${EDIT_BASE}/${encodePath(doc.docId)}.mdx`;
        if (edit !== expected) problems.push(`${doc.path}: edit link ${edit} instead of ${expected}`);
        if (!/<script type="application\/ld\+json"[^>]*>[^<]*"BreadcrumbList"/.test(html)) problems.push(`${doc.path}: no BreadcrumbList JSON-LD`);
        // Previous/next are the neighbours in the sidebar's order.
        if (hasSidebar) {
          const sidebar = block(html, 'doc-sidebar');
          const order = [...sidebar.matchAll(/<a[^>]*href="([^"]*)"/g)].map((m) => norm(m[1] as string));
          const here = order.indexOf(norm(doc.path));
          if (here < 0) problems.push(`${doc.path}: not in its own sidebar`);
          const pager = block(html, 'doc-pager');
          const rel = (name: string) => {
            const tag = new RegExp(`<a[^>]*rel="${name}"[^>]*>`).exec(pager)?.[0];
            const href = tag ? /href="([^"]*)"/.exec(tag)?.[1] : undefined;
            return href === undefined ? null : norm(href);
          };
          if (rel('prev') !== (order[here - 1] ?? null)) problems.push(`${doc.path}: previous ${rel('prev')} instead of ${order[here - 1] ?? null}`);
          if (rel('next') !== (order[here + 1] ?? null)) problems.push(`${doc.path}: next ${rel('next')} instead of ${order[here + 1] ?? null}`);
        }
      }),
    );
    expect(problems).toEqual([]);
  });

  it('is on wing/Introduce and sampled docs, marks the current page, and has nothing to collapse', async () => {
    const { page, errors } = await open('/docs/desktop/wing/Introduce');
    const samples = ['/docs/desktop/wing/Introduce', '/docs/intro', '/docs/about/team', '/docs/mobile/konker/user-guider', '/docs/services/udid/opt', '/docs/desktop/tinyui/User guide', '/docs/services/keener/issue'];
    for (const [i, sample] of samples.entries()) {
      if (i > 0) await navigateTo(page, sample);
      const sidebar = page.locator(SIDEBAR);
      await expect(sidebar.isVisible()).resolves.toBe(true);
      // Exactly one current item, and it is this page.
      const current = sidebar.locator('a[aria-current="page"]');
      await expect(current.count()).resolves.toBe(1);
      await expect(current.evaluate((a) => (a as HTMLAnchorElement).pathname === location.pathname)).resolves.toBe(true);
      await expect(current.isVisible()).resolves.toBe(true);
      // Categories cannot be collapsed or hidden: no control in the sidebar, every link visible.
      await expect(sidebar.locator('button, summary, details, [aria-expanded], [role="button"]').count()).resolves.toBe(0);
      const links = sidebar.locator('a');
      const count = await links.count();
      expect(count).toBeGreaterThan(0);
      for (let j = 0; j < count; j += 1) await expect(links.nth(j).isVisible()).resolves.toBe(true);
    }
    expect(errors).toEqual([]);
  });

  it('is absent on konker desc/konker-qa and protocol-privacy, which keep the navbar and footer', async () => {
    const { page, errors } = await open('/docs/mobile/konker/desc/konker-qa');
    for (const [i, pathname] of ['/docs/mobile/konker/desc/konker-qa', '/docs/mobile/konker/protocol-privacy'].entries()) {
      if (i > 0) {
        await page.goto(url(pathname));
        await ready(page);
      }
      await expect(page.getByTestId('doc-page').isVisible()).resolves.toBe(true);
      await expect(page.locator('[data-testid="doc-page"] h1').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('doc-sidebar').count()).resolves.toBe(0);
      await expect(page.getByTestId('mobile-sidebar-toggle').count()).resolves.toBe(0);
      await expect(page.getByTestId('navbar').isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('footer').isVisible()).resolves.toBe(true);
    }
    expect(errors).toEqual([]);
  });
});

describe('breadcrumbs (spec §2)', () => {
  it('read home › 移动端 › Binderceptor › page, and the head carries matching BreadcrumbList JSON-LD', async () => {
    const { page } = await open('/docs/mobile/binderceptor/sdk');
    const title = (await page.locator('[data-testid="doc-page"] h1').textContent())?.trim();
    expect(title).toBeTruthy();
    const items = page.locator('[data-testid="breadcrumbs"] li');
    await expect(items.count()).resolves.toBe(4);
    // Home: an icon link to / with an accessible name.
    const home = items.nth(0).locator('a');
    await expect(home.getAttribute('href')).resolves.toBe('/');
    await expect(home.getAttribute('aria-label')).resolves.toBe('首页');
    await expect(home.locator('svg').count()).resolves.toBe(1);
    await expect(items.nth(1).textContent()).resolves.toBe('移动端');
    await expect(items.nth(2).textContent()).resolves.toBe('Binderceptor');
    await expect(
      items
        .nth(2)
        .locator('a')
        .evaluate((a) => (a as HTMLAnchorElement).pathname),
    ).resolves.toBe('/docs/mobile/binderceptor/Introduce');
    await expect(items.nth(3).textContent()).resolves.toBe(title);
    await expect(items.nth(3).locator('[aria-current="page"]').count()).resolves.toBe(1);
    const separators = await items.evaluateAll((lis) => lis.slice(1).map((li) => getComputedStyle(li, '::before').content));
    expect(separators).toEqual(['"›"', '"›"', '"›"']);

    const jsonLd = await page.locator('head script[type="application/ld+json"]').allTextContents();
    const lists = jsonLd.map((text) => JSON.parse(text) as { '@type': string; itemListElement: Array<{ position: number; name: string; item: string }> }).filter((d) => d['@type'] === 'BreadcrumbList');
    expect(lists).toHaveLength(1);
    const list = lists[0]!;
    expect(list.itemListElement.map((e) => e.name)).toEqual(['首页', '移动端', 'Binderceptor', title]);
    expect(list.itemListElement.map((e) => e.position)).toEqual([1, 2, 3, 4]);
    for (const entry of list.itemListElement) expect(entry.item).toMatch(/^https:\/\//);
    expect(list.itemListElement[3]!.item.endsWith('/docs/mobile/binderceptor/sdk')).toBe(true);
  });
});

describe('table of contents (spec §2, §9: levels 2 to 3)', () => {
  const headingsOf = (page: Page) =>
    page.locator('[data-testid="doc-page"] .markdown').evaluate((root) =>
      [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => {
        const clone = h.cloneNode(true) as HTMLElement;
        clone.querySelectorAll('.heading-anchor').forEach((a) => a.remove());
        return { level: Number(h.tagName[1]), id: h.id, text: (clone.textContent ?? '').trim() };
      }),
    );
  const tocOf = (page: Page, scope: string) =>
    page
      .locator(`${scope} [data-testid="toc"] li a`)
      .evaluateAll((links) =>
        links.map((a) => ({ id: decodeURIComponent((a.getAttribute('href') ?? '').replace(/^#/, '')), text: (a.textContent ?? '').trim(), depth: a.closest('li')?.className.includes('depth-3') ? 3 : 2 })),
      );

  it('lists exactly the h2 and h3 headings of the article, and follows scrolling', async () => {
    const { page } = await open('/docs/mobile/binderceptor/sdk');
    const headings = await headingsOf(page);
    const wanted = headings.filter((h) => h.level === 2 || h.level === 3);
    expect(wanted.length).toBeGreaterThan(5);
    expect(wanted.some((h) => h.level === 3)).toBe(true);
    const toc = await tocOf(page, '.toc-col');
    expect(toc).toEqual(wanted.map((h) => ({ id: h.id, text: h.text, depth: h.level })));
    // Every entry points at a heading that exists.
    for (const entry of toc) await expect(page.locator(`[id="${entry.id}"]`).count()).resolves.toBe(1);

    const active = () => page.locator('.toc-col [data-testid="toc"] a[aria-current="true"]').evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href') ?? '')));
    await expect(active()).resolves.toEqual([`#${toc[0]!.id}`]);
    const middle = toc[Math.floor(toc.length / 2)]!;
    const later = toc[toc.length - 3]!;
    for (const target of [middle, later]) {
      await page.evaluate((id) => document.getElementById(id)?.scrollIntoView(), target.id);
      await page.waitForFunction(
        (href) => [...document.querySelectorAll('.toc-col [data-testid="toc"] a[aria-current="true"]')].map((a) => decodeURIComponent(a.getAttribute('href') ?? '')).join() === href,
        `#${target.id}`,
      );
    }
    // Scrolling back to the top makes the first entry active again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction((href) => decodeURIComponent(document.querySelector('.toc-col [data-testid="toc"] a[aria-current="true"]')?.getAttribute('href') ?? '') === href, `#${toc[0]!.id}`);
  });

  it('matches the headings on other pages too (h2/h3 only)', async () => {
    const { page } = await open('/docs/desktop/wing/User guide');
    for (const [i, pathname] of ['/docs/desktop/wing/User guide', '/docs/services/infiling/Introduce', '/docs/desktop/tinyui/User guide'].entries()) {
      if (i > 0) await navigateTo(page, pathname);
      const wanted = (await headingsOf(page)).filter((h) => h.level === 2 || h.level === 3);
      expect(wanted.length).toBeGreaterThan(0);
      await expect(tocOf(page, '.toc-col')).resolves.toEqual(wanted.map((h) => ({ id: h.id, text: h.text, depth: h.level })));
    }
  });

  it('a URL with an encoded Chinese fragment scrolls to that heading', async () => {
    const id = '常见问题';
    const { page } = await open(`/docs/mobile/binderceptor/sdk#${encodeURIComponent(id)}`);
    await expect(page.locator(`h2[id="${id}"]`).count()).resolves.toBe(1);
    await page.waitForFunction((headingId) => {
      const top = document.getElementById(headingId)?.getBoundingClientRect().top;
      return top !== undefined && window.scrollY > 500 && top >= 0 && top < 200;
    }, id);
    // The heading's own anchor link carries the same id, so the copied URL works.
    await expect(page.locator(`h2[id="${id}"] a.heading-anchor`).evaluate((a) => decodeURIComponent((a as HTMLAnchorElement).hash))).resolves.toBe(`#${id}`);
  });
});

describe('mobile docs (below 996 px)', () => {
  const panel = (page: Page) => page.getByTestId('mobile-sidebar-panel');
  const toggle = (page: Page) => page.getByTestId('mobile-sidebar-toggle');

  it('the sidebar toggle opens the panel; browser back closes it without leaving the page', async () => {
    const { page } = await open('/docs/desktop/wing/Get start', { viewport: PHONE });
    await expect(page.locator(SIDEBAR).isVisible()).resolves.toBe(false);
    await expect(toggle(page).isVisible()).resolves.toBe(true);
    // An in-page history entry, so that "back" stays on this page.
    await page.evaluate(() => {
      location.hash = '#' + encodeURIComponent(document.querySelector('.markdown h2')?.id ?? 'x');
    });
    await page.waitForFunction(() => location.hash.length > 1);
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('true');
    const current = panel(page).locator('[data-testid="doc-sidebar"] a[aria-current="page"]');
    await expect(current.isVisible()).resolves.toBe(true);
    await expect(panel(page).getByTestId('docs-version').isVisible()).resolves.toBe(true);

    await page.goBack();
    await panel(page).waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => location.pathname)).resolves.toBe('/docs/desktop/wing/Get%20start');
    await expect(page.evaluate(() => location.hash)).resolves.toBe('');
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('closes when the window grows to 996 px or more (and stays closed when it shrinks again)', async () => {
    const { page } = await open('/docs/desktop/wing/Get start', { viewport: PHONE });
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.waitForFunction(() => window.innerWidth === 1000);
    await expect(page.locator(SIDEBAR).isVisible()).resolves.toBe(true);
    // The panel is closed, not merely hidden by the desktop layout.
    await panel(page).waitFor({ state: 'detached' });
    await page.setViewportSize(PHONE);
    await page.waitForFunction((w) => window.innerWidth === w, PHONE.width);
    await expect(panel(page).isVisible()).resolves.toBe(false);
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('closes when a link in the panel is followed', async () => {
    const { page } = await open('/docs/desktop/wing/Get start', { viewport: PHONE });
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await panel(page).locator('a[href="/docs/desktop/wing/Releases"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/desktop/wing/Releases');
    await panel(page).waitFor({ state: 'detached' });
  });

  it('shows the TOC as a toggle above the content, and keeps long code and tables inside the column at 375 px', async () => {
    const { page } = await open('/docs/mobile/binderceptor/sdk', { viewport: PHONE });
    await expect(page.locator('.toc-col').isVisible()).resolves.toBe(false);
    const mobileToc = page.getByTestId('mobile-toc');
    await expect(mobileToc.isVisible()).resolves.toBe(true);
    const tocBox = await mobileToc.boundingBox();
    const contentBox = await page.locator('[data-testid="doc-page"] .markdown').boundingBox();
    expect(tocBox!.y + tocBox!.height).toBeLessThanOrEqual(contentBox!.y);
    const links = mobileToc.locator('[data-testid="toc"] a');
    await expect(links.first().isVisible()).resolves.toBe(false);
    await mobileToc.locator('summary').click();
    await expect(links.first().isVisible()).resolves.toBe(true);
    const headingCount = await page.locator('[data-testid="doc-page"] .markdown').evaluate((root) => root.querySelectorAll('h2, h3').length);
    await expect(links.count()).resolves.toBe(headingCount);

    // The page itself never scrolls sideways …
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, viewport: window.innerWidth }));
    expect(widths.doc).toBeLessThanOrEqual(widths.viewport);
    expect(widths.body).toBeLessThanOrEqual(widths.viewport);
    // … while the wide code blocks and tables scroll inside their own boxes, within the column.
    const boxes = await page.locator('[data-testid="doc-page"] .markdown').evaluate((root) => {
      const scrollers = (els: Element[]) =>
        els
          .map((el) => {
            let box: HTMLElement | null = el as HTMLElement;
            while (box && box !== root && box.scrollWidth <= box.clientWidth) box = box.parentElement;
            const rect = (box ?? (el as HTMLElement)).getBoundingClientRect();
            return { wide: (el as HTMLElement).scrollWidth > (el.parentElement as HTMLElement).clientWidth, overflowX: box ? getComputedStyle(box).overflowX : 'none', right: rect.right, left: rect.left };
          })
          .filter((b) => b.wide);
      return { pre: scrollers([...root.querySelectorAll('pre')]), table: scrollers([...root.querySelectorAll('table')]) };
    });
    expect(boxes.pre.length).toBeGreaterThan(0);
    expect(boxes.table.length).toBeGreaterThan(0);
    for (const b of [...boxes.pre, ...boxes.table]) {
      expect(['auto', 'scroll']).toContain(b.overflowX);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

describe('edit link, previous/next, version (spec §2, §3, §4)', () => {
  it('wing "Get start": the edit link targets its source file (space encoded); the version label \'Next\' is shown and the choice stored under docs-preferred-version', async () => {
    const { page } = await open('/docs/desktop/wing/Get start');
    const edit = page.getByTestId('edit-link');
    await expect(edit.isVisible()).resolves.toBe(true);
    await expect(edit.getAttribute('href')).resolves.toBe('https://github.com/iofomo/fomosite/edit/main/content/docs/desktop/wing/Get%20start.mdx');

    const version = page.locator('.sidebar-col [data-testid="docs-version"]');
    await expect(version.isVisible()).resolves.toBe(true);
    const select = version.locator('select');
    await expect(select.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent)).resolves.toBe('Next');
    await expect(select.inputValue()).resolves.toBe('current');
    await expect(page.evaluate(() => localStorage.getItem('docs-preferred-version'))).resolves.toBeNull();
    await select.selectOption({ label: 'Next' });
    await expect(page.evaluate(() => localStorage.getItem('docs-preferred-version'))).resolves.toBe('current');
    await page.reload();
    await ready(page);
    await expect(page.locator('.sidebar-col [data-testid="docs-version"] select').inputValue()).resolves.toBe('current');
    await expect(page.evaluate(() => localStorage.getItem('docs-preferred-version'))).resolves.toBe('current');
  });

  it('previous/next links, followed in the browser, walk the wing sidebar in order', async () => {
    const { page } = await open('/docs/desktop/wing/Introduce');
    const order = await page.locator(`${SIDEBAR} a`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    expect(order.length).toBeGreaterThanOrEqual(8);
    expect(order[0]).toBe('/docs/desktop/wing/Introduce');
    const pagerTarget = (rel: 'prev' | 'next') => page.locator(`[data-testid="doc-pager"] a[rel="${rel}"]`).evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
    // The first page has no previous; follow "next" three times, then "previous" once.
    // (Every page of every sidebar is checked against the sidebar order in the HTML test above.)
    await expect(pagerTarget('prev')).resolves.toEqual([]);
    for (let i = 0; i < 3; i += 1) {
      await expect(pagerTarget('next')).resolves.toEqual([order[i + 1]]);
      await expect(goVia(page, '[data-testid="doc-pager"] a[rel="next"]')).resolves.toBe(order[i + 1]);
      await expect(pagerTarget('prev')).resolves.toEqual([order[i]]);
    }
    await expect(goVia(page, '[data-testid="doc-pager"] a[rel="prev"]')).resolves.toBe(order[2]);
    // The last page has no next.
    await navigateTo(page, decodeURIComponent(order[order.length - 1] as string));
    await expect(pagerTarget('next')).resolves.toEqual([]);
    await expect(pagerTarget('prev')).resolves.toEqual([order[order.length - 2]]);
  });
});

describe('article body (HTML rendered at build time)', () => {
  it('follows a site link in the text client-side, without reloading the page', async () => {
    const { page, errors } = await open('/docs/desktop/wing/Get%20start');
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    const link = page.locator('.markdown p a[href="/docs/desktop/wing/User%20guide"]').first();
    await link.click();
    await page.waitForURL(url('/docs/desktop/wing/User%20guide'));
    await page.waitForSelector('h1:has-text("操作指南")');
    await expect(page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('renders callouts as labelled notes and hides copy buttons when JavaScript is off', async () => {
    const { page } = await session.tab({ javaScriptEnabled: false });
    await page.goto(url('/docs/desktop/mobtools/Guider'));
    const note = page.locator('.markdown aside.callout[role="note"]').first();
    await expect(note.getAttribute('aria-label')).resolves.toBeTruthy();
    await expect(note.locator('.callout-title').textContent()).resolves.toBe(await note.getAttribute('aria-label'));
    await expect(page.locator('.code-block').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.code-block [data-copy-button]').first().isVisible()).resolves.toBe(false);
  });
});
