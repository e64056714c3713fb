/**
 * The spec's route table on the real build: every route of routes.txt answers 200 with its page's
 * title, and the spec's not-found and normalisation cases. The route list is the spec's, the one
 * list of pages the tests pin (docs/spec.md says which routes exist): when a route fails here, the
 * content no longer has a page the spec promises. Either bring the page back, or change the spec
 * first (shared/spec/routes.txt) and then its copy in __tests__/routes.txt.
 */
import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { ROUTES } from '../routes';
import { hydrated, useBrowser, url } from '../e2e/support/browser';

const { posts, docs } = loadContent(path.resolve(__dirname, '../..'));
const listed = posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft);
/** The first page number past a list of n posts (9 a page): the content decides it, routes.txt shows today's. */
const pastLastPage = (n: number) => Math.max(1, Math.ceil(n / 9)) + 1;
const titles = new Map<string, string>([
  ...posts.map((p) => [p.path, p.frontmatter.title] as [string, string]),
  ...docs.map((d) => [d.path, d.frontmatter.title] as [string, string]),
  ['/blog', '博客'],
  ['/blog/tags', '标签'],
  ['/blog/archive', '历史博文'],
]);

/** The message of a spec route that is gone: the list is the spec's, and where to change it. */
const SPEC_ROUTE = (route: string, what: string) =>
  `${route} ${what}. It is a route of the spec (__tests__/routes.txt, a copy of shared/spec/routes.txt; docs/spec.md): ` +
  'the content must keep a page there. If the page was removed on purpose, change the spec first, then __tests__/routes.txt.';

function expectedTitle(route: string): string {
  const decoded = decodeURIComponent(route);
  const page = /\/page\/(\d+)$/.exec(decoded);
  const base = decoded.replace(/\/page\/\d+$/, '');
  const tag = /^\/blog\/tags\/([^/]+)$/.exec(base);
  const name = tag ? `标签：${tag[1]}` : titles.get(base);
  if (route === '/') return 'iofomo | ';
  return page ? `${name}（第 ${page[1]} 页） | iofomo` : `${name} | iofomo`;
}

function titleOf(html: string): string {
  return (/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');
}

describe('every route of routes.txt', () => {
  it.each(ROUTES)('%s answers 200 with the right title', async (route) => {
    const response = await fetch(url(route), { redirect: 'manual' });
    if (response.status !== 200) throw new Error(SPEC_ROUTE(route, `answers ${response.status}`));
    expect(titleOf(await response.text())).toContain(expectedTitle(route));
  });
});

describe('not-found and normalisation', () => {
  const session = useBrowser();

  it.each([
    '/nope',
    '/blog/page/1',
    `/blog/page/${pastLastPage(listed.length)}`,
    '/docs/desktop/wing',
    '/blog/binder/extra',
    `/blog/tags/android/page/${pastLastPage(listed.filter((p) => p.frontmatter.tags.includes('android')).length)}`,
  ])('%s is the not-found page with status 404', async (route) => {
    const response = await fetch(url(route), { redirect: 'manual' });
    expect(response.status).toBe(404);
    const { page } = await session.load(route);
    await expect(page.getByTestId('not-found').textContent()).resolves.toContain('请联系该网站的所有者');
  });

  it.each(['/blog/binder.html', '/blog/binder/index.html', '/docs/desktop/wing/Get%20start.html'])('%s ends on the page without the suffix', async (route) => {
    const { page } = await session.load(route);
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe(route.replace(/(\/index)?\.html$/, ''));
    await expect(page.locator('h1').first().textContent()).resolves.not.toContain('找不到页面');
  });

  it('renders a Chinese tag page and a doc with spaces in its path in Chromium', async () => {
    const { page, errors } = await session.load('/blog/tags/%E7%A9%BA%E5%A3%B3/page/2');
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('标签：空壳');
    const doc = docs.find((d) => d.path === '/docs/desktop/wing/Get start');
    if (!doc) throw new Error(SPEC_ROUTE('/docs/desktop/wing/Get%20start', 'has no source file'));
    await page.goto(url('/docs/desktop/wing/Get%20start'));
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe(doc.frontmatter.title);
    expect(errors).toEqual([]);
  });
});
