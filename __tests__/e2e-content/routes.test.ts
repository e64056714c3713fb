import path from 'node:path';
import { loadContent } from '../../gatsby/content/loader';
import { ROUTES } from '../routes';
import { hydrated, useBrowser, url } from './support/browser';

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
    expect(response.status).toBe(200);
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
    await page.goto(url('/docs/desktop/wing/Get%20start'));
    await hydrated(page);
    await expect(page.locator('h1').textContent()).resolves.toBe('开始使用');
    expect(errors).toEqual([]);
  });
});
