/**
 * The not-found page finds what the reader meant: for addresses this test makes from the build's own
 * pages (one edit, other capitals, cut short, a trailing /index or segment, a doc folder, a tool's
 * name), served by nginx with status 404, the real page is among the suggestions. Pages are chosen
 * by rule from public/ (their template), never by name. Without JavaScript the page is its text and
 * links; other pages never fetch the list of pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pageDataFile, pageHtmlFiles } from '../../gatsby/framework/internals';
import { PAGE_LIST_PATH } from '../../src/lib/suggest';
import { encodePath } from '../../src/lib/url-path';
import { url, useBrowser } from './support/browser';
import { SITE_DIR } from './support/env';

jest.setTimeout(90_000);

const session = useBrowser();

const built = pageHtmlFiles(SITE_DIR).map(({ path: p, file }) => ({
  path: p,
  file,
  template: (JSON.parse(readFileSync(pageDataFile(SITE_DIR, p), 'utf8')) as { componentChunkName: string }).componentChunkName,
}));
const pages = new Set(built.map((p) => p.path));
const posts = built.filter((p) => p.template.endsWith('templates-post-tsx')).map((p) => p.path);
const docs = built.filter((p) => p.template.endsWith('templates-doc-tsx')).map((p) => p.path);
const slugOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const lowerAll = (p: string) => p.toLowerCase();

/** The suggestions shown for `requested` (hrefs decoded), after checking the server answers 404. */
async function suggestionsFor(requested: string): Promise<{ page: Page; found: string[] }> {
  const { page } = await session.tab();
  const response = await page.goto(url(encodePath(requested)));
  expect([requested, response?.status()]).toEqual([requested, 404]);
  await page.locator('[data-testid="not-found-suggestions"] li a').first().waitFor();
  const hrefs = await page.locator('[data-testid="not-found-suggestions"] li a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeLessThanOrEqual(5);
  return { page, found: hrefs.map((h) => decodeURIComponent(h)) };
}

describe('not-found suggestions', () => {
  beforeAll(() => {
    expect(posts.length).toBeGreaterThan(0);
    expect(docs.length).toBeGreaterThan(0);
  });

  it('finds a post one edit away (a letter dropped or two swapped)', async () => {
    const post = posts.find((p) => slugOf(p).length >= 6) as string;
    const slug = slugOf(post);
    const at = Math.floor(slug.length / 2);
    for (const mangled of [`/blog/${slug.slice(0, at)}${slug.slice(at + 1)}`, `/blog/${slug.slice(0, at)}${slug[at + 1]}${slug[at]}${slug.slice(at + 2)}`]) {
      if (pages.has(mangled)) continue;
      const { found } = await suggestionsFor(mangled);
      expect([mangled, found]).toEqual([mangled, expect.arrayContaining([post])]);
    }
  });

  it('finds a doc typed in other capitals, and a post behind a trailing /index or segment, first', async () => {
    const doc = docs.find((d) => d !== lowerAll(d) && !pages.has(lowerAll(d))) ?? (docs[0] as string);
    const post = posts[posts.length - 1] as string;
    for (const [requested, meant] of [
      [doc === lowerAll(doc) ? doc.toUpperCase() : lowerAll(doc), doc],
      [`${post}/index`, post],
      [`${post}/extra`, post],
    ] as const) {
      const { found } = await suggestionsFor(requested);
      expect([requested, found[0]]).toEqual([requested, meant]);
    }
  });

  it('completes an address cut short', async () => {
    const doc = docs.reduce((a, b) => (slugOf(b).length > slugOf(a).length ? b : a));
    const post = posts.reduce((a, b) => (slugOf(b).length > slugOf(a).length ? b : a));
    for (const meant of [doc, post]) {
      const cut = meant.slice(0, meant.length - Math.max(2, Math.floor(slugOf(meant).length / 3)));
      const { found } = await suggestionsFor(cut);
      expect([cut, found]).toEqual([cut, expect.arrayContaining([meant])]);
    }
  });

  it('sends a doc folder to its first page in the sidebar', async () => {
    const folders = docs.filter((d) => d.split('/').length === 5).map((d) => d.slice(0, d.lastIndexOf('/')));
    const folder = folders.find((f) => folders.filter((g) => g === f).length >= 2 && !pages.has(f)) as string;
    expect(folder).toBeDefined();
    // The sidebar of a page in that folder, in order: its first link into the folder is the folder's first page.
    const { page } = await session.load(encodePath(docs.find((d) => d.startsWith(`${folder}/`)) as string));
    const sidebar = await page.locator('[data-testid="doc-sidebar"] a').evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href') ?? '')));
    const first = sidebar.find((href) => href.startsWith(`${folder}/`));
    const { found } = await suggestionsFor(folder);
    expect(found[0]).toBe(first);
  });

  it('asks the site search for a tool’s name', async () => {
    // /docs/<tool>: no page's path is near it, the tool's folder is elsewhere (/docs/<area>/<tool>/…).
    const tools = docs.filter((d) => d.split('/').length === 5).map((d) => d.split('/')[3] as string);
    const tool = tools.sort((a, b) => tools.filter((t) => t === b).length - tools.filter((t) => t === a).length)[0] as string;
    const { page, found } = await suggestionsFor(`/docs/${tool}`);
    expect(found.some((f) => f.split('/')[3] === tool)).toBe(true);
    await expect(page.locator('[data-testid="not-found-suggestions"] a[href^="/search?q="]').count()).resolves.toBe(1);
  });
});

describe('the not-found page itself', () => {
  it('without JavaScript: the text, the home / docs / blog links and how to search, no suggestions', async () => {
    const post = posts[0] as string;
    const { page } = await session.load(`${encodePath(post)}x`, { javaScriptEnabled: false });
    const box = page.locator('[data-testid="not-found"]');
    await expect(box.locator('h1').textContent()).resolves.toBe('找不到页面');
    await expect(box.textContent()).resolves.toContain('请联系该网站的所有者');
    const links = await box.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/', '/docs/intro', '/blog', '/search']);
    await expect(page.locator('[data-testid="not-found-suggestions"]').count()).resolves.toBe(0);
  });

  it('other pages never fetch the list of pages; the not-found page does, after it has rendered', async () => {
    const { page } = await session.tab();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(url(encodePath(posts[0] as string)));
    await page.waitForLoadState('networkidle');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked).not.toContain(PAGE_LIST_PATH);
    const html = readFileSync(path.join(SITE_DIR, '404.html'), 'utf8');
    expect(html).not.toContain('not-found-suggestions');
    expect(html).not.toContain(PAGE_LIST_PATH);
    await page.goto(url('/no/such/page'));
    await page.waitForFunction((list) => performance.getEntriesByType('resource').some((r) => r.name.endsWith(list)), PAGE_LIST_PATH);
  });
});
